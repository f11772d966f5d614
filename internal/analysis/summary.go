package analysis

import (
	"iter"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Summary limits.
const (
	// maxSummary is the most characters of a summary: a paragraph a
	// steward reads at a glance, half what a bridge's summary holds
	// (baton.MaxBridgeSummary), so a bridge carries it whole. Counted as
	// a screen shows them (displayWidth): a Chinese, Japanese or Korean
	// character says about what two letters say, and takes their room.
	maxSummary     = 1000
	maxOutcomes    = 5
	maxDecisions   = 10
	outcomeLength  = 200
	decisionLength = 160
	minSentence    = 4  // words
	maxSentence    = 60 // words
)

// candidate is one sentence the summary may use.
//
// A long session has hundreds of thousands of them at once, so a
// candidate keeps its distinct salient terms as numbers (a term's index in
// summaryOf's vocabulary) and, of its lower-cased text, only what the
// scoring asks of it: the terms were substrings of that text and held
// every sentence's lower-cased copy in memory. The numbers of all the
// candidates' terms are one slice of the pool (candidatePool.terms), a
// candidate's a run of it: a slice of its own each was a second
// allocation per sentence, most of it spare capacity (a 150,000-message
// session's candidates held 35 MB, now 19 MB).
type candidate struct {
	text  string
	score float64
	view  int32
	// terms is the run candidatePool.terms[termsAt : termsAt+nTerms].
	termsAt int32
	nTerms  uint16
	// decides: the sentence has a decision cue; chatty: it starts "let
	// me", "i'll" or "now let me". Known only for a candidate with terms
	// (the others are never scored).
	decides, chatty bool
	isOut, isQues   bool
	// assistant: the sentence is the assistant's. Set by scoreWith.
	assistant bool
	// reports: the sentence has a completion verb ("created", "added",
	// "passes"): an outcome when the assistant's closing report says it.
	// short: it has fewer than minSentence words, a candidate only as the
	// headline of the closing report ("Created 4 changesets:").
	reports, short bool
	// pasted: a steward's sentence of pasted output (a log, an error),
	// never scored.
	pasted bool
	// failedCommand: the ask of an opening message that pastes a command
	// failing, written from the paste (pastedFailure).
	failedCommand bool
	// sumsUp: the sentence opens by saying it sums up ("In summary, …",
	// "TL;DR: …"): the writer's own summary.
	sumsUp bool
	// noOutcome: the sentence is never an outcome: it is of a model's
	// thought summary (read only where its message holds nothing else),
	// or an item of a list of steps to take, reasons or offers.
	noOutcome bool
}

// summaryOf computes a session's summary.
//
// The text is extractive: every sentence of steward and assistant prose
// with 4 to 60 words (table rows left out, Markdown made plain text: no
// code-span backticks, emphasis marks, link syntax or list markers) is
// scored by the weight of its distinct salient terms
// — a term weighs (1 + ln tf) · ln(1 + N/df), tf its count in the session,
// df the number of the N messages that use it — averaged and damped for
// sentences with fewer than four terms, then scaled by position and kind:
// ×1.6 in the first steward message (the ask), ×1.3 in the last two
// messages (the conclusion), ×1.3 for an outcome, ×1.2 for a decision,
// ×0.7 for a question, ×0.5 for the assistant announcing its next step.
// The best sentences that fit in 1,000 characters, skipping any whose terms
// overlap a chosen one's by 80% or more, read ask, done, left: the
// steward's request, the closing report, its offer of what is left
// (candidatePool.text).
//
// Key topics are the topics most often given to steward and assistant
// messages. Main outcomes are the best-scored sentences (at most five, in
// order) saying something is done, fixed, implemented, decided, shipped,
// completed, resolved, merged or deployed, unless negated. Decisions are
// sentences like "we'll go with X because Y", "let's use X instead of Y
// since Z" or "decided to X", with the rationale after because / since /
// so that / given that / due to.
func summaryOf(vs []view) baton.Summary {
	s, _ := summaryAndMemory(vs, 0)
	return s
}

// summaryAndMemory is summaryOf(vs) and, when 0 < due < len(vs), the
// summary a memory covering the first due messages keeps: summaryText of
// them, made from the pool on its way to holding every message (it is
// gathered view by view, as a memory's running state extends its pool)
// instead of gathering their candidates a second time. nil otherwise.
func summaryAndMemory(vs []view, due int) (baton.Summary, *knownSummary) {
	s, memory, _ := summaryAndMemoryWith(vs, due, newSessionTechnologies(vs))
	return s, memory
}

// summaryAndMemoryWith is summaryAndMemory(vs, due) reading the session's
// technologies from techs (technologiesOf(vs)), with the session's spare
// topics (keyTopicsAndSpares), for its title to pick from
// (withTitleTopic).
func summaryAndMemoryWith(vs []view, due int, techs *sessionTechnologies) (baton.Summary, *knownSummary, []string) {
	// The key topics and the decisions come first: the working memory of
	// each is let go before the candidates are gathered, so a long
	// session never holds the topics' tally and the candidates at once
	// (a 150,000-message session's were 11 MB and 27 MB).
	topics, spares := keyTopicsAndSpares(vs)
	decisions := decisionsWith(vs, techs)
	var memory *knownSummary
	pool := newCandidatePool()
	for i := range vs {
		if i == due && due > 0 {
			pool.score(vs[:due])
			memory = &knownSummary{covers: due, text: pool.text(pool.ranked())}
		}
		pool.addView(i, &vs[i])
	}
	pool.score(vs)
	ranked := pool.ranked()
	return baton.Summary{
		KeyTopics:     topics,
		AutoGenerated: pool.text(ranked),
		MainOutcomes:  pool.outcomes(ranked, vs),
		Decisions:     decisions,
	}, memory, spares
}

// candidatePool is the sentences of a session the summary may use, with
// the counts their terms are weighed by.
type candidatePool struct {
	cands []candidate
	// terms holds the candidates' terms, a run for each (candidate.termsAt).
	terms []int32
	// vocab numbers the salient terms; tf and df are indexed by number:
	// a term's count in the session, and how many of the docs messages
	// use it.
	vocab  map[string]int32
	tf, df []int
	docs   int
	// lastDoc is, by term, the docs count of the last message that used
	// it (each message with text counts one more): df counts a term once
	// a message without a set of the message's terms (a map a message
	// was most of making a memory's allocations).
	lastDoc []int32
	// words is the sentence addSentence reads, split into words: kept
	// for the next sentence, not made for each of a session's.
	words []string
	// firstSteward is the view of the first steward message (the ask),
	// lastText of the last message with text; -1 when there is none.
	firstSteward, lastText int
	// closing is the view of the assistant's closing report, the last
	// assistant message with a candidate; -1 when there is none. Set by
	// scoreWith.
	closing int
	// closingLast is the index of the closing report's last candidate,
	// lastSteward the view of the last steward message with a candidate
	// after the first; -1 when there is none. Set by scoreWith.
	closingLast, lastSteward int
	// inView counts the sentences of the view being added.
	inView int
}

// gatherCandidates splits the steward's and the assistant's prose into
// sentences (table rows and tool records left out, Markdown made plain
// text) and counts
// their salient terms; the sentences of 4 to 60 words are candidates.
func gatherCandidates(vs []view) *candidatePool {
	p := newCandidatePool()
	for i := range vs {
		p.addView(i, &vs[i])
	}
	return p
}

func newCandidatePool() *candidatePool {
	return &candidatePool{vocab: map[string]int32{}, firstSteward: -1, lastText: -1, closing: -1, closingLast: -1, lastSteward: -1}
}

// addView adds the sentences of view i, the next in the session, to the
// pool: gatherCandidates view by view, so a conversation's memory can
// keep its pool and add the messages it grew by (memoryState).
func (p *candidatePool) addView(i int, v *view) {
	if !v.text {
		return
	}
	if p.firstSteward < 0 && v.steward() {
		p.firstSteward = i
	}
	p.lastText = i
	p.docs++
	p.inView = 0
	commands := fencedCommands(v.m.Content)
	steward := v.steward()
	prose := v.prose
	if steward && continuationSummary(v.m.Content) {
		// The agent's summary of the conversation before, in the
		// steward's turn: of it, the request it reports is the ask.
		prose = continuationRequest(v.m.Content)
	}
	if _, cut := v.m.Attributes["unfinished"]; cut {
		prose = withoutCutEnd(prose)
	}
	if steward {
		prose = planHeadingAsk(prose)
	}
	if strings.Contains(prose, "⎿") {
		prose = withoutConsoleResults(prose)
	}
	// A thought summary is what the model weighed, not what it told the
	// steward or did ("I've decided to run the config script", "I want
	// this final message to be clear"): no sentence of the summary and
	// no outcome. A message with no other sentence (an export that kept
	// only the model's thoughts beside its tool calls) still says what
	// the session was about: its thoughts are read then, never as
	// outcomes.
	said := prose
	if !steward {
		said = WithoutThoughtSummaries(prose)
	}
	viewStart := len(p.cands)
	p.addLines(i, said, steward, commands, false)
	if len(p.cands) == viewStart && said != prose {
		p.inView = 0
		p.addLines(i, prose, steward, commands, true)
	}
	if i == p.firstSteward {
		p.addFailureAsk(i, prose, viewStart)
	}
}

// addLines adds the sentences of prose, the text of view i, to the pool
// (addView): line by line, with a steward's pasted output marked; thought
// marks them as a model's thought summary.
func (p *candidatePool) addLines(i int, prose string, steward bool, commands map[string]string, thought bool) {
	leadIn := false // the steward introduced a paste ("the errors I get:")
	// outputAbove: the line above was pasted output; promptAbove: a
	// shell's prompt is above, with no blank line between.
	outputAbove, promptAbove := false, false
	// A paragraph a terminal or an editor hard-wrapped is one line here,
	// so that its sentences are scored whole, not as halves.
	// underLead: the lines are a list under a lead of steps to take,
	// reasons or offers (aheadLead), whose items report nothing done.
	underLead := false
	for line := range strings.SplitSeq(unwrapped(prose), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case !steward && aheadLead(trimmed):
			underLead = true
		case trimmed == "" || listItemLine(trimmed) || line != strings.TrimLeft(line, " \t"):
			// A blank line, an item, or a line under an item.
		default:
			underLead = false
		}
		underPrompt := promptAbove && trimmed != ""
		promptAbove = steward && (underPrompt || shellPrompt(trimmed))
		if toolRecord(line) || summaryRecord(line) || consoleLine(line) || codeOpening(trimmed) {
			outputAbove = underPrompt
			continue
		}
		if strings.Contains(line, "⏺") {
			// Claude Code's console mark before a turn, pasted with it.
			line = strings.ReplaceAll(line, "⏺", "")
		}
		if strings.IndexByte(line, '@') >= 0 {
			if steward {
				line = withoutLeadingMentions(line)
			}
			line = mentionsAsNames(line)
		}
		// Under a shell's prompt, the lines up to a blank one are what
		// the command printed; a list under a line of output is the
		// output's too ("hint: …" then "- To silence this, run …").
		pastedLine := steward && (pastedOutputLine(line) || underPrompt || outputAbove && stripListMarker(trimmed) != trimmed)
		outputAbove = pastedLine
		logLine := lazyLogLine{line: line}
		ss := sentences(line)
		for j, s := range ss {
			if strings.Count(s, "|") >= 2 { // a table row
				continue
			}
			// A steward's pasted log or error is evidence, not what
			// they said: never the ask, never a summary sentence.
			pasted := false
			if steward {
				split := false
				if at := clockAt(s); !leadIn && at > 0 {
					// A log pasted on the line of its lead-in, from its
					// clock time on ("… when running Codex [11:35:44.030]
					// [API] GET …"): the words before are theirs.
					if lead := strings.TrimRight(s[:at], " ["); len(wordsOf(lowerText(lead))) >= minSentence {
						p.addSentence(i, plainText(lead))
						leadIn, s, pasted, split = true, s[at:], true, true
					}
				}
				if !split && !leadIn && strings.Contains(s, ": ") && logLine.match() {
					if lead, rest, ok := pastedSplit(s, true); ok {
						p.addSentence(i, plainText(lead))
						leadIn, s, pasted, split = true, rest, true, true
					}
				}
				if !split {
					pasted = pastedLine || startsAsLog(s) || leadIn && logLine.match()
				}
				leadIn = leadIn || strings.HasSuffix(s, ":")
			}
			if s == "" {
				continue
			}
			n := len(p.cands)
			p.addSentence(i, plainText(s))
			if len(p.cands) == n {
				continue
			}
			c := &p.cands[n]
			c.pasted, c.noOutcome = pasted, thought || underLead
			// "run:" and the fenced command it introduces.
			if cmd, ok := commands[strings.TrimSpace(line)]; ok && j == len(ss)-1 && strings.HasSuffix(c.text, ":") {
				c.text += " " + cmd + "."
			}
		}
	}
}

// planOpening is the line with which an editor's plan mode hands the
// steward's approved plan over ("Implement the following plan:"), and the
// plan's heading under it ("# Plan: Thesis Completion UI").
var planOpening = regexp.MustCompile(`(?i)^\s*implement the following plan:\s*\n(?:\s*\n)*\s*#{1,3}\s+(?:plan:\s*)?([^\n]+)`)

// pastedFailure is the ask of an opening message that pastes a terminal
// in which a command failed ("➜ git push origin main" and its error, then
// "please fix"): fixing it, as its task reads ("Fix git push origin main
// failing: No prek.toml … found."), or "". The steward's own words there
// are too few to say what is wrong.
func pastedFailure(prose string) string {
	prompted := false
	for line := range strings.SplitSeq(prose, "\n") {
		if shellPrompt(strings.TrimSpace(line)) {
			prompted = true
			break
		}
	}
	if !prompted {
		return ""
	}
	task := pastedErrorTask(prose)
	if task == "" {
		return ""
	}
	return strings.ToUpper(task[:1]) + task[1:] + stopOf(task)
}

// planAskLead opens the ask planHeadingAsk writes.
const planAskLead = "Implement the plan: "

// planHeadingAsk is prose with its plan opening and the plan's heading
// made one sentence, the ask: "Implement the plan: Thesis Completion UI."
// Alone, the opening only points ahead and a short heading is no
// sentence.
func planHeadingAsk(prose string) string {
	m := planOpening.FindStringSubmatchIndex(prose)
	if m == nil {
		return prose
	}
	heading := strings.TrimRight(strings.TrimSpace(prose[m[2]:m[3]]), ".:")
	return planAskLead + heading + "." + prose[m[1]:]
}

// withoutCutEnd is the prose of a message cut short (its export marks it
// unfinished: the steward stopped the answer) up to its last full stop:
// "… but on a hot" is not a sentence the summary can quote.
func withoutCutEnd(prose string) string {
	const stops = ".!?。！？…"
	end := strings.TrimRightFunc(prose, unicode.IsSpace)
	if r, _ := utf8.DecodeLastRuneInString(end); strings.ContainsRune(stops, r) {
		return prose
	}
	at := strings.LastIndexFunc(end, func(r rune) bool { return r == '\n' || strings.ContainsRune(stops, r) })
	if at < 0 {
		return ""
	}
	_, size := utf8.DecodeRuneInString(end[at:])
	return end[:at+size]
}

// addSentence counts the terms of one sentence of view i, the view
// addView is adding, and keeps it as a candidate when its length fits.
func (p *candidatePool) addSentence(i int, s string) {
	p.inView++
	if s = withoutCourtesy(s); s == "" || asideSentence(s) {
		return
	}
	l := lowerText(s)
	p.words = appendWords(p.words[:0], l)
	words := p.words
	// The sentence's distinct terms go on the end of p.terms, where they
	// stay if it is a candidate.
	start := len(p.terms)
	for _, w := range words {
		if !salient(w) {
			continue
		}
		t, ok := p.vocab[w]
		if !ok {
			t = int32(len(p.tf))
			p.vocab[strings.Clone(w)] = t
			p.tf, p.df, p.lastDoc = append(p.tf, 0), append(p.df, 0), append(p.lastDoc, 0)
		}
		p.tf[t]++
		if p.lastDoc[t] != int32(p.docs) { // the message's first use
			p.lastDoc[t] = int32(p.docs)
			p.df[t]++
		}
		if !slices.Contains(p.terms[start:], t) {
			p.terms = append(p.terms, t)
		}
	}
	// A short sentence is kept only as a message's opening line with a
	// completion verb: it may head the assistant's closing report.
	short := len(words) < minSentence
	reports := false
	if len(words) <= maxSentence && (!short || len(words) >= 2 && p.inView == 1) {
		reports = reportsCompletion(words)
	}
	if len(words) > maxSentence || short && (len(words) < 2 || p.inView > 1 || !reports) || !short && pointsAhead(l) {
		p.terms = p.terms[:start]
		return
	}
	c := candidate{
		text: s, view: int32(i), termsAt: int32(start), nTerms: uint16(len(p.terms) - start),
		isOut: isOutcome(words), isQues: strings.HasSuffix(s, "?"), reports: reports, short: short,
	}
	if c.nTerms > 0 {
		c.decides = decisionCue(l)
		c.chatty = narrates(l)
		c.sumsUp = sumsUp(l)
	}
	p.cands = append(p.cands, c)
}

// termsOf is candidate c's distinct terms, in the order the sentence
// uses them first.
func (p *candidatePool) termsOf(c *candidate) []int32 {
	return p.terms[c.termsAt : c.termsAt+int32(c.nTerms)]
}

// score weighs each candidate with terms: the mean weight of its terms,
// damped below four terms, scaled by where it stands and what it says.
func (p *candidatePool) score(vs []view) {
	secondLast := -1
	for i := p.lastText - 1; i >= 0; i-- {
		if vs[i].text {
			secondLast = i
			break
		}
	}
	p.scoreWith(secondLast, func(i int) bool { return vs[i].assistant() })
}

// scoreWith is score given the second-last view with text (-1: none) and
// whether view i is the assistant's: what score reads of the views.
//
// A summary says what was asked, what was done and what is left, so the
// weights follow the conversation's structure: the ask is the opening
// sentences of the first steward message (×1.6; the rest of a long first
// message, a pasted plan's problem statement, weighs as any other); the
// assistant's closing report, its last message with a sentence, carries
// the outcome (×1.6, and its last sentence, an offer or question of what
// is left, is not damped as a question); an assistant's answer that a
// later steward message followed up on was superseded by what came after
// (×0.7), as an early advisory answer is by the work done.
func (p *candidatePool) scoreWith(secondLast int, assistant func(i int) bool) {
	weight := func(t int32) float64 {
		return (1 + math.Log(float64(p.tf[t]))) * math.Log(1+float64(p.docs)/float64(p.df[t]))
	}
	p.closing = -1
	lastSteward, closingLast := -1, -1
	defer func() { p.closingLast, p.lastSteward = closingLast, lastSteward }()
	for k := range p.cands {
		if view := int(p.cands[k].view); assistant(view) {
			p.closing, closingLast = view, k
		} else if view != p.firstSteward {
			lastSteward = view
		}
	}
	ask := askWindow(p.cands, p.firstSteward)
	for k := range p.cands {
		c := &p.cands[k]
		terms := p.termsOf(c)
		view := int(c.view)
		if c.pasted {
			c.score = 0
			continue
		}
		switch {
		case len(terms) > 0:
			total := 0.0
			for _, t := range terms {
				total += weight(t)
			}
			c.score = total / float64(len(terms)) * min(1, float64(len(terms))/4)
		case view == p.firstSteward && slices.Contains(ask, k) || assistant(view) && view == p.closing && (c.isOut || c.reports) && !fieldLine(c.text):
			// "can you update go in all the right places to 1.25.6" and
			// "Updated Go version from 1.25.5 to 1.25.6 in both files"
			// name things in words too short, numbered or inflected to
			// be terms; where they stand and what they say make them the
			// ask and the outcome.
			c.score = wordlessScore
		default:
			continue
		}
		isAssistant := assistant(view)
		c.assistant = isAssistant
		if c.short && view != p.closing {
			c.score = 0
			continue
		}
		if c.reports && !c.isOut && view == p.closing {
			c.score *= 1.3
		}
		switch {
		case view == p.firstSteward:
			if slices.Contains(ask, k) {
				c.score *= 1.6
			}
		case view == p.closing:
			c.score *= 1.6
		case view == p.lastText || view == secondLast:
			c.score *= 1.3
		case isAssistant && view < lastSteward:
			c.score *= 0.7
		}
		scaleByKind(c, isAssistant)
		if k == closingLast && c.isQues {
			c.score /= 0.7
		}
	}
}

// sumsUpOpeners open a sentence that sums up what came before it.
var sumsUpOpeners = []string{"in summary", "in short", "to summarize", "to summarise", "to sum up", "in conclusion",
	"tl;dr", "tldr", "bottom line", "all in all", "overall,"}

// sumsUp reports whether a lower-cased sentence opens by summing up.
func sumsUp(lower string) bool {
	for _, o := range sumsUpOpeners {
		if strings.HasPrefix(lower, o) {
			return true
		}
	}
	return false
}

// fieldLine reports whether s is a field of a listing, a label and its
// value ("Created: July 24, 2025 at 22:46"): no report of work.
func fieldLine(s string) bool {
	first, _, _ := strings.Cut(s, " ")
	return len(first) > 1 && strings.HasSuffix(first, ":")
}

// wordlessScore is the score of an ask or a closing report without
// terms, before it is scaled: below any sentence with terms of weight.
const wordlessScore = 0.1

// maxAskSentences is how many opening sentences of the first steward
// message are the ask.
const maxAskSentences = 2

// askWindow is the candidates of view that may be its ask: its opening
// maxAskSentences sentences, passing over those that give news of work
// already done ("The config work is finished: the loader is deleted",
// "Good news from last time: the flaky test is fixed"). That is the
// steward reporting on an earlier session before they ask something of
// this one; it is the ask only when nothing else opens the message.
func askWindow(cands []candidate, view int) []int {
	var opening, news []int
	for k := range cands {
		c := &cands[k]
		if int(c.view) > view {
			break
		}
		if int(c.view) != view || c.pasted || forbidsWork(lowerText(c.text)) {
			continue
		}
		if len(opening)+len(news) >= maxAskSentences+2 || len(opening) == maxAskSentences {
			break
		}
		if len(opening) == 0 && reportsEarlierWork(c) {
			news = append(news, k)
			continue
		}
		opening = append(opening, k)
	}
	if len(opening) == 0 {
		return news[:min(len(news), maxAskSentences)]
	}
	return opening
}

// forbidsWork reports a sentence that holds the assistant back from a
// kind of work ("DO NOT WRITE ANY CODE OR RUN ANY COMMANDS.", "Don't make
// any changes yet."): it says how to answer, never what is asked.
func forbidsWork(lower string) bool {
	lower = strings.TrimPrefix(lower, "please ")
	for _, no := range []string{"do not ", "don't ", "don’t ", "dont ", "never "} {
		if rest, ok := strings.CutPrefix(lower, no); ok {
			verb, rest, _ := strings.Cut(rest, " ")
			object, _, _ := strings.Cut(rest, " ")
			return forbiddenWork[verb] && forbiddenObjects[strings.TrimRight(object, ".,;!")]
		}
	}
	return false
}

var (
	// forbiddenWork and forbiddenObjects are the verbs and objects of
	// what a steward holds the assistant back from: writing code,
	// running commands, making changes.
	forbiddenWork    = set("write", "run", "change", "modify", "edit", "touch", "make", "implement", "execute", "commit", "push", "start", "code")
	forbiddenObjects = set("any", "anything", "code", "commands", "changes", "files", "yet", "it", "them")
)

// reportsEarlierWork reports whether the steward's sentence c gives news
// of work done (newsOfDoneWork).
func reportsEarlierWork(c *candidate) bool {
	return c.reports && !c.short && newsOfDoneWork(c.text)
}

// newsOfDoneWork reports whether a steward's sentence says work is done (a
// completion verb in the past, not negated: "is done", "merged"; "figure
// out how the CLI works" asks) and nothing else: no question, no request,
// no word of a problem ("I updated Go and the build fails" states the
// problem the session is about).
func newsOfDoneWork(s string) bool {
	if strings.HasSuffix(s, "?") {
		return false
	}
	words := wordsOf(lowerText(s))
	done := false
	for i, w := range words {
		if problemWord(w) {
			return false
		}
		done = done || completedAt(words, i) && (strings.HasSuffix(w, "ed") || w == "done" || w == "written" || w == "wrote")
	}
	if !done {
		return false
	}
	text, _ := requestOf(s, false)
	return text == ""
}

// problemWord reports a word that names something wrong.
func problemWord(w string) bool {
	for _, stem := range []string{"fail", "error", "broke", "crash", "bug", "wrong", "issue", "problem"} {
		if strings.HasPrefix(w, stem) {
			return true
		}
	}
	return w == "but" || w == "however"
}

// narrationOpenings open a sentence in which the assistant says what it
// is about to do.
var narrationOpenings = []string{"let me ", "now let me ", "first, let me ", "first let me ", "next, let me ",
	"next let me ", "let's ", "now let's ", "i'll ", "now i'll ", "i need to ", "now i need to ", "i'm going to ",
	"i am going to ", "planning to "}

// narrates reports whether a lower-cased sentence opens as narration of
// a step that looks, reads or tries ("Let me check the config", "I'll
// explore the docs folder", "Now let's run the tests"): that step finds
// out, it does no work the summary reports; nor does one that only moves
// the work along (movingOnVerbs). "Let me add the field so
// rewinds list it" or "I'll add a directive since …" say what was done
// and why, and stay.
func narrates(lower string) bool {
	lower = strings.ReplaceAll(lower, "’", "'")
	// "Dropdown visibility - I'll add a border": a short label, then
	// the narration.
	if head, rest, ok := strings.Cut(lower, " - "); ok && len(strings.Fields(head)) <= 4 && rest != "" && narrates(rest) {
		return true
	}
	if knowsEnough(lower) {
		return true
	}
	if narratesInOtherLanguage(lower) {
		return true
	}
	for _, o := range narrationOpenings {
		rest, ok := strings.CutPrefix(lower, o)
		if !ok {
			continue
		}
		words := strings.Fields(rest)
		if len(words) > 1 && (movingOnVerbs[words[0]] || (words[0] == "start" || words[0] == "begin") && words[1] == "with") {
			return true
		}
		for len(words) > 1 && narrationAdverbs[words[0]] {
			words = words[1:]
		}
		return len(words) > 0 && findingOutVerbs[strings.Trim(words[0], ",.:")]
	}
	return false
}

// narratesInOtherLanguage is narrates for Chinese, Japanese, Korean and
// Polish: a step that finds out, announced ("让我先查看一下相关文件",
// "我将运行测试以验证", "設定を確認します", "스펙 파일들을 확인하겠습니다",
// "Sprawdźmy kod serwera"), or where the assistant stands ("现在我理解问题了").
func narratesInOtherLanguage(lower string) bool {
	if lower == "" {
		return false
	}
	if lower[0] < utf8.RuneSelf {
		for _, o := range []string{"sprawdźmy ", "teraz sprawdźmy ", "zobaczmy ", "teraz zobaczmy ", "sprawdzę ", "przejrzyjmy "} {
			if strings.HasPrefix(lower, o) {
				return true
			}
		}
	} else {
		for _, o := range []string{"让我", "讓我", "我先", "我来", "我來", "我将", "我將", "接下来我", "接下來我", "现在让我", "現在讓我", "现在我", "現在我", "我会", "我會"} {
			if rest, ok := strings.CutPrefix(lower, o); ok {
				return findsOutInChinese(rest)
			}
		}
	}
	end := strings.TrimRight(lower, ".。！!")
	if end == "" || end[len(end)-1] < utf8.RuneSelf {
		return false
	}
	for _, o := range []string{"確認します", "確認してみます", "見てみます", "調べます", "調べてみます", "読みます", "確認しましょう", "見てみましょう",
		"확인하겠습니다", "확인해 보겠습니다", "확인해보겠습니다", "살펴보겠습니다", "검색하겠습니다", "읽어보겠습니다", "조사하겠습니다"} {
		if strings.HasSuffix(end, o) {
			return true
		}
	}
	return false
}

// findsOutInChinese reports whether what follows "让我", "我先" or "我将"
// is a step that finds out (查看, 检查, 确认, 运行 …) or understanding
// reached (理解, 明白, 看到), after an adverb or two (先, 也, 快速).
func findsOutInChinese(rest string) bool {
	for _, adverb := range []string{"先", "也", "再", "快速", "去", "来", "們", "们", "一起", "仔细", "仔細"} {
		rest = strings.TrimPrefix(rest, adverb)
	}
	for _, verb := range []string{"查看", "检查", "檢查", "看看", "看一下", "确认", "確認", "验证", "驗證", "运行", "運行", "搜索",
		"读取", "讀取", "阅读", "閱讀", "了解", "分析", "查找", "理解", "明白", "看到"} {
		if strings.HasPrefix(rest, verb) {
			return true
		}
	}
	return false
}

// knowsEnough reports the assistant saying where it stands before it
// works, not what it did: "Now I have all the context needed", "I have
// enough to proceed", "Good, I'm on the right branch", "Good, the
// directory exists already" (a short acknowledgement that reports no
// outcome).
func knowsEnough(lower string) bool {
	for _, o := range []string{"now i have all", "i have all the context", "now i have enough", "i have enough",
		"now i understand", "now i have a clear", "now i have a good", "i have a clear picture", "i have the full picture"} {
		if strings.HasPrefix(lower, o) {
			return true
		}
	}
	for _, ack := range []string{"good, ", "great, ", "perfect, ", "ok, ", "okay, ", "excellent, ", "good. ", "great. "} {
		if rest, ok := strings.CutPrefix(lower, ack); ok && len(strings.Fields(rest)) <= 8 {
			// "Great, the search page is shipped" reports an outcome.
			words := wordsOf(rest)
			return !isOutcome(words) && !reportsCompletion(words)
		}
	}
	return false
}

var (
	// movingOnVerbs move the work along without saying what it is ("Let
	// me commit these changes", "Let's start with the fixes", "Let me
	// know if you'd like …", "Let me show you how …").
	movingOnVerbs    = set("commit", "amend", "stage", "push", "proceed", "continue", "do", "know", "show", "provide", "wait", "finish")
	narrationAdverbs = set("also", "first", "first,", "quickly", "now", "just", "then", "briefly", "go", "start", "begin")
	// findingOutVerbs find out; they change nothing ("start by
	// checking": by).
	findingOutVerbs = set("check", "checking", "read", "reading", "look", "looking", "see", "explore", "exploring",
		"investigate", "investigating", "examine", "search", "find", "understand", "verify", "review", "inspect",
		"run", "try", "get", "open", "view", "list", "grep", "analyze", "analyse", "scan", "confirm", "test",
		"figure", "help", "fetch", "take", "by")
)

// scaleByKind scales a candidate's score by what it says: an outcome, a
// decision, a question, or the assistant announcing its next step.
func scaleByKind(c *candidate, assistant bool) {
	if c.sumsUp && assistant {
		// The assistant's own summing up says what the session came to
		// in its words, better than any detail picked beside it.
		c.score *= 2
	}
	if c.isOut {
		c.score *= 1.3
	}
	if c.decides {
		c.score *= 1.2
	}
	if c.isQues {
		c.score *= 0.7
	}
	if assistant && c.chatty {
		c.score *= 0.5
	}
}

// ranked is the candidates' indexes, best score first (ties in order).
func (p *candidatePool) ranked() []int {
	ranked := make([]int, len(p.cands))
	for k := range ranked {
		ranked[k] = k
	}
	sortStable(ranked, func(a, b int) bool { return p.cands[a].score > p.cands[b].score })
	return ranked
}

// text is the summary a steward reads at a handoff, in the order they
// ask it: what was asked (one sentence of the first steward message with
// a scored sentence, the better of its opening two, then the steward's
// other chosen sentences), what was done or found (the assistant's
// closing report first, then its other chosen sentences, in their order
// in the session), and what is left (the closing report's last sentence
// when it offers a next step or asks). The ask and what is left are
// taken first; the best of the rest fill maxSummary characters, skipping any
// that say what a chosen one said. When the closing report says work was
// done, the assistant's sentences before the steward's last request are
// left out (that early advice was superseded by the work), and so are its
// announcements of a next step ("Let me check …") outside the report. With no
// sentence scored, an excerpt of the first candidate.
func (p *candidatePool) text(ranked []int) string {
	return composeSummary(p.cands, ranked, p.closing, p.closingLast, p.lastSteward, p.redundant)
}

// composeSummary is candidatePool.text given the pool's scored candidates
// and where its closing report and last steward request are; redundant
// says whether candidate k says what the chosen ones said.
func composeSummary(cands []candidate, ranked []int, closing, closingLast, lastSteward int, redundant func(chosen []int, k int) bool) string {
	p := &summaryParts{cands: cands, closing: closing, closingLast: closingLast}
	picked := make([]bool, len(p.cands))
	size := 0
	var chosen []int
	ask, left := p.askSentence(), p.leftSentence()
	// render is a chosen sentence as the summary says it: the ask
	// reported (reportedAsk), the others as written.
	render := func(k int) string {
		if k == ask {
			return reportedAsk(withStop(capitalizedWord(p.cands[k].text)))
		}
		if p.cands[k].assistant {
			return withStop(withoutInterjection(p.cands[k].text))
		}
		return withStop(capitalizedWord(p.cands[k].text))
	}
	take := func(k int) {
		s := render(k)
		n := displayWidth(s)
		if size+n+1 > maxSummary || redundant(chosen, k) {
			return
		}
		picked[k] = true
		chosen = append(chosen, k)
		size += n + 1
	}
	askView := -1
	if ask >= 0 {
		askView = int(p.cands[ask].view)
	}
	if ask >= 0 {
		take(ask)
	}
	if left >= 0 {
		take(left)
	}
	outcome := p.closingReportsWork()
	for _, k := range ranked {
		c := &p.cands[k]
		if c.score <= 0 {
			break
		}
		view := int(c.view)
		// The assistant narrating its next step ("Now let me look at the
		// pipeline") says what it was about to do, not what the session
		// did or found.
		if picked[k] || view == askView || c.assistant && c.chatty || outcome && c.assistant && view < lastSteward {
			continue
		}
		// Once the closing report says what was done, the steps the
		// assistant announced on the way ("Now I'll simplify the footer")
		// say it again, before it was so.
		if outcome && c.assistant && !c.isOut && notDone(lowerText(c.text)) {
			continue
		}
		if !c.assistant && !c.decides && assentReply(lowerText(c.text)) {
			continue
		}
		take(k)
	}
	var parts []string
	add := func(k int) { parts = append(parts, render(k)) }
	if ask >= 0 && picked[ask] {
		add(ask)
	}
	// The steward's, the assistant's summing up, the closing report's,
	// then the assistant's others.
	for _, section := range []func(c *candidate) bool{
		func(c *candidate) bool { return !c.assistant },
		func(c *candidate) bool { return c.assistant && c.sumsUp },
		func(c *candidate) bool { return int(c.view) == p.closing && !c.sumsUp },
		func(c *candidate) bool { return c.assistant && int(c.view) != p.closing && !c.sumsUp },
	} {
		for k := range p.cands {
			if picked[k] && k != ask && k != left && section(&p.cands[k]) {
				add(k)
			}
		}
	}
	if left >= 0 && picked[left] {
		add(left)
	}
	text := strings.Join(parts, " ")
	if text == "" && len(p.cands) > 0 {
		text = excerpt(p.cands[0].text, maxSummary-4)
	}
	return text
}

// assentReply reports the steward's short yes to what the assistant
// offered ("yes, all of those would be useful", "sure, that works"): it
// says what was agreed only beside the offer, so a summary, which holds
// no offer, does not hold it. A yes that goes on to ask for the next
// thing ("ok, now let's deploy to production", "yes, build and test") is
// a request.
func assentReply(lower string) bool {
	first, rest, _ := strings.Cut(lower, " ")
	switch strings.TrimRight(first, ",.!") {
	case "yes", "yeah", "yep", "yup", "ok", "okay", "sure":
		next, _, _ := strings.Cut(rest, " ")
		return len(strings.Fields(rest)) <= 6 && !imperativeVerbs[next] && !assentGoesOn[next]
	}
	return false
}

// assentGoesOn open a request after a yes that is not an imperative
// verb ("now let's …", "please …", "can you …"), or the steward's news
// ("ok, I've loaded the new credentials").
var assentGoesOn = set("i", "i've", "i’ve", "i'm", "i’m", "i'll", "i’ll", "we", "we've", "we’ve", "now", "let's", "lets", "let", "please", "can", "could", "would", "then", "next", "go", "do")

// withoutInterjection is the assistant's sentence without the word it
// opens with to acknowledge what it saw ("Good - only two types remain",
// "Okay, I've made the first edits"): the summary reports what follows.
func withoutInterjection(s string) string {
	first, rest, ok := strings.Cut(s, " ")
	if !ok {
		return s
	}
	word := strings.TrimRight(first, ",!")
	if len(word) == len(first) {
		// "Good - …", "Good — …": the dash stands apart.
		dash, after, ok := strings.Cut(rest, " ")
		if !ok || dash != "-" && dash != "—" && dash != "–" {
			return s
		}
		rest = after
	}
	switch strings.ToLower(word) {
	case "good", "great", "perfect", "excellent", "okay", "ok", "alright", "nice", "awesome":
		return capitalized(rest)
	}
	return s
}

// displayWidth is the columns s takes on a screen: two for a wide
// character (Chinese, Japanese and Korean scripts, full-width forms), one
// for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wideRune(r) {
			n++
		}
	}
	return n
}

// wideRune reports a character East Asian text sets in two columns: Hangul
// Jamo, the CJK scripts and symbols through Yi, Hangul syllables, CJK
// compatibility ideographs and forms, full-width forms, and the
// ideographs beyond the basic plane.
func wideRune(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 ||
		r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 ||
		r >= 0xffe0 && r <= 0xffe6 || r >= 0x20000 && r <= 0x3fffd)
}

// capitalizedWord is s with its first letter a capital when its first
// word is a plain word ("verify completeness …" opens the summary as
// "Verify completeness …", "in the CLI what happens …" as "In the CLI
// …", "puedes crear …" as "Puedes crear …"); a name written in lower case
// ("pyrightconfig.json", "npm", "uv") stays as written.
func capitalizedWord(s string) string {
	first, _, _ := strings.Cut(s, " ")
	first = strings.TrimRight(first, ",:;!?")
	if first == "" {
		return s
	}
	for _, r := range first {
		if !unicode.IsLower(r) && r != '\'' && r != '’' {
			return s
		}
	}
	// A program's name that is no word of a request ("uv", "npm"; not
	// "go" or "make") is a name.
	if isTechnologyName(first) || programTechnologies[first] != "" && !imperativeVerbs[first] && !stopWords[first] {
		return s
	}
	return capitalized(s)
}

// summaryParts is what composeSummary reads of a pool: its candidates,
// the view of the closing report and the index of its last candidate.
type summaryParts struct {
	cands                []candidate
	closing, closingLast int
}

// askSentence is the candidate that says what the steward asked: the
// better scored of the opening two sentences of the first steward
// message with a scored sentence (a first message that is only a command
// or a short greeting has none); -1 when there is none.
func (p *summaryParts) askSentence() int {
	view := -1
	for k := range p.cands {
		if c := &p.cands[k]; c.score > 0 && !c.assistant {
			view = int(c.view)
			break
		}
	}
	ask := -1
	window := askWindow(p.cands, view)
	if len(window) > 0 && p.cands[window[0]].score > 0 {
		// The plan's heading (planHeadingAsk), or the command that
		// failed (addFailureAsk), names the work.
		if first := &p.cands[window[0]]; strings.HasPrefix(first.text, planAskLead) || first.failedCommand {
			return window[0]
		}
	}
	for _, k := range window {
		if c := &p.cands[k]; c.score > 0 && (ask < 0 || c.score > p.cands[ask].score) {
			ask = k
		}
	}
	// "investigate why CI failed." then "https://github.com/…/job/82 how
	// to publish to npm": a sentence that opens with a link weighs the
	// link's words; the one beside it that asks is the ask.
	if ask >= 0 && opensWithLink(p.cands[ask].text) {
		for _, k := range window {
			if c := &p.cands[k]; k != ask && c.score > 0 && asksInForm(c.text) && !opensWithLink(c.text) {
				return k
			}
		}
	}
	// "One of the superpowers of background agents is …" then "I'd like
	// to get good at delegating …": a remark that states no problem
	// gives way to the sentence that asks.
	if ask >= 0 && !asksInForm(p.cands[ask].text) && !statesProblem(p.cands[ask].text) {
		for _, k := range window {
			if c := &p.cands[k]; k != ask && c.score > 0 && asksInForm(c.text) && len(wordsOf(lowerText(c.text))) >= minAskWords {
				return k
			}
		}
	}
	return ask
}

// opensWithLink reports whether a sentence opens with a web address.
func opensWithLink(s string) bool {
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

// addFailureAsk puts the ask of a failure the opening message of view i
// pastes (pastedFailure) before the message's own sentences, which start
// at candidate start, when those say too little to be the ask
// ("please fix"); "this happens when I do a release" says more than the
// paste's first command.
func (p *candidatePool) addFailureAsk(i int, prose string, start int) {
	for _, c := range p.cands[start:] {
		if !c.pasted && len(wordsOf(lowerText(c.text))) >= maxFewWords {
			return
		}
	}
	ask := pastedFailure(prose)
	if ask == "" {
		return
	}
	n := len(p.cands)
	p.addSentence(i, plainText(ask))
	if len(p.cands) == n {
		return
	}
	c := p.cands[n]
	c.failedCommand = true
	copy(p.cands[start+1:], p.cands[start:n])
	p.cands[start] = c
}

// maxFewWords bounds the sentences of an opening message that say too
// little to be its ask beside a failure it pastes (pastedFailure).
const maxFewWords = 8

// minAskWords is the fewest words of a sentence that asks and takes the
// ask's place: "Fix it." says less than the remark before it.
const minAskWords = 6

// asksInForm reports whether a sentence asks in a form: a question, an
// imperative, or a request or wish in the first person ("can you …",
// "I'd like to …", "help me …", "what I need is …").
func asksInForm(s string) bool {
	s = strings.ReplaceAll(strings.TrimSpace(s), "’", "'")
	if strings.HasSuffix(s, "?") {
		return true
	}
	body := strings.TrimRight(askFiller.ReplaceAllString(s, ""), "?.!: ")
	if first, _, _ := strings.Cut(body, " "); imperativeVerbs[strings.ToLower(first)] {
		return true
	}
	if askRequest.MatchString(body) || askWant.MatchString(body) || askHelp.MatchString(body) || askWish.MatchString(body) {
		return true
	}
	// "… it should be displayed with brackets": a requirement.
	for _, w := range wordsOf(lowerText(body)) {
		if w == "should" || w == "must" {
			return true
		}
	}
	return false
}

// statesProblem reports whether a sentence says something is wrong
// ("there's a few hundred millis delay before the prompt returns").
func statesProblem(s string) bool {
	for _, w := range wordsOf(lowerText(s)) {
		if sceneProblemWords[w] || slownessWords[w] || negators[w] {
			return true
		}
	}
	return false
}

// slownessWords say something is slow, stuck or odd.
var slownessWords = set("slow", "slower", "delay", "delays", "lag", "hang", "hangs", "stuck", "leak", "leaks", "timeout",
	"inconsistent", "inconsistencies", "weird", "strange", "unexpected", "confusing")

// leftSentence is the closing report's last sentence when it says what
// is left: a question ("Want me to run the release script?") or an offer
// of the next step; -1 otherwise.
func (p *summaryParts) leftSentence() int {
	if p.closingLast < 0 {
		return -1
	}
	c := &p.cands[p.closingLast]
	if c.short {
		return -1
	}
	if c.isQues || offersNextStep(lowerText(c.text)) {
		return p.closingLast
	}
	return -1
}

// offerOpenings open a sentence that offers the steward a next step.
var offerOpenings = []string{"let me know", "if you want", "if you'd like", "if you would like", "would you like",
	"want me to", "shall i", "should i", "to proceed", "next step", "next, ", "you can now", "from here"}

func offersNextStep(lower string) bool {
	for _, o := range offerOpenings {
		if strings.HasPrefix(lower, o) {
			return true
		}
	}
	return false
}

// closingReportsWork reports whether the closing report says work was
// done: a sentence of it with a completion or outcome word.
func (p *summaryParts) closingReportsWork() bool {
	if p.closing < 0 {
		return false
	}
	for k := range p.cands {
		if c := &p.cands[k]; int(c.view) == p.closing && !c.isQues && (c.reports || c.isOut) {
			return true
		}
	}
	return false
}

// outcomes is the best-scored outcome sentences that are not questions,
// at most maxOutcomes and none twice, in their order in the session.
//
// An outcome is the assistant's report, or the steward's confirmation:
// a positive steward's reply that neither asks nor requests ("Great, it
// is shipped"). The steward's first message, and any request or question,
// says what is wanted or wrong, not work done: "which pull requests have
// been merged", a pasted plan's "Fixed errors return after save". In the
// closing report a completion verb ("created", "added", "passes") is an
// outcome too: the report says what the session did.
func (p *candidatePool) outcomes(ranked []int, vs []view) []string {
	var outs []int
	for _, k := range ranked {
		c := &p.cands[k]
		if c.score <= 0 || !reportsWork(vs, int(c.view), p.firstSteward) || !(c.isOut || c.reports && int(c.view) == p.closing) ||
			c.chatty || c.noOutcome || notDone(lowerText(c.text)) || proposes(lowerText(c.text)) {
			continue
		}
		if c.isOut && closesOnStep(lowerText(c.text)) {
			// "The release job completed; the publish step failed, so
			// I'm pulling its log": what was found on the way.
			continue
		}
		if c.isQues || len(outs) >= maxOutcomes || containsSentence(candTexts(p.cands, outs), c.text) {
			continue
		}
		// A running count reported again ("That's 10 races fixed so
		// far", later "… 17 races …") is one outcome, its latest.
		if j := slices.IndexFunc(outs, func(o int) bool { return sameButNumbers(p.cands[o].text, c.text) }); j >= 0 {
			outs[j] = max(outs[j], k)
			continue
		}
		outs = append(outs, k)
	}
	sortStable(outs, func(a, b int) bool { return a < b })
	out := []string{}
	for _, k := range outs {
		// "Added the retry step:" and the code it introduced: the list
		// holds the sentence.
		text, _ := strings.CutSuffix(p.cands[k].text, ":")
		out = append(out, excerpt(text, outcomeLength))
	}
	return out
}

// sameButNumbers reports whether a and b are the same text but for
// their digits.
// sameButNames reports whether two sentences say the same thing of
// different names: word for word alike but for the names of code, files
// and tests ("Before the next change: TestQueue_Pop with a high count."
// and the same of TestEngine_Apply), with at least three words of their
// own alike. A long session that repeats one step over many names says
// it once in a summary.
func sameButNames(a, b string) bool {
	if a == b {
		return false
	}
	// Word by word without splitting: redundant asks this of every
	// candidate against every chosen sentence, and most pairs differ at
	// their first word.
	plain := 0
	ia, ib := 0, 0
	for {
		sa, ea := nextField(a, ia)
		sb, eb := nextField(b, ib)
		switch {
		case sa < 0 || sb < 0:
			return sa < 0 && sb < 0 && plain >= 3
		}
		wa, wb := a[sa:ea], b[sb:eb]
		na, nb := codeName(wa), codeName(wb)
		switch {
		case na != nb:
			return false
		case !na && !strings.EqualFold(wa, wb):
			return false
		case !na:
			plain++
		}
		ia, ib = ea, eb
	}
}

// nextField is where the next run of non-space bytes of s from i starts
// and ends, or -1, -1.
func nextField(s string, i int) (int, int) {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	if i >= len(s) {
		return -1, -1
	}
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' {
		j++
	}
	return i, j
}

// codeName reports whether a word is the name of code, a file or a test:
// it holds a character plain prose does not ("_", "/", ".", "(", "`"
// inside it, a digit), or a capital letter after its first.
func codeName(w string) bool {
	w = strings.TrimRight(w, ".,;:!?")
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '_', c == '/', c == '.', c == '(', c == ')', c == '`', c == '[', c == ']', c == '=',
			c >= '0' && c <= '9', i > 0 && c >= 'A' && c <= 'Z':
			return true
		}
	}
	return false
}

func sameButNumbers(a, b string) bool {
	noDigits := func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}
	return a != b && strings.Map(noDigits, a) == strings.Map(noDigits, b)
}

// notDone reports whether a lower-cased sentence with an outcome word
// says what is to be done or might be, not what was: the assistant's next
// step ("Now I need to remove …", "Let's check if the file was updated",
// "Let me fix the canvas to use a fixed size", "I'll add the flag",
// "Wait, let me review what I've done"), or a condition ("If the diff is
// empty, …", "After making this change, the error should go").
// proposes reports a sentence that says what should or could be done
// rather than what was: an imperative ("Verify the warning is
// resolved"), the steward's wish put to them ("You want the ability to
// run …"), or a modal ("it should print the output", "this would fix
// it"). Advice and a hope are no outcome, however they end.
func proposes(lower string) bool {
	// "Step 3: Stage the resolved file", "Then - run it again": a short
	// label, then the step.
	for _, sep := range []string{": ", " - ", " — "} {
		if head, rest, ok := strings.Cut(lower, sep); ok && len(strings.Fields(head)) <= 3 && rest != "" && proposes(rest) {
			return true
		}
	}
	// "Now update the three call sites": the order after a word that
	// moves on.
	for _, lead := range []string{"now ", "then ", "next "} {
		if rest, ok := strings.CutPrefix(lower, lead); ok {
			lower = rest
			break
		}
	}
	first, rest, _ := strings.Cut(lower, " ")
	if imperativeVerbs[first] {
		second, _, _ := strings.Cut(rest, " ")
		// "Verify the …", "Run all …"; not "Build passes", "Install
		// removed 19 packages".
		if objectOpeners[second] {
			return true
		}
	}
	if first == "you" {
		second, _, _ := strings.Cut(rest, " ")
		if second == "want" || second == "need" || second == "should" || second == "could" || second == "might" ||
			second == "may" || second == "will" || second == "would" || second == "can" && !strings.HasPrefix(rest, "can now ") {
			return true
		}
	}
	// "… now uses a fixed size, which should force the right size": the
	// change is reported, the modal only hopes for its effect.
	if at := strings.Index(lower, ", which "); at > 0 {
		lower = lower[:at]
	}
	return strings.Contains(lower, " should ") || strings.Contains(lower, " would ") || strings.Contains(lower, " could ")
}

// objectOpeners open the object of an imperative: "Run the tests", "Check
// that it builds".
var objectOpeners = set("the", "a", "an", "that", "this", "these", "those", "it", "all", "each", "every", "both", "your", "any")

func notDone(lower string) bool {
	// "Auto-update status - I'll add status …": a short label, then the
	// step.
	for _, sep := range []string{" - ", " — ", ": "} {
		if head, rest, ok := strings.Cut(lower, sep); ok && len(strings.Fields(head)) <= 4 && rest != "" && notDone(rest) {
			return true
		}
	}
	// "Now, let's …", "Great, I'll …": the step after a word that moves on.
	for _, lead := range []string{"now, ", "ok, ", "okay, ", "great, ", "perfect, ", "alright, ", "then, ", "so "} {
		if rest, ok := strings.CutPrefix(lower, lead); ok {
			lower = rest
			break
		}
	}
	for _, opening := range []string{"if ", "unless ", "now i need", "i need to ", "next, ", "next i", "i'm going to ",
		"i am going to ", "going to ", "let's ", "let us ", "let me ", "now let me ", "first, let me ", "first let me ",
		"i'll ", "i’ll ", "i will ", "now i'll ", "now i’ll ", "wait", "after making", "after this change"} {
		if strings.HasPrefix(lower, opening) {
			return true
		}
	}
	return false
}

// redundant reports whether candidate k says what a chosen one says: the
// same text, or terms that overlap by 80% or more (Jaccard).
func (p *candidatePool) redundant(chosen []int, k int) bool {
	c := &p.cands[k]
	cTerms := p.termsOf(c)
	for _, j := range chosen {
		o := &p.cands[j]
		if strings.EqualFold(o.text, c.text) {
			return true
		}
		oTerms := p.termsOf(o)
		common := 0
		for _, t := range cTerms {
			if slices.Contains(oTerms, t) {
				common++
			}
		}
		if union := len(cTerms) + len(oTerms) - common; union > 0 && float64(common)/float64(union) >= 0.8 {
			return true
		}
		// Sentences alike but for names share their other terms: only
		// those are read word by word.
		if common > 0 && sameButNames(o.text, c.text) {
			return true
		}
	}
	return false
}

func candTexts(cands []candidate, ks []int) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = cands[k].text
	}
	return out
}

// withStop ends a sentence with punctuation, so joined sentences read.
// A colon becomes a full stop: what it introduced (code, a list, a
// table) is not in the summary, and "… so the sleep can go:" would
// leave the reader waiting for it.
func withStop(s string) string {
	if t, ok := strings.CutSuffix(s, ":"); ok {
		return strings.TrimRight(t, " ") + "."
	}
	// The last letter, not byte: a Chinese or Japanese sentence ends in
	// its own full stop ("…を読みます。"), which takes no other.
	r, _ := utf8.DecodeLastRuneInString(s)
	if strings.ContainsRune(".!?)\"'。！？：）」』…", r) {
		return s
	}
	return s + "."
}

// pointsAhead reports whether the lower-cased sentence only points at
// what follows its colon ("Here's the fix:", "Results (April only):",
// "It should look like this:"): without that, it says nothing.
func pointsAhead(lower string) bool {
	body, ok := strings.CutSuffix(lower, ":")
	if !ok {
		return false
	}
	for _, opening := range []string{"here's ", "here is ", "here are ", "below is ", "below are "} {
		if strings.HasPrefix(body, opening) {
			return true
		}
	}
	for _, ending := range []string{" like", " like this", " this", " these", " as follows", " the following", " below", " e.g.", " for example"} {
		if strings.HasSuffix(body, ending) {
			return true
		}
	}
	// "I've written a rule for bug fixes that:", "The changelog now
	// lists:": the clause goes on past the colon, so it is not whole.
	if i := strings.LastIndexByte(body, ' '); i >= 0 && clauseGoesOn[body[i+1:]] {
		return true
	}
	// What a parenthesis adds is an aside: "Results (April only, I
	// dropped March)" names nothing but "Results".
	return len(wordsOf(withoutParentheses(body))) <= minSentence
}

// clauseGoesOn are words a clause cannot end with.
var clauseGoesOn = set("that", "which", "who", "to", "with", "for", "and", "or", "of", "as", "by", "the", "a", "an",
	"in", "on", "is", "are", "include", "includes", "including", "contains", "lists", "shows")

// withoutParentheses is s without its parenthesised asides.
func withoutParentheses(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// containsSentence reports whether list holds s but for case and the
// closing punctuation: the steward's "Weekly stats: completion rate per
// habit." and the assistant's "Weekly stats: Completion rate per habit"
// say one thing.
func containsSentence(list []string, s string) bool {
	s = strings.TrimRight(s, ".!;: ")
	for _, x := range list {
		if strings.EqualFold(strings.TrimRight(x, ".!;: "), s) {
			return true
		}
	}
	return false
}

// subjectPhrases are the pairs of adjacent salient words of a prompt, not
// parted by punctuation and not technologies: "rate limiting" in "Add rate
// limiting to the public API endpoints". At most two, in order.
func subjectPhrases(prose string) []string {
	var out []string
	for _, seg := range strings.FieldsFunc(strings.ToLower(prose), func(r rune) bool {
		return strings.ContainsRune(".,;:!?()[]{}\"`\n", r)
	}) {
		ws := strings.Fields(seg)
		for i := 0; i+1 < len(ws) && len(out) < 2; i++ {
			a, b := ws[i], ws[i+1]
			// A noun used as a modifier is singular ("rate limiting",
			// "refresh tokens"): "finds sessions" is a verb and its object.
			if !phraseWord(a) || !phraseWord(b) || strings.HasSuffix(a, "s") && !strings.HasSuffix(a, "ss") {
				continue
			}
			out = append(out, a+" "+b)
			i++ // a word belongs to one phrase
		}
	}
	return out
}

func phraseWord(w string) bool {
	if strings.ContainsFunc(w, func(r rune) bool { return r >= 0x3040 }) {
		return false // CJK words are cut by splitCJK instead
	}
	return salient(w) && !isTechnologyName(w) && !strings.ContainsAny(w, "/_.")
}

// isTechnologyName reports whether a lower-case topic names a technology.
func isTechnologyName(t string) bool {
	if _, ok := technologies[t]; ok {
		return true
	}
	return technologyNamesLower[t]
}

// technologyNamesLower holds every technology's name in lower case, made
// once: keyTopics asks for each topic of each message (lowering every
// name per question was most of a 150,000-message session's analysis).
var technologyNamesLower = func() map[string]bool {
	out := make(map[string]bool, len(technologies)+len(caseTechnologies))
	for _, names := range []map[string]string{caseTechnologies, technologies} {
		for _, name := range names {
			out[strings.ToLower(name)] = true
		}
	}
	return out
}()

var outcomeWords = set("done", "fixed", "implemented", "decided", "shipped", "completed", "resolved", "merged",
	"deployed", "finished", "released")

// isOutcome reports an outcome word that no "not", "isn't", "still" or the
// like negates.
func isOutcome(words []string) bool {
	return outcomeIn(slices.Values(words))
}

// quantifiers describe a thing as determiners do ("several completed
// features", "some resolved threads").
var quantifiers = set("several", "some", "many", "few", "other")

// outcomeIn is isOutcome of words read one at a time (eachWord), for a
// reader that has no slice of them.
func outcomeIn(words iter.Seq[string]) bool {
	var before1, before2 string // the word before, and the one before that
	fixedBefore := false        // an outcome word "fixed" that the next word may make an adjective
	for w := range words {
		if fixedBefore {
			if !fixedThings[w] {
				return true
			}
			fixedBefore = false
		}
		// After a determiner the word describes ("the deployed site",
		// "a finished draft"), after "being" the work goes on ("what is
		// being deployed"): neither tells of work done.
		if outcomeWords[w] && !negators[before1] && !notYetDone[before1] && !determiners[before1] && !quantifiers[before1] && before1 != "being" &&
			!negators[before2] && before2 != "haven't" && before2 != "hasn't" {
			if w != "fixed" {
				return true
			}
			fixedBefore = true
		}
		before2, before1 = before1, w
	}
	return fixedBefore
}

// fixedThings are what "fixed" describes as an adjective, not a repair:
// "a fixed size", "ensure fixed dimensions", "at a fixed interval".
var fixedThings = set("size", "sizes", "width", "height", "dimensions", "position", "point", "rate", "price", "number",
	"length", "interval", "delay", "timeout", "frame", "layout", "value", "values", "version", "string", "format", "cost",
	"buffer", "order", "seed", "window", "amount", "costs", "header", "footer", "column", "columns", "port", "schedule")

// reportsWork reports whether view i may report work done: the
// assistant's, or a steward's confirming reply: not the first steward
// message, no request or question, and positive (a pasted log line that
// says "pipeline completed" is evidence, not the steward's word).
func reportsWork(vs []view, i, firstSteward int) bool {
	v := &vs[i]
	if v.assistant() {
		return true
	}
	return i != firstSteward && v.sem.Intent != IntentRequest && v.sem.Intent != IntentQuestion && v.sem.Sentiment > 0
}

// notYetDone are the words before a completion or outcome word that say
// the work is not done: "still failing", "yet fixed", and "be" of work to
// come ("should be implemented", "needs to be updated", "will be done").
var notYetDone = set("still", "yet", "be")

// completionWords are the verbs of an assistant reporting what it did.
var completionWords = set("created", "added", "updated", "removed", "replaced", "generated", "wrote", "written",
	"passes", "passed", "pass", "succeeded", "succeeds", "works", "verified", "configured", "installed", "committed",
	"published", "renamed", "moved", "changed", "implemented", "fixed", "done", "completed")

// notHave are "have not" before a verb: "I haven't removed it yet".
var notHave = set("haven't", "hasn't", "hadn't", "havent", "hasnt")

// reportsCompletion reports a completion verb that no "not", "isn't" or
// the like negates.
func reportsCompletion(words []string) bool {
	for i := range words {
		if completedAt(words, i) {
			return true
		}
	}
	return false
}

// completedAt reports whether words[i] is a completion verb that no
// "not", "isn't" or the like negates.
func completedAt(words []string, i int) bool {
	return completionWords[words[i]] && !negatedAt(words, i)
}

// negatedAt reports whether the verb words[i] is negated or put off by
// the word or two before it: "not", "isn't", "still", "yet", "haven't".
func negatedAt(words []string, i int) bool {
	return i > 0 && (negators[words[i-1]] || notYetDone[words[i-1]] || notHave[words[i-1]]) ||
		i > 1 && (negators[words[i-2]] || notHave[words[i-2]])
}

// decisionCue is a cheap test before the decision pattern runs.
func decisionCue(lower string) bool {
	// One pass over the sentence, trying at each byte only the cues that
	// start with it: the same as a strings.Contains per cue, which was a
	// third of making a memory (45 scans of every sentence). Most bytes
	// start some cue, so the cues are tried only where the three bytes
	// from here may open one (every cue has three bytes or more).
	for i := 0; i+2 < len(lower); i++ {
		if k := cueOpening(lower[i], lower[i+1], lower[i+2]); decisionCueOpenings[k/64]&(1<<(k%64)) == 0 {
			continue
		}
		for _, c := range decisionCuesByFirstByte[lower[i]] {
			if strings.HasPrefix(lower[i:], c) {
				return true
			}
		}
	}
	return false
}

// decisionCues are what decisionCue looks for in a lower-cased sentence.
var decisionCues = []string{"go with", "went with", "switched to", "chose", "opted", "rather than", "the fix is", "solution is", "approach is", "settled on", "going with", "and not", "decided", "decision", "switch to", "stick with", "use ", "choose", "pick ", "adopt", "instead of", "start with",
	"entschieden", "entscheidung", "wir verwenden", "wir nehmen", "wir nutzen", "wir benutzen", "wir bleiben bei", "wir wechseln zu", "ことに",
	"sticking with", "opting for", "plutôt que", "au lieu de", "on part sur", "on garde", "utilisons", "em vez de", "ao invés de", "vamos usar", "vou usar", "vamos manter", "decidi", "decidimos"}

// decisionCuesByFirstByte holds decisionCues by their first byte.
var decisionCuesByFirstByte = func() (by [256][]string) {
	for _, c := range decisionCues {
		by[c[0]] = append(by[c[0]], c)
	}
	return by
}()

// decisionCueOpenings has the bit cueOpening gives the first three bytes
// of each decision cue set: a clear bit says no cue opens with three
// bytes; a set one, that one may.
var decisionCueOpenings = func() (bits [1 << 16 / 64]uint64) {
	for _, c := range decisionCues {
		k := cueOpening(c[0], c[1], c[2])
		bits[k/64] |= 1 << (k % 64)
	}
	return bits
}()

// cueOpening is a number below 1<<16 for three bytes (a hash: several
// openings share one).
func cueOpening(a, b, c byte) uint32 {
	return (uint32(a)<<16 | uint32(b)<<8 | uint32(c)) * 0x9e3779b1 >> 16
}

var (
	// "we'll go with X", "let's use X instead of Y", "I'm going to switch to X".
	decisionChoice = regexp.MustCompile(`(?i)\b(?:we'll|we will|we're going to|we are going to|let's|let us|i'll|i will|i'm going to|we should|i think we should|we're|we are|i'm|i am)\s+((?:go|going) with|use|using|switch(?:ing)? to|stick(?:ing)? with|choose|choosing|pick|picking|adopt|adopting|keep|move to|migrate to|replace|start with)\s+(.+)`)
	// German: "wir haben entschieden, X", "Entscheidung: X".
	decisionMadeDE = regexp.MustCompile(`(?i)\b(?:(?:wir|ich) haben (?:uns )?(?:dafür )?entschieden|(?:wir|ich) habe (?:mich )?entschieden|entscheidung:)\s*,?\s*(?:dass\s+|zu\s+)?(.+)`)
	// German: "wir verwenden X", "wir bleiben bei X".
	decisionChoiceDE = regexp.MustCompile(`(?i)\b(?:wir|ich)\s+(verwenden|nehmen|nutzen|benutzen|bleiben bei|wechseln zu|setzen auf)\s+(.+)`)
	// French and Portuguese: "on part sur X", "je vais utiliser X", "vamos
	// usar X", "decidimos X".
	decisionChoiceFRPT = regexp.MustCompile(`(?i)(?:^|\s)(?:on part sur|on garde|on va (?:utiliser|garder|passer à|partir sur)|je vais (?:utiliser|garder|passer à)|utilisons|gardons|nous allons utiliser|vamos (?:usar|utilizar|manter|com)|vou (?:usar|utilizar|manter)|decidi(?:mos)? (?:usar|manter|por)|optei por|optamos por)\s+(.+)`)
	// "Going with X rather than Y", "Sticking with X": a choice announced
	// without a subject.
	decisionBare = regexp.MustCompile(`(?i)^(?:going with|sticking with|opting for|settling on)\s+(.+)`)
	// Japanese: "Xことにしました", "Xことに決めました" (decided to X).
	decisionMadeJA = regexp.MustCompile(`^(.+?)ことに(?:しました|決めました|決定しました|します|する)`)
	// "we'll start fresh instead of forking X", "let's X rather than Y".
	decisionInstead = regexp.MustCompile(`(?i)\b(?:we'll|we will|we're going to|let's|let us|i'll|i will|we should)\s+(.+?)\s+(?:instead of|rather than)\s+(.+)`)
	// "I switched to X", "we went with X", "I opted for X": a choice made.
	decisionPast = regexp.MustCompile(`(?i)\b(?:i|we)\s+(?:have\s+|'ve\s+)?(switched to|went with|chose|opted for|opted to|settled on|moved to|replaced)\s+(.+)`)
	// "the fix is to X", "the simplest solution is X", "the best approach is to X".
	decisionFix = regexp.MustCompile(`(?i)^(?:so\s+)?the\s+(?:\w+\s+)?(?:fix|solution|approach|plan)\s+(?:is|will be)\s+to\s+(.+)`)
	// "decided to X", "the decision is to X", "decision: X".
	decisionMade = regexp.MustCompile(`(?i)\b(?:decided (?:to|on)|decision is to|decision was to|decision:)\s*(.+)`)
	// "haven't yet", "not", "before we've": what comes before "decided" when
	// nothing was.
	undecided = regexp.MustCompile(`(?i)(?:n't|\bnot|\bnever|\byet|\bbefore (?:we|i|you)(?:'ve| have)?|\bif (?:we|you|i)(?:'ve| have)?|\bwhen (?:we|you|i))\s*(?:\w+\s+)?$`)
	// What follows these is the alternative turned down.
	alternativeMarker = regexp.MustCompile(`(?i),?\s+(?:instead of|rather than|plutôt que(?: de)?|au lieu de|em vez de|ao invés de)\s+`)
	// What follows these gives the reason.
	rationaleMarker = regexp.MustCompile(`(?i)[,;]?\s+(?:because|since|so that|given that|due to|as it|as they|as this|as that|weil|denn|parce que|puisque|porque|pois|já que)\s+|[,;]?\s+parce qu'`)
)

// Words one of which every match of the decision pattern beside them
// holds, in any case (foldWords): decisionOf runs a pattern only on a
// sentence that holds one (submatchIf), and a sentence with a cue
// (decisionCue) holds the words of one or two patterns, not of all ten.
var (
	decisionMadeJAWords     = newFoldWords("ことに")
	decisionMadeWords       = newFoldWords("decided", "decision")
	decisionMadeDEWords     = newFoldWords("entschieden", "entscheidung:")
	decisionChoiceDEWords   = newFoldWords("verwenden", "nehmen", "nutzen", "bleiben bei", "wechseln zu", "setzen auf")
	decisionChoiceFRPTWords = newFoldWords("on part sur", "on garde", "on va ", "je vais ", "utilisons", "gardons", "nous allons utiliser",
		"vamos ", "vou ", "decidi", "optei por", "optamos por")
	decisionPastWords    = newFoldWords("switched to", "went with", "chose", "opted", "settled on", "moved to", "replaced")
	decisionInsteadWords = newFoldWords("instead of", "rather than")
	decisionChoiceWords  = newFoldWords("go with", "going with", "use", "using", "switch", "stick", "choos", "pick", "adopt", "keep",
		"move to", "migrate to", "replace", "start with")
)

// decisionOf reads a decision and its rationale from a sentence. From the
// assistant, a plain choice ("I'll use grep") counts only with a reason or
// when it says "decided".
func decisionOf(s string, steward bool) (baton.Decision, bool) {
	var decision string
	explicit := false // the sentence itself says it was decided
	if m := submatchIf(decisionMadeJA, s, decisionMadeJAWords); m != nil {
		d := strings.TrimSpace(m[1])
		if utf8.RuneCountInString(d) < 3 {
			return baton.Decision{}, false
		}
		return baton.Decision{Decision: excerpt(d, decisionLength)}, true
	}
	if m := submatchIndexIf(decisionMade, s, decisionMadeWords); m != nil {
		// "we haven't yet decided on X", "not decided to": nothing chosen.
		if undecided.MatchString(s[:m[0]]) {
			return baton.Decision{}, false
		}
		// "decided to X", "Decision: X", "the decision is to X": the
		// sentence says itself that X was decided.
		decision, explicit = s[m[2]:m[3]], true
	} else if m := submatchIf(decisionMadeDE, s, decisionMadeDEWords); m != nil {
		decision, explicit = m[1], true
	} else if m := submatchIf(decisionChoiceDE, s, decisionChoiceDEWords); m != nil {
		decision = strings.ToLower(m[1]) + " " + m[2]
	} else if m := submatchIf(decisionChoiceFRPT, s, decisionChoiceFRPTWords); m != nil {
		decision = m[1]
	} else if m := decisionBare.FindStringSubmatch(s); m != nil {
		decision, explicit = m[1], true
	} else if m := submatchIf(decisionPast, s, decisionPastWords); m != nil {
		verb := strings.ToLower(m[1])
		switch verb {
		case "switched to", "moved to":
			verb = "switch to"
		case "went with", "chose", "opted for", "settled on":
			verb = "use"
			// "settled on configuring X": the course itself, not "use
			// configuring X".
			if w, _, _ := strings.Cut(strings.TrimSpace(m[2]), " "); len(w) > 5 && strings.HasSuffix(strings.ToLower(w), "ing") {
				verb = ""
			}
		case "opted to":
			verb = ""
		}
		decision, explicit = strings.TrimSpace(verb+" "+m[2]), true
	} else if m := decisionFix.FindStringSubmatch(s); m != nil {
		decision, explicit = m[1], true
	} else if m := submatchIf(decisionInstead, s, decisionInsteadWords); m != nil && submatchIndexIf(decisionChoice, s, decisionChoiceWords) == nil {
		decision = m[1] + " instead of " + m[2]
	} else if m := submatchIf(decisionChoice, s, decisionChoiceWords); m != nil {
		verb := strings.ToLower(m[1])
		switch verb {
		case "going with":
			verb = "go with"
		case "using":
			verb = "use"
		}
		decision = verb + " " + m[2]
	} else {
		return baton.Decision{}, false
	}
	var rationale string
	if loc := rationaleAt(decision); loc != nil {
		rationale = decision[loc[1]:]
		decision = decision[:loc[0]]
	}
	var alternatives []string
	if loc := alternativeAt(decision); loc != nil {
		if alt := strings.TrimRight(strings.TrimSpace(decision[loc[1]:]), ".!,;:"); alt != "" {
			alternatives = []string{excerpt(alt, decisionLength)}
		}
		decision = decision[:loc[0]]
	}
	decision = strings.TrimRight(strings.TrimSpace(decision), ".!,;:")
	rationale = strings.TrimRight(strings.TrimSpace(rationale), ".!,;:")
	if len(wordsOf(strings.ToLower(decision))) < 2 {
		return baton.Decision{}, false
	}
	if !steward && rationale == "" && !explicit && !strings.Contains(strings.ToLower(s), "decid") {
		return baton.Decision{}, false
	}
	return baton.Decision{Decision: excerpt(decision, decisionLength), Rationale: excerpt(rationale, decisionLength), Alternatives: alternatives}, true
}

// emphasisClosesSentence is a sentence's end inside closing emphasis and
// the space after it: ".** ", "!* ", "._ ".
var emphasisClosesSentence = regexp.MustCompile(`([.!?](?:\*\*|\*|__|_)) `)

// typographicQuotes reads typographic apostrophes as plain ones.
var typographicQuotes = strings.NewReplacer("’", "'", "‘", "'")

// decisionSentences are the sentences of prose, Japanese ones (ending in
// "。") split too, lines a terminal hard-wrapped joined again (unwrapped).
func decisionSentences(prose string) []string {
	var out []string
	// "I’ll", "let’s", "don’t": typographic apostrophes read as plain ones.
	if containsAnyNonASCII(prose, "’‘") { // the replacer copies even text it leaves as it is; text of ASCII alone is read byte by byte, not rune by rune
		prose = typographicQuotes.Replace(prose)
	}
	prose = unwrapped(prose)
	// "Decision: **freeze with A alone.** Re-run the import.": a sentence
	// that ends inside bold or italics ends there, not at the next
	// sentence's full stop.
	if strings.Contains(prose, "* ") || strings.Contains(prose, "_ ") {
		prose = emphasisClosesSentence.ReplaceAllString(prose, "$1\n")
	}
	for _, s := range sentences(prose) {
		if !strings.Contains(s, "。") {
			out = append(out, s)
			continue
		}
		for part := range strings.SplitSeq(s, "。") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}
