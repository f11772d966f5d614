package analysis

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// A session's title is written from the whole session, not copied from its
// first line: the sentence of the steward's first substantive requests
// that names most of what the session went on to talk about, cut to the
// eight words of it that name the most.

// Title provenance, kept in the session's attributes: an importer that
// wrote the title from a prompt (not the steward's own name for the
// session, nor the assistant's) sets TitleSourceKey to TitleFromPrompt, and
// the session analysis may then write a better one, each time it runs.
const (
	TitleSourceKey  = baton.TitleSourceKey
	TitleFromPrompt = baton.TitleFromPrompt
	// importedTitleKey is the attribute where the store keeps the title
	// Baton derived (the import's or the analysis'): a title that differs
	// from it was typed by the steward and is never rewritten.
	importedTitleKey = "imported_title"
)

const (
	// titlePrompts is how many substantive steward prompts a title is
	// looked for in: the subject is stated early.
	titlePrompts = 3
	// Each later prompt, and each later sentence of a prompt, weighs less.
	titlePromptDecay   = 0.5
	titleSentenceDecay = 0.85
	// maxTitleSentences bounds the sentences read of one prompt (a pasted
	// page is not the subject).
	maxTitleSentences = 12
)

// followsAnalysis reports whether the analysis may write a session's
// title: an importer derived it from a prompt and no one changed it since.
func followsAnalysis(attrs map[string]any, title string) bool {
	if src, _ := attrs[TitleSourceKey].(string); src != TitleFromPrompt {
		return false
	}
	derived, ok := attrs[importedTitleKey].(string)
	return !ok || derived == title || strings.TrimSpace(title) == ""
}

// titleSource says where a session's title was found: the eval counts
// the titles that fail by it, so that a split whose per-session lines
// are never read still says which way of finding a title fails.
type titleSource string

const (
	titleFromFirstPrompt = titleSource("first prompt")
	titleFromLaterPrompt = titleSource("later prompt")
	titleFromLog         = titleSource("pasted log or its diagnosis")
	titleFromRestatement = titleSource("assistant's restatement")
	titleFromReference   = titleSource("linked issue or picked item")
	titleFromAnswer      = titleSource("first answer")
	titleFromCommit      = titleSource("commit")
	titleFromNothing     = titleSource("none")
)

// sessionTitle writes the title of a session from its views: "" when no
// steward prompt says anything of a subject.
func sessionTitle(vs []view) string {
	title, _ := sessionTitleFrom(vs)
	return title
}

// sessionTitleFrom is sessionTitle and where it found the title.
func sessionTitleFrom(vs []view) (string, titleSource) {
	issues := linkedIssueTitles(vs)
	var linked []string
	for _, t := range issues {
		linked = append(linked, t)
	}
	weights := termWeights(vs, linked...)
	best, bestScore := "", 0.0
	source := titleFromNothing
	prompts := 0
	for i := range vs {
		v := &vs[i]
		if !titlePrompt(v) || prompts >= titlePrompts {
			continue
		}
		prose := titleProse(v)
		read := titleSentences(prose)
		sentences := append(withoutTemplate(vs, i, read), closingRequest(prose, read)...)
		if pastedLog(v.prose) || pastedInFence(v.m.Content) || asksToResume(v.lower()) {
			// A log pasted, alone or after a few words ("I ran into
			// this:"): the error a fenced log reports, as a log's in
			// the prose does, and the answer say what it shows. So
			// does the answer to "continue where we left off".
			for _, e := range titleSentences(fencedError(v.m.Content)) {
				e.logError, e.fenced = true, true
				sentences = append(sentences, e)
			}
			for _, d := range diagnosisSentences(vs, i) {
				d.diagnosis = true
				sentences = append(sentences, d)
			}
		}
		if len(sentences) == 0 {
			if _, restated := restatement(vs, i, true); !restated {
				// Nothing of the prompt is words (a paste alone)
				// and the answer does not say what it takes on.
				continue
			}
		}
		decay := math.Pow(titlePromptDecay, float64(prompts))
		namesTheWork := prompts > 0 && asksWhatToWorkOn(vs, i)
		if namesTheWork {
			// The assistant asked the steward to name the work ("Which
			// part would you like to work on?"): this prompt is the
			// request, the one before it its opening.
			decay = math.Pow(titlePromptDecay, float64(prompts-1))
		}
		promptSource := titleFromFirstPrompt
		if prompts > 0 {
			promptSource = titleFromLaterPrompt
		}
		if !subjectless(v) {
			prompts++
		}
		// What the prompt names by reference, as a heading of what it
		// asks about: the issue it links to, by the title it has; the
		// item of the assistant's list it picks by number.
		for _, ref := range []string{issues[i], pickedItem(vs, i)} {
			if t, score := refTitle(ref, weights); t != "" && score*decay > bestScore {
				best, bestScore, source = t, score*decay, titleFromReference
			}
		}
		if best != "" && !namesTheWork && answersQuestion(vs, i) {
			// The opening request set the subject; this answers what
			// the assistant asked about it.
			decay *= replyShare
		}
		sentences = withReferentsNamed(withoutRoles(sentences))
		pt, ps := "", 0.0
		ptSource := promptSource
		asked, stated := false, false
		lead := 0.0 // the heaviest term the prompt's first sentence names
		for j, s := range sentences {
			t, score := s.best(weights)
			if s.fenced {
				// The error a fenced log reports is what the prompt
				// asks about wherever the fence stands ("we get this
				// error: ``` … ``` Fix it"), no detail of a request.
				score *= decay
			} else if s.closing {
				// The request that closes a long prompt stands after what
				// it asks about, however many sentences that took.
				score *= decay * titleSentenceDecay
			} else {
				score *= decay * math.Pow(titleSentenceDecay, float64(j))
			}
			if s.intro {
				score *= pasteIntroShare
			}
			if asks := s.asks() || s.commands(); asks && score > 0 {
				asked = true
			} else if asked && !asks && !s.fenced {
				// The prompt's request, asked ("can you …") or
				// commanded ("Rename the helper."), said what it asks
				// for: the sentences after it give its details.
				score *= detailShare
			}
			if t != "" {
				heaviest := heaviestTerm(t, weights)
				if j == 0 {
					lead = heaviest
				} else if heaviest < lead && detailStatement(s) {
					// The first sentence named the subject ("The login
					// page crashes on Safari."); a later statement
					// that names nothing as central to the session
					// gives a detail of it, however many of the
					// session's lesser words it holds.
					score *= lighterDetailShare
				}
			}
			if t != "" && score > ps {
				pt, ps = t, score
				stated = !s.diagnosis && statesRequest(s.words, t)
				ptSource = promptSource + titleSource(sentenceKind(s, j))
				if s.diagnosis || s.logError {
					ptSource = titleFromLog
				}
			}
		}
		if !stated {
			if rt, rs := restatedOver(vs, i, weights, pt, ps, decay); rt != pt {
				pt, ps, ptSource = rt, rs, titleFromRestatement
			}
		} else if rt, rs := restatementTitle(vs, i, weights); rt != "" && rs*decay > ps {
			// The steward stated the request in their own words:
			// the restatement, which adds the assistant's framing,
			// takes its place only when it names the session more.
			pt, ps, ptSource = rt, rs*decay, titleFromRestatement
		}
		pt = withPasteNamed(pt, prose)
		if pt != "" && ps > bestScore {
			best, bestScore, source = pt, ps, ptSource
		}
	}
	if bestScore < weakTitleScore || endsWantingObject(best) {
		// The prompts say little of a subject ("help me fix this"): the
		// first answer's heading or diagnosis may say more.
		if t, score := answerTitle(vs, weights); t != "" && score > bestScore {
			best, bestScore, source = t, score, titleFromAnswer
		}
	}
	if best == "" {
		// No prompt names the subject (a command's template, answers to
		// questions): the commit that recorded the work does.
		best, source = commitSubject(vs), titleFromCommit
		if best == "" {
			source = titleFromNothing
		}
	}
	return withSessionSpelling(best, weights), source
}

// lighterDetailShare is the share of its score a later statement of a
// prompt keeps when its title names no term as heavy as the heaviest the
// first sentence's does.
const lighterDetailShare = 0.5

// heaviestTerm is the weight of the heaviest term a title names: the
// term the session comes back to most.
func heaviestTerm(title string, weights map[string]float64) float64 {
	h := 0.0
	for _, w := range strings.Fields(title) {
		h = max(h, weightOf(w, weights))
	}
	return h
}

// detailStatement reports a sentence that may give a detail of what the
// sentence before it named: a statement of the steward's own, not a
// request (asked or commanded), a heading, or the error a log reports or
// the answer diagnoses, each of which says what the prompt is about
// wherever it stands.
func detailStatement(s titleSentence) bool {
	return !s.asks() && !s.commands() && !s.heading && !s.fenced && !s.logError && !s.diagnosis
}

// sentenceKind says, for the eval's count of titles by where they came
// from, which sentence of its prompt a title came from and what kind of
// sentence it is: a question, a request (asked or commanded), or a
// statement.
func sentenceKind(s titleSentence, j int) string {
	position := ", its first sentence"
	if j > 0 {
		position = ", a later sentence"
	}
	switch {
	case s.cjk == "" && len(s.words) > 0 && strings.HasSuffix(s.words[len(s.words)-1], "?"):
		return position + " (a question)"
	case s.asks() || s.commands():
		return position + " (a request)"
	}
	return position + " (a statement)"
}

// statesRequest reports a title that is a sentence's request in the
// steward's words from its verb on ("add a test for repomap that …" →
// "Add test for repomap"): the sentence opens, past its filler, with the
// verb of a request for work, and the title with that verb.
func statesRequest(sentence []string, title string) bool {
	words := dropFiller(withoutPersona(sentence))
	if len(words) == 0 || !requestVerb(words[0]) || pointingVerbs[bareWord(words[0])] {
		return false
	}
	first, _, _ := strings.Cut(title, " ")
	return bareWord(first) == bareWord(words[0])
}

// subjectless reports a prompt that names no subject of its own: a slash
// command typed without arguments ("/init", "/review"), or a request to
// resume the work ("can you continue from where we left off?"). It may
// still title the session, but it does not take one of the places of the
// prompts a title is looked for in, nor make the prompts after it weigh
// less: the subject is stated after it.
func subjectless(v *view) bool {
	if messageEvent(v.m) == "slash_command" {
		return strings.TrimSpace(messageAttr(v.m, "command_args")) == ""
	}
	return resumeRequest(v.lower())
}

// asksToResume reports a prompt that only asks to go on with earlier
// work ("can you continue from where we left off?"): the answer's account
// of where the work stands names its subject, as an answer's diagnosis
// names what a pasted log shows.
func asksToResume(lower string) bool {
	return resumeRequest(lower) && (strings.Contains(lower, "continue") || strings.Contains(lower, "resume") ||
		strings.Contains(lower, "carry on"))
}

// resumeRequest reports a prompt that asks to resume earlier work from
// where it stopped ("pick up where we left off", "where were we?").
func resumeRequest(lower string) bool {
	return strings.Contains(lower, "left off") || strings.Contains(lower, "pick up where") ||
		strings.Contains(lower, "where were we")
}

// withPasteNamed names what a title points at ("Create this directory
// structure") when the prompt pasted it with its name: a tree of files
// under its root's path ("src/lumen/stubs/" then "├── __init__.py"). The
// demonstrative gives way to the name: "Create stubs directory
// structure".
func withPasteNamed(title, prose string) string {
	if title == "" {
		return title
	}
	words := strings.Fields(title)
	at := -1
	for k, w := range words[:len(words)-1] {
		if demonstratives[bareWord(w)] {
			at = k
			break
		}
	}
	if at < 0 {
		return title
	}
	name := treeRoot(prose)
	if name == "" {
		return title
	}
	words[at] = name
	if at == 0 {
		return titleCase(words)
	}
	return strings.Join(words, " ")
}

// treeRoot is the name of the directory a pasted tree of files lists: the
// last name of the path on the line before the tree's first branch, ""
// when the prose pastes no tree under a path.
func treeRoot(prose string) string {
	prev := ""
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if strings.Contains(t, "──") && prev != "" {
			p := strings.Trim(prev, "`'\"/")
			return p[strings.LastIndexByte(p, '/')+1:]
		}
		prev = ""
		if !strings.ContainsAny(t, " \t") && strings.Contains(t, "/") && !titleURL.MatchString(t) {
			prev = t
		}
	}
	return ""
}

// withoutCondition is the window sentence[lo:hi] without the condition it
// opens with ("but if it's a path, treat it as an image"): the request
// after the condition's comma is the title, when three words or more of
// it are left.
func withoutCondition(sentence []string, lo, hi int) []string {
	words := sentence[lo:hi]
	// The window may open past the condition's first words ("if").
	start := lo
	for start > 0 && start > lo-3 && leadingFiller[bareWord(sentence[start-1])] {
		start--
	}
	for k := start; k < hi && k < lo+3; k++ {
		w := bareWord(sentence[k])
		if subordinators[w] {
			for e := max(k+1, lo); e < hi-3; e++ {
				if strings.HasSuffix(sentence[e], ",") {
					return sentence[e+1 : hi]
				}
			}
			return words
		}
		if !leadingFiller[w] {
			return words
		}
	}
	return words
}

// withReferent writes the thing a sentence's opening condition is about
// in place of the "it" of its title: "If input_path is a dir, search it;
// otherwise treat it as an image" titles "Treat input_path as an image".
// The thing is the condition's subject, a name of one or two words.
func withReferent(title, sentence []string) []string {
	k := -1
	for j, w := range title {
		if bareWord(w) == "it" {
			k = j
			break
		}
	}
	if k < 0 || len(sentence) < 4 || !subordinators[bareWord(sentence[0])] {
		return title
	}
	subject := sentence[1:]
	if articles[bareWord(subject[0])] {
		subject = subject[1:]
	}
	for n := 1; n <= 2 && n < len(subject); n++ {
		if conditionVerbs[bareWord(subject[n])] {
			if strings.HasSuffix(subject[n-1], ",") || unresolvedPronouns[bareWord(subject[0])] {
				return title
			}
			out := append([]string(nil), title[:k]...)
			for _, w := range subject[:n] {
				out = append(out, strings.Trim(w, `"'“”`))
			}
			return append(out, title[k+1:]...)
		}
	}
	return title
}

// conditionVerbs follow the subject of a condition ("if the cache is …").
var conditionVerbs = set("is", "are", "was", "were", "has", "have", "does", "doesn't", "isn't", "exists", "fails")

// withoutRoles leaves out the sentences that only give the assistant a
// role ("You are an expert in SaaS front-end and backend, UI and UX."):
// they say who answers, and a request after them is still the prompt's
// first.
func withoutRoles(sentences []titleSentence) []titleSentence {
	out := sentences[:0:0]
	for _, s := range sentences {
		if s.cjk == "" && len(s.words) > 0 && len(withoutPersona(s.words)) == 0 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// sessionCommands are the assistants' commands that manage the session
// (Claude Code's /rename, /model, /clear…): what follows them names no
// subject.
var sessionCommands = set("rename", "model", "clear", "exit", "compact", "resume", "config", "login", "logout", "cost",
	"help", "memory", "permissions", "status", "usage", "context", "theme", "vim", "doctor", "bug", "export", "add-dir",
	"agents", "mcp", "hooks", "ide", "terminal-setup", "release-notes", "output-style", "statusline", "rewind", "todos",
	"upgrade")

// sessionCommand reports a steward message that is a session command.
func sessionCommand(v *view) bool {
	name, _ := v.m.Attributes["command"].(string)
	return name != "" && sessionCommands[strings.ToLower(strings.TrimPrefix(name, "/"))]
}

// topicsTitle names a session no prompt of which names a subject (it ran
// a command, or the steward only answered questions) by its first two
// topics: "Epic spec and npm provider".
func topicsTitle(topics []string) string {
	if len(topics) == 0 {
		return ""
	}
	t := topics[0]
	if len(topics) > 1 {
		sep := " and "
		if cjkText(topics[0] + topics[1]) {
			sep = "・"
		}
		t += sep + topics[1]
	}
	if cjkText(t) && utf8.RuneCountInString(t) > maxTitleRunes || len(strings.Fields(t)) > maxTitleWords {
		t = topics[0]
	}
	r, n := utf8.DecodeRuneInString(t)
	return string(unicode.ToUpper(r)) + t[n:]
}

// termWeights weighs each term of a session by how much of the session it
// spans: the messages that hold it, a steward's counting twice, on a
// log scale (a term of one steward message weighs log2 3, of one answer 1).
// termUse is what termWeights knows of a word: whether it counts (a term
// word or a program's name, not a word of the whole work) and the last
// message that counted it; uncounted: a word past maxTermUses, not kept.
type termUse struct {
	counts, uncounted bool
	last              int32
}

// maxTermUses bounds the words termWeights keeps for a session (a
// session's vocabulary is a few thousand words).
const maxTermUses = 1 << 16

func termWeights(vs []view, steward ...string) map[string]float64 {
	span := map[string]int{}
	programs := programNames(vs)
	// Text the steward referred to (the title of an issue they linked)
	// counts as theirs.
	for _, s := range steward {
		seen := map[string]bool{}
		lower := lowerText(s)
		for _, w := range hanTerms(lower, splitMixedCJK(wordsOf(lower))) {
			if !seen[w] && termWord(w) {
				seen[w] = true
				span[w] += 2
			}
		}
	}
	// What the session's words are, each found once for the session and
	// looked up once a use (it was up to four lookups, in as many sets),
	// with the message that last used it (so a message counts a word
	// once), and one slice of words for every message.
	terms := map[string]*termUse{}
	msg := int32(0)
	var overflow map[string]bool // a message's words past maxTermUses it counted
	var overflowMsg int32
	var words []string
	for i := range vs {
		v := &vs[i]
		if !v.text || sessionCommand(v) || shellInput(v) {
			continue
		}
		n := 1
		if v.steward() {
			n = 2
		}
		msg++
		lower := v.lower()
		if v.assistant() && exportedTools(v.prose) {
			// An exporter's lines for tool calls ("Tool use: **read_file**",
			// "Listed directory …") hold its words, not the session's.
			lower = lowerText(withoutExportedToolLines(v.prose))
		}
		text := withoutPaths(truncate(lower, maxScanText))
		words = appendWords(words[:0], text)
		for _, w := range hanTerms(text, splitMixedCJK(words)) {
			u := terms[w]
			if u == nil {
				u = &termUse{counts: (termWord(w) || programs[w]) && !wholeWork[w]}
				if len(terms) < maxTermUses {
					// w may be a piece of a message's text: the copy
					// keeps the text from being held for the session.
					terms[strings.Clone(w)] = u
				} else {
					u.uncounted = true
				}
			}
			if !u.counts || u.last == msg {
				continue
			}
			u.last = msg
			if u.uncounted {
				// Not kept: counted once per message by a set of the
				// message's words past maxTermUses.
				if overflow == nil || overflowMsg != msg {
					overflow, overflowMsg = map[string]bool{}, msg
				}
				if overflow[w] {
					continue
				}
				overflow[w] = true
			}
			span[w] += n
		}
	}
	// A Russian word's forms count as one term ("зависает", "зависания").
	stems := map[string]int{}
	for w, n := range span {
		if k := termKey(w); k != w {
			stems[k] += n
		}
	}
	out := make(map[string]float64, len(span)+len(stems))
	for w, n := range span {
		if n <= 2 && mistypedFunctionWord(w) {
			// Typed once and never again ("push thsi to github"): a
			// slip of the fingers, not a term of the session.
			continue
		}
		out[w] = math.Log2(1 + float64(n))
	}
	for k, n := range stems {
		out[k] = math.Log2(1 + float64(n))
	}
	return out
}

// mistypedFunctionWord reports a word that is a function word of three
// letters or more with two letters next to each other swapped ("thsi",
// "teh", "adn", "wiht"): a typing slip.
func mistypedFunctionWord(w string) bool {
	if len(w) < 3 || len(w) > 7 || functionWords[w] {
		return false
	}
	var buf [7]byte
	b := buf[:copy(buf[:], w)]
	for k := 0; k+1 < len(b); k++ {
		if b[k] == b[k+1] || b[k] >= utf8.RuneSelf || b[k+1] >= utf8.RuneSelf {
			continue
		}
		b[k], b[k+1] = b[k+1], b[k]
		typo := functionWords[string(b)]
		b[k], b[k+1] = b[k+1], b[k]
		if typo {
			return true
		}
	}
	return false
}

// cyrillicStem is how many letters of a Russian word stand for all its
// forms: its endings change with case, number and person, its stem little.
const cyrillicStem = 5

// termKey is the key a word's weight is kept under: a Russian word's
// first letters, any other word itself.
func termKey(w string) string {
	r, _ := utf8.DecodeRuneInString(w)
	if !unicode.Is(unicode.Cyrillic, r) || utf8.RuneCountInString(w) <= cyrillicStem {
		return w
	}
	return string([]rune(w)[:cyrillicStem]) + "~"
}

// programNames are the words the session writes as the program of a
// command line in a code span ("`entire status`", "`entire enable`"),
// twice or more: a program's name, even when it is a common word, names
// what the session is about.
func programNames(vs []view) map[string]bool {
	count := map[string]int{}
	for i := range vs {
		v := &vs[i]
		if !v.text || !strings.Contains(v.lower(), "`") {
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatch(v.lower(), -1) {
			fields := strings.Fields(m[1])
			if len(fields) < 2 || len(fields[0]) < 4 || strings.HasPrefix(fields[1], "/") {
				continue
			}
			if w := fields[0]; strings.IndexFunc(w, func(r rune) bool { return (r < 'a' || r > 'z') && r != '-' }) < 0 {
				count[w]++
			}
		}
	}
	out := map[string]bool{}
	for w, n := range count {
		if n >= 2 && !verbs[w] && !imperatives[w] && !notTitleVerbs[w] {
			out[w] = true
		}
	}
	return out
}

// wholeWork are the words for all of the steward's work ("have a look
// around the project"): they name no subject of a session.
var wholeWork = set("project", "projects", "codebase", "repo", "repos", "repository", "workspace")

// withoutPaths is text without its file paths and URLs: the directories
// of a path ("/Users/soph/work") are not terms of the session, the file
// it names is ("settings.json" stays of "src/settings.json").
func withoutPaths(s string) string {
	if !strings.Contains(s, "/") {
		return s
	}
	fields := strings.Fields(s)
	for i, f := range fields {
		switch {
		case titleURL.MatchString(f):
			fields[i] = ""
		case isPathWord(f):
			p := strings.Trim(f, "\"'`(),;:")
			fields[i] = p[strings.LastIndexAny(p, "/\\")+1:]
		}
	}
	return strings.Join(fields, " ")
}

// termWord reports a lower-case word that can name a subject: a salient
// word, a run of kanji or katakana, or a word of another alphabet that is
// not a function word.
func termWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	switch {
	case unicode.Is(unicode.Cyrillic, r):
		return utf8.RuneCountInString(w) >= 3 && !russianStopWords[w]
	case r >= 0x3040:
		return salient(w) && !hanStopWords[w]
	}
	return salientBut(w, notTermSet)
}

// notTermWords are the words termWord turns down past salient's checks of
// form: salient's (romanceStopWords among them) and romanceCommonWords, in
// one set, so a word is looked up once, not three times. No word of them
// is written in kanji or katakana, which salient reads by cjkStopWords.
var notTermWords = func() map[string]bool {
	out := make(map[string]bool, len(notTopicWords)+len(romanceCommonWords))
	for _, s := range []map[string]bool{notTopicWords, romanceCommonWords} {
		for w := range s {
			out[w] = true
		}
	}
	return out
}()

// notTermSet is notTermWords, filtered.
var notTermSet = newFilteredSet(notTermWords)

// romanceCommonWords are Spanish and Portuguese words beside
// romanceStopWords (topics.go) that name no subject of a title: the
// commonest verbs, adverbs and adjectives ("solo estaba usando", "para
// poder", "de otra forma").
var romanceCommonWords = set("solo", "sólo", "estaba", "estamos", "usando", "poder", "puede", "pueda", "forma",
	"nuevo", "nueva", "haga", "hagas", "otro", "otra", "otros", "bien", "entonces", "deberia", "debería", "hola",
	"favor", "cosa", "cosas", "manera", "mejor", "seria", "sería", "estar", "sido", "mismo", "misma", "dicho",
	"dicha", "dichos", "pois", "apenas", "algum", "alguma", "algo", "seus", "suas", "voce")

// titleSentence is one sentence a title may be made of: its words (text
// with spaces) or its text (Japanese, Chinese).
type titleSentence struct {
	words []string
	cjk   string
	// about is the text the title stands for when it is more than the
	// title's own (a joined object and request): its terms score it.
	about string
	// heading: the prompt's first Markdown heading, which names what the
	// text below it is ("# Plan: Duet tooling & polish").
	heading bool
	// intro: the words that introduce what was pasted after them ("I
	// tried a release and ran into this issue:"): the paste holds the
	// subject, the answer's diagnosis says what it is.
	intro bool
	// diagnosis: a sentence of the answer that says what a pasted log
	// shows, not the steward's.
	diagnosis bool
	// logError: the message of the error a pasted log reported, which
	// says what it shows without the answer's diagnosis.
	logError bool
	// fenced: the error of a log pasted in a code fence (fencedError).
	fenced bool
	// closing: a request of the last paragraph of a prompt too long to
	// be read to its end (closingRequest).
	closing bool
}

// detailShare multiplies the score of a sentence that follows the
// prompt's request without asking anything itself: a detail of it.
const detailShare = 0.8

// pasteIntroShare multiplies the score of the words that introduce a
// paste: they say how the steward met the subject, not what it is.
const pasteIntroShare = 0.5

// titleRequestBonus multiplies the weight of a sentence that asks for
// something ("can you …", "I'd like to …", a question): it names the work
// where the sentences around it give the background.
const titleRequestBonus = 1.3

// titleHeadingBonus multiplies the weight of a prompt's first heading.
const titleHeadingBonus = 1.5

// titleSentences are the sentences of a prompt's prose that may title it:
// markup, URLs, commands, paths and pasted logs left out, split at
// sentence ends and at a colon or semicolon (what precedes "…: " is often
// a frame: "I got this feedback:"; a label of fewer words, as
// frameColonWords says, stays with what follows it).
func titleSentences(prose string) []titleSentence {
	return splitTitleSentences(prose, func([]titleSentence) bool { return false })
}

// firstWordSentence is the first of titleSentences(prose) with words (not
// a CJK sentence), without splitting the rest: a sentence once split never
// changes, and what is split later only comes after it. The restatement
// reads only an answer's first sentence, and a long answer's other
// sentences were most of a session analysis's CPU in a Codex first sync.
func firstWordSentence(prose string, pastAck bool) (titleSentence, bool) {
	out := splitTitleSentences(prose, func(out []titleSentence) bool {
		return firstWords(out, pastAck) >= 0
	})
	if k := firstWords(out, pastAck); k >= 0 {
		return out[k], true
	}
	return titleSentence{}, false
}

// firstWords is the index of the first sentence with words, or -1; with
// pastAck, the first that is not an acknowledgement: an answer that opens
// "Certainly!" or "Yes, that's a good point." says what it takes on in the
// sentence after.
func firstWords(out []titleSentence, pastAck bool) int {
	for k, s := range out {
		if len(s.words) > 0 && s.cjk == "" && !(pastAck && acknowledgement(s.words)) {
			return k
		}
	}
	return -1
}

// acknowledgement reports a sentence that only acknowledges the prompt
// ("Certainly!", "Sure thing.", "You're right.", "Yes, that's a good
// point.") or greets ("Hello!", "Hi there!"): it opens with an
// acknowledging word and has no other words than those acknowledgements
// are made of.
func acknowledgement(words []string) bool {
	if len(words) > 6 || !ackOpeners[bareWord(words[0])] {
		return false
	}
	for _, w := range words[1:] {
		if !ackWords[bareWord(w)] {
			return false
		}
	}
	return true
}

var (
	ackOpeners = set("certainly", "sure", "absolutely", "of", "yes", "yeah", "yep", "great", "good", "ok", "okay",
		"got", "understood", "right", "perfect", "excellent", "thanks", "thank", "ah", "alright", "you're", "that's",
		"makes", "nice", "i", "hello", "hi", "hey", "greetings")
	ackWords = set("course", "thing", "great", "good", "excellent", "point", "question", "idea", "catch", "call",
		"it", "that's", "a", "an", "right", "you", "you're", "sense", "makes", "see", "understand", "sounds", "plan",
		"observation", "thought", "absolutely", "certainly", "indeed", "totally", "exactly", "very", "really", "for",
		"asking", "spotting", "noticing", "this", "that", "there")
)

// splitTitleSentences splits prose into titleSentences line by line,
// stopping early once enough(the sentences so far) is true.
func splitTitleSentences(prose string, enough func([]titleSentence) bool) []titleSentence {
	s := stripMarkup(prose)
	s = withoutURLs(s)
	s = titleCodeSpans(s)
	var sp sentenceSplitter
	for line := range strings.SplitSeq(strings.ReplaceAll(s, "\r", ""), "\n") {
		if sp.full() || enough(sp.out) {
			break
		}
		sp.line(line)
	}
	sp.flush()
	sp.reportError()
	return sp.out
}

// reportError adds the sentences of the error the paste just read ended
// in, which say what went wrong, where the paste stands among the
// prompt's sentences: the prose after a long paste may not leave room for
// them at the prompt's end.
func (sp *sentenceSplitter) reportError() {
	if sp.errorLine == "" || sp.full() {
		return
	}
	n := len(sp.out)
	sp.prose(cleanTitleLine(sp.errorLine))
	sp.flush()
	for k := n; k < len(sp.out); k++ {
		sp.out[k].logError = true
	}
	sp.errorLine = ""
}

// sentenceSplitter cuts a prompt into titleSentences one line at a time,
// keeping what spans lines: the sentence being read, whether the prompt's
// first heading was seen, and whether the lines are a paste's.
type sentenceSplitter struct {
	out             []titleSentence
	words           []string
	heading, headed bool
	inPaste         bool
	// afterBreak: the line before was blank or pasted output.
	afterBreak bool
	// errorLine is the message of the last error the pasted output
	// reported (logError).
	errorLine string
}

func (sp *sentenceSplitter) full() bool { return len(sp.out) >= maxTitleSentences }

// flush ends the sentence being read.
func (sp *sentenceSplitter) flush() {
	if len(sp.words) > 0 && !sp.full() {
		sp.out = append(sp.out, titleSentence{words: sp.words, heading: sp.heading})
	}
	sp.words = nil
}

// markIntro ends the sentence being read and marks the last one as the
// introduction of a paste.
func (sp *sentenceSplitter) markIntro() {
	sp.flush()
	if len(sp.out) > 0 {
		sp.out[len(sp.out)-1].intro = true
	}
}

// line reads one line of the prompt: pasted output is left out, and the
// prose before it introduces it; text without spaces is cut into clauses,
// other text into sentences.
func (sp *sentenceSplitter) line(line string) {
	// Prose may run into pasted output on one line ("… this issue: • sign").
	pastedAfter := false
	if i := outputMarkIndex(line); i >= 0 {
		line, pastedAfter = line[:i], true
		if strings.TrimSpace(line) == "" {
			sp.markIntro() // a line of the log itself
			return
		}
	}
	if sp.pasted(line) {
		return
	}
	if strings.HasPrefix(strings.TrimSpace(line), "|") {
		sp.flush() // a row of a table: cells, not a sentence
		return
	}
	sp.heading = !sp.headed && strings.HasPrefix(strings.TrimSpace(line), "#")
	sp.headed = sp.headed || sp.heading
	line = cleanTitleLine(line)
	switch {
	case line == "":
		sp.flush()
		return
	case cjkText(line):
		sp.flush()
		sp.cjkClauses(line)
		return
	}
	sp.prose(line)
	// A list item or a line of its own ends a sentence.
	sp.flush()
	if pastedAfter {
		sp.markIntro()
	}
}

// pasted reports a line that belongs to pasted output, reading the prose
// before a log's clock time on it: pasted output runs to the end of its
// paragraph (the lines after "error: …" or a shell's prompt are the
// program's).
func (sp *sentenceSplitter) pasted(line string) bool {
	blank := strings.TrimSpace(line) == ""
	if blank && sp.inPaste {
		sp.inPaste = false
		sp.reportError()
	}
	afterBreak := sp.afterBreak
	sp.afterBreak = blank
	// A block indented by four spaces after a break is Markdown's code
	// block, and how a terminal's output is pasted ("      [stderr]");
	// a command line typed before its output is not prose either.
	if sp.inPaste || pastedLine(line) || afterBreak && indentedBlock(line) || typedCommand(line) {
		sp.afterBreak = true
		if m := logError.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			sp.errorLine = m[1]
		}
		if !sp.inPaste {
			sp.markIntro()
		}
		sp.inPaste = true
		sp.flush()
		return true
	}
	// A clock time opens a log's line ("… when running it 11:35:44.030
	// API GET"): the output runs from there to its paragraph's end.
	if loc := logClockIndex(line); loc != nil {
		line, sp.inPaste = line[:loc[0]], true
		if line = cleanTitleLine(line); line != "" && !cjkText(line) {
			sp.words = append(sp.words, dropCode(titleWords(line))...)
		}
		sp.markIntro()
		return true
	}
	return false
}

// cjkClauses adds the sentences of a line without spaces: each of them
// whole when it fits a title, then its clauses, and before each clause
// that names an object of the request in the next one, the title the two
// make.
func (sp *sentenceSplitter) cjkClauses(line string) {
	if hangulSpaced(line) {
		// Korean ends its sentences with the full stop of the
		// alphabets ("안녕 반갑다. 이 프로젝트 분석하라."), not "。".
		line = strings.TrimSuffix(strings.ReplaceAll(strings.TrimSpace(line), ". ", "\n"), ".")
	}
	for sentence := range strings.FieldsFuncSeq(cjkSpaceBreaks(line), func(r rune) bool { return strings.ContainsRune("。！？!?\n", r) }) {
		sp.cjkSentence(sentence)
	}
}

// cjkSpaceBreaks marks as sentence ends the spaces that part sentences
// of text without spaces, typed without their full stop ("看看当前的模块
// 教我如何写测试 我想先写单元测试"): a run of two spaces or more, and in
// text typed without punctuation, a space between two such characters. A
// space beside a word of Latin letters ("当前test 里的") is the word's,
// and Korean parts its words with spaces.
func cjkSpaceBreaks(line string) string {
	if !strings.Contains(line, " ") {
		return line
	}
	unpunctuated := !containsAnyNonASCII(line, "，。、！？；：")
	r := []rune(line)
	for i := 1; i+1 < len(r); i++ {
		if r[i] != ' ' {
			continue
		}
		j := i
		for j+1 < len(r) && r[j+1] == ' ' {
			j++
		}
		if j+1 < len(r) && (j > i || unpunctuated && hanOrKana(r[i-1]) && hanOrKana(r[j+1])) {
			r[i] = '\n'
		}
		i = j
	}
	return string(r)
}

// hanOrKana reports a Chinese character or a Japanese kana.
func hanOrKana(r rune) bool {
	return r >= 0x3040 && r <= 0x9fff
}

// cjkSentence adds one sentence without spaces: whole, when it has more
// than one clause and fits a title ("將安裝 uv 的方法，改為官方推薦的安裝方式"
// asks for one change, which neither clause names alone), then its
// clauses.
func (sp *sentenceSplitter) cjkSentence(sentence string) {
	clauses := cjkClauses(sentence)
	whole := strings.TrimSpace(strings.TrimRight(sentence, "、，,；;：: "))
	if len(clauses) > 1 && utf8.RuneCountInString(whole) <= maxTitleRunes && !sp.full() {
		sp.out = append(sp.out, titleSentence{cjk: whole})
	} else if opening := openingClauses(sentence, clauses); opening != "" && !sp.full() {
		sp.out = append(sp.out, titleSentence{cjk: opening})
	}
	for k, c := range clauses {
		if k+1 < len(clauses) && !sp.full() {
			if t := cjkObjectTitle(c, clauses[k+1]); t != "" {
				sp.out = append(sp.out, titleSentence{cjk: t, about: c + "、" + clauses[k+1]})
			}
		}
		if !sp.full() {
			sp.out = append(sp.out, titleSentence{cjk: c})
		}
	}
}

// prose adds the words of a line of prose, ending a sentence at its end
// mark or at a colon that ends a frame ("I got this feedback:"), not a
// label ("Plan: …").
func (sp *sentenceSplitter) prose(line string) {
	words := dropCode(titleWords(line))
	for k, w := range words {
		sp.words = append(sp.words, w)
		if k+1 < len(words) && sectionNumber(w, words[k+1]) {
			sp.words[len(sp.words)-1] = strings.TrimSuffix(w, ".")
			continue
		}
		if strings.HasSuffix(w, ".") && k+1 < len(words) && abbreviation(w, words[k+1]) {
			continue
		}
		if strings.HasSuffix(w, ".") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, "?") ||
			strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":") && len(sp.words) >= frameColonWords {
			sp.flush()
		}
	}
}

// frameColonWords is how many words before a colon make the frame of
// what follows it ("I got this feedback on the branch: …"), which ends
// a sentence there; fewer are the label of the text the line goes on
// with ("CSV exporter bug: the first row is duplicated"), read with it
// as one sentence, so a title may keep the label as its heading.
const frameColonWords = 5

// abbreviation reports a word whose full stop marks an abbreviation, not
// the end of a sentence ("image formats, e.g. PNG and JPEG", "Redis vs.
// Memcached"): the sentence goes on after it. "etc." ends a sentence
// unless a lower-case word follows it.
func abbreviation(w, next string) bool {
	b := strings.ToLower(strings.TrimLeft(w, "(\"'"))
	if b == "etc." {
		r, _ := utf8.DecodeRuneInString(next)
		return unicode.IsLower(r)
	}
	return abbreviations[b]
}

// abbreviations are the abbreviations with a full stop that English prose
// writes inside its sentences, in lower case.
var abbreviations = set("e.g.", "eg.", "i.e.", "ie.", "vs.", "cf.", "approx.", "incl.", "esp.", "viz.", "resp.",
	"a.k.a.", "w.r.t.", "mr.", "mrs.", "ms.", "dr.")

// withReferentsNamed rewrites a request that points back at what the
// sentence before it had the assistant read ("Read TODO.md from 2.1.4
// onwards. Rewrite that section, …", "Look at the retry loop. Simplify
// it.") with that thing named in place of "that section" or "it": the
// request is the work, and the sentence before says what it is about.
func withReferentsNamed(sentences []titleSentence) []titleSentence {
	for j := 1; j < len(sentences); j++ {
		prev, cur := sentences[j-1].words, dropFiller(sentences[j].words)
		if len(prev) < 2 || len(cur) < 2 || sentences[j].cjk != "" || !lookingVerbs[bareWord(prev[0])] ||
			!requestVerb(cur[0]) || pointingVerbs[bareWord(cur[0])] {
			continue
		}
		object := prev[1:]
		if bareWord(object[0]) == "at" || bareWord(object[0]) == "through" {
			object = object[1:]
		}
		if len(object) == 0 || len(object) > maxTitleWords-2 || strings.HasSuffix(object[len(object)-1], "?") {
			continue
		}
		ref := 0
		switch w := bareWord(cur[1]); {
		case w == "it" || w == "them":
			ref = 1
		case demonstratives[w] && len(cur) > 2:
			ref = 2
		}
		if ref == 0 {
			continue
		}
		named := append([]string{cur[0]}, object...)
		last := len(named) - 1
		named[last] = strings.TrimRight(named[last], ".!;:") + cur[ref][len(strings.TrimRight(cur[ref], ".,;:!?")):]
		sentences[j].words = append(named, cur[1+ref:]...)
	}
	return sentences
}

// lookingVerbs open a sentence that has the assistant read or look at
// a thing, which the next sentence's request then points back at.
var lookingVerbs = set("read", "reread", "open", "look", "see", "check", "review", "consider", "examine", "study")

// demonstratives point back at a thing named before ("that section").
var demonstratives = set("that", "this", "these", "those")

// sectionNumber reports a number written with its dots ("2.1.4.",
// "v1.2.") that the sentence goes on after, in lower case ("read TODO.md
// from 2.1.4. onwards"): its full stop is the number's, not the end of
// the sentence.
func sectionNumber(w, next string) bool {
	n := strings.TrimSuffix(strings.TrimPrefix(w, "v"), ".")
	if n == w || !strings.Contains(n, ".") || strings.Trim(n, "0123456789.") != "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(r)
}

// withoutPastedOutput is prose without what was pasted into it: the lines
// of a tool's log or a terminal, to the end of their paragraph, what
// follows a log's box or bullet mark on a line of prose, and a log that
// runs on after prose from its clock time to the paragraph's end.
func withoutPastedOutput(prose string) string {
	// The ASCII marks and the others looked for apart: ContainsAny with
	// runes outside ASCII among its marks decodes every rune of the text,
	// and with ASCII marks alone reads it byte by byte; IndexByte's scans
	// of a text without them took a tenth of that.
	if strings.IndexByte(prose, '\n') < 0 && strings.IndexByte(prose, ':') < 0 && strings.IndexByte(prose, '$') < 0 &&
		!containsAnyNonASCII(prose, "➜❯│•") && outputMarkIndex(prose) < 0 {
		return prose
	}
	var kept []string
	inPaste := false
	for line := range strings.SplitSeq(prose, "\n") {
		if strings.TrimSpace(line) == "" {
			inPaste = false
		}
		if inPaste || pastedLine(line) {
			inPaste = true
			continue
		}
		if i := outputMarkIndex(line); i >= 0 {
			line = line[:i]
		}
		if loc := logClockIndex(line); loc != nil {
			line, inPaste = line[:loc[0]], true
		}
		kept = append(kept, line)
	}
	return strings.Join(kept, "\n")
}

// pastedLine reports a line of pasted output rather than prose: box and
// bullet characters of a tool's log, key=value fields, or few letters.
func pastedLine(line string) bool {
	line = strings.TrimSpace(line)
	if line == "" {
		return false
	}
	if strings.Contains(line, "error=") || shellPrompt(line) || fileLocation.MatchString(line) || traceLine.MatchString(line) ||
		shellError.MatchString(line) || tableColumns(line) {
		return true
	}
	if codeLine(line) || codeAssignment.MatchString(line) {
		return true
	}
	// A tool's status mark opens its line ("× Failed to build …").
	if r, _ := utf8.DecodeRuneInString(line); strings.ContainsRune(statusMarks, r) {
		return true
	}
	// A log line opens with its level ("Error: …", "panic: …",
	// "DEPRECATION: …", a level in capitals whatever its name), or with
	// a tag in brackets in capitals, as a script's own log writes it
	// ("[INFO] …", "[BENCHMARK] Checking required tools...").
	if bracketTag.MatchString(line) {
		return true
	}
	if first, _, ok := strings.Cut(line, " "); ok && strings.HasSuffix(first, ":") {
		level := strings.TrimSuffix(first, ":")
		if logLevels[strings.ToLower(level)] || len(level) >= 4 && strings.Trim(level, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			return true
		}
	}
	letters, n := 0, 0
	for _, r := range line {
		if unicode.IsSpace(r) {
			continue
		}
		n++
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return n >= 12 && letters*2 < n
}

// bracketTag is the tag in capitals, in brackets, that opens a line of a
// log: "[INFO] ", "[SUCCESS] ".
var bracketTag = regexp.MustCompile(`^\[[A-Z][A-Z_-]{2,}\]\s`)

// shellError is the line a shell reports an error of a script on
// ("./scripts/bench.sh: line 155: printf: invalid number").
var shellError = regexp.MustCompile(`^\S+: line \d+: `)

// tableColumns reports a line of a table a program printed, its columns
// lined up with runs of spaces ("Tool   Total Time (s)   Per File (s)
// Success"): three gaps of two spaces or more, none after a sentence's
// end (some type two spaces there).
func tableColumns(line string) bool {
	if !strings.Contains(line, "  ") {
		return false // no gap: spared the pattern's scan
	}
	gaps := 0
	for _, m := range columnGap.FindAllStringIndex(line, -1) {
		if strings.ContainsRune(".!?:", rune(line[m[0]])) {
			return false
		}
		gaps++
	}
	return gaps >= 3
}

var columnGap = regexp.MustCompile(`\S {2,}\S`)

// logError is a line of output that reports an error, and its message:
// an exception's ("ValueError: unable to parse the version"), or a
// tool's at the error level ("error: linker failed", "fatal: not a git
// repository").
var logError = regexp.MustCompile(`^(?:[A-Z]\w*(?:Error|Exception)|[Ee]rror|ERROR|[Ff]atal|FATAL|panic)(?:\[[\w-]+\])?:\s+(\S.*)$`)

// codeAssignment is a line of code pasted without a fence that assigns a
// value to a name, with its type maybe ("names: ClassVar[list[str]] = [",
// "timeout = 30"): codeLine (topics_code.go) reads the other lines of code.
var codeAssignment = regexp.MustCompile(`^[A-Za-z_][\w.]*(?:\s*:\s*[\w\[\]., |]+)?\s*=\s*(?:[\[{("'\d]|\w+\()`)

// indentedBlock reports a line indented by four spaces or a tab that is
// not an item of a nested list.
func indentedBlock(line string) bool {
	if !strings.HasPrefix(line, "    ") && !strings.HasPrefix(line, "\t") {
		return false
	}
	t := strings.TrimSpace(line)
	return t != "" && stripListMarker(t) == t
}

// typedCommand reports a line that is a command line, not a sentence: a
// program's name, lower case, then words of which one is a flag ("uv pip
// install -e .[dev]", "npm run build --watch"), and none of the words a
// sentence is made of ("run the tests with -v").
func typedCommand(line string) bool {
	// Read into an array: every line of every prompt is asked, and most
	// have more words than a command line.
	var buf [17]string
	fields := buf[:0]
	for f := range strings.FieldsSeq(line) {
		if len(fields) == len(buf) {
			return false
		}
		fields = append(fields, f)
	}
	if len(fields) < 2 || len(fields) > 16 || strings.ToLower(fields[0]) != fields[0] ||
		strings.Trim(fields[0], "abcdefghijklmnopqrstuvwxyz0123456789._-") != "" {
		return false
	}
	flag := false
	for _, f := range fields[1:] {
		switch {
		case strings.HasPrefix(f, "-") && flagWord(f) != "":
			flag = true
		case sentenceWords[strings.ToLower(strings.Trim(f, ".,;:!?"))]:
			return false
		}
	}
	return flag
}

// sentenceWords are the function words of an English sentence, which a
// command line's arguments seldom are.
var sentenceWords = set("the", "a", "an", "to", "is", "are", "and", "of", "for", "with", "it", "this", "that", "my",
	"i", "we", "you", "please", "can", "how", "why", "what", "when", "in", "on", "but", "not", "should", "does")

// fileLocation opens a line a compiler, linter or test runner reports
// at a place in a file ("src/mp.py:54:7: N818 …", "main.go:12: undefined
// x"): its output, whatever words follow.
var fileLocation = regexp.MustCompile(`^(?:[A-Za-z]:)?[\w./\\-]*\w\.\w+:\d+(?::\d+)?:?(?:\s|$)`)

// logClock is the time of day a log line carries: "11:35:44", "09:02:17.381".
var logClock = regexp.MustCompile(`(?:^|\s|\[)\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b`)

// logClockIndex is logClock's first match in line, or nil. A clock has
// colons: a line without one, most of them, is spared the pattern's scan.
func logClockIndex(line string) []int {
	if strings.IndexByte(line, ':') < 0 {
		return nil
	}
	return logClock.FindStringIndex(line)
}

// logMarks are the box, bullet and status characters of a tool's output.
const logMarks = "│┃├└┌┐┘•⨯✓✗█⋮"

// statusMarks open a line of a tool's output that reports a step's
// outcome ("× Failed to build", "✔ done", "⚠ deprecated").
const statusMarks = "×✘✖✔⚠❌"

// outputMarkIndex is where the first mark of a tool's drawn output stands
// in s, or -1: a box-drawing or block character (tools draw trees, boxes
// and arrows with the whole range: "╰─▶", "├──", "▌"), or a bullet or
// status mark of logMarks.
func outputMarkIndex(s string) int {
	return strings.IndexFunc(s, func(r rune) bool {
		return r >= 0x2500 && r <= 0x259f || strings.ContainsRune(logMarks, r)
	})
}

// traceLine opens a line of a Python traceback: its heading and the
// frames it lists ("Traceback (most recent call last):", "File
// \"x.py\", line 14, in <module>").
var traceLine = regexp.MustCompile(`^(?:Traceback \(most recent call last\):|File "[^"]*", line \d+)`)

// shellPrompt reports a line that is a shell's prompt and the command
// typed at it ("$ git push", "➜  repo git:(main) ✗ git push", "PS C:\> dir").
func shellPrompt(line string) bool {
	for _, p := range []string{"$ ", "➜", "❯", "λ ", "PS C:", "% "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return strings.Contains(line, " git:(") || strings.Contains(line, "@") && strings.Contains(line, ":~")
}

var logLevels = set("hint", "remote", "error", "err", "warning", "warn", "fatal", "panic", "info", "debug", "trace", "fail", "failed",
	"exception", "traceback", "caused by", "npm err!", "e", "w")

// dropCode leaves out the words of a call written in prose
// ("git.PlainInit(dir, false)") and references with a slash and a digit
// ("entire/56f7398"): code, not words.
func dropCode(words []string) []string {
	out := words[:0:0]
	inCall := false
	for _, w := range words {
		switch {
		case inCall:
			inCall = !strings.Contains(w, ")")
		case strings.Index(w, "(") > 0 && !strings.HasSuffix(strings.TrimRight(w, ",.;:"), "("):
			inCall = !strings.Contains(w, ")")
		case strings.Contains(w, "/") && strings.ContainsFunc(w, unicode.IsDigit):
		default:
			out = append(out, w)
		}
	}
	return out
}

// asks reports a sentence that asks for something: opened by the asking
// ("can you …", "help me …", "necesito …") or a question; not one that
// asks after the work ("did you check X?").
func (s titleSentence) asks() bool {
	if s.cjk != "" {
		return cjkAsks(s.cjk)
	}
	if len(s.words) == 0 || askedOfAssistant(s.words) || thanksSentence(s.words) {
		return false
	}
	// A word that only links the sentence to the one before ("So the
	// options are mismatched …", "Also, …") asks nothing: the asking is
	// what dropFiller removes after it ("so can you …").
	linked := s.words
	for len(linked) > 2 && linkingFillers[bareWord(linked[0])] {
		linked = linked[1:]
	}
	words := dropFiller(withoutPersona(linked))
	return len(words) > 0 && len(words) < len(linked) || strings.HasSuffix(s.words[len(s.words)-1], "?") ||
		foreignQuestionOpeners[bareWord(s.words[0])] || suggests(s.words)
}

// commands reports a sentence that opens, past its filler, with the verb
// of a request for work ("Rename the retry helper to backoff."): the
// plainest way to ask, though it asks nothing as asks reads it.
func (s titleSentence) commands() bool {
	if s.cjk != "" {
		return false
	}
	words := dropFiller(withoutPersona(s.words))
	return len(words) > 0 && requestVerb(words[0]) && !pointingVerbs[bareWord(words[0])]
}

// askedOfYou reports a sentence that asks the reader to do the work
// ("so, can you look at the handler?"): once its asking goes, it is a
// request, and its question mark goes with it.
func (s titleSentence) askedOfYou() bool {
	linked := s.words
	for len(linked) > 2 && linkingFillers[bareWord(linked[0])] {
		linked = linked[1:]
	}
	return askedOfYou(linked)
}

// withoutQuestionMark is words with the question mark after the last
// one taken off, in a copy.
func withoutQuestionMark(words []string) []string {
	last := words[len(words)-1]
	if !strings.HasSuffix(last, "?") {
		return words
	}
	out := slices.Clone(words)
	out[len(out)-1] = strings.TrimRight(last, "?")
	return out
}

// suggests reports a sentence with a clause that suggests the work ("as
// a suggestion, why not include all the media in the test", "how about
// a cache"): it asks for it, though typed without a question mark.
func suggests(words []string) bool {
	for k := 0; k+1 < len(words); k++ {
		if k > 0 && !strings.HasSuffix(words[k-1], ",") {
			continue
		}
		switch bareWord(words[k]) + " " + bareWord(words[k+1]) {
		case "why not", "how about":
			return true
		}
	}
	return false
}

// linkingFillers are the fillerOpenings that link a sentence to what was
// said before it or greet, and ask for nothing.
var linkingFillers = set("hey", "hi", "hello", "ok", "okay", "so", "now", "alright", "great", "thanks", "and", "also",
	"then", "basically", "actually", "just", "works", "perfect", "nice", "cool", "good", "yes", "hallo")

// best is the title a sentence makes and how much of the session it names.
func (s titleSentence) best(weights map[string]float64) (string, float64) {
	if s.cjk != "" {
		c := withoutCJKFiller(s.cjk)
		t := cjkTitleClause(c)
		share := 1.0
		if s.about == "" && cjkPointing(c) {
			share = pointingShare
		}
		if cjkCourtesy(s.cjk) || asksHowToUseAssistant(strings.Fields(s.cjk)) {
			share *= courtesyShare
		}
		if strings.HasSuffix(s.cjk, "ので") {
			// A Japanese clause of the reason ("LLMがMarkdownを使って
			// くるので", as the LLM keeps writing Markdown) gives why,
			// as an English reason clause does: the clause after it
			// says what to do.
			share *= purposeShare
		}
		switch {
		case s.about != "" && t == c:
			return t, cjkScore(s.about, weights)
		case t == c:
			// The whole clause, its filler aside: its terms are
			// read as it was written.
			return t, cjkScore(s.cjk, weights) * share
		}
		return t, cjkScore(t, weights) * share
	}
	words := withoutLogPosition(withoutFieldLabel(dropFiller(withoutPersona(s.words))))
	if len(words) == 0 {
		return "", 0
	}
	if s.askedOfYou() {
		words = withoutQuestionMark(words)
	}
	request := s.asks()
	words = withParticleJoined(dropTalkAbout(dropFrame(dropFaultFrame(words))))
	anchored := requestVerb(words[0]) && !pointingVerbs[bareWord(words[0])] ||
		foreignQuestionOpeners[bareWord(words[0])] || // before "the test suite" loses its article
		phrasalParticleAt(words, 1) // "speed up …", "tidy up …"
	if len(words) > maxTitleWords {
		words = dropArticles(words)
	}
	lo, hi, score := bestWindow(words, weights, anchored)
	hi = toPhraseEnd(words, lo, hi)
	hi = withoutCutClause(words, lo, hi)
	if s.heading {
		score *= titleHeadingBonus
	}
	if request {
		score *= titleRequestBonus
	}
	sentence := words
	words = trimFunctionWords(trimLeading(withoutCondition(words, lo, hi)))
	words = withReferent(words, sentence)
	if len(words) < 2 && (len(words) == 0 || weightOf(words[0], weights) == 0) {
		return "", 0
	}
	if len(words) == 1 {
		score /= 2 // a word alone names a subject but says little of it
	}
	if holdsPronoun(words) {
		score *= pronounPenalty
	}
	if pointingVerbs[bareWord(words[0])] {
		score *= pointingShare
	}
	if askedOfAssistant(s.words) {
		score *= pronounPenalty
	}
	if thanksSentence(s.words) || asksHowToUseAssistant(s.words) {
		score *= courtesyShare
	}
	words = namesHeaviest(words, sentence, weights)
	return titleCase(words), score
}

// withoutFieldLabel drops the label of a log's or a report's field that
// opens a sentence ("Cause: TOML parse error …", "Reason: the token
// expired", "Note: …"): it says what kind of line follows, the words after
// it say what happened.
func withoutFieldLabel(words []string) []string {
	if len(words) >= 3 && strings.HasSuffix(words[0], ":") && fieldLabels[bareWord(words[0])] {
		return words[1:]
	}
	return words
}

var fieldLabels = set("cause", "reason", "details", "detail", "hint", "note", "info", "debug", "message", "msg",
	"context", "help", "description")

// withoutLogPosition drops where in a file a log places what it reports
// ("… parse error at line 417, column 1", "line 31: field retry not
// found"): the line's number is no subject, and the words around it are
// the message.
func withoutLogPosition(words []string) []string {
	at := -1
	for k := 0; k+1 < len(words); k++ {
		if positionWords[bareWord(words[k])] && isNumber(bareWord(words[k+1])) {
			at = k
			break
		}
	}
	if at < 0 {
		return words
	}
	out := append([]string(nil), words[:at]...)
	if n := len(out); n > 0 && (bareWord(out[n-1]) == "at" || bareWord(out[n-1]) == "on") {
		out = out[:n-1]
	}
	k := at
	for k+1 < len(words) && positionWords[bareWord(words[k])] && isNumber(bareWord(words[k+1])) {
		end := words[k+1][len(strings.TrimRight(words[k+1], ",;:.!?")):]
		k += 2
		if end == "," && k+1 < len(words) && positionWords[bareWord(words[k])] {
			continue // "line 417, column 1"
		}
		if end != "" && end != "," && len(out) > 0 {
			out[len(out)-1] = strings.TrimRight(out[len(out)-1], ",;:") + end
		}
		break
	}
	if len(out) == 0 {
		return words
	}
	return append(out, words[k:]...)
}

var positionWords = set("line", "column", "col", "ln")

// pointingVerbs open a request that points at where the work is or how
// it is checked ("read TODO.md", "run the lints to see the results",
// "execute the task specified there", "continue"), not at the work: a
// title made of one weighs pointingShare of its score, and the window
// of a sentence is not anchored at one ("read TODO.md, update the
// CHANGELOG" is titled from "update").
var pointingVerbs = set("read", "reread", "run", "rerun", "execute", "continue",
	"proceed", "follow", "consult")

const pointingShare = 0.5

// cjkPointingVerbs open a Chinese request to look at or read something
// ("看看当前的文档", "阅读 README"): it points at where the work is, as
// pointingVerbs do.
var cjkPointingVerbs = []string{"看看", "看一下", "看一看", "看下", "查看", "阅读", "读一下", "读读", "參考", "参考"}

func cjkPointing(c string) bool {
	for _, v := range cjkPointingVerbs {
		if strings.HasPrefix(c, v) {
			return true
		}
	}
	return false
}

// bestWindow is the run of three to eight words that weighs most: the sum
// of its distinct terms' weights, and one more for each end that is a
// clause's (a request's verb opens the sentence; a comma, or a new clause,
// ends a phrase).
//
// A sentence that opens with a request's verb ("plan a trip to Kyoto in
// April, I like temples") is titled from that verb on, what follows the
// request being its background, unless the request's own words say
// little beside the rest ("review the change in this branch, I'm
// concerned about shadow branches").
func bestWindow(words []string, weights map[string]float64, anchored bool) (lo, hi int, score float64) {
	if len(words) <= maxTitleWords {
		return 0, len(words), windowScore(words, weights)
	}
	lo, hi, score = bestWindowFrom(words, weights, len(words))
	if anchored && savingClauseEnd(words) == 0 {
		if alo, ahi, a := bestWindowFrom(words, weights, 1); a >= score*anchoredShare {
			return alo, ahi, a
		}
	}
	return lo, hi, score
}

// anchoredShare is the share of the best window's score a request's own
// window needs to be preferred.
const anchoredShare = 0.75

// bestWindowFrom is bestWindow over the windows that start at one of
// the first starts words.
func bestWindowFrom(words []string, weights map[string]float64, starts int) (lo, hi int, score float64) {
	best, named := -1.0, -1.0
	nlo, nhi := 0, 0
	purpose := purposeClause(words)
	reason := reasonClause(words)
	saved := savingClauseEnd(words)
	described := describingClauses(words)
	// The windows overlap: each word's bare form, weight and place among
	// the clauses are read once, for the words a window can reach.
	reach := min(len(words), starts+maxTitleWords)
	bare := make([]string, reach)
	weight := make([]float64, reach)
	joins, ends := make([]bool, reach), make([]bool, reach)
	for k := range reach {
		bare[k] = bareWord(words[k])
		weight[k] = weightOf(words[k], weights)
		joins[k] = clauseJoiners[bare[k]] || subjectPronouns[bare[k]]
		ends[k] = endsClause(words, k)
	}
	// scoreOf is windowScore of words[i:j].
	scoreOf := func(i, j int) float64 {
		sc := 0.0
		for k := i; k < j; k++ {
			if !slices.Contains(bare[i:k], bare[k]) {
				sc += weight[k]
			}
		}
		return sc
	}
	for i := 0; i < starts && i < len(words); i++ {
		if phrasalParticleAt(words, i) {
			continue // "up by caching …" of "speed up by caching …"
		}
		start := 0.0
		if opensClause(words, i) && !pointingVerbs[bareWord(words[i])] {
			start = titleBoundaryBonus
		} else if i > 0 && phraseHeadedBefore[bareWord(words[i])] {
			// A window that opens on a preposition inside a clause
			// ("over all adapters" of "go once more over all
			// adapters", "by @finance-tools" of "made with care by
			// @finance-tools") starts mid-phrase, its head left
			// behind: the title opens on a fragment.
			start = -titleBoundaryBonus
		}
		for j := i + 3; j <= len(words) && j-i <= maxTitleWords; j++ {
			sc := start + scoreOf(i, j)
			if j == len(words) || ends[j-1] {
				sc += titleBoundaryBonus
			}
			// A window that runs into the next clause ("image server so
			// thumbnails load faster") joins two things.
			for k := i + 1; k < j; k++ {
				if joins[k] {
					sc -= titleBoundaryBonus
				}
			}
			if purpose >= 0 && i > purpose || reason >= 0 && i >= reason {
				sc *= purposeShare
			}
			if i < saved {
				sc *= pointingShare
			}
			describes := slices.Contains(described[i:j], true)
			if describes {
				sc *= pronounPenalty
			}
			if sc > best+1e-9 {
				best, lo, hi = sc, i, j
			}
			if !describes && sc > named+1e-9 && scoreOf(i, j) > 0 {
				named, nlo, nhi = sc, i, j
			}
		}
	}
	if named > 0 && slices.Contains(described, true) {
		// The clause that names the thing titles the sentence, however
		// much the clause describing it says ("the code blocks are
		// hard to read, it's dark text on a black background"): the
		// description's words are the thing's details.
		return nlo, nhi, named
	}
	return lo, hi, best
}

// describingClauses marks the words of the clauses after a sentence's
// first whose subject is "it" or "they" ("the code blocks are hard to
// read, it's dark text on a black background", "… and it has been
// blocking merges all day"): they say more of what
// the clause before named, and a title made of them ("Dark text on black
// background") loses that. A window that holds a word of one weighs what
// a title with a pronoun does (pronounPenalty), and is chosen only when
// no window outside them names a term of the session.
func describingClauses(words []string) []bool {
	var out []bool
	in := false
	for k := 1; k < len(words); k++ {
		prev := words[k-1]
		if strings.ContainsAny(prev[len(prev)-1:], ",;:") {
			in = describingSubjects[bareWord(words[k])]
		} else if k >= 2 && describingJoiners[bareWord(prev)] && describingSubjects[bareWord(words[k])] {
			// "… fails one run in ten and it has been blocking
			// merges all morning": a joiner opens the clause.
			in = true
		}
		if in {
			if out == nil {
				out = make([]bool, len(words))
			}
			out[k] = true
		}
	}
	if out == nil {
		return make([]bool, len(words))
	}
	return out
}

// describingJoiners join a describing clause to the clause before without
// a comma.
var describingJoiners = set("and", "but", "so")

// describingSubjects open a clause that says more of a thing named before.
var describingSubjects = set("it", "it's", "its", "they", "they're", "theyre", "itll", "it'll")

// purposeShare multiplies the score of a window inside a purpose clause.
const purposeShare = 0.7

// purposeClause is where the clause that says what a sentence's request
// is for opens ("add a cache so that the page loads faster", "haz la
// lógica para que use la interfaz"): the words from there give the
// request's reason, not the request. -1 when no such clause follows two
// words or more of the sentence.
func purposeClause(words []string) int {
	for k := 2; k < len(words)-1; k++ {
		phrase := bareWord(words[k])
		for n := k + 1; n < len(words) && n <= k+2; n++ {
			if purposeOpeners[phrase] {
				return k
			}
			phrase += " " + bareWord(words[n])
		}
		if purposeOpeners[phrase] {
			return k
		}
	}
	return -1
}

// savingClauseEnd is where a sentence's opening clause ends when it asks
// to keep or send the work with version control ("commit the parser
// changes to the release branch, and then …", "push this to github, but
// make sure …", Polish "zacommituj …, a następnie …"), and another clause
// follows: that clause says what the work is, the opening one a step of
// keeping it. 0 when the sentence opens otherwise.
func savingClauseEnd(words []string) int {
	if len(words) == 0 || !savingVerb(bareWord(words[0])) {
		return 0
	}
	for k := 1; k+2 < len(words); k++ {
		if strings.HasSuffix(words[k-1], ",") || strings.HasSuffix(words[k-1], ";") {
			return k
		}
	}
	return 0
}

// savingVerb reports a verb of version control that keeps or sends the
// work: commit, push and their like, Polish's "zacommituj" too.
func savingVerb(w string) bool {
	switch w {
	case "commit", "push", "stash", "pull":
		return true
	}
	return strings.HasPrefix(w, "zacommit")
}

// reasonClause is where a clause after a comma that gives the reason
// for the request opens ("…, as it is a public repo", "…, since we
// deploy from main", "…, because it runs on CI"): why the work is
// asked for, not the work. -1 when the sentence has none.
func reasonClause(words []string) int {
	for k := 2; k+1 < len(words); k++ {
		if !strings.HasSuffix(words[k-1], ",") {
			continue
		}
		switch bareWord(words[k]) {
		case "as", "since", "because":
			if w := bareWord(words[k+1]); subjectPronouns[w] || w == "it" || w == "this" || w == "that" || w == "there" {
				return k
			}
		}
	}
	return -1
}

// purposeOpeners open a purpose clause: one word, or a phrase of two or
// three.
var purposeOpeners = set("so that", "in order to", "so as to", "para que", "para poder", "a fin de", "pour que",
	"afin de", "afin que", "damit", "чтобы")

// withoutCutClause ends a window that the eight words cut inside a clause
// it had just opened ("… branch is captured when user", "… the repository
// to prepare", "… to GitHub and prepare") before that clause: a title
// ends where a thought does. It keeps three words or more.
func withoutCutClause(words []string, lo, hi int) int {
	if hi >= len(words) || endsClause(words, hi-1) {
		return hi // the sentence or its clause ends there
	}
	for k := hi - 1; k >= hi-2 && k >= lo+3; k-- {
		w := bareWord(words[k])
		if clauseOpeners[w] || w == "to" && k+1 < hi && clauseVerb(bareWord(words[k+1])) ||
			opensVerbPart(words[:hi], k) {
			return k
		}
	}
	return hi
}

// toPhraseEnd ends a window that stops inside a phrase ("Mermaid
// diagram is having syntax", "figure out how entire CLI") where the
// phrase does, when that is within the word limit and no other clause
// opens before it: the words that finish the phrase weigh nothing, so
// the shorter window had won the tie, but a title that cuts its subject
// short does not say it. A window that cannot reach the phrase's end
// gives back an incomplete last word (a function word, an auxiliary, a
// question word without its clause, a verb without its object).
func toPhraseEnd(words []string, lo, hi int) int {
	if hi >= len(words) || endsClause(words, hi-1) {
		return hi
	}
	if phrasalParticleAt(words, hi) && verbForm(bareWord(words[hi-1])) {
		// The window cuts a phrasal verb from its particle ("test is
		// blowing" of "… test is blowing up on CI"): it takes the
		// particle, or leaves the verb out with its auxiliaries.
		if hi+1-lo <= maxTitleWords {
			return hi + 1
		}
		k := hi - 1
		for k-lo > 3 && phraseAuxiliaries[bareWord(words[k-1])] {
			k--
		}
		if k-lo >= 3 {
			return k
		}
	}
	if end := nameEnd(words, hi); end > hi {
		if end-lo <= maxTitleWords {
			return end
		}
		// The name does not fit: the window ends before it, on the
		// phrase's last word of content.
		start := hi - 1
		for start > lo && capitalised(words[start-1]) && !strings.ContainsAny(words[start-1], ",;:.!?)") {
			start--
		}
		if start-lo >= 3 {
			for start-lo > 2 && incompleteEnd(bareWord(words[start-1])) {
				start--
			}
			return start
		}
	}
	for j := hi + 1; j <= len(words) && j-lo <= maxTitleWords; j++ {
		if w := bareWord(words[j-1]); clauseJoiners[w] || subjectPronouns[w] || subordinators[w] {
			break
		}
		if j == len(words) || endsClause(words, j-1) {
			return j
		}
	}
	// A window that stops on a modifier ("is having syntax" of "…
	// syntax error have u checked") or on a clause's subject ("how the
	// CLI" of "… CLI works and …") runs on to the one word that ends the
	// phrase, one word or two on: the word before a function word, an
	// auxiliary or a pronoun.
	for n := 1; n <= 2 && hi+n-lo <= maxTitleWords && hi+n <= len(words); n++ {
		if phraseHead(words, hi+n-1) {
			return hi + n
		}
		if w := bareWord(words[hi+n-1]); phraseBoundary(w) || wantsComplement[w] || stopWords[w] || participle(w) ||
			strings.ContainsAny(words[hi+n-1], ",;:?!") {
			break
		}
	}
	for hi-lo > 2 && incompleteEnd(bareWord(words[hi-1])) {
		hi--
	}
	return hi
}

// verbForm reports a word that reads as a verb: one the verb lists hold,
// or a participle ("blowing", "locked").
func verbForm(w string) bool {
	return clauseVerb(w) || participle(w) || len(w) > 5 && strings.HasSuffix(w, "ing")
}

// nameEnd is where a name of several capitalised words that a window
// ending at hi stops inside ends ("for Claude" of "for Claude Code
// target", "to GitHub" of "run it on GitHub Actions runners"): a title
// that keeps half of a name says another thing, so the window takes the
// name whole or leaves it out. hi when the window ends on no such name,
// or the sentence writes most of its words with a capital (a heading:
// its capitals mark no names).
func nameEnd(words []string, hi int) int {
	if hi < 2 || hi >= len(words) || !capitalised(words[hi-1]) || !capitalised(words[hi]) ||
		strings.ContainsAny(words[hi-1], ",;:.!?)") {
		return hi
	}
	caps := 0
	for _, w := range words {
		if capitalised(w) {
			caps++
		}
	}
	if 2*caps > len(words) {
		return hi
	}
	end := hi
	for end < len(words) && capitalised(words[end]) {
		end++
		if strings.ContainsAny(words[end-1], ",;:.!?)") {
			break
		}
	}
	return end
}

// capitalised reports a word written with a capital first letter and
// a small letter after it ("Claude", "GitHub"), not an acronym alone.
func capitalised(w string) bool {
	w = strings.TrimLeft(w, "\"'(`*")
	r, n := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) {
		return false
	}
	return strings.IndexFunc(w[n:], unicode.IsLower) >= 0
}

// phraseHead reports that words[k] ends the phrase the words before it
// opened: a word of content that the sentence follows with a word that
// opens something else (a function word, an auxiliary, a pronoun, a
// joiner) or does not follow at all.
func phraseHead(words []string, k int) bool {
	w := bareWord(words[k])
	if w == "" || phraseBoundary(w) || wantsComplement[w] || strings.ContainsAny(words[k], "?!") {
		return false
	}
	// A participle after the phrase ("another service already logged")
	// opens what is said of it, not its head.
	if participle(w) {
		return false
	}
	return k+1 == len(words) || phraseBoundary(bareWord(words[k+1]))
}

// participle reports a word in -ed ("logged", "generated"), not one
// whose "-ed" is its own ("speed", "embed").
func participle(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// wantsComplement are the verbs that end no phrase: what they are about
// follows them ("tools need to be ported", "it seems to …").
var wantsComplement = set("need", "needs", "want", "wants", "seem", "seems", "try", "tries", "keep", "keeps",
	"going", "used", "able", "like", "likes", "tend", "tends", "start", "starts", "begin", "begins")

// phraseBoundary reports a word that cannot go on a phrase of content:
// a function word, an auxiliary, a pronoun, a joiner or a question word.
func phraseBoundary(w string) bool {
	return incompleteEnd(w) && !verbs[w] && !imperatives[w] && !requestVerbs[w] || subjectPronouns[w] ||
		clauseJoiners[w] || subordinators[w] || unresolvedPronouns[w]
}

// incompleteEnd reports a word a phrase cannot end on: a function word,
// an auxiliary, a question word that opens a clause, or a verb that
// wants its object, in any of the languages the stop-word lists hold.
func incompleteEnd(w string) bool {
	return functionWords[w] || phraseAuxiliaries[w] || questionWords[w] || verbs[w] || imperatives[w] ||
		requestVerbs[w] || spanishTopicStopWords[w] || portugueseTopicStopWords[w] || frenchTopicStopWords[w] ||
		russianStopWords[w]
}

var (
	phraseAuxiliaries = set("am", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "having",
		"do", "does", "did", "doing", "get", "gets", "getting", "got", "can", "could", "should", "would", "will", "may",
		"might", "must", "shall")
	questionWords = set("how", "what", "why", "when", "where", "which", "who", "whom", "whose", "whether")
)

// tailJoiners open another verb's part of a sentence ("and prepare", "to
// prepare"), which says little when cut after a word or two of it.
var tailJoiners = set("and", "or", "to", "then")

// clauseJoiners open a second clause inside a sentence: its cause, its
// purpose, a contrast or what follows.
var clauseJoiners = set("so", "because", "since", "while", "which", "where", "but", "although", "though", "unless",
	"until", "whereas")

// requestVerb reports a word that opens a request for work on its
// object ("add", "plan", "refactor"); not the verbs that open other
// requests ("go ahead", "do we", "try again", "help me").
func requestVerb(w string) bool {
	w = bareWord(w)
	return (imperatives[w] || verbCommands[w] || titleVerbs[w]) && !notTitleVerbs[w]
}

var (
	titleVerbs    = set("plan", "explain", "design", "debug", "analyze", "analyse", "summarize", "summarise", "translate", "draft", "improve", "rewrite", "refine", "clarify", "describe")
	notTitleVerbs = set("go", "do", "don't", "dont", "try", "keep", "start", "help", "give", "tell", "let", "use", "look", "make", "put", "turn", "show")
)

// foreignQuestionOpeners open a question in the languages that may end one with
// a full stop ("Почему скрипт зависает …."): the sentence asks, as one
// with a question mark does.
var foreignQuestionOpeners = set("почему", "зачем", "как", "что", "где", "какой", "какая", "какие", "por", "cómo", "qué",
	"dónde", "cuál", "como", "onde", "qual", "pourquoi", "comment", "où", "quel", "quelle", "warum", "wieso", "wie", "wo")

// askedOfAssistant reports a question about what the assistant did or
// knows ("Did you check the TODO?", "Have you read the spec?", "Are you
// sure?"): it checks on the work, the subject is named elsewhere.
//
// So does a question about where the work stands, asked on resuming it
// ("Where did we leave off?", "Where were we?").
func askedOfAssistant(words []string) bool {
	if len(words) < 2 {
		return false
	}
	first, second := bareWord(words[0]), bareWord(words[1])
	if first == "where" && len(words) <= 5 {
		for _, w := range words[1:] {
			if w := bareWord(w); w == "left" || w == "leave" || w == "were" {
				return true
			}
		}
	}
	if second != "you" {
		return false
	}
	switch first {
	case "did", "have", "were", "are", "had", "didn't", "haven't", "weren't", "aren't":
		return true
	}
	return false
}

// titleBoundaryBonus is what a window gains for each end at a clause's.
const titleBoundaryBonus = 1.0

// endsClause reports whether words[i] ends a clause: it ends in a comma,
// semicolon, colon or closing parenthesis, or the next word opens a clause
// or is the subject of one ("… release I'm planning").
func endsClause(words []string, i int) bool {
	w := words[i]
	if strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":") || strings.HasSuffix(w, ")") {
		return true
	}
	if i+1 >= len(words) {
		return true
	}
	next := bareWord(words[i+1])
	return clauseOpeners[next] || subjectPronouns[next] || strings.HasPrefix(words[i+1], "(") || opensVerbPart(words, i+1)
}

// opensVerbPart reports a joiner at words[k] followed by a verb: "and see
// how …", "then add …" open the next request of a sentence.
func opensVerbPart(words []string, k int) bool {
	if k+1 >= len(words) || !tailJoiners[bareWord(words[k])] || bareWord(words[k]) == "to" {
		return false
	}
	return clauseVerb(bareWord(words[k+1]))
}

// clauseVerb reports a word that opens a clause of its own after "to" or
// "and": a verb, or one a request opens with ("… and prepare", "… and
// review").
func clauseVerb(w string) bool {
	return verbs[w] || imperatives[w] || imperativeVerbs[w]
}

// opensClause reports whether a window starting at words[i] starts a
// clause: the sentence's first word unless it opens a subordinate clause
// ("If we would do rewind, we need to know which agent…": the main clause
// is the subject), or the first after a clause's end and the filler that
// may follow it ("we probably also need to know").
func opensClause(words []string, i int) bool {
	for i > 0 && leadingFiller[bareWord(words[i-1])] && !endsClause(words, i-1) {
		i--
	}
	if i == 0 {
		return !subordinators[bareWord(words[0])]
	}
	return endsClause(words, i-1)
}

// phraseHeadedBefore are the prepositions (and "whether") whose phrase
// belongs to a word before it: a window may not open on one mid-clause.
var phraseHeadedBefore = set("by", "over", "with", "of", "to", "from", "into", "at", "on", "in", "for", "about",
	"through", "under", "across", "within", "without", "via", "between", "than", "whether")

var subordinators = set("if", "when", "whenever", "although", "though", "since", "because", "once", "while", "after",
	"before", "unless", "until", "as")

var subjectPronouns = set("i", "i'm", "i've", "i'd", "we", "we're", "we've", "you", "they", "he", "she", "it's")

func windowScore(words []string, weights map[string]float64) float64 {
	seen := map[string]bool{}
	sc := 0.0
	for _, w := range words {
		k := bareWord(w)
		if seen[k] {
			continue
		}
		seen[k] = true
		sc += weightOf(w, weights)
	}
	return sc
}

// weightOf is a word's weight in the session; an acronym the steward
// wrote in capitals ("RAG", "MIT") counts as a term of its own.
func weightOf(w string, weights map[string]float64) float64 {
	k := bareWord(w)
	if x, ok := weights[termKey(k)]; ok {
		return x
	}
	for _, part := range wordsOf(k) {
		if x, ok := weights[part]; ok {
			return x
		}
	}
	t := strings.Trim(w, ".,;:!?\"'()")
	if len(t) >= 2 && len(t) <= 5 && strings.ToUpper(t) == t && strings.ToLower(t) != t && !notAcronymTopics[k] {
		return 1
	}
	if isTechnologyName(k) {
		return 1
	}
	return 0
}

// bareWord is a word lower-cased without the punctuation around it.
func bareWord(w string) string {
	// A typographic apostrophe ("it’s", "let’s") is the typed one.
	return strings.ReplaceAll(strings.ToLower(trimBare(w)), "’", "'")
}

// bareMarks are the ASCII marks bareWord trims; it trims the typographic
// quotes (“”‘’) too.
var bareMarks = func() (t [256]bool) {
	for _, c := range []byte(".,;:!?\"'()[]{}*_") {
		t[c] = true
	}
	return t
}()

// trimBare is strings.Trim(w, `.,;:!?"'()[]{}“”‘’*_`), read byte by
// byte: with quotes beyond ASCII in its cut set, strings.Trim decodes
// each rune and searches the set for it. A typographic quote is the
// three bytes E2 80 and 98, 99, 9C or 9D wherever they stand, as the
// first byte of a rune always starts one.
func trimBare(w string) string {
	for len(w) > 0 {
		if bareMarks[w[0]] {
			w = w[1:]
		} else if typographicQuoteAt(w, 0) {
			w = w[3:]
		} else {
			break
		}
	}
	for len(w) > 0 {
		if bareMarks[w[len(w)-1]] {
			w = w[:len(w)-1]
		} else if len(w) >= 3 && typographicQuoteAt(w, len(w)-3) {
			w = w[:len(w)-3]
		} else {
			break
		}
	}
	return w
}

// typographicQuoteAt reports whether one of “”‘’ starts at w[i].
func typographicQuoteAt(w string, i int) bool {
	if len(w)-i < 3 || w[i] != 0xe2 || w[i+1] != 0x80 {
		return false
	}
	switch w[i+2] {
	case 0x98, 0x99, 0x9c, 0x9d:
		return true
	}
	return false
}

// frameOpeners open a clause that frames the subject rather than naming
// it: "what happens currently if …", "can it be that …", "I've noticed
// that …". The frame goes when the words after it say more.
var frameOpeners = set("what", "how", "why", "is", "are", "can", "could", "does", "do", "question", "i", "i've", "i'm",
	"it", "there", "so", "ok", "okay", "works", "yes", "hmm", "gah", "well", "note")

// frameEnds end a frame: the clause opener after which the subject comes.
var frameEnds = set("if", "that", "whether", "when", "why", "how")

// questionFrames open a question whose frame may end in "to".
var questionFrames = set("what", "which", "how", "is", "are", "can", "could", "does", "do")

// dropFrame removes an opening frame that holds no term: the words up to
// "if", "that", "whether", "when" or "to" when none of them names a subject
// ("What happens currently if I have an active session…" → "I have an
// active session…", "what should I use to deploy the website" → "deploy
// the website").
func dropFrame(words []string) []string {
	if len(words) < 4 || !frameOpeners[bareWord(words[0])] {
		return words
	}
	for i := 1; i < len(words)-2 && i <= 5; i++ {
		w := bareWord(words[i])
		if salient(w) {
			return words
		}
		// "to" ends a question's frame ("what should I use to …"),
		// not a statement's ("I just tried to make a release").
		if (frameEnds[w] || w == "to" && questionFrames[bareWord(words[0])]) && i > 1 {
			return words[i+1:]
		}
	}
	return words
}

// dropTalkAbout removes the "talk about" that opens a request to discuss
// its subject ("talk about what additional tools need to be ported"): the
// subject is what follows, and the title has the room to say it whole.
func dropTalkAbout(words []string) []string {
	if len(words) >= 5 && talkVerbs[bareWord(words[0])] && bareWord(words[1]) == "about" {
		return words[2:]
	}
	return words
}

var talkVerbs = set("talk", "think", "chat")

// dropFaultFrame removes the frame that reports a fault before saying
// what it is ("There's a bug where the upload fails when …", "I'm seeing
// an issue where …"): the clause after "where" says what goes wrong, the
// frame names only that something does. The frame is a few words of
// faultFrameWords and a fault's noun; a sentence that names the thing
// with the fault before the noun ("the upload has a bug where …") keeps
// it.
func dropFaultFrame(words []string) []string {
	for k := 1; k <= 6 && k+4 < len(words); k++ {
		w := bareWord(words[k-1])
		if faultNouns[w] {
			next := bareWord(words[k])
			if next == "where" || next == "whereby" || next == "in" && bareWord(words[k+1]) == "which" {
				if next == "in" {
					k++
				}
				return words[k+1:]
			}
			return words
		}
		if !faultFrameWords[w] || strings.ContainsAny(words[k-1], ",;:.!?") {
			return words
		}
	}
	return words
}

var (
	// faultNouns name a fault without saying what it is.
	faultNouns = set("bug", "bugs", "issue", "issues", "problem", "problems", "glitch", "regression", "quirk")
	// faultFrameWords report a fault: who meets it, and how it strikes
	// them.
	faultFrameWords = set("there", "there's", "theres", "is", "was", "seems", "seem", "to", "be", "a", "an", "the",
		"this", "that", "i", "i've", "i'm", "ive", "im", "we", "we've", "we're", "have", "has", "had", "found", "noticed",
		"seeing", "see", "saw", "hit", "hitting", "getting", "got", "ran", "run", "running", "into", "encountered",
		"spotted", "discovered", "weird", "strange", "small", "minor", "nasty", "annoying", "odd", "little", "major",
		"serious", "another", "new", "some", "still", "also", "currently", "ok", "okay", "so", "hey", "hi", "and", "but",
		"now", "just", "think", "there're", "interesting", "subtle", "big", "critical")
)

// withParticleJoined writes a phrasal verb whose object is a pronoun
// between the verb and its particle ("speed it up by caching …", "clean
// them up", "roll it back") as the verb and particle together ("speed up
// by caching …"): a window may not open between them, leaving the
// particle to open a title ("Up by caching …"), and the pronoun names
// nothing a title could say.
func withParticleJoined(words []string) []string {
	var out []string
	for k := 1; k+1 < len(words); k++ {
		if !particleObjects[bareWord(words[k])] || !phrasalParticles[bareWord(words[k+1])] ||
			strings.ContainsAny(words[k], ",;:.!?") || strings.ContainsAny(words[k-1], ",;:.!?") {
			continue
		}
		if !particleVerb(bareWord(words[k-1])) {
			continue
		}
		if out == nil {
			out = append([]string(nil), words...)
		}
		out[k] = "" // marked: the same indices are read on
	}
	if out == nil {
		return words
	}
	joined := out[:0]
	for _, w := range out {
		if w != "" {
			joined = append(joined, w)
		}
	}
	return joined
}

// phrasalParticleAt reports a particle at words[k] that ends the phrasal
// verb before it ("set up", "roll back"): no window opens on it, and a
// sentence that opens with the two opens with a request's verb. "out of"
// is a phrase of its own ("out of memory").
func phrasalParticleAt(words []string, k int) bool {
	if k == 0 || k >= len(words) || !phrasalParticles[bareWord(words[k])] || strings.ContainsAny(words[k-1], ",;:.!?") {
		return false
	}
	if k+1 < len(words) && bareWord(words[k]) == "out" && bareWord(words[k+1]) == "of" {
		return false
	}
	return particleVerb(bareWord(words[k-1]))
}

// particleVerb reports whether v may be the verb a phrasal particle
// belongs to ("speed" of "speed up"): a word that may end a clause or
// is a verb, not a stop word or a subject pronoun ("it up", "I up").
func particleVerb(v string) bool {
	return v != "" && (!incompleteEnd(v) || clauseVerb(v)) && !stopWords[v] && !subjectPronouns[v]
}

// particleObjects are the pronouns a phrasal verb takes between its verb
// and its particle.
var particleObjects = set("it", "them", "this", "that", "these", "those", "everything")

// phrasalParticles end a phrasal verb ("set up", "clean up", "roll back").
var phrasalParticles = set("up", "down", "out", "off", "back", "away", "over", "together", "apart")

// leadingFiller may not open a title: pronouns, auxiliaries and
// conjunctions left at the start of a window.
var leadingFiller = set("i", "we", "you", "it", "have", "has", "had", "am", "i'm", "i've", "we're", "we've", "get", "got",
	"but", "and", "or", "so", "then", "like", "for", "example", "e.g", "to", "of", "that", "which", "if", "when",
	"the", "a", "an", "is", "are", "was", "were", "be", "also", "just", "there", "there's", "this", "these",
	"probably", "maybe", "perhaps", "really", "actually", "now", "need", "needs", "want", "wants", "wanted", "needed", "know", "think",
	"wonder", "mostly", "still", "would", "should", "will", "can", "could",
	"и", "а", "но", "теперь", "я", "мы", "хочу", "попробовать")

func trimLeading(words []string) []string {
	for len(words) > 1 {
		switch {
		case leadingFiller[bareWord(words[0])] || clauseLinks[bareWord(words[0])] || leadingAdverb(words[0]):
			words = words[1:]
		case len(words) > 3 && strings.HasSuffix(words[1], ",") && discourseOpeners[bareWord(words[0])+" "+bareWord(words[1])]:
			words = words[2:]
		default:
			return words
		}
	}
	return words
}

// discourseOpeners open a sentence by saying how it relates to what was
// said ("in general, whether the suite …", "in short, the cache …"): the
// title opens on what follows the comma.
var discourseOpeners = set("in general", "in short", "in summary", "in particular", "in addition", "in fact",
	"in practice", "in theory", "in brief", "on balance", "above all", "after all", "by contrast", "as such")

// clauseLinks link the clause a window opens on to the one before it
// ("because the health check waits for the wrong port"): a title opens
// on what the clause says, not on how it links.
var clauseLinks = set("because", "since", "where", "whereas", "while", "although", "though", "whereby", "whether")

// leadingAdverb reports an adverb in -ly left at a window's start by the
// verb phrase it ended ("go through the code base totally and add …"):
// it says how, not what. A noun or verb in -ly ("apply", "family") is not
// one, nor a word written with a capital (a name).
func leadingAdverb(w string) bool {
	b := bareWord(w)
	return len(b) > 5 && strings.HasSuffix(b, "ly") && !lyWords[b] && strings.ToLower(w) == w
}

var lyWords = set("family", "assembly", "anomaly", "anomalies", "monopoly", "butterfly", "supply", "reply", "apply", "comply",
	"multiply", "italy", "friendly", "weekly", "monthly", "daily", "nightly", "yearly", "hourly", "quarterly", "early")

// titleCase joins a title's words: the punctuation they end with goes (a
// question mark stays at the end), the first letter is a capital.
func titleCase(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if i < len(words)-1 {
			w = strings.TrimRight(w, ",;")
		}
		out[i] = w
	}
	s := strings.Join(out, " ")
	question := strings.HasSuffix(s, "?")
	s = strings.TrimRight(s, ".,;:!?-–—&")
	if question {
		s += "?"
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// cjkClauses cuts a line of Japanese or Chinese into its clauses: at
// sentence ends, commas, and the conjunctions that join two clauses
// ("ので" so, "けど" but).
func cjkClauses(line string) []string {
	for _, sep := range []string{"ので", "けど", "けれど", "のに"} {
		line = strings.ReplaceAll(line, sep, sep+"\x00")
	}
	var out []string
	for c := range strings.FieldsFuncSeq(line, func(r rune) bool {
		return r == 0 || strings.ContainsRune("。！？!?、，,；;：:", r)
	}) {
		if c = strings.TrimSpace(c); c != "" && utf8.RuneCountInString(c) >= 2 {
			out = append(out, c)
		}
	}
	return out
}

// cjkFillers open a Chinese or Japanese request before its subject: the
// politeness and the asking ("请你", "帮我", "我想知道", "すみません"),
// longest first. "我该如何" (how should I) keeps its "如何" (how).
var cjkFillers = []struct{ opening, keep string }{
	{"我想知道一下", ""}, {"我想知道", ""}, {"我想问一下", ""}, {"我想问", ""}, {"请问一下", ""}, {"请问", ""},
	{"请帮我", ""}, {"请你帮我", ""}, {"请你", ""}, {"请", ""}, {"麻烦你", ""}, {"麻烦", ""}, {"帮我", ""},
	{"帮忙", ""}, {"你能不能", ""}, {"能不能帮我", ""}, {"可以帮我", ""}, {"你可以", ""}, {"你能", ""}, {"我想要", ""},
	{"我需要", ""}, {"我要", ""}, {"我想", ""}, {"你好", ""}, {"您好", ""}, {"我该如何", "如何"}, {"我应该如何", "如何"},
	{"我该怎么", "怎么"}, {"我应该怎么", "怎么"}, {"すみません", ""}, {"ちょっと", ""}, {"それでは", ""}, {"では", ""},
	{"じゃあ", ""}, {"次に", ""}, {"えっと", ""}, {"えーと", ""}, {"あの", ""},
	{"现在", ""}, {"現在", ""}, {"然后", ""}, {"然後", ""}, {"另外", ""},
	{"이제", ""}, {"그리고", ""}, {"그럼", ""}, {"혹시", ""},
}

// cjkPoliteEndings close a Japanese request after the verbal noun that
// names the work ("READMEを更新してください" asks for "READMEを更新"):
// the asking goes.
var cjkPoliteEndings = []string{"してください", "して下さい", "してほしいです", "してほしい", "してもらえますか",
	"してくれますか", "をお願いします", "お願いします", "してみてください"}

// withoutCJKFiller is a clause without the fillers that open it and the
// polite asking that closes a Japanese one, keeping at least four
// characters of it.
func withoutCJKFiller(c string) string {
	for {
		cut := false
		for _, f := range cjkFillers {
			rest, ok := strings.CutPrefix(c, f.opening)
			rest = f.keep + strings.TrimLeft(rest, " ，,、：:")
			if ok && utf8.RuneCountInString(rest) >= 4 {
				c, cut = rest, true
				break
			}
		}
		if !cut {
			break
		}
	}
	for _, e := range cjkPoliteEndings {
		if rest, ok := strings.CutSuffix(c, e); ok && utf8.RuneCountInString(rest) >= 4 {
			if r, _ := utf8.DecodeLastRuneInString(rest); isKanji(r) || isKatakana(r) {
				return rest
			}
		}
	}
	return c
}

// cjkTitleClause keeps a clause of at most maxTitleRunes characters, cut
// after a particle (where a word ends) when longer.
func cjkTitleClause(c string) string {
	r := []rune(c)
	if len(r) <= maxTitleRunes {
		return c
	}
	// Korean is written with spaces between its words: a title holds
	// maxTitleWords of them, as one in a language with an alphabet does,
	// however many characters they take.
	if hangulSpaced(c) {
		words := strings.Fields(c)
		if len(words) <= maxTitleWords {
			return c
		}
		return strings.Join(words[:maxTitleWords], " ")
	}
	for i := maxTitleRunes; i > 4; i-- {
		if isHiragana(r[i-1]) && !isHiragana(r[i]) {
			return strings.TrimSpace(string(r[:i]))
		}
	}
	for i := maxTitleRunes; i > 4; i-- {
		if r[i] == ' ' {
			return strings.TrimSpace(string(r[:i]))
		}
	}
	// Chinese has no kana: a word ends after an aspect or question
	// particle ("遇到了"), and before a particle, conjunction or
	// preposition that opens what follows ("的", "和", "在").
	for i := maxTitleRunes; i > 5; i-- {
		if strings.ContainsRune(hanEndsAfter, r[i-1]) || strings.ContainsRune(hanOpensBefore, r[i]) {
			return strings.TrimSpace(string(r[:i]))
		}
	}
	return ""
}

// hangulSpaced reports a clause written in Hangul with spaces between
// its words.
func hangulSpaced(c string) bool {
	if !strings.Contains(c, " ") {
		return false
	}
	for _, r := range c {
		if r >= 0xac00 && r <= 0xd7af {
			return true
		}
	}
	return false
}

// hanEndsAfter and hanOpensBefore are the Chinese characters a clause too
// long for a title may be cut after and before.
const (
	hanEndsAfter   = "了吗呢过"
	hanOpensBefore = "的和与及并或在把将对从时后让使"
)

func cjkScore(c string, weights map[string]float64) float64 {
	seen := map[string]bool{}
	sc := 0.0
	lower := lowerText(c)
	for _, w := range hanTerms(lower, splitMixedCJK(wordsOf(lower))) {
		// A name written twice, singular and plural ("test" and
		// "tests"), is one term of the clause.
		if !seen[w] && !seen[strings.TrimSuffix(w, "s")] && !seen[w+"s"] {
			seen[w] = true
			sc += weights[w]
		}
	}
	return sc
}

// russianStopWords are Russian function words: prepositions,
// conjunctions, pronouns, particles and the commonest adverbs.
var russianStopWords = set("и", "в", "во", "на", "про", "что", "как", "это", "этот", "эта", "эти", "или", "не", "но", "а",
	"к", "ко", "по", "из", "за", "от", "до", "для", "же", "ли", "бы", "сейчас", "там", "тут", "здесь", "почти", "все",
	"всё", "весь", "почему", "может", "где", "какой", "каком", "какая", "какие", "когда", "так", "уже", "еще", "ещё",
	"только", "очень", "мне", "меня", "мой", "моя", "мы", "вы", "ты", "он", "она", "они", "его", "её", "их", "то",
	"тот", "там", "при", "над", "под", "без", "через", "если", "чтобы", "потому", "тоже", "также", "один", "одна",
	"одно", "сам", "сама", "само", "нужно", "надо", "можно", "есть", "был", "была", "было", "были", "будет", "понимаю",
	"теперь", "хочу", "хотел", "хотела", "хотим", "попробовать", "пожалуйста")

// endsWantingObject reports a title whose last word is a verb that wants
// its object ("Logs parser doesn't handle", the code span it handles
// left out): it says what is done but not to what.
func endsWantingObject(title string) bool {
	words := strings.Fields(title)
	if len(words) < 2 {
		return false
	}
	w := bareWord(words[len(words)-1])
	return verbs[w] || imperatives[w] || requestVerbs[w]
}

// closingRequest is the request that ends a prompt whose sentences were
// not all read (maxTitleSentences): background or a paste first, and in
// its last paragraph what the steward asks of it ("… Can you update the
// folder structure to best practices?"). Only the paragraph's sentences
// that ask or command are kept, and none that were read.
func closingRequest(prose string, read []titleSentence) []titleSentence {
	if len(read) < maxTitleSentences {
		return nil
	}
	para := lastParagraph(prose)
	if para == "" {
		return nil
	}
	var out []titleSentence
	for _, s := range titleSentences(para) {
		if s.cjk == "" && (s.asks() || s.commands()) && !slices.ContainsFunc(read, func(r titleSentence) bool {
			return slices.Equal(r.words, s.words)
		}) {
			s.closing = true
			out = append(out, s)
		}
	}
	return out
}

// lastParagraph is the text after the last blank line of prose: "" when
// prose has no blank line (its paragraph is the one read first), or when
// the last paragraph is the end of a code fence.
func lastParagraph(prose string) string {
	lines := strings.Split(strings.TrimRight(prose, " \t\r\n"), "\n")
	for k := len(lines) - 1; k >= 0; k-- {
		t := strings.TrimSpace(lines[k])
		if t == "" {
			return strings.Join(lines[k+1:], "\n")
		}
		if strings.HasPrefix(t, "```") {
			return ""
		}
	}
	return ""
}

// openingClauses is the run of a sentence's first clauses, two or more,
// as written, that fits a title: "" when the second clause does not.
func openingClauses(sentence string, clauses []string) string {
	if len(clauses) < 3 {
		return ""
	}
	end, best := 0, ""
	for k, c := range clauses {
		i := strings.Index(sentence[end:], c)
		if i < 0 {
			return best
		}
		end += i + len(c)
		run := strings.TrimSpace(sentence[:end])
		if utf8.RuneCountInString(run) > maxTitleRunes {
			return best
		}
		if k > 0 {
			best = run
		}
	}
	return best
}
