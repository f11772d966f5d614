package claudecode

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// Feeding a transcript in parts, asking for the document between parts,
// gives the document Parse gives for the whole: for every split of the
// main transcript, with the subagents fed after the main lines or between
// its parts, live or not.
func TestIncrementalIsParse(t *testing.T) {
	dir := "testdata/projects/-home-dev-shop"
	mainName := "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl"
	main, err := os.ReadFile(filepath.Join(dir, mainName))
	if err != nil {
		t.Fatal(err)
	}
	subs := map[string][]byte{}
	paths, _ := filepath.Glob(filepath.Join(dir, "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37", "subagents", "agent-*.jsonl"))
	for _, p := range paths {
		if subs[filepath.Base(p)], err = os.ReadFile(p); err != nil {
			t.Fatal(err)
		}
	}
	if len(subs) == 0 {
		t.Fatal("the fixture has no subagent files")
	}
	names := make([]string, 0, len(subs))
	for n := range subs {
		names = append(names, n)
	}
	sort.Strings(names)
	encode := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	var lineStarts []int
	for at := 0; at < len(main); {
		lineStarts = append(lineStarts, at)
		at += bytes.IndexByte(main[at:], '\n') + 1
	}
	for _, live := range []bool{false, true} {
		readers := map[string]io.Reader{}
		for n, d := range subs {
			readers[n] = bytes.NewReader(d)
		}
		want, wantErrs, err := Parse(bytes.NewReader(main), mainName, Options{Live: live, Subagents: readers})
		if err != nil {
			t.Fatal(err)
		}
		for _, split := range lineStarts {
			for _, subsBetween := range []bool{false, true} {
				p := NewIncremental(mainName, Options{Live: live})
				feedSubs := func() {
					for _, n := range names {
						if err := p.Feed(n, subs[n]); err != nil {
							t.Fatal(err)
						}
					}
				}
				if err := p.Feed("", main[:split]); err != nil {
					t.Fatal(err)
				}
				_, _, _ = p.Document() // must change nothing
				if subsBetween {
					feedSubs()
					_, _, _ = p.Document()
				}
				if err := p.Feed("", main[split:]); err != nil {
					t.Fatal(err)
				}
				if !subsBetween {
					feedSubs()
				}
				got, gotErrs, err := p.Document()
				if err != nil {
					t.Fatal(err)
				}
				if encode(got) != encode(want) || encode(gotErrs) != encode(wantErrs) {
					t.Fatalf("live=%v, split at byte %d, subagents between=%v: the incremental document differs from Parse's:\n%s\nwant\n%s",
						live, split, subsBetween, encode(got), encode(want))
				}
				// Leaving out the messages the caller has changes only that.
				has := map[string]bool{}
				for _, c := range got.Conversations {
					for k, m := range c.Messages {
						if k%3 != 1 {
							has[c.Key+"\x00"+m.SourceID] = true
						}
					}
				}
				left, _, err := p.DocumentLeaving(func(conv, source string) bool { return has[conv+"\x00"+source] })
				if err != nil {
					t.Fatal(err)
				}
				for i := range got.Conversations {
					c := &got.Conversations[i]
					kept := []baton.Message{}
					for _, m := range c.Messages {
						if !has[c.Key+"\x00"+m.SourceID] {
							kept = append(kept, m)
						}
					}
					c.Messages = kept
				}
				if encode(left) != encode(got) {
					t.Fatalf("live=%v, split at byte %d: DocumentLeaving differs from Document less those messages:\n%s\nwant\n%s",
						live, split, encode(left), encode(got))
				}
			}
		}
	}
}
