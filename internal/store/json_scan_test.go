package store

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestZeroJSONDecodesAsEncodingJSON decodes each text twice (the second
// time the remembered empty texts are skipped) into a zero value and into
// one already set, and expects exactly what encoding/json leaves.
func TestZeroJSONDecodesAsEncodingJSON(t *testing.T) {
	texts := []string{"null", "{}", "[]", `{"led_to_insight":false,"changed_direction":false,"significance":0}`,
		`{"led_to_insight":true,"significance":2}`, `{"topics":null,"entities":null,"sentiment":0}`,
		`{"topics":["search"],"sentiment":0.5}`, `[{"id":"t1","name":"Bash"}]`, `{"a":1}`}
	types := []reflect.Type{reflect.TypeFor[baton.Impact](), reflect.TypeFor[baton.Semantic](), reflect.TypeFor[*baton.ToolResult](),
		reflect.TypeFor[[]baton.ToolCall](), reflect.TypeFor[map[string]any](), reflect.TypeFor[baton.MessageMeta]()}
	p := zeroJSONProvider{}
	for _, typ := range types {
		for _, text := range texts {
			for round := 0; round < 2; round++ {
				want, wantErr := reflect.New(typ), error(nil)
				wantErr = json.Unmarshal([]byte(text), want.Interface())
				got := reflect.New(typ)
				err := p.Unmarshal([]byte(text), got.Interface())
				if (err != nil) != (wantErr != nil) || !reflect.DeepEqual(got.Elem().Interface(), want.Elem().Interface()) {
					t.Fatalf("%s from %s (round %d): got %#v, %v; encoding/json gives %#v, %v", typ, text, round, got.Elem().Interface(), err, want.Elem().Interface(), wantErr)
				}
			}
		}
	}
	// A value already set is decoded over as encoding/json does: "null"
	// clears a map, "{}" leaves a struct as it was.
	m := map[string]any{"kept": true}
	if err := p.Unmarshal([]byte("null"), &m); err != nil || m != nil {
		t.Fatalf("null over a map: %v, %v", m, err)
	}
	impact := baton.Impact{LedToInsight: true}
	if err := p.Unmarshal([]byte("{}"), &impact); err != nil || !impact.LedToInsight {
		t.Fatalf("{} over a set struct: %+v, %v", impact, err)
	}
	if err := p.Unmarshal([]byte(`{"led_to_insight":`), &baton.Impact{}); err == nil {
		t.Fatal("a cut text decoded without an error")
	}
}
