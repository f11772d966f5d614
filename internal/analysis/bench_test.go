package analysis

import (
	"fmt"
	"testing"

	"github.com/baton-dev/baton/bench/corpus"
	"github.com/baton-dev/baton/internal/baton"
)

// A typical steward message of about 300 characters.
const benchText = "Thanks, that fixed it! The handler in internal/store/db.go was returning nil before the transaction committed, so the test kept failing. I'm relieved, this has been frustrating all morning. Can you now add a regression test for parseJSON() and make sure the PostgreSQL path works too?"

func BenchmarkMessage(b *testing.B) {
	a := New()
	b.ReportAllocs()
	b.SetBytes(int64(len(benchText)))
	for b.Loop() {
		m := baton.Message{Role: baton.RoleSteward, Content: benchText}
		a.Message(&m)
	}
}

// syntheticSession builds an agent session of about n messages: rounds of
// a steward request, assistant prose, reads, a failing then passing test
// run, an edit, a todo update and a closing note.
func syntheticSession(n int) []*baton.Message {
	c := newConvo()
	stewardLines := []string{
		"The importer keeps failing on large files with a timeout error in internal/ingest/claudecode/build.go. Can you look?",
		"Great, thanks! Next we need to add a benchmark for the parser. Let's use a synthetic file instead of a real one since it keeps the repo small.",
		"Hmm, I'm not sure this is right: the summary still cuts sentences in half. What do you think?",
		"ugh, this is so frustrating, nothing works after the upgrade to PostgreSQL 16",
		"Perfect, that fixed it. We'll go with the keyset cursor because offsets get slow on big tables.",
	}
	assistantLines := []string{
		"Let me read the builder first and find where the time goes.",
		"The issue was that every line re-parsed the whole buffer. I'll switch to a streaming decoder because it keeps memory flat.",
		"Fixed: the parser now streams, and all tests pass. - [x] stream the decoder\n- [ ] add a benchmark",
	}
	for round := 0; len(c.msgs) < n; round++ {
		c.steward(stewardLines[round%len(stewardLines)])
		c.assistant(assistantLines[0])
		c.tool("Read", obj{"file_path": fmt.Sprintf("/home/dev/baton/internal/ingest/file%d.go", round%40), "offset": 1, "limit": 80}, "package ingest\n\nfunc build() {}\n", "")
		c.tool("Bash", obj{"command": "go test ./internal/ingest/..."}, "", "Exit code 1\n--- FAIL: TestBuild (3.01s)\n    build_test.go:88: timeout after 3s")
		c.assistant(assistantLines[1])
		c.tool("Edit", obj{"file_path": fmt.Sprintf("/home/dev/baton/internal/ingest/file%d.go", round%40), "old_string": "dec := json.NewDecoder(bytes.NewReader(all))", "new_string": "dec := json.NewDecoder(r)\ndec.UseNumber()"}, "ok", "")
		c.tool("Bash", obj{"command": "go test ./internal/ingest/..."}, "ok  github.com/baton-dev/baton/internal/ingest 0.41s", "")
		c.tool("TodoWrite", obj{"todos": []obj{{"content": fmt.Sprintf("Stream the decoder in file%d", round%40), "status": "completed"}, {"content": "Add a benchmark", "status": "pending"}}}, "ok", "")
		c.assistant(assistantLines[2])
	}
	return c.msgs[:n]
}

func benchmarkSession(b *testing.B, n int) {
	a := New()
	msgs := syntheticSession(n)
	for _, m := range msgs {
		a.Message(m)
	}
	b.ReportAllocs()
	for b.Loop() {
		s := &baton.Session{Technical: baton.TechnicalContext{WorkingDirectory: "/home/dev/baton"}}
		a.Session(s, msgs)
	}
}

func BenchmarkSession(b *testing.B)      { benchmarkSession(b, 2000) }
func BenchmarkSession10000(b *testing.B) { benchmarkSession(b, 10000) }

func BenchmarkRelationship(b *testing.B) {
	a := New()
	msgs := syntheticSession(2000)
	for _, m := range msgs {
		a.Message(m)
	}
	b.ReportAllocs()
	for b.Loop() {
		Relationship(TrustStart, &baton.Session{}, msgs)
	}
}

// loadtestMessages are the first n messages bench/cmd/loadtest's ingest
// burst writes (its corpus of seed 1).
func loadtestMessages(n int) []string {
	c := corpus.New(1)
	out := make([]string, n)
	for i := range out {
		out[i] = c.Message(i)
	}
	return out
}

// BenchmarkMessageLoadtestBatch analyses a batch of 1,000 messages
// written as bench/cmd/loadtest's ingest burst writes them (a common
// English core and a Zipf tail of technical words and identifiers,
// alternately steward's and assistant's): most hold no word VADER knows.
func BenchmarkMessageLoadtestBatch(b *testing.B) {
	a := New()
	texts := loadtestMessages(1000)
	b.ReportAllocs()
	for b.Loop() {
		for j, t := range texts {
			role := baton.RoleSteward
			if j%2 == 1 {
				role = baton.RoleAssistant
			}
			m := baton.Message{Role: role, Content: t}
			a.Message(&m)
		}
	}
}
