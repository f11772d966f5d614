package ingest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// A NUL anywhere in a structured document (neither database stores one in
// text; PostgreSQL stored the session and then failed) refuses the document
// naming the field, and stores nothing: the same document whole or as NDJSON.
func TestStructuredImportRefusesNUL(t *testing.T) {
	doc := func(field, value string) string {
		d := map[string]string{"id": "d1", "source": "chat", "user": "ada", "speaker": "ada", "content": "hello", "tag": "t", "mkey": "k", "mval": "v", "time": "2026-03-01T10:00:00Z"}
		d[field] = value
		return `{"id":"` + d["id"] + `","tags":["` + d["tag"] + `"],"metadata":{"` + d["mkey"] + `":{"deep":["` + d["mval"] + `"]}},` +
			`"conversation":{"source":"` + d["source"] + `","people":["ada","` + d["speaker"] + `"],"user":"ada",` +
			`"conversation":[{"speaker":"` + d["speaker"] + `","content":"` + d["content"] + `","time":"` + d["time"] + `"}]}}`
	}
	cases := []struct{ field, value, named string }{
		{"content", `x\u0000y`, "conversation.conversation[0].content"},
		{"tag", `a\u0000b`, "tags[0]"},
		{"mkey", `k\u0000`, "metadata"},
		{"mval", `v\u0000`, "metadata.k.deep[0]"},
		{"speaker", `bo\u0000b`, "conversation.people[1]"},
		{"source", `ch\u0000at`, "conversation.source"},
		{"id", `d\u00001`, "id"},
	}
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			ada := newSteward(t, st)
			im := ingest.New(st)
			for _, c := range cases {
				for _, data := range []string{doc(c.field, c.value), "[" + doc(c.field, c.value) + "]", doc(c.field, c.value) + "\n" + doc(c.field, c.value) + "\n"} {
					res, err := im.ImportStructured(ctx, ada.ID, []byte(data), nil)
					if err != nil {
						t.Fatalf("%s: import failed instead of refusing the document: %v", c.field, err)
					}
					for _, r := range res {
						if r.Status != baton.ImportRejected || !strings.Contains(r.Error, c.named) || !strings.Contains(r.Error, "NUL") {
							t.Errorf("%s: result %+v, want rejected naming %s", c.field, r, c.named)
						}
					}
				}
			}
			page, err := st.ListSessions(ctx, ada.ID, baton.SessionFilter{})
			if err != nil || len(page.Sessions) != 0 {
				t.Fatalf("stored %d sessions (%v) from refused documents", len(page.Sessions), err)
			}
			// The same document without the NUL imports.
			res, err := im.ImportStructured(ctx, ada.ID, []byte(doc("content", "xy")), nil)
			if err != nil || len(res) != 1 || res[0].Status != baton.ImportStored {
				t.Fatalf("clean import = %+v, %v", res, err)
			}
		})
	}
}
