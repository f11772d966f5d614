package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// Tests for the defects found importing real transcripts. Each
// builds its own fixture.

// TestJSONArrayTranscript: some exporters save a transcript as one JSON
// array of the lines; it must import like the JSONL form.
func TestJSONArrayTranscript(t *testing.T) {
	lines := []any{
		userLine("m1", "", "2025-03-01T09:00:00Z", "Add a health check endpoint"),
		assistantLine("m2", "m1", "2025-03-01T09:00:05Z", "msg_1", text("Added GET /healthz."), obj{"input_tokens": 10, "output_tokens": 20}),
	}
	arr, err := json.MarshalIndent(lines, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	doc, lineErrs, err := Parse(bytes.NewReader(arr), "arr.json", Options{})
	if err != nil || len(lineErrs) > 0 {
		t.Fatalf("array transcript: err %v, line errors %v", err, lineErrs)
	}
	if got := sourceIDs(doc.Conversations[0].Messages); strings.Join(got, ",") != "m1,m2" {
		t.Errorf("messages %v, want m1,m2", got)
	}
	if doc.Session.Title != "Add a health check endpoint" {
		t.Errorf("title %q", doc.Session.Title)
	}
	// A broken element is reported by its number, the rest imports.
	broken := `[` + string(mustJSON(t, lines[0])) + `, 42, ` + string(mustJSON(t, lines[1])) + `]`
	doc, lineErrs, err = Parse(strings.NewReader(broken), "arr.json", Options{})
	if err != nil || len(doc.Conversations[0].Messages) != 2 {
		t.Fatalf("err %v, messages %d", err, len(doc.Conversations[0].Messages))
	}
	if len(lineErrs) != 1 || lineErrs[0].Line != 2 || !strings.Contains(lineErrs[0].Error(), "element 2") {
		t.Errorf("line errors %v, want element 2 reported", lineErrs)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestUnreadableTranscriptSaysWhy: a file none of whose lines can be read
// is refused with the first failing line and what was expected, not "has
// no messages".
func TestUnreadableTranscriptSaysWhy(t *testing.T) {
	_, _, err := Parse(strings.NewReader("{\"type\":\"user\",\"uuid\":\"a\",\"sessionId\":\"s\"\n{\"type\":\"user\", oops}\n"), "cut.jsonl", Options{})
	if err == nil {
		t.Fatal("no error")
	}
	msg := baton.ErrorMessage(err)
	if !strings.Contains(msg, "line 1") || !strings.Contains(msg, "JSON object") || baton.ErrorCode(err) != baton.EINVALID {
		t.Errorf("message %q (code %s); want the first failing line and what was expected", msg, baton.ErrorCode(err))
	}
	if !errors.Is(err, ErrNoMessages) {
		t.Error("still an ErrNoMessages for callers that test for it")
	}
}

// TestUnusableTimestampKeepsTheMessageAndSaysSo: a timestamp that is there
// but unusable (year 0, year 10000 written or reached in UTC, not a time)
// would break every read once stored. One rule for all of them, the
// ChatGPT importer's too: the message is kept at the time of the line
// before it, and its line is reported saying so. A line without a
// timestamp takes the time before silently.
func TestUnusableTimestampKeepsTheMessageAndSaysSo(t *testing.T) {
	doc, lineErrs, err := Parse(jl(t,
		userLine("m1", "", "2025-03-01T09:00:00Z", "first"),
		userLine("m2", "m1", "0000-06-01T00:00:00Z", "year zero"),
		userLine("m3", "m2", "9999-12-31T23:30:00-02:00", "year 10000 in UTC"),
		userLine("m4", "m3", "10000-01-01T00:00:00Z", "year 10000 written"),
		userLine("m5", "m4", "abc", "not a time"),
		userLine("m6", "m5", "", "no time"),
		userLine("m7", "m6", "2025-03-01T09:01:00Z", "last"),
	), "t.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	msgs := doc.Conversations[0].Messages
	if got := strings.Join(sourceIDs(msgs), ","); got != "m1,m2,m3,m4,m5,m6,m7" {
		t.Errorf("messages %s, want all seven", got)
	}
	for _, m := range msgs[1:6] {
		if !m.Timestamp.Equal(msgs[0].Timestamp) {
			t.Errorf("%s at %v, want the time before it", m.SourceID, m.Timestamp)
		}
	}
	if len(lineErrs) != 4 {
		t.Fatalf("line errors %v, want lines 2 to 5", lineErrs)
	}
	for i, le := range lineErrs {
		if le.Line != i+2 || !strings.Contains(le.Error(), "timestamp") || !strings.Contains(le.Error(), "1 to 9999") || !strings.Contains(le.Error(), "time of the line before") {
			t.Errorf("line error %q does not say which line, what is wrong and what was done", le.Error())
		}
	}
}

// TestTitleFromSlashCommandAndSummary: a session that starts with a slash
// command is titled by its arguments (the command's verb kept as a word);
// a summary line of this conversation beats a later prompt, one of
// another conversation does not.
func TestTitleFromSlashCommandAndSummary(t *testing.T) {
	cmd := userLine("m1", "", "2025-03-01T09:00:00Z", "<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>the retry logic in payments</command-args>")
	clear := userLine("m1", "", "2025-03-01T09:00:00Z", "<command-name>/clear</command-name>")
	later := userLine("m3", "m2", "2025-03-01T09:05:00Z", "ok thanks")
	reply := assistantLine("m2", "m1", "2025-03-01T09:00:05Z", "msg_1", text("Looking."), nil)
	for _, tc := range []struct {
		name  string
		lines []any
		want  string
	}{
		{"slash command arguments are the prompt", []any{cmd, reply, later}, "Review the retry logic in payments"},
		{"a bare slash command is not; the next prompt is", []any{clear, reply, later}, "Ok thanks"},
		{"a summary line of another conversation is not", []any{obj{"type": "summary", "summary": "Retry logic review", "leafUuid": "not-here"}, clear, reply, later}, "Ok thanks"},
		{"summary line after the messages", []any{clear, reply, later, obj{"type": "summary", "summary": "Retry logic review", "leafUuid": "m3"}}, "Retry logic review"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, _, err := Parse(jl(t, tc.lines...), "0b7c1e0f-0000-4000-8000-000000000001.jsonl", Options{})
			if err != nil {
				t.Fatal(err)
			}
			if doc.Session.Title != tc.want {
				t.Errorf("title %q, want %q", doc.Session.Title, tc.want)
			}
		})
	}
}

// TestParallelTasksForkAtTheirCall: three Tasks started in one response;
// the third subagent starts after the first has returned, and the Task
// results do not name their agents. Each subagent forks at the message
// holding its Task call and is titled by the Task's description.
func TestParallelTasksForkAtTheirCall(t *testing.T) {
	task := func(id, desc, prompt string) obj {
		return obj{"type": "tool_use", "id": id, "name": "Task", "input": obj{"description": desc, "prompt": prompt, "subagent_type": "general-purpose"}}
	}
	result := func(uuid, parent, ts, useID, out string) obj {
		return userLine(uuid, parent, ts, []any{obj{"type": "tool_result", "tool_use_id": useID, "content": []any{text(out)}}})
	}
	main := jl(t,
		userLine("m1", "", "2025-03-01T09:00:00Z", "Audit the three services"),
		assistantLine("m2", "m1", "2025-03-01T09:00:02Z", "msg_1", text("I'll audit them in parallel."), nil),
		assistantLine("m3", "m2", "2025-03-01T09:00:03Z", "msg_1", task("toolu_a", "Audit auth service", "Audit the auth service for token leaks"), nil),
		assistantLine("m4", "m3", "2025-03-01T09:00:03Z", "msg_1", task("toolu_b", "Audit billing service", "Audit the billing service for rounding"), nil),
		assistantLine("m5", "m4", "2025-03-01T09:00:04Z", "msg_1", task("toolu_c", "Audit search service", "Audit the search service for injection"), nil),
		result("m6", "m5", "2025-03-01T09:01:00Z", "toolu_a", "Auth is fine."),
		result("m7", "m6", "2025-03-01T09:03:00Z", "toolu_b", "Billing rounds half-down."),
		result("m8", "m7", "2025-03-01T09:04:00Z", "toolu_c", "Search escapes input."),
		assistantLine("m9", "m8", "2025-03-01T09:04:30Z", "msg_2", text("All three audited."), nil),
	)
	agent := func(id, ts, prompt string) io.Reader {
		l := userLine(id+"-1", "", ts, prompt)
		l["isSidechain"], l["agentId"] = true, id
		r := assistantLine(id+"-2", id+"-1", ts, "msg_"+id, text("Done."), nil)
		r["isSidechain"], r["agentId"] = true, id
		return jl(t, l, r)
	}
	doc, lineErrs, err := Parse(main, "s.jsonl", Options{Subagents: map[string]io.Reader{
		"agent-aaa.jsonl": agent("aaa", "2025-03-01T09:00:05Z", "Audit the auth service for token leaks"),
		"agent-bbb.jsonl": agent("bbb", "2025-03-01T09:00:05Z", "Audit the billing service for rounding"),
		// Started once the first had returned: by time it would follow m6.
		"agent-ccc.jsonl": agent("ccc", "2025-03-01T09:01:30Z", "Audit the search service for injection"),
	}})
	if err != nil || len(lineErrs) > 0 {
		t.Fatal(err, lineErrs)
	}
	for key, title := range map[string]string{"agent:aaa": "Audit auth service", "agent:bbb": "Audit billing service", "agent:ccc": "Audit search service"} {
		c := conversation(t, doc, key)
		if c.ParentKey != MainKey || c.ForkAfterSourceID != "m2" || c.Title != title {
			t.Errorf("%s forks after %q titled %q; want after m2 (its Task call) titled %q", key, c.ForkAfterSourceID, c.Title, title)
		}
	}
}

// TestResumedTranscriptIgnoresForeignSummaries: a transcript resumed from
// earlier sessions opens with their summary lines, whose leaves are
// messages of other files. None of them titles this conversation; the
// one whose leaf is here does, and without it the first prompt is
// written as a title (no slash command, no path).
func TestResumedTranscriptIgnoresForeignSummaries(t *testing.T) {
	foreign := []any{
		obj{"type": "summary", "summary": "Stripe webhook signature mismatch fixed", "leafUuid": "a41f0c2e-1111-4000-8000-00000000aaaa"},
		obj{"type": "summary", "summary": "Onboarding email copy rewrite", "leafUuid": "a41f0c2e-2222-4000-8000-00000000bbbb"},
	}
	prompt := userLine("m1", "", "2025-05-02T08:00:00Z", "<command-message>prime</command-message>\n<command-name>/prime</command-name>\n<command-args>& check out our recent work on the export queue /Users/dana/src/atlas/docs/queue.md</command-args>")
	reply := assistantLine("m2", "m1", "2025-05-02T08:00:09Z", "msg_1", text("The export queue retries jobs three times."), nil)
	own := obj{"type": "summary", "summary": "Export queue retry review", "leafUuid": "m2"}
	for _, tc := range []struct {
		name  string
		lines []any
		want  string
	}{
		{"foreign summaries only", append(append([]any{}, foreign...), prompt, reply), "Check out recent work on export queue"},
		{"foreign summaries and this conversation's own", append(append([]any{}, foreign...), prompt, reply, own), "Export queue retry review"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, _, err := Parse(jl(t, tc.lines...), "0b7c1e0f-0000-4000-8000-000000000002.jsonl", Options{})
			if err != nil {
				t.Fatal(err)
			}
			if doc.Session.Title != tc.want {
				t.Errorf("title %q, want %q", doc.Session.Title, tc.want)
			}
		})
	}
}
