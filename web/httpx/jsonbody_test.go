package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

type decodeTarget struct {
	Name  string         `json:"name"`
	Items []decodeItem   `json:"items"`
	Extra map[string]any `json:"extra"`
}

type decodeItem struct {
	Text  string         `json:"text"`
	Attrs map[string]any `json:"attrs"`
}

func decodeBody(t *testing.T, body string) (decodeTarget, error) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	c := echo.New().NewContext(req, httptest.NewRecorder())
	var dst decodeTarget
	err := DecodeJSON(c, &dst)
	return dst, err
}

// deepValue nests n arrays inside each other.
func deepValue(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// The one-pass decode of a well-formed body refuses what the walk over the
// decoded value refused (a NUL in a string or key, free-form JSON nested
// too deeply), names the field, and takes everything else, escaped
// backslashes and braces inside strings included.
func TestDecodeJSONRefusesWhatTheWalkRefuses(t *testing.T) {
	refused := map[string]string{
		`{"items":[{"text":"a"},{"text":"b\u0000c"}]}`:         "items[1].text",
		`{"extra":{"k\u0000":1}}`:                              "extra",
		`{"items":[{"attrs":{"deep":` + deepValue(40) + `}}]}`: "items[0].attrs.deep",
		`{"name":"x"} {"name":"y"}`:                            "body",
		`null`:                                                 "body",
		`{"name":"x","colour":"red"}`:                          "colour",
		`{"items":[{"text":1}]}`:                               "items[0].text",
		`{"name":"unterminated`:                                "body",
		``:                                                     "body",
		`{"extra":{"a":` + deepValue(33) + `}, "name":"x\u0000"}`: "name",
	}
	for body, field := range refused {
		_, err := decodeBody(t, body)
		var e *baton.Error
		if !errors.As(err, &e) || e.Code != baton.EINVALID || !strings.HasPrefix(e.Field, field) {
			t.Errorf("%.60s: got %v, want a refusal naming %s…", body, err, field)
		}
	}
	taken := map[string]string{
		`{"name":"a \\u0000 b"}`: `a \u0000 b`,
		`{"name":"[[[[{{{\"","items":[{"attrs":{"d":` + deepValue(30) + `}}]}`: `[[[[{{{"`,
		` {"name":"x"} `: "x",
	}
	for body, name := range taken {
		got, err := decodeBody(t, body)
		if err != nil || got.Name != name {
			t.Errorf("%.60s: got %q, %v; want %q", body, got.Name, err, name)
		}
	}
}

// plainJSON is true only where the walk would find nothing: a string's
// brackets and escaped quotes do not count as nesting.
func TestPlainJSON(t *testing.T) {
	for value, want := range map[string]bool{
		`{"a":"x"}`:                                 true,
		`{"a":"\u0000"}`:                            false,
		`{"a":` + deepValue(31) + `}`:               true,
		`{"a":` + deepValue(32) + `}`:               false,
		`{"a":"` + deepValue(40) + `"}`:             true,
		`{"a":"\"` + strings.Repeat("[", 40) + `"}`: true,
		`{"a":"\\"}` + deepValue(40):                false,
	} {
		if got := plainJSON([]byte(value)); got != want {
			t.Errorf("plainJSON(%.50s) = %v, want %v", value, got, want)
		}
	}
}
