package structured_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/structured"
)

// TestScanReadsAsParseAndValidate: for every input, Scan (one message at a
// time) gives the documents, the first broken rule (message and field) and
// the import Parse + Validate + ToImport give, or leaves the input to them
// (ErrNotStreamed) when Parse rejects it or a key is given twice.
func TestScanReadsAsParseAndValidate(t *testing.T) {
	msg := func(speaker, content, time string) string {
		return `{"speaker":"` + speaker + `","content":"` + content + `","time":"` + time + `"}`
	}
	ok1 := msg("Alice", "Hi there, lunch?", "2024-01-15T12:00:00Z")
	ok2 := msg("Bob", "Sure", "2024-01-15T12:01:00+01:00")
	ok3 := msg("Alice", "Great", "2024-01-15T10:30:00Z")
	doc := func(id, head, msgs string) string {
		return `{"id":"` + id + `","conversation":{` + head + `"conversation":[` + msgs + `]},"tags":["a"],"metadata":{"k":1}}`
	}
	head := `"source":"slack","people":["Alice","Bob"],"user":"Alice",`
	streamed := []struct{ name, data string }{
		{"seed example", lunch},
		{"seed example with a byte order mark", "\xef\xbb\xbf" + lunch},
		{"valid", doc("d1", head, ok1+","+ok2+","+ok3)},
		{"people after the messages", `{"conversation":{"conversation":[` + ok1 + `,` + ok2 + `],"user":"Alice","people":["Alice","Bob"],"source":"s"},"id":"late"}`},
		{"people after the messages, a stranger", `{"conversation":{"conversation":[` + ok1 + `,` + msg("Eve", "x", "2024-01-15T12:00:00Z") + `],"user":"Alice","people":["Alice","Bob"],"source":"s"},"id":"late"}`},
		{"keys in other case", `{"ID":"d2","Conversation":{"SOURCE":"s","People":["Alice","Bob"],"User":"Alice","Conversation":[{"Speaker":"Alice","CONTENT":"hi","Time":"2024-01-15T12:00:00Z"}]},"Metadata":{"title":"T"}}`},
		{"unknown keys skipped", `{"id":"d3","extra":{"a":[1,2,{"b":null}]},"conversation":{"x":1,"source":"s","people":["Alice"],"user":"Alice","conversation":[{"speaker":"Alice","content":"hi","time":"2024-01-15T12:00:00Z","mood":"ok"}]}}`},
		{"metadata given twice merges", `{"id":"d4","metadata":{"a":1},"metadata":{"b":2},"conversation":{"source":"s","people":["Alice"],"user":"Alice","conversation":[` + ok1 + `]}}`},
		{"null and missing values", `{"id":"d5","tags":null,"metadata":null,"conversation":{"source":"s","people":["Alice"],"user":"Alice","conversation":[{"speaker":"Alice","content":"hi","time":null}]}}`},
		{"time not a string", `{"id":"d6","conversation":{"source":"s","people":["Alice"],"user":"Alice","conversation":[{"speaker":"Alice","content":"hi","time":12}]}}`},
		{"null conversation", `{"id":"d7","conversation":null}`},
		{"null messages", `{"id":"d8","conversation":{"source":"s","people":["Alice"],"user":"Alice","conversation":null}}`},
		{"null message", doc("d9", head, ok1+",null")},
		{"no id", doc(" ", head, ok1)},
		{"no source", doc("d10", `"people":["Alice"],"user":"Alice",`, ok1)},
		{"no people", doc("d11", `"source":"s","user":"Alice",`, ok1)},
		{"no user", doc("d12", `"source":"s","people":["Alice"],`, ok1)},
		{"user not a person", doc("d13", `"source":"s","people":["Bob"],"user":"Alice",`, ok1)},
		{"no messages", doc("d14", head, "")},
		{"blank speaker", doc("d15", head, ok1+","+msg(" ", "x", "2024-01-15T12:00:00Z"))},
		{"blank content", doc("d16", head, ok1+","+msg("Bob", "  ", "2024-01-15T12:00:00Z"))},
		{"no time", doc("d17", head, ok1+","+msg("Bob", "x", ""))},
		{"bad time", doc("d18", head, ok1+","+msg("Bob", "x", "yesterday"))},
		{"time out of range", doc("d19", head, ok1+","+msg("Bob", "x", "9999-12-31T23:30:00-01:00"))},
		{"stranger before a broken message", doc("d20", head, msg("Eve", "x", "2024-01-15T12:00:00Z")+","+msg("Bob", "", "2024-01-15T12:00:00Z"))},
		{"broken message before a stranger", doc("d21", head, msg("Bob", "", "2024-01-15T12:00:00Z")+","+msg("Eve", "x", "2024-01-15T12:00:00Z"))},
		{"broken stranger", doc("d22", head, ok1+","+msg("Eve", "x", "later"))},
		{"second stranger first seen earlier", doc("d23", head, msg("Mallory", "x", "2024-01-15T12:00:00Z")+","+msg("Eve", "x", "2024-01-15T12:00:00Z")+","+msg("Mallory", "y", "2024-01-15T12:00:00Z"))},
		{"names with spaces", doc("d24", `"source":"s","people":[" Alice ","Bob"],"user":"Alice ",`, msg(" Bob", "x", "2024-01-15T12:00:00Z"))},
		{"array", "[" + doc("a1", head, ok1) + ",\n  " + doc("", head, ok1) + "," + doc("a3", head, ok2+","+ok3) + ", null]"},
		{"ndjson", doc("n1", head, ok1) + "\n\n" + doc("n2", head, msg("Eve", "x", "2024-01-15T12:00:00Z")) + "\r\n" + doc("n3", head, ok2) + "\n"},
		{"pretty-printed array", "[\n  " + strings.ReplaceAll(lunch, "\n", "\n  ") + "\n]"},
	}
	parsedOnly := []struct{ name, data string }{
		{"empty", "  "},
		{"empty array", "[]"},
		{"syntax error", doc("s1", head, ok1) + "}"},
		{"syntax error late in an array", "[" + doc("s2", head, ok1) + "," + doc("s3", head, ok1+",{") + "]"},
		{"speaker not a string", doc("t1", head, ok1+`,{"speaker":5,"content":"x","time":"2024-01-15T12:00:00Z"}`)},
		{"people not a list", doc("t2", `"source":"s","people":"Alice","user":"Alice",`, ok1)},
		{"conversation a list", `{"id":"t3","conversation":[]}`},
		{"document a string", `["x"]`},
		{"conversation given twice", `{"id":"t4","conversation":{"source":"s"},"conversation":{"source":"s","people":["Alice"],"user":"Alice","conversation":[` + ok1 + `]}}`},
		{"messages given twice", doc("t5", head+`"conversation":[`+ok2+`],`, ok1)},
		{"not JSON", "hello"},
	}

	for _, tt := range streamed {
		t.Run(tt.name, func(t *testing.T) {
			parsed, err := structured.Parse([]byte(tt.data))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			scanned, err := structured.Scan([]byte(tt.data))
			if err != nil {
				t.Fatalf("Scan: %v", err)
			}
			if len(scanned) != len(parsed) {
				t.Fatalf("Scan read %d documents, Parse %d", len(scanned), len(parsed))
			}
			for i := range parsed {
				sc := &scanned[i]
				want := structured.Validate(&parsed[i])
				if !sameError(sc.Err, want) {
					t.Fatalf("document %d: Scan says %v (%s), Validate %v (%s)", i, sc.Err, field(sc.Err), want, field(want))
				}
				if sc.ID() != parsed[i].ID {
					t.Errorf("document %d: id %q, want %q", i, sc.ID(), parsed[i].ID)
				}
				if want != nil {
					continue
				}
				wantDoc := structured.ToImport(&parsed[i])
				got := sc.Import()
				var msgs []baton.Message
				if err := sc.EachMessage(func(m *baton.Message) error { msgs = append(msgs, *m); return nil }); err != nil {
					t.Fatal(err)
				}
				if sc.Messages() != len(msgs) {
					t.Errorf("document %d: Messages() = %d, read %d", i, sc.Messages(), len(msgs))
				}
				got.Conversations[0].Messages = msgs
				if !reflect.DeepEqual(got, wantDoc) {
					t.Errorf("document %d:\n got %+v\nwant %+v", i, got, wantDoc)
				}
			}
		})
	}
	for _, tt := range parsedOnly {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := structured.Scan([]byte(tt.data)); !errors.Is(err, structured.ErrNotStreamed) {
				t.Fatalf("Scan: %v, want ErrNotStreamed", err)
			}
		})
	}
}

func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return baton.ErrorMessage(a) == baton.ErrorMessage(b) && field(a) == field(b) && baton.ErrorCode(a) == baton.ErrorCode(b)
}

func field(err error) string {
	var e *baton.Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}
