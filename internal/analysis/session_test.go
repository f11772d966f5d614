package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

const (
	st = baton.RoleSteward
	as = baton.RoleAssistant
)

func TestArcPeaks(t *testing.T) {
	c := newConvo()
	c.say(st, "Let's start on the exporter.", 0, IntentPlanning)
	c.say(as, "Reading the exporter now.", 0, IntentPlanning)
	high := c.say(st, "Wow, the export is twice as fast, amazing!", 0.9, IntentExpression, Excitement)
	c.say(as, "The buffer change did it.", 0, IntentExpression)
	c.say(st, "Now the import side.", 0, IntentRequest)
	low := c.say(as, "The import fails badly with a corrupt header error.", -0.8, IntentDebugging)
	c.say(st, "Look at the header parser.", 0, IntentRequest)
	c.say(as, "Found it.", 0, IntentExpression)
	c.say(st, "Thanks.", 0.2, IntentExpression, Gratitude)
	c.say(as, "Glad to help.", 0.1, IntentExpression)

	// Smoothed with ¼ ½ ¼: 0, .225, .45, .225, −.2, −.4, −.2, .05, .125, .133.
	// Local extremes beyond ±0.3: .45 at seq 3 and −.4 at seq 6.
	arc := emotionalArc(buildViews(testAnalyzer, c.msgs))
	want := []baton.PeakMoment{
		{Timestamp: high.Timestamp, Emotion: Excitement, Trigger: high.Content, MessageSeq: 3, Sentiment: 0.9},
		{Timestamp: low.Timestamp, Emotion: "negative", Trigger: low.Content, MessageSeq: 6, Sentiment: -0.8},
	}
	if !slices.Equal(arc.PeakMoments, want) {
		t.Errorf("peaks\n got %+v\nwant %+v", arc.PeakMoments, want)
	}
	if !slices.Equal(arc.StartingMood, []string{"neutral"}) || !slices.Equal(arc.EndingMood, []string{Gratitude}) {
		t.Errorf("moods %v → %v, want [neutral] → [gratitude]", arc.StartingMood, arc.EndingMood)
	}
	// (0.9 − 0.8 + 0.2 + 0.1) / 10
	if arc.OverallSentiment != 0.04 {
		t.Errorf("overall sentiment %v, want 0.04", arc.OverallSentiment)
	}
}

func TestArcKeepsFiveStrongestPeaksInOrder(t *testing.T) {
	c := newConvo()
	// Seven extremes three points apart. Smoothed: .6 at the first (an
	// end), then .45, .45, .45, .4, .4, .35: the five strongest are the
	// first five, the tie at .4 going to the earlier.
	for i, x := range []float64{0.9, 0, 0, -0.9, 0, 0, 0.9, 0, 0, -0.9, 0, 0, 0.8, 0, 0, -0.8, 0, 0, 0.7, 0, 0} {
		c.say(st, fmt.Sprintf("message %d", i+1), x, IntentExpression)
	}
	arc := emotionalArc(buildViews(testAnalyzer, c.msgs))
	var got []int64
	for _, p := range arc.PeakMoments {
		got = append(got, p.MessageSeq)
	}
	if !slices.Equal(got, []int64{1, 4, 7, 10, 13}) {
		t.Errorf("peaks at %v, want [1 4 7 10 13]", got)
	}
}

func TestArcPlateauAndTrigger(t *testing.T) {
	c := newConvo()
	c.say(as, "Starting.", 0, IntentExpression)
	c.say(st, "This is great.", 0.8, IntentExpression, Satisfaction)
	c.say(as, "This is great too.", 0.8, IntentExpression)
	c.say(as, "Done.", 0, IntentConfirmation)
	// Smoothed: .267, .6, .6, .267 — one peak for the plateau, at its
	// right end (seq 3); its trigger ties between seq 2 and 3 and goes to
	// the steward.
	arc := emotionalArc(buildViews(testAnalyzer, c.msgs))
	if len(arc.PeakMoments) != 1 || arc.PeakMoments[0].MessageSeq != 2 || arc.PeakMoments[0].Emotion != Satisfaction {
		t.Errorf("peaks %+v, want one triggered by seq 2 (satisfaction)", arc.PeakMoments)
	}
	if len(emotionalArc(nil).PeakMoments) != 0 {
		t.Error("an empty session has peaks")
	}
	single := newConvo()
	single.say(st, "This is awful.", -0.6, IntentExpression)
	if arc := emotionalArc(buildViews(testAnalyzer, single.msgs)); len(arc.PeakMoments) != 1 || arc.PeakMoments[0].Sentiment != -0.6 {
		t.Errorf("single message peaks %+v", arc.PeakMoments)
	}
}

func TestDebuggingPattern(t *testing.T) {
	c := newConvo()
	e := c.steward("The build fails with an error in the parser.")
	d := c.assistant("Let me debug the failing parser test.")
	c.tool("Bash", obj{"command": "go test ./parser"}, "", "FAIL: TestParse")
	f := c.assistant("Fixed: the parser handles empty input now.")
	// A second error whose fix comes too late to pair with it.
	c.steward("Another error shows up in the exporter.")
	c.assistant("The exporter crash comes from a nil map.")
	for range 30 {
		c.tool("Read", obj{"file_path": "x.go"}, "ok", "")
	}
	c.assistant("Solved it.")
	msgs := c.analysed(testAnalyzer)

	var got *Pattern
	for _, p := range patternsOf(buildViews(testAnalyzer, msgs), nil) {
		if p.Type == PatternProblemSolving && p.Subtype == "debugging" {
			got = &p
		}
	}
	if got == nil {
		t.Fatal("no debugging pattern")
	}
	if got.Frequency != 1 || len(got.Examples) != 1 || !slices.Equal(got.Examples[0], seqs(e, d, f)) {
		t.Errorf("debugging pattern %+v, want one sequence %v", got, seqs(e, d, f))
	}
	if !strings.Contains(got.Insight, "1 debugging sequence") {
		t.Errorf("insight %q", got.Insight)
	}
}

func TestOtherPatterns(t *testing.T) {
	c := newConvo()
	q := c.say(st, "What does the flag do?", 0, IntentQuestion)
	a := c.say(as, "It turns on verbose logs.", 0, IntentExpression)
	down := c.say(st, "That's wrong, it broke the build.", -0.6, IntentDebugging, Frustration)
	c.tool("Read", obj{"file_path": "a.go"}, "ok", "")
	c.tool("Read", obj{"file_path": "b.go"}, "ok", "")
	c.tool("Edit", obj{"file_path": "b.go", "old_string": "a", "new_string": "b"}, "ok", "")
	up := c.say(st, "Yes, that's great.", 0.7, IntentConfirmation, Satisfaction)
	unanswered := c.say(st, "Why is CI slow?", 0, IntentQuestion)

	ps := patternsOf(buildViews(testAnalyzer, c.msgs), exchangesOf(buildViews(testAnalyzer, c.msgs)))
	find := func(typ, sub string) Pattern {
		for _, p := range ps {
			if p.Type == typ && p.Subtype == sub {
				return p
			}
		}
		t.Fatalf("no %s/%s pattern in %+v", typ, sub, ps)
		return Pattern{}
	}
	if p := find(PatternQuestionAnswer, "answered"); p.Frequency != 1 || !slices.Equal(p.Examples[0], seqs(q, a)) {
		t.Errorf("answered %+v", p)
	}
	if p := find(PatternQuestionAnswer, "unanswered"); p.Frequency != 1 || !slices.Equal(p.Examples[0], seqs(unanswered)) {
		t.Errorf("unanswered %+v", p)
	}
	if p := find(PatternEmotional, "swing"); p.Frequency != 1 || !slices.Equal(p.Examples[0], seqs(down, up)) {
		t.Errorf("swing %+v", p)
	}
	if p := find(PatternCollaboration, "delegation"); p.Frequency != 1 || p.Examples[0][0] != down.Seq ||
		!strings.Contains(p.Insight, "ran 3 tool calls for each") {
		t.Errorf("delegation %+v", p)
	}
	if p := find(PatternCollaboration, "course_correction"); p.Frequency != 1 || p.Examples[0][0] != down.Seq {
		t.Errorf("course correction %+v", p)
	}
	if p := find(PatternCollaboration, "confirmation"); p.Frequency != 1 || p.Examples[0][0] != up.Seq {
		t.Errorf("confirmation %+v", p)
	}
}

func TestProgress(t *testing.T) {
	c := newConvo()
	c.steward("Let's ship the export feature.")
	c.tool("TodoWrite", obj{"todos": []obj{
		{"content": "Write the exporter", "status": "pending"},
		{"content": "Add the download button", "status": "pending"},
		{"content": "Document the format", "status": "in_progress"},
	}}, "ok", "")
	c.tool("TodoWrite", obj{"todos": []obj{{"content": "Ignored", "status": "completed"}}}, "", "todo tool failed")
	c.tool("TodoWrite", obj{"todos": []obj{
		{"content": "Write the exporter", "status": "completed"},
		{"content": "Add the download button", "status": "in_progress"},
	}}, "ok", "")
	c.assistant("Status:\n- [x] Stream rows to the writer\n- [ ] Gzip large files\nTODO: write the changelog\nNext we need to tag the release.")
	c.steward("- [x] Gzip large files\nWe're blocked by the vendor API rate limit. We can't deploy until legal signs off. No blockers on the UI side.")
	msgs := c.analysed(testAnalyzer)

	p := progressOf(buildViews(testAnalyzer, msgs))
	want := baton.Progress{
		TasksDiscussed: []string{"ship the export feature", "Write the exporter", "Add the download button", "Document the format", "Stream rows to the writer",
			"Gzip large files", "write the changelog", "tag the release"},
		TasksCompleted: []string{"Write the exporter", "Stream rows to the writer", "Gzip large files"},
		TasksRemaining: []string{"ship the export feature", "Add the download button", "Document the format", "write the changelog", "tag the release"},
		Blockers:       []string{"We're blocked by the vendor API rate limit.", "We can't deploy until legal signs off."},
	}
	g, _ := json.MarshalIndent(p, "", " ")
	w, _ := json.MarshalIndent(want, "", " ")
	if string(g) != string(w) {
		t.Errorf("progress\n got %s\nwant %s", g, w)
	}
}

func TestCodeChanges(t *testing.T) {
	c := newConvo()
	c.steward("Refactor the store.")
	c.tool("Read", obj{"file_path": "/repo/a.go"}, "package a", "")
	c.tool("Write", obj{"file_path": "/repo/a.go", "content": "package a\n\nfunc A() {}\n"}, "ok", "")
	c.tool("Write", obj{"file_path": "/repo/new.go", "content": "package a\n\nfunc New() {}\n"}, "ok", "")
	c.tool("Edit", obj{"file_path": "/repo/new.go", "old_string": "func New() {}", "new_string": "func New() error {\n\treturn nil\n}"}, "ok", "")
	c.tool("Edit", obj{"file_path": "/repo/b.go", "old_string": "x\ny", "new_string": "x\ny\nz"}, "ok", "")
	c.tool("Edit", obj{"file_path": "/repo/c.go", "old_string": "q", "new_string": "r"}, "", "<tool_use_error>String to replace not found in file.</tool_use_error>")
	c.tool("MultiEdit", obj{"file_path": "/repo/d.go", "edits": []obj{{"old_string": "a", "new_string": "b\nc"}, {"old_string": "d", "new_string": "e"}}}, "ok", "")
	c.tool("Bash", obj{"command": "cd /repo && rm -f old.txt 'tmp dir/x.log'"}, "", "")
	c.tool("Bash", obj{"command": "git mv docs/a.md docs/b.md && git status"}, "ok", "")
	c.tool("Edit", obj{"file_path": "/etc/hosts", "old_string": "a", "new_string": "b"}, "ok", "")
	c.tool("Write", obj{"file_path": "/repo/e.go", "content": "package e\n"}, "", "permission denied")
	msgs := c.analysed(testAnalyzer)

	got := codeChanges(buildViews(testAnalyzer, msgs), "/repo")
	want := []baton.CodeChange{
		{File: "a.go", Type: "modified", Description: "rewritten, 3 lines"},
		{File: "new.go", Type: "created", Description: "created, 3 lines; then 1 edit"},
		{File: "b.go", Type: "modified", Description: "1 edit, +3 −2 lines"},
		{File: "d.go", Type: "modified", Description: "2 edits, +3 −2 lines"},
		{File: "old.txt", Type: "deleted", Description: "deleted with rm"},
		{File: "tmp dir/x.log", Type: "deleted", Description: "deleted with rm"},
		{File: "docs/b.md", Type: "renamed", Description: "renamed from docs/a.md"},
		{File: "/etc/hosts", Type: "modified", Description: "1 edit, +1 −1 lines"},
	}
	if !slices.Equal(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		t.Errorf("code changes\n%s", g)
	}
}

func TestErrorsAndResolutions(t *testing.T) {
	c := newConvo()
	c.steward("Make the tests pass.")
	c.tool("Bash", obj{"command": "go test ./..."}, "", "Exit code 1\n--- FAIL: TestSum\n    sum_test.go:9: expected 2, got 3")
	c.assistant("The issue was an off-by-one in the loop. Let me change the bound.")
	c.tool("Edit", obj{"file_path": "sum.go", "old_string": "i <= n", "new_string": "i < n"}, "ok", "")
	c.tool("Bash", obj{"command": "go test ./... -run TestSum"}, "ok", "")
	c.add(&baton.Message{Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{ID: "e1", Name: "Edit", Input: json.RawMessage(`{"file_path":"x.go"}`)}}})
	c.add(&baton.Message{Role: baton.RoleToolResult, Content: "<tool_use_error>String to replace not found in file.</tool_use_error>", ToolResult: &baton.ToolResult{ToolUseID: "e1"}})
	c.assistant("I re-read the file; that works now.")
	c.tool("Bash", obj{"command": "npm run build"}, "", "Error: Cannot find module 'vite'")
	c.tool("Bash", obj{"command": "npm run build"}, "", "Error: Cannot find module 'vite'")
	// A call the steward turned down is their choice, not an error.
	c.tool("AskUserQuestion", obj{"question": "Which option?"}, "", "The user doesn't want to proceed with this tool use. The tool use was rejected.")
	msgs := c.analysed(testAnalyzer)

	got := errorsOf(buildViews(testAnalyzer, msgs))
	want := []baton.ErrorEncountered{
		{Error: "--- FAIL: TestSum sum_test.go:9: expected 2, got 3", Resolution: "`go test ./... -run TestSum` succeeded",
			Learned: "The issue was an off-by-one in the loop."},
		{Error: "String to replace not found in file.", Resolution: "I re-read the file; that works now."},
		{Error: "Error: Cannot find module 'vite'"},
	}
	if !slices.Equal(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		t.Errorf("errors\n%s", g)
	}
}

func TestRepositoriesAndTechnologies(t *testing.T) {
	c := newConvo()
	c.steward("The PostgreSQL store and the Go server live in https://github.com/baton-dev/baton/issues/4 — see https://github.com/login too.")
	c.tool("Bash", obj{"command": "git remote -v"}, "origin\tgit@gitlab.com:acme/shop.git (fetch)", "")
	c.tool("Edit", obj{"file_path": "/home/dev/baton/web/app.ts", "old_string": "a", "new_string": "b"}, "ok", "")
	// Dependencies are not repositories of the session.
	c.tool("Read", obj{"file_path": "/home/dev/baton/go.mod"}, "require github.com/jonreiter/govader v0.0.0", "")
	c.tool("Bash", obj{"command": "go get github.com/sergi/go-diff"}, "go: added github.com/sergi/go-diff v1.4.0", "")
	c.tool("Read", obj{"file_path": "/home/dev/go/pkg/mod/github.com/a/b@v1/x.go"}, "package b", "")
	c.tool("Read", obj{"file_path": "/home/dev/go/src/github.com/acme/tools/main.go"}, "package main", "")
	msgs := c.analysed(testAnalyzer)
	tc := technicalOf(buildViews(testAnalyzer, msgs), "/home/dev/baton")
	if want := []string{"github.com/baton-dev/baton", "gitlab.com/acme/shop", "github.com/acme/tools", "/home/dev/baton"}; !slices.Equal(tc.Repositories, want) {
		t.Errorf("repositories %q, want %q", tc.Repositories, want)
	}
	// Used before named: Go (run, its files read, named), Git (run),
	// TypeScript (edited); then PostgreSQL (only named by the steward).
	if want := []string{"Go", "Git", "TypeScript", "PostgreSQL"}; !slices.Equal(tc.Technologies, want) {
		t.Errorf("technologies %q, want %q", tc.Technologies, want)
	}
	if got, want := tc.TechnologyEvidence["Go"], "ran `go get github.com/sergi/go-diff`"; got != want {
		t.Errorf("Go's evidence %q, want %q", got, want)
	}
}

func TestSummary(t *testing.T) {
	c := newConvo()
	c.steward("We need a search page for the archive that finds sessions by title, tags and message text.")
	c.assistant("Let me look at the store first.")
	c.assistant("The archive already has an FTS5 index on message text, so search can reuse it for sessions.")
	c.steward("We'll go with SQLite FTS5 because it needs no extra server.")
	c.steward("Let's use htmx instead of React since the pages are server-rendered.")
	c.steward("We decided to drop the separate tag index.")
	c.assistant("I'll use grep to find the callers.")
	c.assistant("I'll use a map for the tag filter because lookups dominate the search path.")
	c.assistant("Not fixed yet, the ranking test still fails on ties.")
	c.steward("Is the ranking done?")
	for i := range 12 {
		c.assistant(fmt.Sprintf("Step %d of the search rewrite touched the ranking, the tokenizer and the snippet builder for archive sessions.", i+1))
	}
	c.assistant("I've implemented the search page with ranking by title, tags and message text.")
	c.steward("Great, the search page is shipped.")
	msgs := c.analysed(testAnalyzer)
	sum := summaryOf(buildViews(testAnalyzer, msgs))

	if len(sum.AutoGenerated) > maxSummary || sum.AutoGenerated == "" {
		t.Fatalf("summary of %d bytes: %q", len(sum.AutoGenerated), sum.AutoGenerated)
	}
	if !strings.HasPrefix(sum.AutoGenerated, "We need a search page for the archive") {
		t.Errorf("summary does not open with the ask: %q", sum.AutoGenerated)
	}
	// Sentences keep their order.
	var all strings.Builder
	for _, m := range msgs {
		all.WriteString(m.Content + "\n")
	}
	last := -1
	for _, s := range sentences(sum.AutoGenerated) {
		i := strings.Index(all.String(), strings.TrimSuffix(s, "."))
		if i < 0 || i < last {
			t.Errorf("sentence %q out of place", s)
		}
		last = i
	}
	wantDecisions := []baton.Decision{
		{Decision: "go with SQLite FTS5", Rationale: "it needs no extra server", Timestamp: msgs[3].Timestamp},
		{Decision: "use htmx", Rationale: "the pages are server-rendered", Alternatives: []string{"React"}, Timestamp: msgs[4].Timestamp},
		{Decision: "drop the separate tag index", Timestamp: msgs[5].Timestamp},
		{Decision: "use a map for the tag filter", Rationale: "lookups dominate the search path", Timestamp: msgs[7].Timestamp},
	}
	if !reflect.DeepEqual(sum.Decisions, wantDecisions) {
		t.Errorf("decisions\n got %+v\nwant %+v", sum.Decisions, wantDecisions)
	}
	// The steward's "We decided to drop …" is a decision (above), not work
	// done: it directs the work as a request does.
	wantOutcomes := []string{
		"I've implemented the search page with ranking by title, tags and message text.", "Great, the search page is shipped."}
	if !slices.Equal(sum.MainOutcomes, wantOutcomes) {
		t.Errorf("outcomes %q, want %q", sum.MainOutcomes, wantOutcomes)
	}
	if len(sum.KeyTopics) == 0 || len(sum.KeyTopics) > maxKeyTopics || !slices.ContainsFunc(sum.KeyTopics, func(t string) bool { return strings.Contains(t, "search") }) {
		t.Errorf("key topics %q", sum.KeyTopics)
	}
}

func TestQuality(t *testing.T) {
	c := newConvo()
	c.say(st, "The health check fails.", -0.4, IntentDebugging)
	c.say(as, "Let me look.", 0, IntentPlanning)
	c.tool("Bash", obj{"command": "go test ./health"}, "", "FAIL")
	c.tool("Bash", obj{"command": "go test ./health"}, "ok", "")
	c.tool("TodoWrite", obj{"todos": []obj{{"content": "Fix the check", "status": "completed"}, {"content": "Add an alert", "status": "pending"}}}, "ok", "")
	c.say(as, "Fixed, the check passes.", 0.5, IntentConfirmation)
	c.say(st, "Great, thanks!", 0.6, IntentExpression, Gratitude)

	s := &baton.Session{Title: "Health", Type: baton.SessionCode, Technical: baton.TechnicalContext{WorkingDirectory: "/srv", ToolVersion: "2.0"}}
	r := testAnalyzer.Session(s, c.msgs)
	want := []QualityPart{
		{QualityResolution, 0.25, 1, "1 of 1 errors resolved"},
		{QualityToolSuccess, 0.20, 0.667, "2 of 3 tool results succeeded"},
		// f = −0.4, l = 0.6: 0.5 + 1.0/2 + 0.15, clamped.
		{QualitySentiment, 0.20, 1, "sentiment -0.40 in the first third, +0.60 in the last"},
		// ½·min(1, 2/3) + ½·(1/2)
		{QualityEngagement, 0.15, 0.583, "2 steward turns, 1 answered"},
		// The steward's opening problem is a task too, fixed by the end.
		{QualityCompletion, 0.20, 0.667, "2 of 3 tasks completed"},
	}
	if !slices.Equal(r.Quality.Parts, want) {
		t.Errorf("parts\n got %+v\nwant %+v", r.Quality.Parts, want)
	}
	// .25 + .2·.667 + .2 + .15·.583 + .2·.667 = .80425
	if r.Quality.Score != 0.804 {
		t.Errorf("score %v, want 0.804", r.Quality.Score)
	}
	sum, total := 0.0, 0.0
	for _, p := range r.Quality.Parts {
		sum += p.Weight
		total += p.Weight * p.Value
	}
	if math.Abs(sum-1) > 1e-9 || math.Abs(total-r.Quality.Score) > 0.001 {
		t.Errorf("weights sum to %v, weighted sum %v vs score %v", sum, total, r.Quality.Score)
	}

	// A chat without tool calls has no tool-success part: the score is the
	// weighted mean of the other four (the page shows "Tool success 1.00").
	chat := newConvo()
	chat.say(st, "How long do I boil an egg?", 0, IntentQuestion)
	chat.say(as, "About nine minutes for a hard egg.", 0.2, IntentExpression)
	cr := testAnalyzer.Session(&baton.Session{Title: "Eggs"}, chat.msgs)
	weights, weighted := 0.0, 0.0
	for _, p := range cr.Quality.Parts {
		if p.Name == QualityToolSuccess {
			t.Errorf("chat without tools has a tool-success part %+v", p)
		}
		weights += p.Weight
		weighted += p.Weight * p.Value
	}
	if len(cr.Quality.Parts) != 4 || math.Abs(weighted/weights-cr.Quality.Score) > 0.001 {
		t.Errorf("chat quality %+v: want four parts, score the weighted mean %v", cr.Quality, weighted/weights)
	}

	if s.Title != "Health" || s.Type != baton.SessionCode || s.Technical.WorkingDirectory != "/srv" || s.Technical.ToolVersion != "2.0" {
		t.Errorf("session identity changed: %q %q %+v", s.Title, s.Type, s.Technical)
	}
	if s.QualityScore == nil || *s.QualityScore != r.Quality.Score || s.PeakCount != len(s.EmotionalArc.PeakMoments) {
		t.Errorf("session fields not written: score %v, peaks %d/%d", s.QualityScore, s.PeakCount, len(s.EmotionalArc.PeakMoments))
	}
	if !slices.Equal(s.Progress.TasksCompleted, []string{"The health check fails", "Fix the check"}) || s.Summary.AutoGenerated == "" {
		t.Errorf("progress %+v, summary %q", s.Progress, s.Summary.AutoGenerated)
	}
}

// Session analyses messages stored before analysis existed without
// changing them.
func TestSessionAnalysesRawMessages(t *testing.T) {
	c := newConvo()
	c.steward("this is so frustrating, nothing works")
	c.assistant("Let me check the logs.")
	c.steward("thanks, that fixed it!")
	before, _ := json.Marshal(c.msgs)
	s := &baton.Session{}
	testAnalyzer.Session(s, c.msgs)
	after, _ := json.Marshal(c.msgs)
	if string(before) != string(after) {
		t.Error("Session changed the messages")
	}
	if !slices.Equal(s.EmotionalArc.StartingMood, []string{Frustration}) || !slices.Contains(s.EmotionalArc.EndingMood, Gratitude) {
		t.Errorf("moods %v → %v", s.EmotionalArc.StartingMood, s.EmotionalArc.EndingMood)
	}
}

func TestSessionEmpty(t *testing.T) {
	s := &baton.Session{Title: "empty"}
	r := testAnalyzer.Session(s, nil)
	b, err := json.Marshal(s)
	if err != nil || s.QualityScore == nil || len(r.Patterns) != 0 || s.Title != "empty" {
		t.Errorf("empty session: %s, %v", b, err)
	}
	for _, null := range []string{`"starting_mood":null`, `"tasks_discussed":null`, `"key_topics":null`, `"repositories":null`} {
		if strings.Contains(string(b), null) {
			t.Errorf("empty session has %s", null)
		}
	}
}
