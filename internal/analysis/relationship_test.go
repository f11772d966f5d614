package analysis

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// Each rule of Exchange, on its own, from a trust of 0.5.
func TestTrustRules(t *testing.T) {
	tests := []struct {
		name     string
		build    func(c *convo)
		outcomes []Outcome
		trust    float64
	}{
		{"simple successes", func(c *convo) {
			c.say(st, "What does the flag do?", 0, IntentQuestion)
			c.say(as, "It turns on verbose logs.", 0, IntentExpression)
			c.say(st, "And the other one?", 0, IntentQuestion)
			c.say(as, "It sets the port.", 0, IntentExpression)
		}, []Outcome{OutcomeSuccess, OutcomeSuccess}, 0.54},

		{"complex by tool calls", func(c *convo) {
			c.say(st, "Find where sessions are saved.", 0, IntentRequest)
			c.tool("Grep", obj{"pattern": "SaveSession"}, "store.go", "")
			c.tool("Read", obj{"file_path": "store.go"}, "package store", "")
			c.tool("Bash", obj{"command": "go doc ./store"}, "ok", "")
			c.say(as, "In store.SaveSession.", 0, IntentExpression)
		}, []Outcome{OutcomeComplexSuccess}, 0.55},

		{"complex by code change", func(c *convo) {
			c.say(st, "Rename the field.", 0, IntentRequest)
			c.tool("Edit", obj{"file_path": "a.go", "old_string": "Foo", "new_string": "Bar"}, "ok", "")
		}, []Outcome{OutcomeComplexSuccess}, 0.55},

		{"failure: negative reaction", func(c *convo) {
			c.say(st, "Make the button blue.", 0, IntentRequest)
			c.say(as, "Done.", 0, IntentConfirmation)
			c.say(st, "That's not what I asked.", -0.4, IntentClarification)
		}, []Outcome{OutcomeFailure, ""}, 0.45},

		{"failure: frustrated reaction", func(c *convo) {
			c.say(st, "Make the button blue.", 0, IntentRequest)
			c.say(as, "Done.", 0, IntentConfirmation)
			c.say(st, "ugh, again.", -0.1, IntentExpression, Frustration)
		}, []Outcome{OutcomeFailure, ""}, 0.45},

		{"failure: ends in an unresolved error", func(c *convo) {
			c.say(st, "Build it.", 0, IntentRequest)
			c.tool("Bash", obj{"command": "make"}, "", "make: *** [all] Error 2")
			c.say(as, "I could not get it to build.", 0, IntentExpression)
		}, []Outcome{OutcomeFailure}, 0.45},

		{"failure: an error never resolved, though later calls worked", func(c *convo) {
			c.say(st, "Deploy it.", 0, IntentRequest)
			c.tool("Bash", obj{"command": "kubectl apply -f app.yaml"}, "", "error: connection refused")
			c.tool("Read", obj{"file_path": "notes.md"}, "ok", "")
			c.say(as, "I read the notes instead.", 0, IntentExpression)
		}, []Outcome{OutcomeFailure}, 0.45},

		{"serious failure: strongly negative reaction", func(c *convo) {
			c.say(st, "Fix the flaky test.", 0, IntentDebugging)
			c.say(as, "Done, I deleted it.", 0, IntentConfirmation)
			c.say(st, "Deleting tests is terrible, awful, never do that!", -0.8, IntentExpression, Frustration)
		}, []Outcome{OutcomeSeriousFailure, ""}, 0.4},

		{"serious failure: repeated failure", func(c *convo) {
			c.say(st, "Make the button blue.", 0, IntentRequest)
			c.say(as, "Done.", 0, IntentConfirmation)
			c.say(st, "No, still wrong.", -0.4, IntentClarification)
			c.say(as, "Fixed now.", 0, IntentConfirmation)
			c.say(st, "Still wrong.", -0.4, IntentClarification)
			c.say(as, "Changed it.", 0, IntentConfirmation)
			c.say(st, "Thanks.", 0.4, IntentExpression, Gratitude)
		}, []Outcome{OutcomeFailure, OutcomeSeriousFailure, OutcomeSuccess, ""}, 0.37},

		{"errors the steward welcomes are no failure", func(c *convo) {
			c.say(st, "Reproduce the flaky test.", 0, IntentDebugging)
			c.tool("Bash", obj{"command": "go test -count=50 ./search"}, "", "--- FAIL: TestRank")
			c.say(as, "It fails 1 run in 12: the databases are shared.", 0, IntentDebugging)
			c.say(st, "Oh wow, that explains it. Go ahead.", 0.5, IntentConfirmation, Excitement)
		}, []Outcome{OutcomeSuccess, ""}, 0.52},

		{"a lookup that missed is no failure", func(c *convo) {
			c.say(st, "Where is the config?", 0, IntentQuestion)
			c.tool("Read", obj{"file_path": "config.yaml"}, "", "File does not exist.")
			c.tool("Glob", obj{"pattern": "**/config*"}, "conf/config.toml", "")
			c.say(as, "It is conf/config.toml.", 0, IntentExpression)
		}, []Outcome{OutcomeSuccess}, 0.52},

		{"an error resolved in the exchange", func(c *convo) {
			c.say(st, "Make the tests pass.", 0, IntentRequest)
			c.tool("Bash", obj{"command": "go test ./..."}, "", "FAIL")
			c.tool("Edit", obj{"file_path": "a.go", "old_string": "<=", "new_string": "<"}, "ok", "")
			c.tool("Bash", obj{"command": "go test ./..."}, "ok", "")
		}, []Outcome{OutcomeComplexSuccess}, 0.55},

		{"no work, no judgement", func(c *convo) {
			c.say(st, "Hello?", 0, IntentQuestion)
			c.say(st, "Anyone there?", 0, IntentQuestion)
		}, []Outcome{"", ""}, 0.5},
	}
	for _, tt := range tests {
		c := newConvo()
		tt.build(c)
		ex := Exchanges(c.msgs)
		var got []Outcome
		for _, e := range ex {
			got = append(got, e.Outcome)
		}
		if !slices.Equal(got, tt.outcomes) {
			t.Errorf("%s: outcomes %q, want %q (%+v)", tt.name, got, tt.outcomes, ex)
		}
		if rel := Relationship(TrustStart, &baton.Session{}, c.msgs); !near(rel.TrustLevel, tt.trust) {
			t.Errorf("%s: trust %v, want %v", tt.name, rel.TrustLevel, tt.trust)
		}
	}
}

func TestTrustClamping(t *testing.T) {
	ex := func(ds ...float64) []Exchange {
		var out []Exchange
		for _, d := range ds {
			out = append(out, Exchange{Delta: d})
		}
		return out
	}
	tests := []struct {
		prev float64
		ex   []Exchange
		want float64
	}{
		{0.98, ex(0.05), 0.99},
		{0.99, ex(0.05, -0.05), 0.94}, // clamped after each step, not at the end
		{0.12, ex(-0.10), 0.1},
		{0.1, ex(-0.10, 0.02), 0.12},
		{0, ex(0.02), 0.52}, // no previous session: start at 0.5
		{-1, nil, 0.5},      // likewise
		{1.5, nil, 0.99},    // out of range comes back in
		{0.05, nil, 0.1},
		{0.5, ex(0.05, 0.05, -0.05, -0.10, 0.02), 0.47},
	}
	for _, tt := range tests {
		if got := applyTrust(tt.prev, tt.ex); !near(got, tt.want) {
			t.Errorf("applyTrust(%v, %v) = %v, want %v", tt.prev, tt.ex, got, tt.want)
		}
	}
}

func TestCollaborationStyle(t *testing.T) {
	tests := []struct {
		intents []string
		want    baton.CollaborationStyle
	}{
		{[]string{IntentRequest, IntentRequest, IntentDebugging, IntentQuestion}, baton.StyleDirective},
		{[]string{IntentQuestion, IntentLearning, IntentRequest}, baton.StyleExplorative},
		{[]string{IntentExpression, IntentExpression, IntentRequest}, baton.StyleSupportive},
		{[]string{IntentPlanning, IntentConfirmation, IntentRequest}, baton.StyleCollaborative},
		{[]string{IntentRequest, IntentQuestion, IntentExpression, IntentPlanning}, baton.StyleCollaborative},
		{nil, baton.StyleCollaborative},
	}
	for _, tt := range tests {
		c := newConvo()
		for _, in := range tt.intents {
			c.say(st, "message", 0, in)
			c.say(as, "reply", 0, IntentExpression)
		}
		if got := Relationship(TrustStart, &baton.Session{}, c.msgs).CollaborationStyle; got != tt.want {
			t.Errorf("%v: style %q, want %q", tt.intents, got, tt.want)
		}
	}
}

func TestCommunicationAndGrowth(t *testing.T) {
	c := newConvo()
	c.say(st, "Plan: first the schema, then the API.", 0, IntentPlanning)
	c.say(as, "Sounds right.", 0, IntentExpression)
	c.say(st, "Thanks, now the schema.", 0.3, IntentPlanning, Gratitude)
	for range 5 {
		c.tool("Read", obj{"file_path": "schema.sql"}, "ok", "")
	}
	c.say(st, "Thanks!", 0.5, IntentExpression, Gratitude)
	c.say(as, "You're welcome.", 0.5, IntentExpression)
	s := &baton.Session{Progress: baton.Progress{TasksCompleted: []string{"schema"}}}
	rel := Relationship(TrustStart, s, c.msgs)
	wantPatterns := []string{"concise messages", "plans ahead", "expresses gratitude", "delegates multi-step work"}
	if !slices.Equal(rel.CommunicationPatterns, wantPatterns) {
		t.Errorf("patterns %q, want %q", rel.CommunicationPatterns, wantPatterns)
	}
	// 0.5 + 0.02 + 0.05 + 0.02
	wantGrowth := []string{"trust rose from 0.50 to 0.59", "sentiment improved over the session", "completed 1 task"}
	if !slices.Equal(rel.GrowthIndicators, wantGrowth) || !near(rel.TrustLevel, 0.59) {
		t.Errorf("growth %q (trust %v), want %q", rel.GrowthIndicators, rel.TrustLevel, wantGrowth)
	}
}

func TestRelationshipSeries(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2025, 3, d, 9, 0, 0, 0, time.UTC) }

	good := newConvo() // one complex success, sentiments 0.4 and 0.6
	good.say(st, "Add the index.", 0.4, IntentRequest)
	good.tool("Edit", obj{"file_path": "m.sql", "old_string": "a", "new_string": "b"}, "ok", "")
	good.say(as, "Added it.", 0.6, IntentConfirmation)

	bad := newConvo() // one serious failure, sentiments 0, −0.8
	bad.say(st, "Speed up the query.", 0, IntentRequest)
	bad.say(as, "I removed the WHERE clause.", 0, IntentExpression)
	bad.say(st, "That's terrible, it deletes everything!", -0.8, IntentExpression, Frustration)

	idle := newConvo() // nothing judged
	idle.say(st, "Just a note for later.", 0, IntentExpression)

	sessions := []*baton.Session{
		{ID: "bad", StartedAt: day(2)}, {ID: "idle", StartedAt: day(3)}, {ID: "good", StartedAt: day(1)},
	}
	points := RelationshipSeries(sessions, map[string][]*baton.Message{"good": good.msgs, "bad": bad.msgs, "idle": idle.msgs})
	want := []RelationshipPoint{
		// health: ½·1 + ¼·(0.5+1)/2 + ¼·1
		{SessionID: "good", StartedAt: day(1), Trust: 0.55, Health: 0.938, Sentiment: 0.5, Momentum: MomentumBuilding,
			Style: baton.StyleDirective, Exchanges: 1, Successes: 1},
		// health: ½·0 + ¼·(−0.2667+1)/2 + ¼·1
		{SessionID: "bad", StartedAt: day(2), Trust: 0.45, Health: 0.342, Sentiment: -0.2667, Momentum: MomentumStalled,
			Style: baton.StyleDirective, Exchanges: 1},
		{SessionID: "idle", StartedAt: day(3), Trust: 0.45, Health: 0.625, Sentiment: 0, Momentum: MomentumStalled,
			Style: baton.StyleSupportive},
	}
	if !slices.Equal(points, want) {
		t.Errorf("series\n got %+v\nwant %+v", points, want)
	}

	// One session at a time, from the previous step's trust and health,
	// gives the same points as the whole replay.
	msgs := map[string][]*baton.Message{"good": good.msgs, "bad": bad.msgs, "idle": idle.msgs}
	trust, health := 0.0, -1.0
	for i, id := range []string{"good", "bad", "idle"} {
		s := &baton.Session{ID: id, StartedAt: want[i].StartedAt}
		rel, p := testAnalyzer.SessionRelationship(trust, health, s, msgs[id])
		if p != want[i] || rel.TrustLevel != want[i].Trust {
			t.Errorf("step %s: %+v (trust %v), want %+v", id, p, rel.TrustLevel, want[i])
		}
		trust, health = p.Trust, p.Health
	}
}

func TestMomentum(t *testing.T) {
	success := func(sent float64) []*baton.Message {
		c := newConvo()
		c.say(st, "Do it.", sent, IntentRequest)
		c.say(as, "Done.", sent, IntentConfirmation)
		return c.msgs
	}
	complexSuccess := func() []*baton.Message {
		c := newConvo()
		c.say(st, "Change it.", 0, IntentRequest)
		c.tool("Edit", obj{"file_path": "a.go", "old_string": "a", "new_string": "b"}, "ok", "")
		return c.msgs
	}
	day := func(d int) time.Time { return time.Date(2025, 3, d, 9, 0, 0, 0, time.UTC) }
	sessions := []*baton.Session{{ID: "1", StartedAt: day(1)}, {ID: "2", StartedAt: day(2)}, {ID: "3", StartedAt: day(3)}}
	points := RelationshipSeries(sessions, map[string][]*baton.Message{
		"1": complexSuccess(), // +0.05: building
		"2": success(0),       // +0.02 and health steady: building
		"3": success(-0.9),    // +0.02 but health falls by more than 0.1 (sentiment): slowing
	})
	var got []string
	for _, p := range points {
		got = append(got, p.Momentum)
	}
	if want := []string{MomentumBuilding, MomentumBuilding, MomentumSlowing}; !slices.Equal(got, want) {
		t.Errorf("momentum %q, want %q (%+v)", got, want, points)
	}
}

// A session's trust effect (one shift and clamp) gives the trust that
// adding its exchanges' deltas one by one, clamping after each, gives.
func TestTrustEffectIsTheSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	deltas := []float64{0.02, 0.05, -0.05, -0.10, 0}
	for n := 0; n < 20000; n++ {
		ex := make([]Exchange, r.IntN(40))
		for i := range ex {
			ex[i].Delta = deltas[r.IntN(len(deltas))]
		}
		prev := []float64{0, TrustMin, TrustMax, 0.05, 1.2, r.Float64()}[r.IntN(6)]
		step := prev
		if step <= 0 {
			step = TrustStart
		}
		step = clamp(step, TrustMin, TrustMax)
		for _, e := range ex {
			step = clamp(step+e.Delta, TrustMin, TrustMax)
		}
		if got := applyTrustEffect(trustEffectOf(ex), prev); got != round4(step) {
			t.Fatalf("from %v with deltas %v: effect %v, steps %v", prev, ex, got, round4(step))
		}
	}
}

// A session's relationship step counts the errors its report found: the
// report's errors are those errorsOf finds in the same views, resolved
// and not, so a service handing the report's errors on computes the step
// the analyser does.
func TestRelationshipStepTakesTheReportsErrors(t *testing.T) {
	vs := buildViews(New(), syntheticSession(60))
	ex := exchangesOf(vs)
	report := reportOf("/home/dev/baton", "", vs, ex)
	if len(report.Technical.Errors) == 0 {
		t.Fatal("the session has no errors to count")
	}
	if !reflect.DeepEqual(report.Technical.Errors, errorsOf(vs)) {
		t.Fatalf("report's errors %+v, errorsOf %+v", report.Technical.Errors, errorsOf(vs))
	}
	sess := &baton.Session{}
	relA, pointA := sessionRelationshipOf(0.6, 0.5, sess, vs, ex, report.Technical.Errors)
	relB, pointB := New().SessionRelationship(0.6, 0.5, sess, syntheticSession(60))
	if !reflect.DeepEqual(relA, relB) || pointA != pointB {
		t.Errorf("with the report's errors %+v %+v, as the analyser computes it %+v %+v", relA, pointA, relB, pointB)
	}
}
