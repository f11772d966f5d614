package baton

import (
	"bytes"
	"testing"
)

// Canonical writes strings and lists of strings itself when they are plain
// ASCII; the bytes must be MarshalPlain's for every string.
func TestCanonicalStringsAreMarshalPlains(t *testing.T) {
	for _, s := range []string{"", "plain words", "a&b<c>d", `quote " and \ slash`, "tab\tnew\nline\x01",
		"café 東京", "line\u2028sep\u2029", "bad \xff utf-8", "~ del \x7f"} {
		var o jsonObject
		o.str(s, s)
		o.strs("list", []string{s, "x"})
		k, _ := MarshalPlain(s)
		l, _ := MarshalPlain([]string{s, "x"})
		want := "{" + string(k) + ":" + string(k) + `,"list":` + string(l) + "}"
		if got := o.close(); !bytes.Equal(got, []byte(want)) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}
