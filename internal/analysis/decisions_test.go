package analysis

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionsWithRationaleAndAlternatives: decisions as real sessions
// state them — "instead of … because …", a choice already made ("I
// switched to X since Y"), "the fix is to …", an option the steward picks
// from those offered, a recommendation the steward accepts — each with
// its rationale and the alternatives turned down; a recommendation the
// steward answers with something else is none.
func TestDecisionsWithRationaleAndAlternatives(t *testing.T) {
	c := newConvo()
	c.steward("We'll start fresh instead of forking the old billing repo, because its history is full of customer data.")
	c.assistant("I switched to the official installer script since the marketplace action pins an old version.")
	c.assistant("The fix is to raise the webhook timeout to 30 seconds.")
	c.assistant("Three ways to version the API:\n\n**Option A — URL prefix** (/v2/…)\n**Option B — Accept header**\n**Option C — Date-based versions** like Stripe")
	c.steward("option C, because our partners already pin dates")
	c.assistant("I'd recommend Redis streams for the job queue — it is already in the stack.")
	c.steward("sounds good")
	c.assistant("I'd go with a nightly cron for the export.")
	c.steward("no, let's keep it on demand")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Summary.Decisions
	find := func(text string) *baton.Decision {
		for i := range got {
			if got[i].Decision == text {
				return &got[i]
			}
		}
		t.Errorf("decisions %+v lack %q", got, text)
		return nil
	}
	if d := find("start fresh"); d != nil && (d.Rationale != "its history is full of customer data" || !slices.Equal(d.Alternatives, []string{"forking the old billing repo"})) {
		t.Errorf("start fresh: %+v", d)
	}
	if d := find("switch to the official installer script"); d != nil && d.Rationale != "the marketplace action pins an old version" {
		t.Errorf("installer: %+v", d)
	}
	find("raise the webhook timeout to 30 seconds")
	if d := find("Date-based versions like Stripe"); d != nil && (d.Rationale != "our partners already pin dates" || len(d.Alternatives) != 2) {
		t.Errorf("option C: %+v", d)
	}
	if d := find("Redis streams for the job queue"); d != nil && d.Rationale != "it is already in the stack" {
		t.Errorf("recommendation: %+v", d)
	}
	for _, d := range got {
		if d.Decision == "a nightly cron for the export" || d.Decision == "go with a nightly cron for the export" {
			t.Errorf("a recommendation the steward turned down became a decision: %+v", d)
		}
	}
}

// decisionsFrom runs the decision extraction on a conversation, with the
// timestamps dropped (TestSummary checks them).
func decisionsFrom(c *convo) []baton.Decision {
	ds := decisionsOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for i := range ds {
		ds[i].Timestamp = time.Time{}
	}
	return ds
}

func checkDecisions(t *testing.T, c *convo, want []baton.Decision) {
	t.Helper()
	if want == nil {
		want = []baton.Decision{}
	}
	if got := decisionsFrom(c); !reflect.DeepEqual(got, want) {
		t.Errorf("decisions\n got %+v\nwant %+v", got, want)
	}
}

// checkStewardSaysNoDecision checks that each message, the steward's
// alone in a conversation, states no decision.
func checkStewardSaysNoDecision(t *testing.T, messages ...string) {
	t.Helper()
	for _, m := range messages {
		c := newConvo()
		c.steward(m)
		checkDecisions(t, c, nil)
	}
}

func TestDecisionOfferAndPick(t *testing.T) {
	c := newConvo()
	c.steward("How should the changelog credit outside contributors?")
	c.assistant("Here are the common patterns:\n\n**Option A — New Contributors section (GitHub style)**\n\nSimple.\n\n" +
		"**Option B — Inline attribution**\n\nPer entry.\n\n**Option C — Thank you footer (Homebrew)**\n\nA short callout.\n\n" +
		"**My recommendation:** Go with **Option A**, it is what most people recognise.")
	c.steward("I like Option C")
	checkDecisions(t, c, []baton.Decision{{Decision: "Thank you footer",
		Alternatives: []string{"New Contributors section", "Inline attribution"}}})

	// A numbered pick with a reason, and "the second one".
	c = newConvo()
	c.assistant("Option 1: keep the cron job\nOption 2: move the job to a queue worker")
	c.steward("go with 2 because retries come for free")
	c.assistant("Option A: SQLite\nOption B: PostgreSQL")
	c.steward("the second one")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "move the job to a queue worker", Rationale: "retries come for free", Alternatives: []string{"keep the cron job"}},
		{Decision: "PostgreSQL", Alternatives: []string{"SQLite"}},
	})
}

func TestDecisionInsteadOfBecause(t *testing.T) {
	c := newConvo()
	c.steward("Start fresh instead of forking the old exporter, because its schema is wrong.")
	c.assistant("I switched to the official install script since the retry action wraps a command.")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "Start fresh instead of forking the old exporter", Rationale: "its schema is wrong",
			Alternatives: []string{"forking the old exporter"}},
		{Decision: "switch to the official install script", Rationale: "the retry action wraps a command"},
	})
}

func TestDecisionRecommendationAccepted(t *testing.T) {
	c := newConvo()
	c.assistant("I recommend the Keep a Changelog format — it's the closest thing to a standard.")
	c.steward("sounds good")
	checkDecisions(t, c, []baton.Decision{{Decision: "the Keep a Changelog format", Rationale: "it's the closest thing to a standard"}})

	// Not accepted: the steward asks something else.
	c = newConvo()
	c.assistant("I recommend the Keep a Changelog format — it's the closest thing to a standard.")
	c.steward("What other formats are there?")
	checkDecisions(t, c, nil)
}

func TestDecisionAnsweredQuestion(t *testing.T) {
	c := newConvo()
	c.tool("AskUserQuestion", obj{"questions": []obj{{
		"question": "Which output format should be the default?", "header": "Format", "multiSelect": false,
		"options": []obj{{"label": "Markdown (Recommended)", "description": "models read it best"}, {"label": "JSON"}},
	}, {
		"question": "Ready to go?", "header": "Confirm", "multiSelect": false,
		"options": []obj{{"label": "Proceed"}, {"label": "Change something"}},
	}}}, `User has answered your questions: "Which output format should be the default?"="Markdown (Recommended)", "Ready to go?"="Proceed". You can now continue with the user's answers in mind.`, "")
	checkDecisions(t, c, []baton.Decision{{Decision: "Format: Markdown", Rationale: "models read it best", Alternatives: []string{"JSON"}}})
}

func TestDecisionJapanese(t *testing.T) {
	c := newConvo()
	c.steward("どうやらLLMがMarkdownを頑固に使ってくるのでデフォルトをMarkdownにしたほうがよさそう")
	c.steward("JSONではなくYAMLで行きましょう。")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "デフォルトをMarkdownにする", Rationale: "LLMがMarkdownを頑固に使ってくる"},
		{Decision: "YAML", Alternatives: []string{"JSON"}},
	})
}

func TestDecisionNegatives(t *testing.T) {
	c := newConvo()
	// A question.
	c.steward("Should we use Redis instead of Memcached?")
	c.assistant("Either works here.")
	// A hypothetical.
	c.steward("If we used Kafka instead of the queue table we would need another server.")
	c.steward("The hook can work instead of the daemon but also beside it.")
	// Options the steward never picks from.
	c.assistant("Option A: rewrite the parser\nOption B: patch the tokenizer")
	c.steward("Let me think about it, first show me the failing test.")
	// A recommendation the steward does not answer.
	c.assistant("I'd recommend a retry with backoff.")
	checkDecisions(t, c, nil)
}

// TestDecisionAnswerOutsideOptions: the offered label is picked even
// when the answer drops its "(Recommended)" mark; an answer written in
// place of the options (a remark, a question back, "no") picks nothing.
func TestDecisionAnswerOutsideOptions(t *testing.T) {
	ask := func(answer string) *convo {
		c := newConvo()
		c.tool("AskUserQuestion", obj{"questions": []obj{{
			"question": "Where should the generated diagram go?", "header": "Output dir", "multiSelect": false,
			"options": []obj{{"label": "docs/generated/ (Recommended)"}, {"label": "docs/diagrams/"}},
		}}}, `User has answered your questions: "Where should the generated diagram go?"="`+answer+`". You can now continue with the user's answers in mind.`, "")
		return c
	}
	checkDecisions(t, ask("keep it beside the command in cmd/graph"), nil)
	// The offered label without its "(Recommended)" mark is the option.
	checkDecisions(t, ask("docs/generated/"), []baton.Decision{{Decision: "Output dir: docs/generated/", Alternatives: []string{"docs/diagrams/"}}})
	checkDecisions(t, ask("what is the difference?"), nil)
	checkDecisions(t, ask("no"), nil)
}

// TestDecisionCarriedOutInExportedText: a transcript exported as text
// shows its edits as console lines ("⏺ Update(…)"), not tool calls; a
// choice announced with its reason and then made there is carried out.
func TestDecisionCarriedOutInExportedText(t *testing.T) {
	c := newConvo()
	c.assistant("I'll use the internal helper instead of calling the package directly (which is the pattern used elsewhere).\n\n" +
		"⏺ Update(internal/app/run.go)\n  ⎿  Updated internal/app/run.go with 2 additions and 2 removals")
	checkDecisions(t, c, []baton.Decision{{Decision: "use the internal helper instead of calling the package directly",
		Rationale: "is the pattern used elsewhere", Alternatives: []string{"calling the package directly"}}})

	c = newConvo()
	c.assistant("I'll use the internal helper instead of calling the package directly (which is the pattern used elsewhere).\n\n" +
		"⏺ Read(internal/app/run.go)\n  ⎿  Read 40 lines")
	checkDecisions(t, c, nil)
}

// A tool input is decoded for its questions only when mayAskQuestions
// says it may hold them: it must say so of every key encoding/json takes
// for "questions", and no to inputs without one.
func TestMayAskQuestionsKeepsEveryKeyDecoded(t *testing.T) {
	options := `[{"question":"Which store?","options":[{"label":"SQLite"},{"label":"Postgres"}]}]`
	for _, key := range []string{"questions", "Questions", "QUESTIONS", "qUeStIoNs", "queſtions", `\u0071uestions`, `que\u0073tions`} {
		input := []byte(`{"` + key + `":` + options + `}`)
		var in askedQuestion
		if err := json.Unmarshal(input, &in); err != nil || len(in.Questions) != 1 {
			t.Fatalf("%s: encoding/json read %d questions (%v); the case is not one it takes", key, len(in.Questions), err)
		}
		if !mayAskQuestions(input) {
			t.Errorf("%s: mayAskQuestions says no to a key encoding/json reads", key)
		}
	}
	for _, input := range []string{`{"command":"ls -la"}`, `{"query":"quest logs","file_path":"/src/request.go"}`, `{"content":"Q: uestion?"}`, ``} {
		if mayAskQuestions([]byte(input)) {
			t.Errorf("%s: mayAskQuestions says yes to an input without questions", input)
		}
	}
}

// TestDecisionLabelledByTheAssistant: the assistant stating its decision
// as one ("Decision: freeze the schema with the v2 columns alone", "The
// decision is to X") decided it, whether or not it gives a reason, as
// "we decided to X" does; a decision still open ("Decision needed: X or
// Y?") decides nothing.
func TestDecisionLabelledByTheAssistant(t *testing.T) {
	c := newConvo()
	c.steward("Go with your plan.")
	c.assistant("The backfill finished. Decision: **freeze the schema with the v2 columns alone.** Re-run the import, tag it, stop before the release.")
	checkDecisions(t, c, []baton.Decision{{Decision: "freeze the schema with the v2 columns alone"}})

	c = newConvo()
	c.assistant("Both would work. The decision is to keep the sessions in SQLite, since the app already ships with it.")
	checkDecisions(t, c, []baton.Decision{{Decision: "keep the sessions in SQLite", Rationale: "the app already ships with it"}})

	c = newConvo()
	c.assistant("One thing is still open. Decision needed: keep the sessions in SQLite or move them to Redis?")
	checkDecisions(t, c, nil)
}
