package analysis_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
)

// The labelled evaluation set (testdata/evalset.json): real-shaped
// sessions (coding, planning, chat; English, German, Japanese) written as
// Claude Code transcripts, each with hand-written expected title, tasks,
// decisions, topics and technologies. TestEvaluationSet imports each as
// `baton import` does, analyses it, and reports precision and recall per
// field, micro-averaged over the set. It fails when a figure drops below
// its floor (evalFloors). With BATON_EVAL_OUT set it also writes the
// figures to that file (make eval writes bench/results/analysis-eval.txt).

// evalFloors are the lowest precision and recall each field may have.
// They sit a little under the figures measured after the issue-11 fixes
// (the rules were tuned with this set in view, so the figures are
// in-sample), so a change that makes a field worse fails.
var evalFloors = map[string][2]float64{
	"title":     {0.95, 0.95},
	"tasks":     {0.95, 0.95},
	"decisions": {0.95, 0.85},
	"topics":    {0.55, 0.60},
	// Technologies need evidence of use (named by the steward, run or
	// written); these labels also count ones only the assistant's prose
	// named (Echo, Redis, Vite in an explanation), so recall fell from
	// 0.81 to 0.62 while the real set's precision rose.
	"technologies": {0.88, 0.58},
}

type evalSession struct {
	ID     string            `json:"id"`
	Kind   string            `json:"kind"`
	Lang   string            `json:"lang"`
	Turns  []json.RawMessage `json:"turns"`
	Expect struct {
		Title        string   `json:"title"`
		Tasks        []string `json:"tasks"`
		Decisions    []string `json:"decisions"`
		Topics       []string `json:"topics"`
		Technologies []string `json:"technologies"`
	} `json:"expect"`
}

// transcript writes a session's turns as Claude Code JSONL lines. A turn
// is ["u", prompt], ["a", text], ["cmd", "/name", args], ["todo", [[task,
// status]…]], ["edit", path, new text], ["bash", command, output, failed],
// or ["summary", text].
func (s *evalSession) transcript(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	n, parent := 0, ""
	ts := func() string { return fmt.Sprintf("2025-06-%02dT10:%02d:%02dZ", 1+len(s.ID)%27, n/60, n%60) }
	emit := func(l map[string]any) {
		l["sessionId"] = "eval-" + s.ID
		l["cwd"] = "/home/dev/" + s.ID
		if _, ok := l["type"]; !ok {
			l["type"] = "user"
		}
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	line := func(typ string, message map[string]any) {
		n++
		uuid := fmt.Sprintf("%s-%03d", s.ID, n)
		var p any
		if parent != "" {
			p = parent
		}
		emit(map[string]any{"type": typ, "uuid": uuid, "parentUuid": p, "timestamp": ts(), "message": message})
		parent = uuid
	}
	assistant := func(blocks ...any) {
		line("assistant", map[string]any{"id": fmt.Sprintf("msg_%s_%d", s.ID, n), "role": "assistant", "model": "claude-sonnet-4-5", "content": blocks,
			"usage": map[string]any{"input_tokens": 100, "output_tokens": 50}})
	}
	toolResult := func(id, out string, failed bool) {
		line("user", map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": out, "is_error": failed}}})
	}
	for i, raw := range s.Turns {
		var turn []any
		if err := json.Unmarshal(raw, &turn); err != nil || len(turn) < 2 {
			t.Fatalf("%s: turn %d: %s", s.ID, i, raw)
		}
		str := func(k int) string { v, _ := turn[k].(string); return v }
		id := fmt.Sprintf("toolu_%s_%d", s.ID, i)
		switch turn[0] {
		case "u":
			line("user", map[string]any{"role": "user", "content": str(1)})
		case "a":
			assistant(map[string]any{"type": "text", "text": str(1)})
		case "cmd":
			line("user", map[string]any{"role": "user", "content": fmt.Sprintf("<command-message>%s</command-message>\n<command-name>%s</command-name>\n<command-args>%s</command-args>",
				strings.TrimPrefix(str(1), "/"), str(1), str(2))})
		case "todo":
			var todos []any
			for _, td := range turn[1].([]any) {
				pair := td.([]any)
				todos = append(todos, map[string]any{"content": pair[0], "status": pair[1], "activeForm": pair[0]})
			}
			assistant(map[string]any{"type": "tool_use", "id": id, "name": "TodoWrite", "input": map[string]any{"todos": todos}})
			toolResult(id, "Todos have been modified successfully.", false)
		case "edit":
			assistant(map[string]any{"type": "tool_use", "id": id, "name": "Edit", "input": map[string]any{"file_path": str(1), "old_string": "x", "new_string": str(2)}})
			toolResult(id, "The file "+str(1)+" has been updated.", false)
		case "bash":
			failed, _ := turn[3].(bool)
			assistant(map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": str(1)}})
			toolResult(id, str(2), failed)
		case "summary":
			emit(map[string]any{"type": "summary", "summary": str(1), "leafUuid": parent})
		default:
			t.Fatalf("%s: turn %d: unknown kind %v", s.ID, i, turn[0])
		}
	}
	return buf.Bytes()
}

// fieldScore counts matches for one field over the set.
type fieldScore struct{ produced, expected, matchedProduced, matchedExpected int }

func (f fieldScore) precision() float64 { return ratio(f.matchedProduced, f.produced) }
func (f fieldScore) recall() float64    { return ratio(f.matchedExpected, f.expected) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// score matches produced items against expected ones with match.
func (f *fieldScore) score(produced, expected []string, match func(a, b string) bool) (missed, extra []string) {
	f.produced += len(produced)
	f.expected += len(expected)
	for _, p := range produced {
		ok := false
		for _, e := range expected {
			ok = ok || match(p, e)
		}
		if ok {
			f.matchedProduced++
		} else {
			extra = append(extra, p)
		}
	}
	for _, e := range expected {
		ok := false
		for _, p := range produced {
			ok = ok || match(p, e)
		}
		if ok {
			f.matchedExpected++
		} else {
			missed = append(missed, e)
		}
	}
	return missed, extra
}

// sameTerm compares topics and technologies: case, punctuation and a
// plural "s" do not matter.
func sameTerm(a, b string) bool {
	norm := func(s string) string {
		s = strings.ToLower(strings.TrimSpace(s))
		s = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '+' || r == '#' {
				return r
			}
			return -1
		}, s)
		return strings.TrimSuffix(s, "s")
	}
	return norm(a) == norm(b)
}

// acceptableTitle judges a produced title against the labelled one: it
// is written (at most eight words, no slash command, path or markup) and
// says the same subject (samePhrase). The labels are the sessions' first
// prompts, which a title used to copy whole.
func acceptableTitle(got, want string) bool {
	got = strings.TrimSpace(got)
	if strings.EqualFold(got, strings.TrimSpace(want)) && len(strings.Fields(got)) <= 8 && !strings.HasPrefix(got, "/") {
		return true
	}
	if n := len(strings.Fields(got)); n == 0 || n > 8 || strings.ContainsAny(got, "<>") || strings.HasPrefix(got, "/") {
		return false
	}
	for _, f := range strings.Fields(got) {
		if strings.Count(f, "/") > 1 {
			return false
		}
	}
	return samePhrase(got, want)
}

// samePhrase compares tasks and decisions: they match when most content
// words of the shorter one are in the other. CJK text is compared by runs
// of characters.
func samePhrase(a, b string) bool {
	wa, wb := contentWords(a), contentWords(b)
	if len(wa) == 0 || len(wb) == 0 {
		return false
	}
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	hit := 0
	for w := range wa {
		if wb[w] {
			hit++
		}
	}
	return float64(hit)/float64(len(wa)) >= 0.6
}

var evalStop = map[string]bool{"the": true, "and": true, "for": true, "with": true, "that": true, "this": true, "from": true,
	"into": true, "use": true, "to": true, "of": true, "a": true, "an": true, "in": true, "on": true, "die": true, "der": true,
	"das": true, "und": true, "mit": true, "für": true, "den": true, "ein": true, "eine": true}

func contentWords(s string) map[string]bool {
	out := map[string]bool{}
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			w := strings.ToLower(string(cur))
			if !evalStop[w] && (len(cur) >= 3 || cur[0] > 0x2e80) {
				out[strings.TrimSuffix(w, "s")] = true
			}
		}
		cur = cur[:0]
	}
	for _, r := range s {
		switch {
		case r >= 0x3040 && r <= 0x30ff: // kana: splits CJK words
			flush()
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

func TestEvaluationSet(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "evalset.json"))
	if err != nil {
		t.Fatal(err)
	}
	var set []evalSession
	if err := json.Unmarshal(raw, &set); err != nil {
		t.Fatal(err)
	}
	if len(set) < 30 {
		t.Fatalf("the evaluation set has %d sessions; it needs at least 30", len(set))
	}
	kinds, langs := map[string]int{}, map[string]int{}
	scores := map[string]*fieldScore{}
	fields := []string{"title", "tasks", "decisions", "topics", "technologies"}
	for _, f := range fields {
		scores[f] = &fieldScore{}
	}
	a := analysis.New()
	var misses []string
	for i := range set {
		s := &set[i]
		kinds[s.Kind]++
		langs[s.Lang]++
		doc, lineErrs, err := claudecode.Parse(bytes.NewReader(s.transcript(t)), s.ID+".jsonl", claudecode.Options{})
		if err != nil || len(lineErrs) > 0 {
			t.Fatalf("%s: %v %v", s.ID, err, lineErrs)
		}
		var msgs []*baton.Message
		for c := range doc.Conversations[0].Messages {
			m := &doc.Conversations[0].Messages[c]
			a.Message(m)
			msgs = append(msgs, m)
		}
		sess := doc.Session
		a.Session(&sess, msgs)
		var decisions []string
		for _, d := range sess.Summary.Decisions {
			decisions = append(decisions, d.Decision)
		}
		got := map[string][]string{
			"title":        {sess.Title},
			"tasks":        sess.Progress.TasksDiscussed,
			"decisions":    decisions,
			"topics":       sess.Summary.KeyTopics,
			"technologies": sess.Technical.Technologies,
		}
		want := map[string][]string{
			"title": {s.Expect.Title}, "tasks": s.Expect.Tasks, "decisions": s.Expect.Decisions,
			"topics": s.Expect.Topics, "technologies": s.Expect.Technologies,
		}
		for _, f := range fields {
			match := samePhrase
			switch f {
			case "title":
				match = acceptableTitle
			case "topics":
				// Topics are matched as the rubric says a careful human
				// does (testdata/realset/RUBRIC.md, "Matching"): "checkout
				// page" names the "checkout" this set's label wrote, which
				// the exact comparison took for a miss and an extra.
				match = realsetTopicMatch
			case "technologies":
				match = sameTerm
			}
			missed, extra := scores[f].score(got[f], want[f], match)
			if len(missed)+len(extra) > 0 {
				misses = append(misses, fmt.Sprintf("%s %s: missed %q, extra %q", s.ID, f, missed, extra))
			}
		}
	}
	var report strings.Builder
	fmt.Fprintf(&report, "# Analysis evaluation set: %d sessions (kinds %v, languages %v)\n", len(set), sortedCounts(kinds), sortedCounts(langs))
	fmt.Fprintf(&report, "# go test ./internal/analysis/ -run TestEvaluationSet -v; micro-averaged over the set\n")
	fmt.Fprintf(&report, "%-13s %9s %9s %9s %9s %14s\n", "field", "precision", "recall", "produced", "expected", "floor (P / R)")
	failed := false
	for _, f := range fields {
		sc, floor := scores[f], evalFloors[f]
		fmt.Fprintf(&report, "%-13s %9.2f %9.2f %9d %9d %8.2f / %.2f\n", f, sc.precision(), sc.recall(), sc.produced, sc.expected, floor[0], floor[1])
		if sc.precision() < floor[0] || sc.recall() < floor[1] {
			failed = true
			t.Errorf("%s: precision %.2f recall %.2f, below the floor %.2f / %.2f", f, sc.precision(), sc.recall(), floor[0], floor[1])
		}
	}
	t.Log("\n" + report.String())
	if testing.Verbose() || failed {
		t.Log("differences:\n" + strings.Join(misses, "\n"))
	}
	if out := os.Getenv("BATON_EVAL_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(report.String()+"\n# differences\n"+strings.Join(misses, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func sortedCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}
