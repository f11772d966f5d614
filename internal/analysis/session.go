package analysis

import (
	"slices"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// SessionReport is everything Session computed, including the parts that
// have no field on the session (patterns, the quality breakdown).
type SessionReport struct {
	Arc       baton.EmotionalArc
	Progress  baton.Progress
	Technical baton.TechnicalContext
	Summary   baton.Summary
	Patterns  []Pattern
	Quality   QualityParts
	// Title is the title written from the session (sessionTitle), "" when
	// no prompt names a subject.
	Title string
}

// Session recomputes a session's analysis from its messages, in
// conversation order, and writes it into s: EmotionalArc and PeakCount,
// Progress, Technical (keeping WorkingDirectory and ToolVersion), Summary
// and QualityScore, and the title when an importer wrote it from a prompt
// and no one changed it since (followsAnalysis). The type and everything
// else are left alone,
// and so are the messages: one that was never analysed is analysed on a
// copy. The cost is linear in the size of the messages.
func (a *Analyzer) Session(s *baton.Session, msgs []*baton.Message) SessionReport {
	vs := buildViews(a, msgs)
	return sessionOf(s, vs, exchangesOf(vs))
}

// sessionOf is Session over the messages' views and exchanges, which the
// service builds once for the session, its relationship and its memory.
func sessionOf(s *baton.Session, vs []view, ex []Exchange) SessionReport {
	r := reportOf(s.Technical.WorkingDirectory, s.Technical.ToolVersion, vs, ex)
	applyReport(s, r)
	return r
}

// reportOf is the analysis of a session whose working directory and tool
// version are the ones given, from its views and exchanges alone: nothing
// else of the session is read, so it can be made before the session is
// stored.
func reportOf(workingDirectory, toolVersion string, vs []view, ex []Exchange) SessionReport {
	r, _ := reportAndMemory(workingDirectory, toolVersion, vs, ex)
	return r
}

// reportAndMemory is reportOf and the summary the memory of the session's
// main conversation (vs) keeps when it covers fewer messages than vs
// (memoryDue), made with the report's summary (summaryAndMemory); nil
// when the memory covers all of vs or none.
func reportAndMemory(workingDirectory, toolVersion string, vs []view, ex []Exchange) (SessionReport, *knownSummary) {
	// The summary is about half of the work, and reads the views as the
	// other parts do, without changing them: it is made on a second
	// goroutine (a second core) while the others are, and the quality,
	// which reads it, waits for it. A very long session's is made after
	// them instead: beside them, its candidates and their working memory
	// are live at once, over a view of every message (importing a
	// 75,000-message document peaked at 152 MB of heap, after them 135).
	due := memoryDue(len(vs))
	techs := newSessionTechnologies(vs)
	summary := func() (baton.Summary, *knownSummary, []string) { return summaryAndMemoryWith(vs, due, techs) }
	if len(vs) <= maxViewsBeside {
		summary = summaryBeside(vs, due, techs)
	}
	r := SessionReport{
		Arc:       emotionalArc(vs),
		Progress:  progressOf(vs),
		Technical: technicalWith(vs, workingDirectory, techs),
	}
	r.Technical.WorkingDirectory = workingDirectory
	r.Technical.ToolVersion = toolVersion
	r.Patterns = patternsOf(vs, ex)
	r.Title = projectTitle(vs, workingDirectory)
	var memory *knownSummary
	var spares []string
	r.Summary, memory, spares = summary()
	r.Quality = qualityOf(vs, ex, &r)
	if r.Title == "" {
		r.Title = topicsTitle(r.Summary.KeyTopics)
	} else {
		r.Summary.KeyTopics = withTitleTopic(r.Summary.KeyTopics, spares, r.Title)
	}
	return r, memory
}

// memoryDue is how many of a conversation's n messages its memory covers
// when it covers fewer than all and some (a multiple of
// baton.MemoryEvery), 0 otherwise.
func memoryDue(n int) int {
	if due := n / baton.MemoryEvery * baton.MemoryEvery; due < n {
		return due
	}
	return 0
}

// applyReport writes a report into its session: the fields Session
// documents.
func applyReport(s *baton.Session, r SessionReport) {
	s.EmotionalArc = r.Arc
	s.PeakCount = len(r.Arc.PeakMoments)
	s.Progress = r.Progress
	s.Technical = r.Technical
	s.Summary = r.Summary
	score := r.Quality.Score
	s.QualityScore = &score
	if r.Title != "" && r.Title != s.Title && followsAnalysis(s.Attributes, s.Title) {
		// The store keeps the title Baton derived: the next import may
		// replace this one, a steward's may not be.
		s.Attributes[importedTitleKey] = r.Title
		s.Title = r.Title
	}
}

// maxViewsBeside is the longest session whose summary is made beside
// the other parts of its analysis.
const maxViewsBeside = 20_000

// summaryBeside starts summaryAndMemoryWith(vs, due, techs) on another goroutine;
// the function it returns waits for the summaries. A panic there is
// raised again in the caller, where it would have been.
func summaryBeside(vs []view, due int, techs *sessionTechnologies) func() (baton.Summary, *knownSummary, []string) {
	type outcome struct {
		summary  baton.Summary
		memory   *knownSummary
		spares   []string
		panicked any
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{panicked: p}
			}
		}()
		s, memory, spares := summaryAndMemoryWith(vs, due, techs)
		done <- outcome{summary: s, memory: memory, spares: spares}
	}()
	return func() (baton.Summary, *knownSummary, []string) {
		o := <-done
		if o.panicked != nil {
			panic(o.panicked)
		}
		return o.summary, o.memory, o.spares
	}
}

// view is one message as the session analyses read it.
type view struct {
	m *message
	// sem is the message's semantic fields, or those of an analysed
	// copy of a message that never was: a pointer, as a long session has a
	// view of every message at once, shared by the views whose fields are
	// the same (semanticInterner). Read only.
	sem   *baton.Semantic
	prose string // the content outside code fences
	// lowered is prose lower-cased (lower), kept while the session's
	// views keep less than maxKeptLower bytes of it, and made again on
	// each read past that (lowered is "" then).
	lowered string
	calls   []call
	// text: a steward or assistant message with prose. For prose: whether
	// it says something is fixed, works or passes, and whether it says
	// what an issue was. (The flags sit together: a long session has a
	// view of every message at once, and a flag between two pointers
	// took 8 bytes.)
	text, fixes, explains bool
	// For tool results: whether it failed, and the call it answers.
	failed bool
	call   *call
}

// call is one tool call with its input read and its result found.
type call struct {
	baton.ToolCall
	in     toolInput
	at     int  // index of the view that made the call
	result int  // index of the view with its result, or -1
	failed bool // its result failed
}

func (v *view) steward() bool   { return v.m.Role == baton.RoleSteward }
func (v *view) assistant() bool { return v.m.Role == baton.RoleAssistant }

// message is what the session analyses read of a message: the columns
// the store reads back for them (store.AnalysisMessages), under the same
// names, but for the semantic fields, which the view holds (shared with
// the views of messages that have the same ones). A view keeps this, not
// the message: a long session has a view of every message at once, and a
// whole message is four times the size.
type message struct {
	ID          int64
	Seq         int64
	Role        baton.Role
	Content     string
	ContentType string
	ToolCalls   []baton.ToolCall
	ToolResult  *baton.ToolResult
	CodeContext *baton.CodeContext
	Timestamp   time.Time
	Attributes  map[string]any
}

func messageOf(m *baton.Message) message {
	return message{
		ID: m.ID, Seq: m.Seq, Role: m.Role, Content: m.Content, ContentType: m.ContentType,
		ToolCalls: m.ToolCalls, ToolResult: m.ToolResult, CodeContext: m.CodeContext,
		Timestamp: m.Timestamp, Attributes: m.Attributes,
	}
}

// buildViews reads every message once: prose, semantic fields (analysing
// a copy of a message that never was), tool calls and their results.
func buildViews(a *Analyzer, msgs []*baton.Message) []view {
	b := newViewBuilder(a, len(msgs))
	for _, m := range msgs {
		b.add(m)
	}
	return b.views()
}

// viewBuilder is buildViews a message at a time, for messages read one
// page at a time: it keeps what the analyses read of each, not the
// message.
type viewBuilder struct {
	a  *Analyzer
	vs []view
	// msgs holds what the views keep of their messages (view.m points
	// into it), made once for the messages expected: one allocation, of
	// 136 bytes a message, not one each of 144 (its size class).
	msgs   []message
	shared semanticInterner
	// keptLower is the bytes of lower-cased prose the views keep.
	keptLower int
}

// maxKeptLower bounds the lower-cased prose the views of a session keep:
// past it, a view lower-cases its prose again each time it is read. A
// session of a few thousand messages keeps all of it (a read costs
// nothing); a 150,000-message one kept ~30 MB, a second copy of its text,
// for the whole of its analysis.
const maxKeptLower = 4 << 20

// lower is the view's prose, lower-cased (lowerText).
func (v *view) lower() string {
	if v.lowered != "" || v.prose == "" {
		return v.lowered
	}
	return lowerText(v.prose)
}

func newViewBuilder(a *Analyzer, n int) *viewBuilder {
	return &viewBuilder{a: a, vs: make([]view, 0, n), msgs: make([]message, 0, n)}
}

// add reads one message, the next in order; nil is skipped.
func (b *viewBuilder) add(full *baton.Message) {
	if full == nil {
		return
	}
	// Past the messages expected, msgs grows: the views made before
	// keep pointing into the old array, which holds the same messages.
	b.msgs = append(b.msgs, messageOf(full))
	m := &b.msgs[len(b.msgs)-1]
	v := view{m: m}
	sem := full.Semantic
	if m.Role == baton.RoleSteward || m.Role == baton.RoleAssistant {
		if !analysed(full) && strings.TrimSpace(m.Content) != "" {
			c := *full
			c.CodeContext = nil
			b.a.Message(&c)
			sem = c.Semantic // not the whole copy
		}
		if !callsDescribed(m) {
			v.prose = proseOf(promptWords(m))
		}
		lower := lowerText(v.prose)
		v.text = v.prose != ""
		if v.text {
			v.fixes = hasFixWord(lower)
			v.explains = learnedCueSet.in(lower)
		}
		if b.keptLower+len(lower) <= maxKeptLower {
			v.lowered = lower
			b.keptLower += len(lower)
		}
	}
	if m.Role == baton.RoleToolResult {
		v.failed = toolFailed(full)
	}
	v.sem = b.shared.semantic(&sem)
	b.vs = append(b.vs, v)
}

// callsDescribed reports whether a message's content only describes its
// tool calls, a line each ("Bash: gh issue view 7679", "Glob: src/*"): an
// import writes that for an assistant turn that only called tools, and
// keeps it an assistant message when the turn also thought. What it ran
// is read from its calls; as prose, its commands and paths became the
// summary's sentences and topics.
func callsDescribed(m *message) bool {
	if len(m.ToolCalls) == 0 {
		return false
	}
	lines := strings.Split(strings.TrimSpace(m.Content), "\n")
	if len(lines) != len(m.ToolCalls) {
		return false
	}
	for i, tc := range m.ToolCalls {
		if l := strings.TrimSpace(lines[i]); l != tc.Name && !strings.HasPrefix(l, tc.Name+": ") {
			return false
		}
	}
	return true
}

// views links the tool calls to their results and returns the views.
func (b *viewBuilder) views() []view {
	vs := b.vs
	calls := make(map[string]*call)
	// Calls are linked after the slice stops growing, so pointers hold.
	for i := range vs {
		v := &vs[i]
		if len(v.m.ToolCalls) > 0 {
			v.calls = make([]call, len(v.m.ToolCalls))
			for j, tc := range v.m.ToolCalls {
				tc.Name = builtinToolName(tc.Name)
				v.calls[j] = call{ToolCall: tc, in: parseInput(tc.Input), at: i, result: -1}
				if tc.ID != "" {
					calls[tc.ID] = &v.calls[j]
				}
			}
		}
		if v.m.Role == baton.RoleToolResult && v.m.ToolResult != nil {
			if c, ok := calls[v.m.ToolResult.ToolUseID]; ok && c.result < 0 {
				c.result = i
				c.failed = v.failed
				v.call = c
			}
		}
	}
	return vs
}

// sentimentWord names a sentiment by VADER's usual thresholds.
func sentimentWord(s float64) string {
	switch {
	case s >= 0.05:
		return "positive"
	case s <= -0.05:
		return "negative"
	}
	return "neutral"
}

// Arc parameters.
const (
	// mildlyNegative is the sentiment a request or question must fall
	// below to make a mood "negative".
	mildlyNegative = -0.4
	maxPeaks       = 5
	peakThreshold  = 0.3 // |smoothed sentiment| a peak must reach
	peakSpacing    = 2   // peaks at least this many points apart
	triggerLength  = 140 // bytes of a peak's trigger excerpt
)

// emotionalArc computes a conversation's emotional arc.
//
// Starting and ending mood are the emotions of the first and last steward
// messages with prose, or a sentiment word ("positive", "neutral",
// "negative") when they show none. Overall sentiment is the mean sentiment
// of steward and assistant messages with prose.
//
// Peak moments come from the series of those messages' sentiments,
// smoothed with weights ¼, ½, ¼ (renormalised at the ends): a point is a
// peak when it is a local maximum above +0.3 or a local minimum below
// −0.3. The strongest, at most five and at least two points apart, are
// kept in time order. Each names its trigger — of the point and its two
// neighbours, the message whose own sentiment is most extreme in the
// peak's direction — with that message's first emotion (or "positive" /
// "negative"), an excerpt, its sequence number, time and own sentiment.
func emotionalArc(vs []view) baton.EmotionalArc {
	arc := baton.EmotionalArc{StartingMood: []string{}, EndingMood: []string{}, PeakMoments: []baton.PeakMoment{}}
	var series []int // indices into vs
	first, last := -1, -1
	for i := range vs {
		if !vs[i].text {
			continue
		}
		series = append(series, i)
		if vs[i].steward() {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	mood := func(i int) []string {
		if e := vs[i].sem.Emotions; len(e) > 0 {
			return append([]string(nil), e...)
		}
		// A steward's polite question or request is mildly negative only
		// by the words that describe the work ("I did not create X, can
		// you check"): it reads neutral unless clearly negative.
		if s := vs[i].sem.Sentiment; s > mildlyNegative && (vs[i].sem.Intent == IntentQuestion || vs[i].sem.Intent == IntentRequest) {
			return []string{sentimentWord(max(s, 0))}
		}
		return []string{sentimentWord(vs[i].sem.Sentiment)}
	}
	if first >= 0 {
		arc.StartingMood = mood(first)
		arc.EndingMood = mood(last)
	}
	if len(series) == 0 {
		return arc
	}
	raw := make([]float64, len(series))
	sum := 0.0
	for k, i := range series {
		raw[k] = vs[i].sem.Sentiment
		sum += raw[k]
	}
	arc.OverallSentiment = round4(sum / float64(len(raw)))

	for _, k := range peaks(smooth(raw)) {
		t := trigger(vs, series, raw, k.index, k.value > 0)
		v := &vs[series[t]]
		emotion := sentimentWord(k.value)
		if len(v.sem.Emotions) > 0 {
			emotion = v.sem.Emotions[0]
		}
		arc.PeakMoments = append(arc.PeakMoments, baton.PeakMoment{
			Timestamp:  v.m.Timestamp,
			Emotion:    emotion,
			Trigger:    peakTrigger(v.prose),
			MessageSeq: v.m.Seq,
			Sentiment:  v.sem.Sentiment,
		})
	}
	return arc
}

// peakTrigger is what a peak moment quotes of its message: the opening
// of what was said in it, past the records of tool calls an exporter
// wrote ("_[tools: Read]_", "⏺ Searched for …"); the opening as it is when
// nothing was said.
func peakTrigger(prose string) string {
	head := truncate(prose, 16*triggerLength)
	if said := strings.TrimSpace(spokenLines(head)); said != "" {
		head = said
	}
	return excerpt(plainText(truncate(head, 4*triggerLength)), triggerLength)
}

// smooth applies the weights ¼, ½, ¼, renormalised where a neighbour is
// missing.
func smooth(x []float64) []float64 { return baton.SmoothArc(x) }

type peak struct {
	index int
	value float64
}

// peaks returns the strongest local extremes of a smoothed series, in
// order.
func peaks(sm []float64) []peak {
	var cands []peak
	for i, x := range sm {
		left, right := 0.0, 0.0
		if i > 0 {
			left = sm[i-1]
		}
		if i+1 < len(sm) {
			right = sm[i+1]
		}
		// ≥ on the left, > on the right: one point per plateau.
		isMax := x >= peakThreshold && (i == 0 || x >= left) && (i+1 == len(sm) || x > right)
		isMin := x <= -peakThreshold && (i == 0 || x <= left) && (i+1 == len(sm) || x < right)
		if isMax || isMin {
			cands = append(cands, peak{i, x})
		}
	}
	// Strongest first; earlier first among equals.
	sortStable(cands, func(a, b peak) bool { return abs(a.value) > abs(b.value) })
	var kept []peak
	for _, c := range cands {
		if len(kept) == maxPeaks {
			break
		}
		near := false
		for _, k := range kept {
			if abs(float64(k.index-c.index)) < peakSpacing {
				near = true
				break
			}
		}
		if !near {
			kept = append(kept, c)
		}
	}
	sortStable(kept, func(a, b peak) bool { return a.index < b.index })
	return kept
}

// trigger picks, among point k and its neighbours, the one whose raw
// sentiment is most extreme in the peak's direction; a steward message
// wins a tie, then the earlier one.
func trigger(vs []view, series []int, raw []float64, k int, up bool) int {
	best := k
	for j := max(0, k-1); j <= min(len(raw)-1, k+1); j++ {
		d := raw[j] - raw[best]
		if !up {
			d = -d
		}
		if d > 0 || (d == 0 && vs[series[j]].steward() && !vs[series[best]].steward()) {
			best = j
		}
	}
	return best
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// sortStable sorts s by less, keeping the order of equal elements.
func sortStable[T any](s []T, less func(a, b T) bool) {
	slices.SortStableFunc(s, func(a, b T) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
}
