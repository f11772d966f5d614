package llm

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","additionalProperties":false,"required":["title","items"],
		"properties":{
			"title":{"type":"string","minLength":1,"maxLength":5},
			"kind":{"type":["string","null"],"enum":["a","b",null]},
			"score":{"type":"integer","minimum":0,"maximum":10},
			"items":{"type":"array","minItems":1,"maxItems":2,"items":{"type":"object","required":["text"],"properties":{"text":{"type":"string"}}}}}}`)
	for doc, want := range map[string]string{
		`{"title":"ok","items":[{"text":"x"}]}`:                           "",
		`{"title":"日本語です","items":[{"text":"x"}],"kind":null,"score":3}`:  "", // five characters, more bytes
		`{"items":[{"text":"x"}]}`:                                        "$: title is missing",
		`{"title":"","items":[{"text":"x"}]}`:                             "$.title: is 0 characters, fewer than 1",
		`{"title":"toolong","items":[{"text":"x"}]}`:                      "$.title: is 7 characters, more than 5",
		`{"title":"ok","items":[]}`:                                       "$.items: has 0 items, fewer than 1",
		`{"title":"ok","items":[{"text":"x"},{"text":"y"},{"text":"z"}]}`: "$.items: has 3 items, more than 2",
		`{"title":"ok","items":[{"text":3}]}`:                             "$.items[0].text: is a number, not string",
		`{"title":"ok","items":[{}]}`:                                     "$.items[0]: text is missing",
		`{"title":"ok","items":[{"text":"x"}],"kind":"c"}`:                `$.kind: "c" is not one of the allowed values`,
		`{"title":"ok","items":[{"text":"x"}],"score":2.5}`:               "$.score: is a number, not integer",
		`{"title":"ok","items":[{"text":"x"}],"score":11}`:                "$.score: 11 is above 10",
		`{"title":"ok","items":[{"text":"x"}],"more":1}`:                  "$: more is not allowed",
		`["title"]`: "$: is an array, not object",
	} {
		var v any
		if err := json.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatal(err)
		}
		err := Validate(schema, v)
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", doc, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", doc, err, want)
		}
	}
}
