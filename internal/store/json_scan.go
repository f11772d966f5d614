package store

import (
	"encoding/json"
	"reflect"
	"sync"

	"github.com/uptrace/bun/extra/bunjson"
)

// Reading a message row decodes eight JSON columns, and most of them hold
// the same few texts: "null", "{}", or an object whose every field is
// empty ({"led_to_insight":false,"changed_direction":false,...}). Decoding
// those was two fifths of the CPU of reading a page of a transcript, for
// fields that end up exactly as they started. zeroJSON remembers, for each
// Go type, the texts that decode into the type's zero value; a row's
// field is still the zero value when it is scanned, so for those texts
// the decode is skipped, and the field holds what the decode would have
// left in it. Any other text, or a field that is not zero, is decoded as
// before.
func init() { bunjson.SetProvider(zeroJSONProvider{}) }

// Texts longer than this are not remembered (an empty object of a type
// with many fields is well under it), and each type remembers at most
// zeroJSONPerType of them: they are the few defaults writers produce.
const (
	zeroJSONLongest = 256
	zeroJSONPerType = 16
)

type zeroJSONProvider struct{ bunjson.StdProvider }

// zeroTexts is, by Go type, the set of texts known to decode into its zero value.
var zeroTexts sync.Map // reflect.Type → *zeroTextSet

type zeroTextSet struct {
	mu    sync.RWMutex
	texts map[string]bool
}

func (zeroJSONProvider) Unmarshal(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if len(data) > zeroJSONLongest || rv.Kind() != reflect.Pointer || rv.IsNil() || !rv.Elem().IsZero() {
		return json.Unmarshal(data, v)
	}
	dest := rv.Elem()
	set := zeroTextsOf(dest.Type())
	set.mu.RLock()
	known := set.texts[string(data)]
	set.mu.RUnlock()
	if known {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	if dest.IsZero() {
		set.mu.Lock()
		if len(set.texts) < zeroJSONPerType {
			set.texts[string(data)] = true
		}
		set.mu.Unlock()
	}
	return nil
}

func zeroTextsOf(t reflect.Type) *zeroTextSet {
	if s, ok := zeroTexts.Load(t); ok {
		return s.(*zeroTextSet)
	}
	s, _ := zeroTexts.LoadOrStore(t, &zeroTextSet{texts: map[string]bool{}})
	return s.(*zeroTextSet)
}
