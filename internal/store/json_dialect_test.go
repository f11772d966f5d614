package store

import "testing"

// A JSON column's text keeps every escape: the six characters \u0000 stay
// text (they became a NUL escape PostgreSQL refused), a NUL escape is
// written as that text, quotes are doubled, raw NUL bytes dropped.
func TestAppendJSONKeepsEscapes(t *testing.T) {
	for in, want := range map[string]string{
		`"\\u0000"`:     `'"\\u0000"'`,
		`"\u0000"`:      `'"\\u0000"'`,
		`"a\\\u0000b"`:  `'"a\\\\u0000b"'`,
		`"it's"`:        `'"it''s"'`,
		`"\\'"`:         `'"\\''"'`,
		"\"a\x00b\"":    `'"ab"'`,
		`{"k":"\\n\""}`: `'{"k":"\\n\""}'`,
		`"\\"`:          `'"\\"'`,
	} {
		if got := string(appendJSON(nil, []byte(in))); got != want {
			t.Errorf("appendJSON(%s) = %s, want %s", in, got, want)
		}
	}
}
