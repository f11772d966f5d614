package ingest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// repeatedTranscript is the fixture Claude Code transcript's turns
// repeated n times with fresh ids: a session long enough to have a
// memory, whose count is not a multiple of the memory's step.
func repeatedTranscript(t *testing.T, n int) []byte {
	return FixtureTranscript(t, func(k, _ int) bool { return k < n })
}

// FixtureTranscript is the fixture Claude Code session (prompts, slash
// commands, responses split over several lines, thinking, tool calls and
// their structured results, a sidechain, a compaction) repeated with fresh
// ids while more(repeats so far, bytes so far) says so, its summary lines
// and malformed line left out. Exported for the benchmarks of package
// ingest_test.
func FixtureTranscript(tb testing.TB, more func(k, size int) bool) []byte {
	tb.Helper()
	data, err := os.ReadFile("claudecode/testdata/projects/-home-dev-shop/7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(l, "{") && strings.HasSuffix(l, "}") && !strings.Contains(l, `"type":"summary"`) {
			lines = append(lines, l)
		}
	}
	turn := strings.Join(lines, "\n") + "\n"
	var buf bytes.Buffer
	for k := 0; more(k, buf.Len()); k++ {
		r := strings.NewReplacer("b7c1e0f2-0000-4000-8000-", fmt.Sprintf("b7c1e0f2-%04x-4000-8000-", k),
			"c4d5e6f7-0000-4000-8000-", fmt.Sprintf("c4d5e6f7-%04x-4000-8000-", k),
			`"msg_0`, fmt.Sprintf(`"msg_%04x_0`, k), `"toolu_0`, fmt.Sprintf(`"toolu_%04x_0`, k))
		buf.WriteString(r.Replace(turn))
	}
	return buf.Bytes()
}

// parsedAnalysed is a transcript parsed and each message analysed, as
// importOne has it before the store writes it.
func parsedAnalysed(t testing.TB, im *Importer, data []byte) baton.ImportDocument {
	t.Helper()
	doc, lineErrs, err := claudecode.Parse(bytes.NewReader(data), "5e55a0e1-0000-4000-8000-000000000000.jsonl", claudecode.Options{})
	if err != nil || len(lineErrs) > 0 {
		t.Fatal(err, lineErrs)
	}
	for c := range doc.Conversations {
		for m := range doc.Conversations[c].Messages {
			im.analysis.AnalyzeMessage(&doc.Conversations[c].Messages[m])
		}
	}
	return doc
}

// The analysis made beside the writes of a new session is the one made
// from the session as stored: its fields, its stored analysis and its
// main conversation's memory are what AnalyzeSession, reading everything
// back, writes again.
func TestAnalysisAheadIsTheAnalysisOfWhatWasStored(t *testing.T) {
	data := repeatedTranscript(t, 7)
	for dialect, url := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, url)
			ada := &baton.Steward{Username: "ada"}
			if err := st.CreateSteward(ctx, ada); err != nil {
				t.Fatal(err)
			}
			im := New(st)
			im.Analysis().SetClock(func() time.Time { return time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC) })
			doc := parsedAnalysed(t, im, data)
			ahead := im.analyseAhead(ctx, ada.ID, &doc)
			if ahead == nil {
				t.Fatal("a new session's analysis was not started beside its writes")
			}
			res, err := st.Import(ctx, ada.ID, &doc)
			if err != nil || res.Status != baton.ImportStored {
				t.Fatalf("import = %+v, %v", res, err)
			}
			prepared := ahead.wait(storedMain(&doc))
			if prepared == nil {
				t.Fatal("the store numbered the main conversation otherwise than the analysis made ahead")
			}
			if err := im.Analysis().AnalyzePrepared(ctx, ada.ID, res.SessionID, prepared); err != nil {
				t.Fatal(err)
			}
			snapshot := func() string {
				sess, err := st.Session(ctx, ada.ID, res.SessionID)
				if err != nil {
					t.Fatal(err)
				}
				stored, ok, err := im.Analysis().ForSession(ctx, ada.ID, res.SessionID)
				if err != nil || !ok {
					t.Fatalf("analysis = %v, %v", ok, err)
				}
				conv, err := st.Conversation(ctx, ada.ID, res.SessionID, "")
				if err != nil {
					t.Fatal(err)
				}
				mem, err := st.ConversationMemory(ctx, ada.ID, res.SessionID, conv.ID)
				if err != nil {
					t.Fatalf("memory of %d messages: %v", conv.MessageCount, err)
				}
				if conv.MessageCount%baton.MemoryEvery == 0 || mem.Summary == "" {
					t.Fatalf("memory covers %d of %d messages, summary %q: the test wants a memory of some of them", mem.Covered, conv.MessageCount, mem.Summary)
				}
				sess.UpdatedAt = time.Time{}
				b, _ := json.Marshal([]any{sess, stored, mem.Covered, mem.Summary})
				return string(b)
			}
			ahead1 := snapshot()
			if err := im.Analysis().AnalyzeSession(ctx, ada.ID, res.SessionID); err != nil {
				t.Fatal(err)
			}
			if again := snapshot(); again != ahead1 {
				t.Fatalf("analysis made ahead:\n%s\nread back:\n%s", ahead1, again)
			}
		})
	}
}

// A document whose session is stored already is not analysed ahead (its
// import may add nothing), and an analysis made ahead of a main
// conversation the store wrote otherwise is not used.
func TestAnalysisAheadOnlyOfWhatItNumbered(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, "sqlite:"+t.TempDir()+"/ahead.db")
	ada := &baton.Steward{Username: "ada"}
	if err := st.CreateSteward(ctx, ada); err != nil {
		t.Fatal(err)
	}
	im := New(st)
	data := repeatedTranscript(t, 2)
	doc := parsedAnalysed(t, im, data)
	ahead := im.analyseAhead(ctx, ada.ID, &doc)
	if ahead == nil {
		t.Fatal("a new session's analysis was not started beside its writes")
	}
	if _, err := st.Import(ctx, ada.ID, &doc); err != nil {
		t.Fatal(err)
	}
	main := storedMain(&doc)
	if len(main) < 3 {
		t.Fatalf("stored main conversation of %d messages", len(main))
	}
	// One message fewer, or one numbered differently: not what it read.
	other := *main[1]
	other.Seq += 10
	if p := ahead.wait(append([]*baton.Message{main[0], &other}, main[2:]...)); p != nil {
		t.Error("an analysis made ahead was used for messages numbered otherwise")
	}
	ahead = im.analyseAhead(ctx, ada.ID, &doc)
	if ahead != nil {
		t.Fatal("a document of a stored session was analysed ahead")
	}
	again := parsedAnalysed(t, im, data)
	if ahead := im.analyseAhead(ctx, ada.ID, &again); ahead != nil {
		t.Error("a re-import of a stored session was analysed ahead")
	}
	// A message without a time gets the store's clock: not numbered ahead.
	fresh := parsedAnalysed(t, im, data)
	fresh.Session.SourceRef += "-2"
	fresh.Conversations[0].Messages[1].Timestamp = time.Time{}
	if ahead := im.analyseAhead(ctx, ada.ID, &fresh); ahead != nil {
		t.Error("a message without a time was numbered ahead")
	}
}

// Messages analysed on every core are analysed as one after another:
// each of them, whichever run it fell in.
func TestAnalyseMessagesOnEveryCoreAsOneAfterAnother(t *testing.T) {
	st := storetest.Open(t, "sqlite:"+t.TempDir()+"/analyse.db")
	im := New(st)
	data := repeatedTranscript(t, 25)
	parse := func() baton.ImportDocument {
		doc, _, err := claudecode.Parse(bytes.NewReader(data), "5e55a0e1-0000-4000-8000-000000000000.jsonl", claudecode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	one := parsedAnalysed(t, im, data)
	every := parse()
	n := 0
	for _, c := range every.Conversations {
		n += len(c.Messages)
	}
	if n < 600 {
		t.Fatalf("%d messages: too few for more than two runs", n)
	}
	im.analyseMessages(&every)
	want, _ := json.Marshal(one.Conversations)
	got, _ := json.Marshal(every.Conversations)
	if string(got) != string(want) {
		t.Fatal("messages analysed on every core differ from those analysed one after another")
	}
	for _, c := range every.Conversations {
		for _, m := range c.Messages {
			if !m.Analyzed {
				t.Fatalf("message %s left unanalysed", m.SourceID)
			}
		}
	}
}
