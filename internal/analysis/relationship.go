package analysis

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// Outcome is how an exchange went, for trust.
type Outcome string

// Exchange outcomes and what each does to trust.
const (
	OutcomeSuccess        Outcome = "success"         // +0.02
	OutcomeComplexSuccess Outcome = "complex_success" // +0.05
	OutcomeFailure        Outcome = "failure"         // −0.05
	OutcomeSeriousFailure Outcome = "serious_failure" // −0.10
)

var outcomeDelta = map[Outcome]float64{
	OutcomeSuccess:        0.02,
	OutcomeComplexSuccess: 0.05,
	OutcomeFailure:        -0.05,
	OutcomeSeriousFailure: -0.10,
}

// Trust bounds and the trust of a first session.
const (
	TrustStart = 0.5
	TrustMin   = 0.1
	TrustMax   = 0.99
)

// Thresholds on the steward's next message.
const (
	negativeReaction = -0.3 // at or below: a negative reaction
	strongReaction   = -0.6 // at or below: a strongly negative one
	positiveReaction = 0.3  // at or above: a positive one
)

// Exchange is one steward turn and the assistant's work on it: a steward
// message with prose and every message up to the next one.
//
// An exchange is judged only when the assistant worked on it (answered in
// prose or called a tool):
//
//   - It fails when the steward's next message is negative (sentiment ≤
//     −0.3, or frustration among its emotions), or when it ends in an
//     unresolved error: its last tool result failed with no message after
//     it saying fixed / works / passes, or a failed call — other than a
//     lookup (Read, Grep, Glob, LS, WebFetch, WebSearch) that simply missed
//     — was never resolved within the exchange (no later success of the
//     same tool on the same target, no message saying it is fixed). A
//     positive next message (sentiment ≥ 0.3, or relief, gratitude,
//     satisfaction or excitement) means the steward took the outcome as it
//     was, errors and all — a reproduced bug fails on purpose — and the
//     exchange does not fail for its errors.
//   - A failure is serious when the next message is strongly negative
//     (sentiment ≤ −0.6) or the previous judged exchange failed too
//     (repeated failure).
//   - Otherwise it succeeds, and the success is complex when it took three
//     tool calls or more, or changed code (a successful Edit, MultiEdit,
//     Write or NotebookEdit).
type Exchange struct {
	StartSeq   int64   `json:"start_seq"`
	EndSeq     int64   `json:"end_seq"`
	ToolCalls  int     `json:"tool_calls"`
	CodeChange bool    `json:"code_change"`
	Errors     int     `json:"errors"`
	Unresolved int     `json:"unresolved"`
	Reacted    bool    `json:"reacted"`  // the steward spoke again
	Reaction   float64 `json:"reaction"` // the sentiment of that next message
	Outcome    Outcome `json:"outcome,omitempty"`
	Delta      float64 `json:"delta"`

	worked bool // the assistant answered in prose or called a tool
}

// Exchanges splits a conversation into exchanges and judges each. Messages
// never analysed are analysed on a copy.
func Exchanges(msgs []*baton.Message) []Exchange {
	return exchangesOf(buildViews(defaultAnalyzer(), msgs))
}

// lookups are the tools whose failures are misses, not breakage.
var lookups = set("Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "NotebookRead", "ToolSearch")

func exchangesOf(vs []view) []Exchange {
	var starts []int
	for i := range vs {
		if vs[i].text && vs[i].steward() {
			starts = append(starts, i)
		}
	}
	// One exchange per start: the slice is made once, not grown by
	// copying (a 150,000-message session's were 7 MB, live beside the
	// views for the whole analysis).
	var out []Exchange
	if len(starts) > 0 {
		out = make([]Exchange, 0, len(starts))
	}
	prevFailed := false
	for k, s := range starts {
		end := len(vs) - 1
		if k+1 < len(starts) {
			end = starts[k+1] - 1
		}
		e := Exchange{StartSeq: vs[s].m.Seq, EndSeq: vs[end].m.Seq}
		lastResult := -1
		for i := s + 1; i <= end; i++ {
			v := &vs[i]
			if v.assistant() || v.m.Role == baton.RoleToolCall || v.m.Role == baton.RoleToolResult {
				e.worked = true
			}
			for _, c := range v.calls {
				e.ToolCalls++
				if !c.failed && (c.op() == "write" || c.op() == "edit") {
					e.CodeChange = true
				}
			}
			if v.m.Role != baton.RoleToolResult {
				continue
			}
			lastResult = i
			if !v.failed {
				continue
			}
			e.Errors++
			if _, at, _ := resolve(vs, i); at < 0 || at > end {
				if v.call == nil || !lookups[v.call.Name] {
					e.Unresolved++
				}
			}
		}
		endsInError := false
		if lastResult >= 0 && vs[lastResult].failed {
			endsInError = true
			for i := lastResult + 1; i <= end; i++ {
				if vs[i].fixes && fixSentence(vs[i].prose) != "" {
					endsInError = false
				}
			}
		}
		negative, strong, positive := false, false, false
		if k+1 < len(starts) {
			next := &vs[starts[k+1]]
			e.Reacted = true
			e.Reaction = next.sem.Sentiment
			negative = e.Reaction <= negativeReaction || hasEmotion(next.sem.Emotions, Frustration)
			strong = e.Reaction <= strongReaction
			positive = !negative && (e.Reaction >= positiveReaction || hasEmotion(next.sem.Emotions, Relief) ||
				hasEmotion(next.sem.Emotions, Gratitude) || hasEmotion(next.sem.Emotions, Satisfaction) ||
				hasEmotion(next.sem.Emotions, Excitement))
		}
		if e.worked {
			switch {
			case negative || ((endsInError || e.Unresolved > 0) && !positive):
				e.Outcome = OutcomeFailure
				if strong || prevFailed {
					e.Outcome = OutcomeSeriousFailure
				}
				prevFailed = true
			case e.ToolCalls >= 3 || e.CodeChange:
				e.Outcome = OutcomeComplexSuccess
				prevFailed = false
			default:
				e.Outcome = OutcomeSuccess
				prevFailed = false
			}
			e.Delta = outcomeDelta[e.Outcome]
		}
		out = append(out, e)
	}
	return out
}

func hasEmotion(es []string, e string) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}

// applyTrust adds each exchange's delta to prev, clamping to
// [TrustMin, TrustMax] after every step. A prev of 0 or less means a first
// session: TrustStart.
func applyTrust(prev float64, ex []Exchange) float64 {
	return applyTrustEffect(trustEffectOf(ex), prev)
}

// trustEffectOf is what a session's exchanges do to trust, whatever it
// was before: adding each delta and clamping after every step is a map
// of the same shape as each step, a shift clamped to a range, so the
// steps compose into one (shift by their sum, then clamp to where the
// bounds went). The store keeps it with the session's analysis, so a
// session's trust follows when one before it is analysed later, without
// reading its messages again.
func trustEffectOf(ex []Exchange) baton.TrustEffect {
	e := baton.TrustEffect{Low: TrustMin, High: TrustMax}
	for _, x := range ex {
		e.Shift += x.Delta
		e.Low = clamp(e.Low+x.Delta, TrustMin, TrustMax)
		e.High = clamp(e.High+x.Delta, TrustMin, TrustMax)
	}
	return e
}

// applyTrustEffect is the trust after a session with effect e, given the
// trust after the previous one (0 or less for a first session).
func applyTrustEffect(e baton.TrustEffect, prev float64) float64 {
	t := prev
	if t <= 0 {
		t = TrustStart
	}
	return round4(min(e.High, max(e.Low, clamp(t, TrustMin, TrustMax)+e.Shift)))
}

// Relationship computes the steward–assistant relationship after a
// session, given the trust level after the previous one (TrustStart, or 0,
// for a first session).
//
// Trust moves once per judged exchange (see Exchange): +0.02 for a
// success, +0.05 for a complex success, −0.05 for a failure, −0.10 for a
// serious failure, clamped to 0.1..0.99 after each step.
//
// The collaboration style comes from the steward's intents: directive
// (request, debugging), explorative (question, learning), supportive
// (expression) or collaborative (planning, clarification, confirmation).
// The largest group names the style when it holds at least half the
// steward's messages; otherwise, or with no steward messages, it is
// collaborative.
//
// Communication patterns and growth indicators are short phrases
// describing how the steward communicates and what improved.
func Relationship(prev float64, s *baton.Session, msgs []*baton.Message) baton.Relationship {
	vs := buildViews(defaultAnalyzer(), msgs)
	return relationshipOf(prev, s, vs, exchangesOf(vs))
}

func relationshipOf(prev float64, s *baton.Session, vs []view, ex []Exchange) baton.Relationship {
	trust := applyTrust(prev, ex)
	start := clamp(prev, TrustMin, TrustMax)
	if prev <= 0 {
		start = TrustStart
	}
	st := stewardStats(vs, ex)
	return baton.Relationship{
		TrustLevel:            trust,
		CollaborationStyle:    st.style(),
		CommunicationPatterns: st.patterns(),
		GrowthIndicators:      growth(start, trust, s, vs, ex),
	}
}

// stats counts what the steward's messages are like.
type stats struct {
	turns                     int
	intents                   map[string]int
	gratitude, code, commands int
	lengths                   []int
	longWork                  int // exchanges with five tool calls or more
}

func stewardStats(vs []view, ex []Exchange) stats {
	st := stats{intents: map[string]int{}}
	for i := range vs {
		v := &vs[i]
		if !v.steward() || !v.text {
			continue
		}
		st.turns++
		st.intents[v.sem.Intent]++
		st.lengths = append(st.lengths, len(v.prose))
		if hasEmotion(v.sem.Emotions, Gratitude) {
			st.gratitude++
		}
		switch v.m.ContentType {
		case baton.ContentCode, baton.ContentMixed:
			st.code++
		case baton.ContentCommand:
			st.commands++
		}
	}
	for _, e := range ex {
		if e.ToolCalls >= 5 {
			st.longWork++
		}
	}
	return st
}

func (st stats) share(intents ...string) float64 {
	if st.turns == 0 {
		return 0
	}
	n := 0
	for _, in := range intents {
		n += st.intents[in]
	}
	return float64(n) / float64(st.turns)
}

func (st stats) style() baton.CollaborationStyle {
	groups := []struct {
		style baton.CollaborationStyle
		share float64
	}{
		{baton.StyleCollaborative, st.share(IntentPlanning, IntentClarification, IntentConfirmation)},
		{baton.StyleDirective, st.share(IntentRequest, IntentDebugging)},
		{baton.StyleExplorative, st.share(IntentQuestion, IntentLearning)},
		{baton.StyleSupportive, st.share(IntentExpression)},
	}
	best := groups[0]
	for _, g := range groups[1:] {
		if g.share > best.share {
			best = g
		}
	}
	if best.share < 0.5 {
		return baton.StyleCollaborative
	}
	return best.style
}

func (st stats) patterns() []string {
	out := []string{}
	if st.turns == 0 {
		return out
	}
	lengths := append([]int(nil), st.lengths...)
	sort.Ints(lengths)
	median := lengths[len(lengths)/2]
	switch {
	case median < 80:
		out = append(out, "concise messages")
	case median > 400:
		out = append(out, "detailed messages")
	}
	if st.share(IntentQuestion, IntentLearning) >= 0.3 {
		out = append(out, "asks many questions")
	}
	if st.share(IntentDebugging) >= 0.25 {
		out = append(out, "reports problems to debug")
	}
	if st.intents[IntentPlanning] >= 2 {
		out = append(out, "plans ahead")
	}
	if st.intents[IntentClarification] >= 1 {
		out = append(out, "clarifies and corrects course")
	}
	if st.intents[IntentConfirmation] >= 2 {
		out = append(out, "gives quick confirmations")
	}
	if st.gratitude >= 2 || (st.gratitude > 0 && float64(st.gratitude)/float64(st.turns) >= 0.2) {
		out = append(out, "expresses gratitude")
	}
	if st.code > 0 {
		out = append(out, "shares code")
	}
	if st.commands > 0 {
		out = append(out, "uses slash commands")
	}
	if st.longWork > 0 {
		out = append(out, "delegates multi-step work")
	}
	return out
}

// growth lists what improved: trust, errors, sentiment, complexity,
// tasks, streaks.
func growth(start, trust float64, s *baton.Session, vs []view, ex []Exchange) []string {
	var out []string
	if line := trustLine(start, trust); line != "" {
		out = append(out, line)
	}
	half := len(vs) / 2
	early, late := 0, 0
	for i := range vs {
		if vs[i].failed {
			if i < half {
				early++
			} else {
				late++
			}
		}
	}
	if early >= 2 && late < early {
		out = append(out, fmt.Sprintf("fewer errors in the second half (%d, down from %d)", late, early))
	}
	if f, l, n := sentimentThirds(vs); n >= 3 && l-f >= 0.2 {
		out = append(out, "sentiment improved over the session")
	}
	errs, unresolved := 0, 0
	for _, e := range ex {
		errs += e.Errors
		unresolved += e.Unresolved
	}
	if errs > 0 && unresolved == 0 {
		out = append(out, "every error was worked through")
	}
	var judged []Exchange
	for _, e := range ex {
		if e.Outcome != "" {
			judged = append(judged, e)
		}
	}
	if len(judged) >= 4 {
		h := len(judged) / 2
		if complexShare(judged[h:]) > complexShare(judged[:h]) {
			out = append(out, "took on more complex work as the session went on")
		}
	}
	if s != nil && len(s.Progress.TasksCompleted) > 0 {
		out = append(out, fmt.Sprintf("completed %s", plural(len(s.Progress.TasksCompleted), "task")))
	}
	streak, best := 0, 0
	for _, e := range judged {
		if e.Delta > 0 {
			streak++
			best = max(best, streak)
		} else {
			streak = 0
		}
	}
	if best >= 5 {
		out = append(out, fmt.Sprintf("a streak of %d successful exchanges", best))
	}
	return out
}

// trustLine is the growth indicator saying how trust moved over a
// session (empty when it moved less than 0.01); growth lists it first.
func trustLine(start, trust float64) string {
	switch d := trust - start; {
	case d >= 0.01:
		return fmt.Sprintf("trust rose from %.2f to %.2f", start, trust)
	case d <= -0.01:
		return fmt.Sprintf("trust fell from %.2f to %.2f", start, trust)
	}
	return ""
}

// withTrustLine is growth indicators with the trust line (the first, when
// there is one) made again for a session that now starts from start and
// ends at trust.
func withTrustLine(growth []string, start, trust float64) []string {
	out := make([]string, 0, len(growth)+1)
	if line := trustLine(start, trust); line != "" {
		out = append(out, line)
	}
	if len(growth) > 0 && (strings.HasPrefix(growth[0], "trust rose from ") || strings.HasPrefix(growth[0], "trust fell from ")) {
		growth = growth[1:]
	}
	out = append(out, growth...)
	if len(out) == 0 {
		return nil
	}
	return out
}

func complexShare(ex []Exchange) float64 {
	if len(ex) == 0 {
		return 0
	}
	n := 0
	for _, e := range ex {
		if e.Outcome == OutcomeComplexSuccess {
			n++
		}
	}
	return float64(n) / float64(len(ex))
}

// Momentum values of a continuity marker.
const (
	MomentumBuilding = "building"
	MomentumSteady   = "steady"
	MomentumSlowing  = "slowing"
	MomentumStalled  = "stalled"
)

// RelationshipPoint is the relationship after one session, for charts.
type RelationshipPoint struct {
	SessionID string                   `json:"session_id"`
	StartedAt time.Time                `json:"started_at"`
	Trust     float64                  `json:"trust"`
	Health    float64                  `json:"collaboration_health"`
	Sentiment float64                  `json:"average_sentiment"`
	Momentum  string                   `json:"momentum"`
	Style     baton.CollaborationStyle `json:"collaboration_style"`
	Exchanges int                      `json:"exchanges"`
	Successes int                      `json:"successes"`
}

// RelationshipSeries replays trust over a steward's sessions in order of
// start (the first from TrustStart) and reports, for each session:
//
//   - Trust, as Relationship computes it.
//   - Health (collaboration health, 0..1): 0.5 × the share of judged
//     exchanges that succeeded (0.5 with none) + 0.25 × (mean sentiment +
//     1)/2 + 0.25 × the share of errors resolved (1 with none).
//   - Sentiment: the mean sentiment of steward and assistant prose.
//   - Momentum: stalled when no exchange was judged or under 30% of them
//     succeeded; building when trust rose by 0.02 or more and health did
//     not drop by more than 0.05 from the previous session; slowing when
//     trust fell or health dropped by more than 0.1; steady otherwise.
func RelationshipSeries(sessions []*baton.Session, msgsBySession map[string][]*baton.Message) []RelationshipPoint {
	ordered := make([]*baton.Session, 0, len(sessions))
	for _, s := range sessions {
		if s != nil {
			ordered = append(ordered, s)
		}
	}
	sort.SliceStable(ordered, func(i, j int) bool {
		if !ordered[i].StartedAt.Equal(ordered[j].StartedAt) {
			return ordered[i].StartedAt.Before(ordered[j].StartedAt)
		}
		return ordered[i].ID < ordered[j].ID
	})
	a := defaultAnalyzer()
	points := make([]RelationshipPoint, 0, len(ordered))
	trust := TrustStart
	prevHealth := -1.0
	for _, s := range ordered {
		vs := buildViews(a, msgsBySession[s.ID])
		_, p := relationshipStep(trust, prevHealth, s, vs, exchangesOf(vs), errorsOf(vs))
		points = append(points, p)
		trust = p.Trust
		prevHealth = p.Health
	}
	return points
}

// SessionRelationship is one step of RelationshipSeries: the relationship
// after session s (as Relationship computes it) and its point on the
// relationship chart, given the trust and collaboration health after the
// previous session (prevTrust 0 or less for a first session, prevHealth
// below 0 when there is none). Pipelines that analyse one session at a
// time store the point and chart without replaying every session.
func (a *Analyzer) SessionRelationship(prevTrust, prevHealth float64, s *baton.Session, msgs []*baton.Message) (baton.Relationship, RelationshipPoint) {
	vs := buildViews(a, msgs)
	return sessionRelationshipOf(prevTrust, prevHealth, s, vs, exchangesOf(vs), errorsOf(vs))
}

// sessionRelationshipOf is SessionRelationship over the messages' views,
// exchanges and errors (errorsOf(vs)).
func sessionRelationshipOf(prevTrust, prevHealth float64, s *baton.Session, vs []view, ex []Exchange, errs []baton.ErrorEncountered) (baton.Relationship, RelationshipPoint) {
	if prevTrust <= 0 {
		prevTrust = TrustStart
	}
	return relationshipStep(prevTrust, prevHealth, s, vs, ex, errs)
}

// relationshipStep computes the relationship and chart point of one
// session from trust and health after the previous one. errs are the
// session's errors, errorsOf(vs): a session's analysis has them already
// in its report's technical context, and finding them again (each
// failed result's text and resolution) was a fortieth of a first sync's
// CPU.
func relationshipStep(trust, prevHealth float64, s *baton.Session, vs []view, ex []Exchange, errs []baton.ErrorEncountered) (baton.Relationship, RelationshipPoint) {
	rel := relationshipOf(trust, s, vs, ex)
	p := RelationshipPoint{SessionID: s.ID, StartedAt: s.StartedAt, Trust: rel.TrustLevel, Style: rel.CollaborationStyle}

	judged := 0
	for _, e := range ex {
		if e.Outcome != "" {
			judged++
			if e.Delta > 0 {
				p.Successes++
			}
		}
	}
	p.Exchanges = judged
	success := 0.5
	if judged > 0 {
		success = float64(p.Successes) / float64(judged)
	}
	var sents []float64
	for i := range vs {
		if vs[i].text {
			sents = append(sents, vs[i].sem.Sentiment)
		}
	}
	p.Sentiment = round4(mean(sents))
	resolution := 1.0
	if len(errs) > 0 {
		n := 0
		for _, e := range errs {
			if e.Resolution != "" {
				n++
			}
		}
		resolution = float64(n) / float64(len(errs))
	}
	p.Health = round3(0.5*success + 0.25*(p.Sentiment+1)/2 + 0.25*resolution)

	p.Momentum = momentumOf(p.Trust-trust, p.Health, prevHealth, judged, p.Successes)
	return rel, p
}

// momentumOf is a session's momentum (see RelationshipSeries) from how
// far trust moved over it, its collaboration health and the previous
// session's (below 0: none), and its judged and successful exchanges.
func momentumOf(dTrust, health, prevHealth float64, judged, successes int) string {
	switch {
	case judged == 0 || float64(successes)/float64(judged) < 0.3:
		return MomentumStalled
	case dTrust >= 0.02-1e-9 && (prevHealth < 0 || health >= prevHealth-0.05):
		return MomentumBuilding
	case dTrust < 0 || (prevHealth >= 0 && health < prevHealth-0.1):
		return MomentumSlowing
	}
	return MomentumSteady
}
