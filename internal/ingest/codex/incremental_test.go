package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestIncrementalGivesWhatParseGives reads each test rollout in parts of
// every size from one line to all of them, the state going through JSON
// between parts as it does between the watcher's passes, and keeps what
// each Document sends the way the store does (by source id, a later copy
// completing an earlier one): the messages and the session's facts are
// those Parse reads from the whole file.
func TestIncrementalGivesWhatParseGives(t *testing.T) {
	for _, file := range []string{"testdata/real-kvsankar-session-01.jsonl", "testdata/tools.jsonl", "testdata/legacy.jsonl"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		whole, _, err := Parse(bytes.NewReader(data), file)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		for size := 1; size <= len(lines); size++ {
			t.Run(fmt.Sprintf("%s/%d", file, size), func(t *testing.T) {
				stored := map[string]baton.Message{}
				var order []string
				var last baton.Session
				var st *State
				sends := 0
				for at := 0; at < len(lines); at += size {
					raw, err := json.Marshal(st)
					if err != nil {
						t.Fatal(err)
					}
					if st, err = DecodeState(raw); err != nil {
						t.Fatal(err)
					}
					p := Resume(file, st)
					part := bytes.Join(lines[at:min(at+size, len(lines))], nil)
					if errs := p.Feed(part); len(errs) > 0 {
						t.Fatal(errs)
					}
					doc, ok, err := p.Document(at+size >= len(lines))
					if err != nil {
						t.Fatal(err)
					}
					if ok {
						sends++
						for _, m := range doc.Conversations[0].Messages {
							if _, seen := stored[m.SourceID]; !seen {
								order = append(order, m.SourceID)
							}
							stored[m.SourceID] = m
						}
						last = doc.Session
					}
					st = p.State()
					if len(st.Open) > 4 {
						t.Fatalf("state keeps %d messages", len(st.Open))
					}
				}
				want := whole.Conversations[0].Messages
				if len(order) != len(want) {
					t.Fatalf("%d messages stored, Parse reads %d", len(order), len(want))
				}
				for i, m := range want {
					got := stored[order[i]]
					a, _ := json.Marshal(got)
					b, _ := json.Marshal(m)
					if !bytes.Equal(a, b) {
						t.Fatalf("message %d:\n got %s\nwant %s", i, a, b)
					}
				}
				a, _ := json.Marshal(last)
				b, _ := json.Marshal(whole.Session)
				if !bytes.Equal(a, b) {
					t.Errorf("session:\n got %s\nwant %s", a, b)
				}
				if size == 1 && sends < 2 {
					t.Errorf("line by line sent %d documents", sends)
				}
			})
		}
	}
}
