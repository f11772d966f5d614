package analysis

import (
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxKeyTopics is the most topics a session has: the rubric's six, which
// a long session spanning several subjects reaches (texts/2 in keyTopics).
const maxKeyTopics = 6

// A session's topics are the noun phrases it spends most of itself on:
// terms weighed by how many messages hold them (a steward's counting
// twice), file names ("go.mod") weighing more than words, a two-word
// phrase ("shadow branch", "startup delay") taking the place of a word it
// holds, the subjects of the first request that the session goes on to
// speak of counted as spanning it; a phrase a message repeats (in a short
// session, any term) scoring more than one it says once (repeats); a code
// symbol only when the steward asks about it (askedSymbols).

// topicCandidate is one term a session may be indexed by.
type topicCandidate struct {
	term  string
	score float64
	first int // order of first appearance
	msgs  int // how many messages hold it
	// verb: a word the session uses as a verb more often than not, which
	// is no topic alone.
	verb bool
	// symbol: a code symbol the steward asked about (askedSymbols), a
	// topic only when another message names it too.
	symbol bool
	// modifier: a word the session uses more often than not before the
	// noun it qualifies ("shadow" in "shadow branch", "manual" in "manual
	// commit"): alone it names no subject, the phrase does.
	modifier bool
	// stewardMsgs: how many of the steward's messages hold it; firstMsg
	// and lastMsg: the first and last message with prose that do (their
	// index among those messages); request: a subject of the first
	// request the session goes on to speak of (firstRequest).
	stewardMsgs       int
	firstMsg, lastMsg int
	request           bool
}

// topicFileName finds file names written in prose: a name and a known
// extension ("CONVENTIONS.md", "settings.local.json", "go.mod").
var topicFileName = regexp.MustCompile(`(?:^|[\s"'(\x60])([A-Za-z0-9][A-Za-z0-9_.-]*\.(?:md|json|toml|ya?ml|mod|sum|txt|nix|lock|cfg|ini|env|sh))\b`)

// mayNameFile reports whether topicFileName can match s: a dot followed by
// one of its extensions. Most prose has none, and the pattern is slow to
// say so.
func mayNameFile(s string) bool {
	for i := strings.IndexByte(s, '.'); i >= 0; {
		rest := s[i+1:]
		for _, ext := range [...]string{"md", "json", "toml", "yml", "yaml", "mod", "sum", "txt", "nix", "lock", "cfg", "ini", "env", "sh"} {
			if strings.HasPrefix(rest, ext) {
				return true
			}
		}
		j := strings.IndexByte(rest, '.')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// fewRequestSubjects is the most subjects a first request names for each
// of its single words to be a subject though no other message holds it
// (firstRequest).
const fewRequestSubjects = 2

// firstRequestBonus is what a subject of the first request scores beyond
// its message: enough to be a topic of a short session, not to outrank
// what a long one spends itself on.
const firstRequestBonus = 3

// shortSession is the most messages with prose a short session has.
const shortSession = 8

// minTopicScore is the least a term needs to be a topic: a word of one
// steward message and one answer, or two answers.
const minTopicScore = 3

// keyTopics are what the session is about, most specific first: the
// candidates (topicCandidates) by score, a phrase taking the place of the
// words it holds, technologies left out (the technical context lists
// them) unless a phrase names what is done with one ("macOS
// notarization"), generic heads, vague adjectives and discourse nouns
// never alone, the other languages' stop words (topicStopWords) never.
func keyTopics(vs []view) []string {
	topics, _ := keyTopicsAndSpares(vs)
	return topics
}

// keyTopicsAndSpares is keyTopics and the session's spare topics
// (spareTopics).
func keyTopicsAndSpares(vs []view) (topics, spares []string) {
	texts := 0
	for i := range vs {
		if vs[i].text {
			texts++
		}
	}
	cands := topicCandidates(vs)
	topics = chooseTopics(cands, texts, nil) // ranks cands
	return topics, spareTopics(cands, topics)
}

// maxSpareTopics is the most spare topics a session keeps.
const maxSpareTopics = 64

// spareTopics are the phrases, hyphenated compounds ("fix-with-ai") and
// file names of the ranked candidates, the terms of more than one word,
// that may be a topic of their own (topicAlone) and were not chosen,
// best first, none holding a chosen topic or held by one: what the
// session's title may name beside its topics (withTitleTopic), though
// the session may name it once.
func spareTopics(ranked []topicCandidate, chosen []string) []string {
	var out []string
	var known map[string]int
	for _, c := range ranked {
		if len(out) >= maxSpareTopics {
			break
		}
		if !strings.ContainsAny(c.term, " .-") {
			continue
		}
		if _, ok := topicAlone(c, ranked, minTopicScore, &known); !ok || overlapsTopic(c.term, chosen) {
			continue
		}
		out = append(out, c.term)
	}
	return out
}

// overlapsTopic reports a term that one of topics is, holds or is held
// by, or names in another form (sameTerm).
func overlapsTopic(term string, topics []string) bool {
	for _, t := range topics {
		if t == term || holdsTerm(t, term) || holdsTerm(term, t) || sameTerm(t, term) {
			return true
		}
	}
	return false
}

// withTitleTopic adds to a session's topics the best of its spare topics
// (spareTopics) that its title names as words of its own, when it has
// fewer than the most: the title is the sentence the steward stated the
// session's subject in ("Fix the notarization timeout in the release
// workflow"), and a phrase of it is a subject though the session names
// it once.
func withTitleTopic(topics, spares []string, title string) []string {
	if len(topics) >= maxKeyTopics || len(spares) == 0 {
		return topics
	}
	words := " " + strings.Join(strings.FieldsFunc(strings.ToLower(title), titleWordSeparator), " ") + " "
	for _, s := range spares {
		if strings.Contains(words, " "+s+" ") {
			return append(topics, s)
		}
	}
	return topics
}

// titleWordSeparator parts the words of a title: white space and
// punctuation, not the hyphen, dot or underscore inside a compound or
// file name ("pre-commit", "go.mod").
func titleWordSeparator(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '-' && r != '.' && r != '_'
}

// chooseTopics picks a session's topics from its candidates (texts is how
// many messages have prose) by rank (byTopicRank), a phrase taking the
// place of a word it holds. rerank, when not nil, orders the ranked
// candidates again and leaves out those under its cut: the ranking a fit
// tries (TestRealSetTopicsFit).
func chooseTopics(cands []topicCandidate, texts int, rerank func([]topicCandidate, int) []topicCandidate) []string {
	// In a short session a term the steward wrote once is a topic.
	least := float64(minTopicScore)
	if texts <= shortSession {
		least = 2
	}
	// A short session is about fewer things, though rarely fewer than four;
	// a long one about more, one for every two messages with prose.
	most := min(maxKeyTopics, max(4, texts/2))
	slices.SortStableFunc(cands, byTopicRank)
	ranked := cands
	if rerank != nil {
		ranked = rerank(cands, texts)
	}
	out := []string{}
	var known map[string]int
	for _, c := range ranked {
		if len(out) >= most || c.score < least && rerank == nil {
			break
		}
		if c.score < least {
			continue // reranked: a later candidate may score more
		}
		c, ok := topicAlone(c, cands, least, &known)
		if !ok {
			continue
		}
		held := false
		for i, t := range out {
			switch {
			case t == c.term || holdsTerm(t, c.term) || sameTerm(t, c.term):
				held = true // a chosen phrase holds the word, or names it in another form
			case holdsTerm(c.term, t):
				out[i], held = c.term, true // the phrase is the more specific
			}
			if held {
				break
			}
		}
		// Once the list is full a phrase may still take the place of a
		// word it holds ("delay" gives way to "startup delay").
		if !held {
			out = append(out, c.term)
		}
	}
	return slices.Compact(out)
}

// topicAlone says whether candidate c may be a topic of its own, and
// which: c itself, or for a modifier the phrase it opens (least is the
// least score a topic needs; known is misspelt's memo).
func topicAlone(c topicCandidate, cands []topicCandidate, least float64, known *map[string]int) (topicCandidate, bool) {
	words := strings.Fields(c.term)
	if len(words) == 1 && genericHeads[c.term] && !isTechnologyName(c.term) {
		// The phrase it ends names the subject ("phase test", "login
		// page"): the best one the session holds. A session that speaks
		// of "the test" in several messages and never says which one is
		// about that test: the head is its topic, as a plural one
		// ("tests") is.
		if p, ok := headedPhrase(cands, c.term, min(least, minHeadedPhraseScore)); ok {
			return p, true
		}
		return c, c.msgs >= 2
	}
	if isTechnologyName(c.term) || stopWordTopic(c.term) ||
		len(words) == 1 && (genericHeads[c.term] || vagueAdjectives[c.term] || loneAdjectives[c.term] || pairVerbs[c.term] || discourseNouns[c.term] || programParts[c.term] || genericNounsAbroad[c.term] || c.verb || verbShaped(c.term)) ||
		len(words) > 1 && describingAdjectives[words[0]] {
		return c, false
	}
	if c.symbol && c.msgs < 2 {
		return c, false // a symbol the steward named and nobody took up
	}
	if len(words) == 1 && c.msgs == 1 && misspelt(c.term, cands, known) {
		return c, false // a typo (topics_typo.go)
	}
	if len(words) == 1 && c.modifier {
		// The phrase it opens names the subject: the best one the
		// session holds, or none.
		return modifiedPhrase(cands, c.term, least)
	}
	return c, true
}

// sameTerm reports two forms of one term: singular and plural ("setting",
// "settings"), a short form and its expansion ("auth", "authentication";
// "config file", "configuration files"). One topic: the first chosen
// stands for both. A file and its name ("TODO.md", "todo") are left two:
// measured on the dev split, merging them cost more matches than it saved.
func sameTerm(a, b string) bool {
	return a == b || topicKey(a) == topicKey(b)
}

// topicKey is the key the forms of a term share (sameTerm), not a word to
// show: each word singular and in full.
func topicKey(term string) string {
	words := strings.Fields(term)
	for i, w := range words {
		w = singularKey(w)
		if full, ok := shortForms[w]; ok {
			w = full
		}
		words[i] = w
	}
	return strings.Join(words, " ")
}

// shortForms are the clipped words of software work, singular, and what
// they stand for ("auth" is authentication, "repo" a repository): either
// form names the same topic.
var shortForms = map[string]string{
	"auth": "authentication", "authn": "authentication", "config": "configuration", "conf": "configuration",
	"repo": "repository", "doc": "documentation", "dir": "directory", "env": "environment", "dep": "dependency",
	"impl": "implementation", "perf": "performance", "spec": "specification", "init": "initialization",
	"pkg": "package", "msg": "message", "arg": "argument", "param": "parameter", "info": "information",
	"stat": "statistic", "app": "application", "db": "database", "admin": "administration", "dev": "development",
	"prod": "production", "temp": "temporary", "tmp": "temporary", "lib": "library", "util": "utility",
	"func": "function", "var": "variable", "max": "maximum", "min": "minimum", "eval": "evaluation",
}

// singularKey is a term with its last word made singular the simple way
// English does ("tests", "branches", "policies"): the key its forms share,
// not a word to show.
func singularKey(term string) string {
	i := strings.LastIndexByte(term, ' ') + 1
	w := term[i:]
	if len(w) < 4 || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return term
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "xes"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:len(w)-1]
	default:
		return term
	}
	return term[:i] + w
}

// minHeadedPhraseScore is the least a phrase ending in a generic head
// needs to stand for it (headedPhrase): one steward message or two
// answers. The head scores for every phrase it ends, so the one phrase
// the session names it by scores less than the least a topic needs.
const minHeadedPhraseScore = 2

// headedPhrase is the best-scored phrase of two words of cands that ends
// in the generic head w ("test" in "phase test", "page" in "login page"),
// scoring at least least, its first word one that may qualify a noun: not
// an adjective saying how good a thing is, not a vague one, no stop word.
// Like a modifier (modifiedPhrase) the head names no subject alone; the
// session says which one it means by the phrase it names most.
func headedPhrase(cands []topicCandidate, w string, least float64) (topicCandidate, bool) {
	var best topicCandidate
	found := false
	for _, c := range cands {
		first, head, two := strings.Cut(c.term, " ")
		if !two || head != w || c.score < least || found && c.score <= best.score {
			continue
		}
		if describingAdjectives[first] || vagueAdjectives[first] || stopWordTopic(first) || isTechnologyName(c.term) {
			continue
		}
		best, found = c, true
	}
	return best, found
}

// modifiedPhrase is the best-scored phrase of cands that opens with the
// word w, scoring at least least.
func modifiedPhrase(cands []topicCandidate, w string, least float64) (topicCandidate, bool) {
	var best topicCandidate
	found := false
	for _, c := range cands {
		if strings.HasPrefix(c.term, w+" ") && c.score >= least && (!found || c.score > best.score) {
			best, found = c, true
		}
	}
	return best, found
}

// discourseNouns name the talk about the work, not its subject: what any
// session proposes, explains or tries ("three suggestions", "the
// implementation", "an alternative"), what it asks for and aims at ("the
// request", "the objectives", "the requirements"), what it reads and gives
// ("the context", "more information", "some guidance", "the usage", "the
// sources", "the research"), the questions it asks and the answers and
// approaches it gets (their singulars are stop words) and the parts it
// points at ("these areas", "the remaining ones", "the scope"). A phrase may hold one ("improvement
// suggestions", "requirements gathering"); alone it is no topic, as the
// single generic words ("code", "file", "issue", "way") are not.
var discourseNouns = set("suggestion", "suggestions", "improvement", "improvements", "implementation",
	"implementations", "summary", "overview", "explanation", "solution", "solutions", "attempt", "attempts",
	"alternative", "alternatives", "recommendation", "recommendations", "reason", "reasons", "proposal",
	"proposals", "clarification", "description", "discussion", "note", "notes",
	"request", "requests", "requirement", "requirements", "objective", "objectives", "choice", "choices",
	"update", "updates", "context", "information", "guidance", "usage", "source", "sources", "research",
	"analysis", "pattern", "patterns", "area", "areas", "scope", "remaining", "ones", "questions", "answers",
	"approaches")

// programParts are the generic parts of any program: every codebase has
// functions, methods and variables, modules, blocks and strings, every
// program users, items, entries and text, and every session a project, a
// target, a base and a level to work at, as it has code and files (the
// rubric's "single generic words"). Before or after another noun they may
// name a subject ("helper function", "environment variable", "user
// roles", "build target", "log level"); alone they name none. Measured
// on the dev split, no label is one of them alone.
var programParts = set("codebase", "codebases", "function", "functions", "method", "methods", "variable",
	"variables", "snippet", "snippets", "user", "users", "item", "items",
	"project", "projects", "module", "block", "string", "strings", "text", "entry", "entries", "process",
	"target", "targets", "base", "level", "levels")

// loneAdjectives are English adjectives and adverbs that are never a
// noun of software work: before a noun they may name which one ("local
// settings", "manual commit", "external contributors"), alone they name
// no subject ("local", "valid", "modern"). Unlike vagueAdjectives they
// still open a phrase.
var loneAdjectives = set("modern", "local", "manual", "valid", "invalid", "common", "special", "relevant", "complete",
	"incomplete", "concise", "functional", "stable", "unstable", "global", "internal", "external", "original", "current",
	"previous", "final", "initial", "optional", "required", "available", "unavailable", "different", "similar", "separate",
	"single", "multiple", "additional", "generic", "standard", "custom", "native", "static", "dynamic", "automatic",
	"visible", "hidden", "correct", "incorrect", "wrong", "missing", "broken", "active", "inactive", "unique", "direct",
	"explicit", "implicit", "comprehensive", "detailed", "minimal", "consistent", "inconsistent", "actual", "possible",
	"impossible", "necessary", "unnecessary", "important", "primary", "secondary", "literal", "physical", "virtual",
	"unknown", "useful", "helpful", "clear", "complex", "easy", "hard", "safe", "unsafe", "latest", "legacy",
	"temporary", "permanent", "interactive", "strict", "nested", "twice", "sense", "redundant", "green",
	// Comparatives ("faster builds"; alone: "harder") and the months
	// ("the April cohort"; alone: "march").
	"harder", "easier", "faster", "slower", "bigger", "smaller", "larger", "simpler", "cleaner", "safer", "cheaper",
	"longer", "shorter", "higher", "lower", "newer", "older", "clearer", "heavier", "lighter", "stronger", "weaker",
	"january", "february", "march", "april", "june", "july", "august", "september", "october", "november",
	"december",
	// How the steward feels about the work, not what it is about.
	"boring", "robust", "reliable", "elegant", "ugly", "annoying", "tedious", "painful", "weird",
	"obsolete", "outdated", "robust", "reliable", "efficient", "accurate", "appropriate", "reasonable",
	"entire", "exact", "extra", "further", "likely", "unlikely", "ready", "able", "unable", "aware", "free")

// describingAdjectives are the adjectives of loneAdjectives that say how
// good, how much or how true a thing is ("comprehensive review", "minimal
// information", "valid values", "exact patterns"), not which kind it is as
// "local settings" or "interactive rebase" do: the phrase they open is
// the noun described, which is a candidate of its own.
var describingAdjectives = set("modern", "common", "relevant", "complete", "incomplete", "concise", "consistent",
	"inconsistent", "comprehensive", "detailed", "minimal", "useful", "helpful", "clear", "complex", "easy", "hard",
	"important", "necessary", "unnecessary", "possible", "impossible", "robust", "reliable", "efficient", "accurate",
	"appropriate", "reasonable", "exact", "extra", "further", "additional", "original", "actual", "correct",
	"incorrect", "wrong", "valid", "invalid", "similar", "different", "separate", "special", "likely", "unlikely",
	"ready", "able", "unable", "aware", "free", "redundant", "obsolete", "outdated")

// withoutToolLines is a message's prose without the lines that only say
// which tool it called ("Grep: pattern", the content of a message that
// only calls tools): a tool's name is no topic.
func withoutToolLines(prose string, calls []call) string {
	if len(calls) == 0 {
		return prose
	}
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	for _, l := range lines {
		tool := false
		for i := range calls {
			tool = tool || strings.HasPrefix(strings.TrimSpace(l), calls[i].Name)
		}
		if !tool {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

// fileTopic is the topic a file name makes: in lower case, and the
// conventional files of a repository by their name alone ("README.md" is
// the README).
func fileTopic(name string) string {
	base, ext, _ := strings.Cut(name, ".")
	if conventionalFiles[base] && !strings.Contains(ext, ".") {
		return strings.ToLower(base)
	}
	return strings.ToLower(name)
}

var conventionalFiles = set("README", "CHANGELOG", "LICENSE", "CONTRIBUTING", "SECURITY", "AUTHORS", "NOTICE")

// topicProse is prose without paths, URLs and references: their parts
// ("users", the account name in /Users/…) are no topics. Chinese,
// Japanese and Korean sentences are written without spaces, so a path
// in one is cut out of its run of other letters, not the sentence with
// it ("CLAUDE.mdから…dotnixのclaude/rulesに入れて").
func topicProse(s string) string {
	if !strings.ContainsAny(s, "/\\") {
		return s
	}
	fields := strings.Fields(s)
	for i, f := range fields {
		if strings.ContainsAny(f, "/\\") {
			fields[i] = withoutPathRuns(f)
		}
	}
	return strings.Join(fields, " ")
}

// withoutPathRuns is a field that holds a path with each run of letters
// between its Chinese, Japanese or Korean characters that holds a path
// made ".": the whole field when it has none.
func withoutPathRuns(f string) string {
	if !strings.ContainsFunc(f, spacelessScript) {
		return "."
	}
	var b strings.Builder
	for f != "" {
		r, _ := utf8.DecodeRuneInString(f)
		cjk := spacelessScript(r)
		end := strings.IndexFunc(f, func(r rune) bool { return spacelessScript(r) != cjk })
		if end < 0 {
			end = len(f)
		}
		run := f[:end]
		if !cjk && strings.ContainsAny(run, "/\\") {
			run = " . "
		}
		b.WriteString(run)
		f = f[end:]
	}
	return b.String()
}

// spacelessScript reports a rune of the scripts written without spaces
// between words: kanji and kana, Hangul, and their punctuation.
func spacelessScript(r rune) bool {
	return r >= 0x3000 && r <= 0x30ff || isKanji(r) || isHangul(r) || r >= 0xff00 && r <= 0xffef
}

// holdsTerm reports whether a phrase holds a shorter term as a word of
// its own ("shadow branch" holds "branch"), or for Japanese, as a part of
// a compound ("デプロイ手順" holds "デプロイ").
func holdsTerm(phrase, term string) bool {
	if len(term) >= len(phrase) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(term); r >= 0x3040 {
		return strings.Contains(phrase, term)
	}
	return slices.Contains(strings.Fields(phrase), term)
}

// topicCandidates are the session's terms with their scores: every
// salient word, every pair of adjacent nouns within a clause, file names,
// hyphenated compounds (topics_compound.go) and Japanese compounds, each scored by the messages that hold it (2 for
// a steward's, 1 for an answer); a file name scores half again as much
// (the work is on it), a phrase as much as a word: two words side by side
// are often no phrase at all, and one that is names its subject as often
// as the session speaks of it. A subject of the first request
// (promptSubjects) scores more when another message holds it too: the
// request names the work, the rest of the session shows which of the
// things it names the work was about. A phrase of two words that the
// session's code joins into one name (identifierPhrases: "cost matrix",
// build_cost_matrix) scores as a message more: the name makes it one
// thing.
func topicCandidates(vs []view) []topicCandidate {
	t := topicTally{byTerm: map[string]*topicCandidate{}, uses: verbUse{}, mods: modifierUse{}, pairFacts: wordPairFacts{},
		han: repeatedHanWords(vs), short: shortText(vs)}
	first := true
	var subjects []string
	for i := range vs {
		v := &vs[i]
		t.edits(v)
		if !v.text || sessionCommand(v) {
			continue
		}
		t.steward = v.steward()
		prose := t.message(v)
		t.msg++
		if first && v.steward() {
			first = false
			subjects = promptSubjects(prose)
		}
	}
	t.firstRequest(vs, subjects)
	people := peopleNamed(vs)
	named := identifierPhrases(vs)
	out := make([]topicCandidate, 0, len(t.byTerm))
	for _, c := range t.byTerm {
		if people[c.term] {
			continue // a colleague the session speaks of, not a subject
		}
		c.verb = t.uses.mostlyVerb(c.term) || t.uses.mostlyPredicate(c.term)
		c.modifier = t.mods.mostlyModifier(c.term)
		c.symbol = t.asked[c.term]
		if strings.Count(c.term, " ") == 1 && named[topicKey(c.term)] {
			c.score += identifierPhraseBonus
		}
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b topicCandidate) int { return a.first - b.first })
	return out
}

// topicTally gathers a session's candidate terms message by message.
type topicTally struct {
	byTerm map[string]*topicCandidate
	order  int
	uses   verbUse
	mods   modifierUse
	// pairFacts are the facts of the words noun pairs were read from.
	pairFacts wordPairFacts
	// han are the words of the session's Chinese clauses
	// (repeatedHanWords).
	han []string
	// short: a short session (shortText), whose terms also score for
	// their repeats within a message (repeats).
	short bool
	// asked are the code symbols the steward named in their own words
	// (askedSymbols), as topics are written: lower case, no "()".
	asked map[string]bool
	// msg is the index of the message being read among those with prose;
	// steward: it is the steward's.
	msg     int
	steward bool
}

// maxAskedSymbols is the most code symbols a steward's message may name
// for them to be its subjects: one naming more lists fields or pastes
// code ("validatorId, poiScore, stakeWeight, …").
const maxAskedSymbols = 3

// askedSymbols counts the code symbols a steward's message names in its
// prose (out of pasted output and code lines) as terms of the session,
// here and in every later message that names them. A symbol is the
// technical context's, but one the steward asks about ("the
// ModuleNotFoundError", "the isDefault option", "ParseCheckpoint's
// tests") is what the session is about, as a labeller indexes it, once
// another message names it too (keyTopics): one nobody takes up ("Why
// does TestInvoiceTotals fail on the rounding?") names where the steward
// looked, not the subject.
func (t *topicTally) askedSymbols(symbols []string, prose string, n float64, seen termUses) {
	var named []string
	for _, s := range symbols {
		if identifierShaped(s) && strings.Contains(prose, strings.TrimSuffix(s, "()")) {
			named = append(named, symbolTopic(s))
		}
	}
	if len(named) > maxAskedSymbols {
		return
	}
	for _, sym := range named {
		if t.asked == nil {
			t.asked = map[string]bool{}
		}
		t.asked[sym] = true
		delete(seen, sym)
		t.add(sym, n, seen)
	}
}

// identifierShaped reports a symbol written as code only is: a call, a
// qualified, snake_case or camelCase name ("isDefault", "mock_kms",
// "fs.checksum"). A plain word in backticks ("`bun`", "`find`") is a
// program or a word, which the technologies and the word scan have.
func identifierShaped(symbol string) bool {
	return strings.ContainsAny(symbol, "_.(") || strings.ContainsFunc(symbol[1:], unicode.IsUpper)
}

// symbolTopic is the topic a code symbol makes: in lower case as every
// topic is, a call's "()" left off.
func symbolTopic(symbol string) string {
	return strings.ToLower(strings.TrimSuffix(symbol, "()"))
}

// termUses is what one message holds of each term: how many times it
// uses it, or -1 for a term that is no topic there (a code symbol).
type termUses map[string]int

// add counts a term once for a message (seen holds what the message
// already counted, and counts its repeats) with the message's weight n.
func (t *topicTally) add(term string, n float64, seen termUses) {
	if term == "" {
		return
	}
	key := tallyKey(term)
	if seen[key] != 0 {
		if seen[key] > 0 {
			seen[key]++
		}
		return
	}
	seen[key] = 1
	c := t.byTerm[key]
	if c == nil {
		c = &topicCandidate{term: term, first: t.order}
		t.order++
		t.byTerm[key] = c
	}
	c.score += n
	c.msgs++
	if c.msgs == 1 {
		c.firstMsg = t.msg
	}
	c.lastMsg = t.msg
	if t.steward {
		c.stewardMsgs++
	}
}

// tallyKey is the key a term is counted under: a phrase's forms
// ("search engine", "search engines"; "config file", "configuration
// files") are one term, counted in every message that holds any of them,
// the form first written showing for all. A word's forms are counted
// apart: a plural ("tests") is as often a generic word as its singular.
func tallyKey(term string) string {
	if strings.IndexByte(term, ' ') < 0 {
		return term
	}
	return topicKey(term)
}

// repeats scores the terms a message uses more than once. In a short
// session, any term: half its weight again for each repeat, up to twice
// its weight. A chat of a few long answers says what it is about by
// repeating it within an answer ("temporal alignment", "cost matrix" in
// one long reply), as a longer session does across its messages. In a
// longer session, a phrase only: its weight again for each repeat, up to
// four. An answer that works on one thing names it again and again
// ("the retry budget … the retry budget"), while the single words a
// message repeats are as often the generic ones any work speaks of.
func (t *topicTally) repeats(seen termUses, n float64) {
	for term, k := range seen {
		if k < 2 {
			continue
		}
		c := t.byTerm[term]
		switch {
		case c == nil:
		case t.short:
			c.score += n * 0.5 * float64(min(k-1, 2))
		case strings.Contains(term, " "):
			c.score += n * float64(min(k-1, maxPhraseRepeats))
		}
	}
}

// identifierPhraseBonus is what a phrase the session's code joins into
// one name (identifierPhrases) scores beyond its messages.
const identifierPhraseBonus = 1

// maxPhraseRepeats is the most repeats of a phrase within one message of
// a longer session that score (repeats).
const maxPhraseRepeats = 4

// message counts the terms of one message with prose and returns the
// prose they were read from.
func (t *topicTally) message(v *view) string {
	n := 1.0
	steward := v.steward()
	text := v.prose
	if steward && continuationSummary(v.m.Content) {
		// The agent's summary of the conversation before, in the
		// steward's turn: the agent's words, less its boilerplate.
		steward, text = false, continuationBody(v.m.Content)
	}
	if steward {
		n = 2
	}
	// A slash command's name is what Claude Code ran, and the code
	// symbols a message names are the technical context's.
	prose := topicProse(withoutCallParameters(withoutExportedToolLines(withoutToolLines(withoutExitTotals(withoutConsoleCommands(stripMarkup(withoutExportedListings(truncate(text, maxScanText))))), v.calls))))
	t.steward = steward
	if steward {
		// What the steward pasted (a log, a terminal) is a program's
		// words, not theirs: its field names and paths are no topics.
		prose = withoutSlashCommand(withoutPastedOutput(prose))
	}
	seen := termUses{}
	var symbols []string
	for _, e := range v.sem.Entities {
		if e.Type != EntitySymbol {
			continue
		}
		if sym := symbolTopic(e.Text); t.asked[sym] {
			t.add(sym, n, seen)
			continue
		}
		seen[strings.ToLower(e.Text)] = -1
		symbols = append(symbols, e.Text)
	}
	if mayNameFile(prose) {
		for _, m := range topicFileName.FindAllStringSubmatch(prose, 20) {
			t.add(fileTopic(m[1]), n*1.5, seen)
		}
	}
	// Past its file names, code in the prose is no topic (topics_code.go).
	prose = unquoteCodeWords(withoutCodeLines(prose))
	if steward {
		t.askedSymbols(symbols, prose, n, seen)
	}
	compounds, wordProse := hyphenCompounds(prose)
	for _, c := range compounds {
		t.add(c, n, seen)
	}
	for _, p := range nounPairsNoting(prose, t.mods, t.pairFacts) {
		t.add(p, n, seen)
	}
	for _, p := range japaneseCompounds(prose) {
		t.add(p, n, seen)
	}
	words := splitMixedCJK(wordsOf(lowerText(wordProse)))
	chinese := chineseText(prose)
	for k, w := range words {
		if w[0] >= utf8.RuneSelf || w[len(w)-1] >= utf8.RuneSelf {
			w = koreanTopicWord(w)
			words[k] = w
		}
		switch {
		case w == "":
			// A Korean verb (koreanTopicWord).
		case hanClause(w):
			for _, h := range hanWordsIn(w, t.han) {
				t.add(h, n, seen)
			}
		case chinese && !hanWord(w):
			// A short Chinese clause ("我想知道", I'd like to know) is
			// no word either.
		case termWord(w):
			t.add(w, n, seen)
			t.uses.note(words, k)
		}
	}
	t.repeats(seen, n)
	return prose
}

// edits counts the files of documents and configuration a message's tool
// calls write or edit ("go.mod", "CONVENTIONS.md", "pyproject.toml") as a
// steward's mention: the work is on them, though no answer may name them.
// The files of code are the technical context's.
func (t *topicTally) edits(v *view) {
	t.steward = false
	var seen termUses
	for i := range v.calls {
		c := &v.calls[i]
		if op := c.op(); op != "write" && op != "edit" {
			continue
		}
		name := path.Base(filepath.ToSlash(c.file()))
		if name == "." || name == "/" || !topicFileName.MatchString(" "+name) {
			continue
		}
		if seen == nil {
			seen = termUses{}
		}
		t.add(fileTopic(name), 2, seen)
	}
}

// firstRequest scores the subjects of the first request: a subject is a
// topic when the session goes on to speak of it (a phrase the request
// names in passing is not); in a short session the request is most of
// what the steward says, and a phrase of it is a topic though no other
// message holds it ("flaky upload test"). A single word of it (a
// hyphenated compound, an acronym) that no other message holds is a
// subject only of a request naming few ("Add SSO to the dashboard"): one
// naming more names such a word in passing, where the steward looked ("I
// saw it on the status-board"), in a short session too.
func (t *topicTally) firstRequest(vs []view, subjects []string) {
	short := shortText(vs)
	for _, p := range subjects {
		c := t.byTerm[tallyKey(p)]
		if c == nil {
			// An acronym or compound the word scan leaves out.
			t.add(p, 0, termUses{})
			c = t.byTerm[tallyKey(p)]
			c.msgs = messagesHolding(vs, p)
		}
		if c.msgs >= 2 || short && (strings.Contains(p, " ") || len(subjects) <= fewRequestSubjects) {
			c.score += firstRequestBonus
			c.request = true
		}
	}
}

// nounPairs are the pairs of adjacent salient words of a text, not parted
// by punctuation, the first not a plural (a noun used as a modifier is
// singular: "rate limiting", while "finds sessions" is a verb and its
// object), neither used as a verb where it stands ("that contain
// invalid", "how to claim issues"), not both technologies.
func nounPairs(prose string) []string {
	return nounPairsNoting(prose, nil, nil)
}

// pairFacts are what nounPairsNoting asks of a lower-cased word alone,
// each the answer of one lookup or more in a set (pairWord's up to four).
type pairFacts uint16

const (
	pairKnown         pairFacts = 1 << iota // the facts are filled in
	pairPaired                              // pairWord
	pairVerbHead                            // verbHead
	pairHeadModifier                        // headModifiers
	pairTechnology                          // isTechnologyName
	pairVague                               // vagueAdjectives
	pairVerbBefore                          // verbBefore
	pairObjectAfter                         // objectAfter
	pairFaultModifier                       // faultModifiers
)

func pairFactsOf(w string) pairFacts {
	f := pairKnown
	for _, c := range []struct {
		fact pairFacts
		is   bool
	}{
		{pairPaired, pairWord(w)}, {pairVerbHead, verbHead(w)}, {pairHeadModifier, headModifiers[w]},
		{pairTechnology, isTechnologyName(w)}, {pairVague, vagueAdjectives[w]},
		{pairVerbBefore, verbBefore[w]}, {pairObjectAfter, objectAfter[w]}, {pairFaultModifier, faultModifiers[w]},
	} {
		if c.is {
			f |= c.fact
		}
	}
	return f
}

// wordPairFacts keeps the pairFacts of the words a session's noun pairs
// were read from: a session says the same words again and again, and one
// lookup here answers what were about five lookups a word, in as many
// sets. nil keeps none.
type wordPairFacts map[string]pairFacts

// maxWordPairFacts bounds the words kept: past it, a new word's facts are
// found and not kept (a session's vocabulary is a few thousand words).
const maxWordPairFacts = 1 << 16

func (k wordPairFacts) of(w string) pairFacts {
	if f := k[w]; f != 0 {
		return f
	}
	f := pairFactsOf(w)
	if k != nil && len(k) < maxWordPairFacts {
		// w may be a piece of a message's prose: the copy keeps the
		// prose from being held for the session.
		k[strings.Clone(w)] = f
	}
	return f
}

// nounPairsNoting is nounPairs, counting in mods (when not nil) each
// noun's uses and those before the noun it qualifies, and asking facts
// (when not nil) what it knows of each word.
func nounPairsNoting(prose string, mods modifierUse, facts wordPairFacts) []string {
	var out []string
	// Each clause's words, lower-cased words and their facts, in slices
	// made once for the prose rather than once for each clause.
	var written, ws []string
	var fs []pairFacts
	for _, seg := range clauses(prose) {
		written = written[:0]
		for w := range strings.FieldsSeq(seg) {
			written = append(written, w)
		}
		// Each word lower-cased, as the clause lower-cased and cut again
		// would give (lower-casing maps rune by rune, and no rune it maps
		// is white space or becomes it), in one pass over the clause.
		ws = ws[:0]
		for _, w := range written {
			ws = append(ws, strings.ToLower(w))
		}
		// The facts of each word, asked once rather than for each pair.
		fs = fs[:0]
		for _, w := range ws {
			fs = append(fs, facts.of(w))
		}
		// usedAsVerb(ws, i), of the facts of the words beside word i.
		asVerb := func(i int) bool {
			return i > 0 && fs[i-1]&pairVerbBefore != 0 || i+1 < len(ws) && fs[i+1]&pairObjectAfter != 0
		}
		for i := 0; i+1 < len(ws); i++ {
			a, b := ws[i], ws[i+1]
			fa, fb := fs[i], fs[i+1]
			if numbered(a, b) || modifierAcronym(written[i]) && numbered("", b) {
				// "phase 4", "issue 386": the number names which one.
				out = append(out, a+" "+b)
				mods.note(a, true)
				continue
			}
			if fa&pairPaired == 0 && !modifierAcronym(written[i]) && !(fb&pairVerbHead != 0 && fa&pairHeadModifier != 0) &&
				!(fa&pairFaultModifier != 0 && fb&pairPaired != 0) &&
				!(i > 0 && pairDeterminers[ws[i-1]] && verbNouns[a]) ||
				fb&pairPaired == 0 && fb&pairVerbHead == 0 ||
				strings.HasSuffix(a, "s") && !strings.HasSuffix(a, "ss") ||
				asVerb(i) || asVerb(i+1) ||
				fa&fb&pairTechnology != 0 || fa&pairVague != 0 || a == b {
				continue
			}
			out = append(out, a+" "+b)
			mods.note(a, true)
		}
		for i, w := range ws {
			if fs[i]&pairPaired != 0 || modifierAcronym(written[i]) {
				mods.note(w, false)
			}
		}
	}
	return out
}

// clauses cuts prose at punctuation, not at the dot of a number ("phase
// 4.1").
func clauses(prose string) []string {
	var out []string
	start := 0
	for i := 0; i < len(prose); i++ {
		c := prose[i]
		if !clauseMark[c] ||
			c == '.' && i > 0 && i+1 < len(prose) && isDigit(prose[i-1]) && isDigit(prose[i+1]) {
			continue
		}
		if i > start {
			out = append(out, prose[start:i])
		}
		start = i + 1
	}
	if start < len(prose) {
		out = append(out, prose[start:])
	}
	return out
}

// clauseMark[c] says byte c is punctuation clauses cuts at, looked up
// rather than searched for in the list at every byte.
var clauseMark = func() (t [256]bool) {
	for c := range t {
		t[c] = strings.ContainsRune(".,;:!?()[]{}\"`\n|*#>", rune(c))
	}
	return t
}()

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// numbered reports a noun followed by the number that names which one
// ("phase 4.1", "task 014"; an empty noun: an acronym's, "PR 757"); a
// technology's version ("python 3") is the technology's.
func numbered(noun, number string) bool {
	if len(number) > 6 || !isDigit(number[0]) || !isDigit(number[len(number)-1]) || strings.Trim(number, "0123456789.") != "" {
		return false
	}
	return noun == "" || pairWord(noun) && !isTechnologyName(noun) && !strings.HasSuffix(noun, "s")
}

// modifierAcronym reports a word written in capitals that may open a noun
// phrase ("PR feedback", "CI failures", "MIT license"): such a short word
// is no topic of its own (salient), and alone it often is not one
// ("MIT", "GET"), but before a noun it names which one.
func modifierAcronym(w string) bool {
	if len(w) < 2 || len(w) > 5 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return !notAcronymTopics[strings.ToLower(w)]
}

// modifierUse counts, for each noun, how often a session uses it and how
// often before another noun that it qualifies. The counts are held by
// pointer: a use of a word counted before (most are) is one lookup, not a
// lookup and a store.
type modifierUse map[string]*[2]int

// note counts a use of w (modifier: one before the noun it qualifies,
// counted besides its use).
func (u modifierUse) note(w string, modifier bool) {
	if u == nil {
		return
	}
	c := u[w]
	if c == nil {
		c = new([2]int)
		// w may be a piece of a message's prose: the copy keeps the
		// prose from being held for the session.
		u[strings.Clone(w)] = c
	}
	if modifier {
		c[1]++
	} else {
		c[0]++
	}
}

// mostlyModifier reports a word used before a noun it qualifies in more
// than half of its uses.
func (u modifierUse) mostlyModifier(w string) bool {
	c := u[w]
	return c != nil && 2*c[1] > c[0]
}

// pairDeterminers open a noun phrase: a verb of a request after one is a
// noun ("the push setting", "a merge conflict", "our review checklist"),
// not the imperative it is at the head of a clause ("push the branch").
var pairDeterminers = set("the", "a", "an", "this", "our", "your", "its", "their", "my")

// verbNouns are the verbs of requests that, after a determiner, open a
// noun phrase as its modifier (pairDeterminers): the imperatives (verbs),
// the verb heads and the verbs of requests and answers (pairVerbs).
var verbNouns = func() map[string]bool {
	out := map[string]bool{}
	for _, s := range []map[string]bool{verbs, verbHeads, pairVerbs} {
		for w := range s {
			out[w] = true
		}
	}
	return out
}()

// pairVerbs are verbs of requests and answers that pass as nouns
// elsewhere but never open or close a noun phrase ("suggest categories").
var pairVerbs = set("suggest", "avoid", "propose", "consider", "describe", "explain", "mention", "include", "verify",
	"validate", "ensure", "apply", "introduce", "provide", "prefer", "recommend", "reword", "rewrite", "reorder",
	"summarize", "summarise", "review", "improve", "fix", "add", "sing", "tell", "teach", "learn", "understand")

// pairWord reports a word that may be half of a noun phrase: a salient
// word or a technology.
func pairWord(w string) bool {
	// Words of Japanese and of inflected languages (Russian) are not paired
	// by position: their order does not make a noun phrase.
	// One pass over the bytes: a rune from U+0400 on is not ASCII, and
	// only a word with a byte outside ASCII is read again rune by rune.
	nonASCII := false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= utf8.RuneSelf:
			nonASCII = true
		case c == '/' || c == '_' || c == '.' || c == '\'':
			return false
		}
	}
	if nonASCII && strings.ContainsFunc(w, func(r rune) bool { return r >= 0x0400 }) {
		return false
	}
	if strings.IndexByte(w, '-') >= 0 {
		// A hyphenated compound is one word (topics_compound.go).
		return hyphenCompound(w) == w
	}
	if utf8.RuneCountInString(w) < 3 {
		return false
	}
	// pairVerbs last: most words (stop words, short ones) are turned down
	// before it is looked up.
	return (salient(w) || isTechnologyName(w) && len(w) >= 3) && !pairVerbs[w]
}

// messagesHolding is how many messages with prose hold a term.
func messagesHolding(vs []view, term string) int {
	n := 0
	for i := range vs {
		if vs[i].text && strings.Contains(vs[i].lower(), term) {
			n++
		}
	}
	return n
}

// shortText reports a short session: at most shortSession messages with
// prose.
func shortText(vs []view) bool {
	texts := 0
	for i := range vs {
		if vs[i].text {
			texts++
		}
	}
	return texts <= shortSession
}

// byTopicRank orders candidates best first: by score, and among equal
// scores (small whole numbers, so ties are many) the more specific term
// first. A word of the work's process (workflowWord) any session speaks
// of gives way to a term of this one; a phrase names more than a word;
// of two terms as many messages mention, the one fewer messages hold
// more of them are the steward's (a steward's message scores 2, an
// answer 1): what the steward wrote says what the session is for.
// Last, the earlier term.
func byTopicRank(a, b topicCandidate) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	if wa, wb := workflowWord(a.term), workflowWord(b.term); wa != wb {
		if wa {
			return 1
		}
		return -1
	}
	if na, nb := strings.Count(a.term, " "), strings.Count(b.term, " "); na != nb {
		return nb - na
	}
	if a.msgs != b.msgs {
		return a.msgs - b.msgs
	}
	return a.first - b.first
}

// workflowWord reports a single word that names the process of software
// work rather than its subject: any session may speak of it, so a
// specific term scoring as much comes first. Alone it still may be a
// topic; in a phrase ("shadow branch", "commit metadata") it is one.
func workflowWord(term string) bool {
	return !strings.Contains(term, " ") && (workflowNouns[term] || workflowNounsAbroad[term])
}

// workflowNouns are the nouns of any session of software work: its
// version control (commit, branch, repo, PR), its places (project,
// directory, workspace), its runs (command, output, result, status,
// tests, task) and the generic parts of any program's data (name, value,
// item, entry, content, message, user, session).
var workflowNouns = set("commit", "commits", "branch", "branches", "repo", "repos", "repository", "repositories",
	"pr", "prs", "project", "projects", "directory", "folder", "workspace", "codebase", "workflow", "command",
	"commands", "script", "scripts", "tool", "tools", "output", "input", "result", "results", "status", "tests",
	"task", "tasks", "name", "names", "value", "values", "item", "items", "entry", "entries", "data", "details",
	"content", "message", "messages", "user", "users", "session", "sessions")

// personVerbs follow a person's name in what they say or did ("Priya
// left review comments", "Sam says …", "Jo is right"), as written.
var personVerbs = []string{" says ", " said ", " left ", " thinks ", " suggested ", " suggests ", " is right", " was right"}

// peopleNamed is the names, lower-cased, of the people the session's
// prose speaks of as people ("Priya left review comments", "thank
// Priya"): a colleague is no topic. A name is a capitalised word of three
// letters or more, never written in lower case in the message.
func peopleNamed(vs []view) map[string]bool {
	var out map[string]bool
	note := func(v *view, name string) {
		lower := strings.ToLower(name)
		if functionWords[lower] || isTechnologyName(lower) || strings.Contains(v.prose, " "+lower+" ") {
			return // "This says …", "Docker says …", "Users said" where "users" is a word too
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[lower] = true
	}
	for i := range vs {
		v := &vs[i]
		if !v.text {
			continue
		}
		for _, verb := range personVerbs {
			for rest := v.prose; ; {
				k := strings.Index(rest, verb)
				if k < 0 {
					break
				}
				if name := nameBefore(rest[:k]); name != "" {
					note(v, name)
				}
				rest = rest[k+len(verb):]
			}
		}
		for rest := v.prose; ; {
			k := strings.Index(rest, "hank")
			if k < 0 {
				break
			}
			if k > 0 && (rest[k-1] == 'T' || rest[k-1] == 't') {
				if name := nameAfter(strings.TrimPrefix(rest[k+4:], "s")); name != "" {
					note(v, name)
				}
			}
			rest = rest[k+4:]
		}
	}
	return out
}

// nameBefore is the capitalised word ("Priya") that s ends with, or "".
func nameBefore(s string) string {
	k := len(s)
	for k > 0 && (s[k-1] >= 'a' && s[k-1] <= 'z') {
		k--
	}
	if k == 0 || s[k-1] < 'A' || s[k-1] > 'Z' || len(s)-k < 2 || k > 1 && isWordByte(s[k-2]) {
		return ""
	}
	return s[k-1:]
}

// nameAfter is the capitalised word s opens with after one space, or "".
func nameAfter(s string) string {
	if len(s) < 4 || s[0] != ' ' || s[1] < 'A' || s[1] > 'Z' {
		return ""
	}
	k := 2
	for k < len(s) && s[k] >= 'a' && s[k] <= 'z' {
		k++
	}
	if k < 4 || k < len(s) && isWordByte(s[k]) {
		return ""
	}
	return s[1:k]
}
