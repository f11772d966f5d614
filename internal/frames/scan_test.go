package frames

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The fast reading of valid JSON must find what encoding/json's decoder
// finds: the same fields with the same values, the same array items, the
// same strings; and leave to the decoder what it does not handle.
func TestFastReadingAgreesWithTheDecoder(t *testing.T) {
	objects := []string{
		`{}`, ` { "a" : 1 , "b":[ 1, "x]" ,{"c":"}"}] , "d" : "q\"uo}te" }`,
		"{\n\t\"id\":\"f-1\",\r\n\"n\":-1.5e3,\"t\":true,\"f\":false,\"z\":null,\"o\":{\"p\":[[],{}]}\n}",
		`{"s":"caf\u00e9 東京 \\ \/","e":""}`,
	}
	for _, o := range objects {
		fast, ok := fastObject([]byte(o))
		if !ok {
			t.Fatalf("%s: fast reading refused a plain object", o)
		}
		slow, err := decodeObject([]byte(o), "")
		if err != nil {
			t.Fatal(err)
		}
		if len(fast) != len(slow) {
			t.Fatalf("%s: %d fields, decoder %d", o, len(fast), len(slow))
		}
		for i := range fast {
			if fast[i].Name != slow[i].Name || !bytes.Equal(fast[i].Value, slow[i].Value) {
				t.Fatalf("%s: field %d is %s=%s, decoder %s=%s", o, i, fast[i].Name, fast[i].Value, slow[i].Name, slow[i].Value)
			}
		}
	}
	for _, o := range []string{`{"a":1,"a":2}`, `{"\u0061":1}`, `[1]`, `"x"`} {
		if _, ok := fastObject([]byte(o)); ok {
			t.Errorf("%s: fast reading took what only the decoder reads", o)
		}
	}
	for _, a := range []string{`[]`, `[ "a" , "b\"]" ,1,[2,[3]],{"k":"]"} ]`, `["\u00e9","x\\"]`} {
		fast, ok := arrayItems([]byte(a))
		var slow []json.RawMessage
		if err := json.Unmarshal([]byte(a), &slow); err != nil || !ok || len(fast) != len(slow) {
			t.Fatalf("%s: %d items (ok %v), json %d (%v)", a, len(fast), ok, len(slow), err)
		}
		for i := range fast {
			if !bytes.Equal(fast[i], slow[i]) {
				t.Fatalf("%s: item %d is %s, json %s", a, i, fast[i], slow[i])
			}
		}
	}
	for _, s := range []string{`"plain"`, `""`, `"caf\u00e9"`, `"tab\t"`, "\"caf\xc3\xa9\"", "\"bad \xff\""} {
		var want string
		if err := json.Unmarshal([]byte(s), &want); err != nil {
			t.Fatal(err)
		}
		if got, err := stringOf([]byte(s)); err != nil || got != want {
			t.Errorf("%s: got %q (%v), want %q", s, got, err, want)
		}
	}
	for _, v := range []string{`{"a": [1, 2]}`, "{\"a\":\"x y\"}", "[\n1 ]"} {
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(v)); err != nil {
			t.Fatal(err)
		}
		if got, err := compact([]byte(v)); err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: compact %s (%v), want %s", v, got, err, want.Bytes())
		}
	}
}
