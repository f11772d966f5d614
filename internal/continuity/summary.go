package continuity

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// The cross-conversational summary's token budget: 500 to 1,000 tokens.
const (
	SummaryMinTokens = 500
	SummaryMaxTokens = 1000
	SummarySessions  = 5
	// summaryCandidates is how many of the latest completed sessions compete
	// for the five places.
	summaryCandidates = 30
)

// EstimateTokens estimates how many tokens a model's tokenizer makes of
// text: one per four characters or one per three-quarters of a word,
// whichever is more — OpenAI's published rule of thumb for English, which
// over- rather than under-counts code and short words.
func EstimateTokens(text string) int {
	chars := utf8.RuneCountInString(text)
	words := len(strings.Fields(text))
	return max((chars+3)/4, (words*4+1)/3)
}

// SelectionRule says how the five sessions are chosen; the summary page shows it.
const SelectionRule = "The five are chosen from your last 30 completed sessions by relevance to what is open, not by date alone: " +
	"score = 0.4 × overlap with open work (the words of the active tasks, open questions and priorities of your latest bridges, " +
	"found in a session's topics, title, tasks and files) + 0.35 × recency (newest 1, falling with rank) + 0.25 × substance " +
	"(log of its message count, 1 at 1,000 messages). A five-minute chat about lunch scores low on overlap and substance."

// candidate is a session competing for the summary.
type candidate struct {
	sess             *baton.Session
	overlap, recency float64
	substance, score float64
}

// RefreshSummary builds the steward's cross-conversational summary anew
// from the five most relevant of the latest completed sessions, and keeps
// it: regenerated for each new session, it replaces the last.
func (s *Service) RefreshSummary(ctx context.Context, stewardID int64) (*baton.CrossSummary, error) {
	page, err := s.store.ListSessions(ctx, stewardID, baton.SessionFilter{Sort: baton.SortStartedDesc, Limit: summaryCandidates * 2})
	if err != nil {
		return nil, err
	}
	var done []*baton.Session
	for _, sess := range page.Sessions {
		if !sess.Open() && len(done) < summaryCandidates {
			done = append(done, sess)
		}
	}
	bridges, err := s.store.Bridges(ctx, stewardID, 50)
	if err != nil {
		return nil, err
	}
	cs := BuildSummary(done, bridges, s.now().UTC())
	if err := s.store.SaveCrossSummary(ctx, stewardID, cs); err != nil {
		return nil, err
	}
	return cs, nil
}

// Summary returns the steward's kept summary, building it when there is none.
func (s *Service) Summary(ctx context.Context, stewardID int64) (*baton.CrossSummary, error) {
	cs, err := s.store.CrossSummary(ctx, stewardID)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return s.RefreshSummary(ctx, stewardID)
	}
	return cs, err
}

// BuildSummary writes the summary of the chosen sessions (newest first in
// done) in Markdown within the token budget. bridges are
// the steward's bridges: their open work decides relevance.
func BuildSummary(done []*baton.Session, bridges []*baton.Bridge, now time.Time) *baton.CrossSummary {
	chosen := choose(done, bridges)
	cs := &baton.CrossSummary{Sessions: []baton.SummarySource{}, GeneratedAt: now}
	for _, c := range chosen {
		cs.Sessions = append(cs.Sessions, baton.SummarySource{SessionID: c.sess.ID, Title: c.sess.Title, StartedAt: c.sess.StartedAt,
			Messages: c.sess.MessageCount, Score: round2(c.score),
			Reason: fmt.Sprintf("overlap %.2f, recency %.2f, substance %.2f", c.overlap, c.recency, c.substance)})
	}
	bridgeOf := map[string]*baton.Bridge{}
	for _, b := range bridges {
		bridgeOf[b.FromSession] = b
	}
	cs.Markdown = writeSummary(chosen, bridgeOf, now)
	cs.Tokens = EstimateTokens(cs.Markdown)
	return cs
}

// openTerms are the words of what is open: the tasks, questions and
// priorities of the latest five bridges.
func openTerms(bridges []*baton.Bridge) map[string]bool {
	latest := append([]*baton.Bridge(nil), bridges...)
	slices.SortStableFunc(latest, func(x, y *baton.Bridge) int { return y.CreatedAt.Compare(x.CreatedAt) })
	terms := map[string]bool{}
	for i, b := range latest {
		if i == 5 {
			break
		}
		add := func(s string) {
			for _, w := range contentWords(s) {
				terms[w] = true
			}
		}
		for _, t := range b.Transferred.ActiveTasks {
			add(t.Task)
		}
		for _, q := range b.Transferred.OpenQuestions {
			add(q.Question)
		}
		add(b.Instructions.ImmediatePriority)
	}
	return terms
}

func choose(done []*baton.Session, bridges []*baton.Bridge) []candidate {
	terms := openTerms(bridges)
	cands := make([]candidate, 0, len(done))
	for rank, sess := range done {
		c := candidate{sess: sess}
		c.recency = 1 - float64(rank)/float64(max(len(done), 1))
		c.substance = min(1, math.Log10(float64(sess.MessageCount)+1)/3)
		if len(terms) > 0 {
			words := map[string]bool{}
			a := analysisOf(sess, nil)
			for _, s := range slicesOf(a.Summary.KeyTopics, a.Progress.TasksDiscussed, a.Technical.Technologies, []string{sess.Title}) {
				for _, w := range contentWords(s) {
					words[w] = true
				}
			}
			for _, ch := range a.Technical.CodeChanges {
				for _, w := range contentWords(ch.File) {
					words[w] = true
				}
			}
			hit := 0
			for w := range terms {
				if words[w] {
					hit++
				}
			}
			c.overlap = min(1, float64(hit)/float64(min(len(terms), 8)))
		}
		c.score = 0.4*c.overlap + 0.35*c.recency + 0.25*c.substance
		cands = append(cands, c)
	}
	slices.SortStableFunc(cands, func(x, y candidate) int {
		if x.score != y.score {
			if x.score > y.score {
				return -1
			}
			return 1
		}
		return y.sess.StartedAt.Compare(x.sess.StartedAt)
	})
	if len(cands) > SummarySessions {
		cands = cands[:SummarySessions]
	}
	// Presented newest first.
	slices.SortStableFunc(cands, func(x, y candidate) int { return y.sess.StartedAt.Compare(x.sess.StartedAt) })
	return cands
}

// writeSummary fills the three sections tier by tier — the essentials
// first, then detail — and stops before the budget's upper bound.
func writeSummary(chosen []candidate, bridgeOf map[string]*baton.Bridge, now time.Time) string {
	footer := fmt.Sprintf("\n---\n*Summary of last %d conversations | Updated: %s*\n", len(chosen), now.UTC().Format(time.RFC3339))
	if len(chosen) == 0 {
		return "# Cross-Conversational Context\n\nNo completed sessions yet.\n" + footer
	}
	var l summaryLines
	latest := chosen[0].sess
	la := analysisOf(latest, nil)
	l.highlights(latest, la)
	l.themes(chosen)
	l.sessions(chosen)
	l.current(bridgeOf[latest.ID], la)
	return l.fit(footer)
}

// The summary's sections, in the order they are written.
const (
	highlights = iota
	patterns
	current
)

// summaryLine is one line of a section.
type summaryLine struct {
	section int
	text    string
}

// summaryLines is the lines the summary may hold, by tier: tier 0 is the
// essentials, kept first; the later tiers are detail, kept while the
// budget allows.
type summaryLines [4][]summaryLine

func (l *summaryLines) add(tier, section int, text string) {
	if text = oneLine(text); text != "" {
		l[tier] = append(l[tier], summaryLine{section, "- " + text})
	}
}

// highlights is Recent Highlights: the latest session, its outcomes, how
// it ended and what it decided.
func (l *summaryLines) highlights(latest *baton.Session, la sessionAnalysis) {
	l.add(0, highlights, fmt.Sprintf("Last session (%s): %s", latest.StartedAt.UTC().Format("2006-01-02"), orUntitled(latest.Title)))
	l.add(0, highlights, firstSentences(la.Summary.AutoGenerated, 2))
	for _, o := range firstN(la.Summary.MainOutcomes, 3) {
		l.add(1, highlights, "Outcome: "+o)
	}
	if len(la.Arc.EndingMood) > 0 {
		l.add(1, highlights, "Ended feeling "+strings.Join(firstN(la.Arc.EndingMood, 3), ", "))
	}
	for _, d := range firstN(decisionTexts(la.Summary.Decisions), 3) {
		l.add(2, highlights, "Decided: "+d)
	}
}

// themes opens Patterns Across Sessions: the topics that recur (or, with
// none recurring, the topics) and the collaboration style most used.
func (l *summaryLines) themes(chosen []candidate) {
	topicCount := map[string]int{}
	var topicOrder []string
	styles := map[string]int{}
	for _, c := range chosen {
		a := analysisOf(c.sess, nil)
		for _, t := range firstN(a.Summary.KeyTopics, 8) {
			t = strings.ToLower(t)
			if topicCount[t] == 0 {
				topicOrder = append(topicOrder, t)
			}
			topicCount[t]++
		}
		if a.Style != "" {
			styles[string(a.Style)]++
		}
	}
	slices.SortStableFunc(topicOrder, func(x, y string) int { return topicCount[y] - topicCount[x] })
	var recurring []string
	for _, t := range topicOrder {
		if topicCount[t] >= 2 && len(recurring) < 8 {
			recurring = append(recurring, fmt.Sprintf("%s (%d sessions)", t, topicCount[t]))
		}
	}
	if len(recurring) > 0 {
		l.add(0, patterns, "Recurring themes: "+strings.Join(recurring, ", "))
	} else {
		l.add(0, patterns, "Themes: "+strings.Join(firstN(topicOrder, 8), ", "))
	}
	if len(styles) > 0 {
		best, n := "", 0
		for st, k := range styles {
			if k > n || (k == n && st < best) {
				best, n = st, k
			}
		}
		l.add(1, patterns, fmt.Sprintf("Preferred approach: %s, in %d of %d sessions", best, n, len(chosen)))
	}
}

// sessions ends Patterns Across Sessions: a line per session, the errors
// met on the way, and the earlier sessions' outcomes.
func (l *summaryLines) sessions(chosen []candidate) {
	for _, c := range chosen {
		a := analysisOf(c.sess, nil)
		l.add(1, patterns, fmt.Sprintf("%s — %s (%d messages): %s", c.sess.StartedAt.UTC().Format("2006-01-02"), oneLine(c.sess.Title),
			c.sess.MessageCount, firstSentences(a.Summary.AutoGenerated, 1)))
	}
	var challenges []string
	for _, c := range chosen {
		for _, e := range analysisOf(c.sess, nil).Technical.Errors {
			challenges = appendUnique(challenges, clipN(e.Error, 120))
		}
	}
	for _, ch := range firstN(challenges, 3) {
		l.add(2, patterns, "Challenge met: "+ch)
	}
	for _, c := range chosen[1:] {
		for _, o := range firstN(analysisOf(c.sess, nil).Summary.MainOutcomes, 2) {
			l.add(3, patterns, "Earlier outcome: "+clipN(o, 160))
		}
	}
}

// current is Current Context: where the work stands, from the latest
// session's bridge lb, or without one the tasks its analysis la left.
func (l *summaryLines) current(lb *baton.Bridge, la sessionAnalysis) {
	if lb == nil {
		for _, t := range firstN(la.Progress.TasksRemaining, 3) {
			l.add(0, current, "Open: "+t)
		}
		return
	}
	if p := lb.Instructions.ImmediatePriority; p != "" {
		l.add(0, current, "Immediate priority: "+p)
	}
	for i, t := range lb.Transferred.ActiveTasks {
		l.add(min(i/2, 2), current, fmt.Sprintf("Active task (%s): %s", strings.ReplaceAll(t.Status, "_", " "), t.Task))
	}
	for i, q := range lb.Transferred.OpenQuestions {
		l.add(1+min(i, 1), current, fmt.Sprintf("Open question (%s): %s", q.Priority, q.Question))
	}
	st := lb.Transferred.StewardState
	l.add(1, current, fmt.Sprintf("State: %s, energy %s; focus on %s", orDash(strings.Join(st.CurrentMood, ", ")), orDash(st.EnergyLevel),
		orDash(strings.Join(st.FocusAreas, ", "))))
	if cs := lb.Instructions.CommunicationStyle; cs != "" {
		l.add(1, current, "Prefers: "+cs)
	}
	if br := lb.Transferred.TechnicalState.CurrentBranch; br != "" {
		l.add(2, current, "Branch "+br+"; uncommitted changes: "+yesNo(lb.Transferred.TechnicalState.UncommittedChanges))
	}
}

// fit renders the sections, taking the lines tier by tier and leaving out
// each line that would bring the summary past its budget.
func (l *summaryLines) fit(footer string) string {
	sections := [3][]string{}
	render := func() string {
		var b strings.Builder
		b.WriteString("# Cross-Conversational Context\n")
		for i, title := range []string{"Recent Highlights", "Patterns Across Sessions", "Current Context"} {
			fmt.Fprintf(&b, "\n## %s\n", title)
			for _, line := range sections[i] {
				b.WriteString(line + "\n")
			}
		}
		b.WriteString(footer)
		return b.String()
	}
	for _, tier := range l {
		for _, line := range tier {
			sections[line.section] = append(sections[line.section], line.text)
			if EstimateTokens(render()) > SummaryMaxTokens-20 {
				sections[line.section] = sections[line.section][:len(sections[line.section])-1]
			}
		}
	}
	return render()
}

func decisionTexts(ds []baton.Decision) []string {
	out := make([]string, 0, len(ds))
	for i := len(ds) - 1; i >= 0; i-- {
		d := ds[i].Decision
		if ds[i].Rationale != "" {
			d += " — " + ds[i].Rationale
		}
		out = append(out, clipN(d, 200))
	}
	return out
}

// firstSentences is the first n sentences of text, at most 400 characters.
func firstSentences(text string, n int) string {
	ss := sentences(oneLine(text))
	if len(ss) > n {
		ss = ss[:n]
	}
	return clipN(strings.Join(ss, " "), 400)
}
