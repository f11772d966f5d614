package analysis

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Caps on the tasks read from a steward's requests.
const (
	maxRequestsPerMessage = 8
	maxRequestWords       = 20
	maxRequestMessage     = 4000 // bytes read of a message
	maxPastedMessage      = 1500 // bytes: a longer message is mostly pasted
)

// requestOpeners turn what follows into a request, wherever they stand in
// a sentence ("for now can we create the directory").
var requestOpeners = []string{
	"can you ", "could you ", "would you ", "will you ", "can we ", "could we ", "please ",
	"i want you to ", "i'd like you to ", "i would like you to ", "i need you to ",
	"i'd like to ", "i would like to ", "i want to ", "we need to ", "we'll need to ", "we should ",
	"let's ", "lets ", "help me ", "go ahead and ",
}

// imperativeVerbs open a sentence that asks for work.
var imperativeVerbs = set("add", "fix", "update", "create", "write", "remove", "delete", "move", "make", "change",
	"implement", "refactor", "rename", "review", "check", "explain", "tell", "show", "suggest", "propose", "generate",
	"run", "install", "commit", "push", "build", "test", "investigate", "look", "find", "list", "reword", "rewrite",
	"document", "clean", "bump", "upgrade", "set", "configure", "enable", "disable", "migrate", "convert", "replace",
	"try", "debug", "resolve", "address", "draft", "plan", "summarize", "summarise", "answer", "give", "describe",
	"compare", "analyze", "analyse", "research", "deploy", "release", "merge", "open", "prepare", "edit", "improve",
	"optimize", "simplify", "split", "extract", "port", "translate", "apply", "restore", "revert", "verify", "ensure",
	"drop", "increase", "decrease", "read", "outline", "design", "draw", "format", "sort", "fill", "send", "publish",
	"modify", "insert", "append", "keep", "stop", "start", "finish", "complete", "retry", "rerun", "recreate",
	"execute", "discuss", "search", "record", "save", "download", "audit", "fold", "reflect", "recall", "continue")

// codeWorkVerbs ask for a change by what the code is to do ("use indent=4
// on all json.dump", "catch exceptions right at the parser", "call X on
// each chunk instead"). Followed by a colon they are a label ("Copy:
// clarify the account's value" names a page's text). Not the words that
// open a line of code too ("raise", "print", "export", "return"): a pasted
// traceback asks for nothing.
var codeWorkVerbs = set("use", "call", "catch", "handle", "wrap", "hide", "skip", "ignore", "reorder", "reorganize",
	"reorganise", "consolidate", "combine", "reuse", "inline", "switch", "copy", "rotate", "shorten", "reduce",
	"adjust", "integrate", "fetch", "clone", "sync", "mock", "teach", "pick", "choose")

// finiteVerbs say what a subject does or is: after one of them, the word
// before is a noun, not a verb that asks ("Build failed on Vercel",
// "Update doesn't work on Windows", "Test is flaky").
var finiteVerbs = set("is", "was", "are", "were", "isn't", "wasn't", "aren't", "weren't", "doesn't", "didn't",
	"won't", "can't", "cannot", "failed", "fails", "keeps", "seems", "seemed", "broke", "breaks", "crashed", "crashes",
	"hangs", "hung", "passed", "passes", "succeeded", "stopped", "stops", "works", "worked", "errored", "throws",
	"threw", "returns", "returned", "finished", "completed", "timed")

// nounSubject reports a sentence whose first word is the subject of the
// verb after it: a statement of what happened, not a request.
func nounSubject(words []string) bool {
	return len(words) >= 2 && finiteVerbs[strings.ReplaceAll(strings.ToLower(strings.Trim(words[1], ",:;*_`")), "’", "'")]
}

// questionOpeners open a question the steward wants answered.
var questionOpeners = set("what", "how", "why", "when", "where", "which", "who", "is", "are", "does", "do", "can",
	"should", "could", "would", "will", "did", "has", "have", "was")

// questionOpener reports whether w opens a question, also contracted:
// "What's a sane data model …?", "Isn't that slower?", "How'd it fail?".
func questionOpener(w string) bool {
	w = strings.ToLower(strings.ReplaceAll(w, "’", "'"))
	if questionOpeners[w] {
		return true
	}
	base, _, contracted := strings.Cut(w, "'")
	switch {
	case !contracted:
		return false
	case strings.HasSuffix(base, "n") && strings.HasPrefix(w[len(base):], "'t"):
		// "isn't", "doesn't", "can't", "won't"
		return questionOpeners[strings.TrimSuffix(base, "n")] || base == "can" || base == "won"
	}
	return questionOpeners[base]
}

// askedBeforePlease is the work a sentence names before its "please" when
// what follows the "please" (from rest on) is a dash and the reason for
// it: "Doc comments on the new types please — someone else will maintain
// this" asks for "Doc comments on the new types".
func askedBeforePlease(s, lower string, opener int, rest string) (string, bool) {
	if !strings.HasPrefix(rest, "—") && !strings.HasPrefix(rest, "–") && !strings.HasPrefix(rest, "- ") {
		return "", false
	}
	at := opener - len("please ")
	if at <= 0 || !strings.HasPrefix(lower[at:], "please ") {
		return "", false
	}
	before := strings.TrimRight(s[:at], " ,")
	return before, len(strings.Fields(before)) >= 2
}

// asksNoWork reports whether the words after a request's opener ask for
// none: a thing not to do ("let's not get sloppy now"), a wish to be told
// a state ("please tell me this is a small one"), or words that name
// nothing ("help me think it through").
func asksNoWork(words []string) bool {
	if len(words) == 0 {
		return true
	}
	first := strings.ToLower(words[0])
	switch {
	case first == "not" || first == "never":
		return true
	case first == "tell" && len(words) > 2 && strings.ToLower(words[1]) == "me" && statedSubjects[strings.ToLower(words[2])]:
		return true
	}
	return namesNothing(strings.Join(words, " "))
}

// statedSubjects open a clause that states how things are: after "tell
// me" it asks to hear a state, not for an answer or work.
var statedSubjects = set("this", "that", "it", "it's", "that's", "there", "there's", "we", "we're", "you", "you're",
	"they", "they're", "i", "i'm")

// pauseNouns are what a steward needs for themselves: "I need a minute".
var pauseNouns = set("minute", "moment", "second", "sec", "break", "breather", "rest", "coffee", "walk")

// nameThenState reports whether a sentence that opens with a verb's word
// is a name and a statement of it: the word is followed by a capitalised
// word, then "is" or "are" ("Open Banking is nice-to-have", "Test Kitchen
// is down"), or at once by "is" or "are" ("Build is green").
func nameThenState(words []string) bool {
	if len(words) < 3 || !imperativeWord(words[0]) || clauseVerbs[strings.ToLower(words[0])] {
		return false
	}
	if copula[strings.ToLower(words[1])] {
		return true
	}
	r, _ := utf8.DecodeRuneInString(words[1])
	return unicode.IsUpper(r) && copula[strings.ToLower(words[2])]
}

var copula = set("is", "are", "was", "were")

// clauseVerbs take a clause for their object: "Check Python is
// installed", "Make sure CI is green" ask for work.
var clauseVerbs = set("check", "ensure", "verify", "confirm", "make", "test", "find", "tell", "show", "explain",
	"document", "describe", "prove", "assert", "note", "say", "see")

// reportLabel reports whether words open with a label and a colon that
// tells what was done ("Fix: restarted pods …", "Update: moved the
// cron"): the word after the label is a verb in the past tense.
func reportLabel(words []string) bool {
	if len(words) < 3 || !strings.HasSuffix(words[0], ":") {
		return false
	}
	next := strings.ToLower(strings.Trim(words[1], ",.;*_`"))
	return len(next) > 4 && strings.HasSuffix(next, "ed") && !strings.HasSuffix(next, "eed") && isPlainWord(next)
}

var whWords = set("what", "how", "why", "which", "who", "where")

// requestEndingJA: a Japanese request ends "…して", "…してください",
// "…してくれる？", "…お願い".
var requestEndingJA = regexp.MustCompile(`(?:して|してください|して下さい|してほしい|してくれる|してくれますか|ください|下さい|お願いします|お願い|ほうがいい|ほうが良い|ほうがよさそう|したい|にして|ようにして|提案して|教えて|作って|追加して|直して|変更して|削除して|更新して|書いて)[？?！!。]*$`)

// requestForm is how a sentence asks for work: the form tells a new
// request from a remark made while the work goes on.
type requestForm int

const (
	formListed     requestForm = iota // a list item under a request, a plan's step, a bare "commit"
	formImperative                    // opens with a verb: "fix the lint errors"
	formOpener                        // after "can you", "please", "I'd like to", "let's"
	formQuestion                      // a question: "what does X do?", "is X needed?"
	formAside                         // a question of many words with no question word: "that sounds great, but would it also …?"
)

// request is one task a steward's message asks for, with its form.
type request struct {
	text string
	form requestForm
	// how: the sentence asks how ("How would you find out my key?",
	// "How do we deploy this?"): the answer is the work, though its
	// text reads as a verb of work once the question's words are gone.
	how bool
}

// requestTasks reads the tasks a steward's message asks for (requests'
// rule), as text.
func requestTasks(prose string) []string {
	var out []string
	for _, r := range requests(prose) {
		out = append(out, r.text)
	}
	return out
}

// asksHow reports a sentence that asks how something is or is to be
// done: "how" opens it, past the words that link it to what came before
// ("And how do we …?"), and it ends with a question mark.
func asksHow(s string) bool {
	words := strings.Fields(strings.TrimSpace(s))
	if len(words) == 0 || !strings.HasSuffix(words[len(words)-1], "?") {
		return false
	}
	words = words[leadIn(words):]
	return len(words) > 1 && strings.EqualFold(strings.Trim(words[0], ",:"), "how")
}

// listed wraps tasks that a message lists as such.
func listed(tasks []string) []request {
	var out []request
	for _, t := range tasks {
		out = append(out, request{text: t, form: formListed})
	}
	return out
}

// requests reads the tasks a steward's message asks for: its sentences
// that are requests (an opener such as "can you", an imperative verb, or a
// question of four words or more), and the items of a list that a request
// introduces ("Can you: - propose … - suggest …"). Code and pasted
// output never become task text; of a command line only the command's
// name does ("run `npx vitest --coverage`" is "run npx vitest").
func requests(prose string) []request {
	if t, ok := bareRequests[strings.ToLower(strings.Trim(strings.TrimSpace(prose), ".!"))]; ok {
		return listed([]string{t})
	}
	if strings.Contains(prose, "█") && aiCommentsPrompt.MatchString(prose) {
		return listed(aiCommentTasks(prose))
	}
	if plan := planSteps(prose); len(plan) > 0 {
		return listed(plan)
	}
	var out []request
	if t := planTitleTask(prose); t != "" {
		// A plan without numbered steps: its title names the work, and
		// its sections may still ask for more.
		out = append(out, request{text: t, form: formListed})
	}
	prose = withoutRolePrompt(prose)
	if len(prose) > maxPastedMessage {
		prose = ownParagraphs(prose)
	}
	if len(prose) > maxRequestMessage {
		prose = truncate(prose, maxRequestMessage)
	}
	// A line ending in "can you:" introduces a list of requests; after
	// any other line, a list item is one when it opens with a verb.
	listOpen := false
	// A nested item under an item that asks for work details that work
	// ("4. Update dist/index.js:" over "   - Remove the stub export"):
	// only an item under one that asks for none ("1. Backend:") is read.
	itemAsked := false
	// In a plan the steward asks to carry out, the sections that check or
	// describe (verification, context, files) ask for nothing of their own.
	// The pattern needs "plan": most prose has none, and is not read for
	// its first line of words.
	plan := holdsFold(prose, "plan") && planRequest.MatchString(strings.TrimSpace(firstProseLine(prose)))
	skipSection := false
	howTo := false   // within the list under a label of how to work ("Process:", "Constraints:")
	output := false  // within a block of pasted output, until a blank line
	printed := false // within what a command run at a shell prompt printed, until a blank line
	quoting := quotesBesideOwnWords(prose)
	// After a line that introduces what it shows ("and I see:") and a
	// blank line, the paragraph shown is pasted.
	const (
		shownNone = iota
		shownIntroduced
		shownNext
		shownWithin
	)
	shown := shownNone
	lines := strings.Split(prose, "\n")
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if t == "" {
			output, printed = false, false
			switch shown {
			case shownIntroduced:
				shown = shownNext
			case shownWithin:
				shown = shownNone
			}
			continue
		}
		switch shown {
		case shownIntroduced:
			shown = shownNone // words right under the line are the steward's own
		case shownNext, shownWithin:
			shown = shownWithin
			continue
		}
		if shellPrompt(t) {
			output, printed = true, true
			continue
		}
		if looksLikeOutput(t) {
			output = true
			continue
		}
		if output && (line[0] == ' ' || line[0] == '\t' || outputFollows(lines[i+1:])) {
			// "  Consider adding this directory to PATH" under a pip
			// warning, "Use --active to target …" between two lines uv
			// printed: a line indented under output, or with output
			// again right after it, is what the program printed too.
			continue
		}
		if printed || quoting && (strings.HasPrefix(t, ">") || wrappedInQuotes(t)) {
			continue
		}
		if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") {
			listOpen, howTo, itemAsked = false, false, false
			if plan && strings.HasPrefix(t, "#") {
				skipSection = planOtherHeading.MatchString(plainText(t))
			}
			continue // a heading or a fence: a pasted document's structure
		}
		if skipSection {
			continue
		}
		if item := stripListMarker(t); item != t {
			if output || howTo {
				// "- To silence this, run …" under "hint: …"; "1. Write
				// the title in the repo's format" under "Process:".
				continue
			}
			nested := line[0] == ' ' || line[0] == '\t'
			if nested && itemAsked {
				continue
			}
			asked := false
			if listOpen || startsWithVerb(item) {
				if task := requestText(item, true); task != "" {
					out = append(out, request{text: task, form: formListed})
					asked = true
				}
			}
			if !nested {
				itemAsked = asked
			}
			continue
		}
		listOpen = false
		if introducesShown(t) {
			shown = shownIntroduced
		}
		howTo = isHowToLabel(t)
		if howTo {
			continue
		}
		itemAsked = false
		for _, s := range requestSentences(stripListMarker(t)) {
			for _, c := range sequenceClauses(s) {
				if task, form := requestOf(c, false); task != "" {
					if len(out) > 0 && statesOnly(c) {
						continue // "The app should add items fast" after "Create a TODO app": a detail of that request
					}
					if len(out) > 0 && form == formOpener && ownWish(c) {
						continue // "I would like to share it with my team" after "Can you add a CSV export": what the work is for
					}
					out = append(out, request{text: task, form: form, how: asksHow(c)})
				} else if task := suggestionText(c); task != "" {
					out = append(out, request{text: task, form: formImperative})
				}
			}
		}
		if strings.HasSuffix(t, ":") && endsWithOpener(strings.ToLower(strings.TrimSuffix(t, ":"))) {
			listOpen = true
		}
		if len(out) >= maxRequestsPerMessage {
			break
		}
	}
	if len(out) > maxRequestsPerMessage {
		out = out[:maxRequestsPerMessage]
	}
	return out
}

// outputFollows reports that the next line of the block (before a blank
// line) is pasted output.
func outputFollows(rest []string) bool {
	if len(rest) == 0 {
		return false
	}
	t := strings.TrimSpace(rest[0])
	return t != "" && (looksLikeOutput(t) || shellPrompt(t))
}

// howToLabel is a line of its own that labels how the work is to be done
// in a prompt the steward writes or pastes: "Process:", "Constraints:",
// "Rules:", "Guidelines:", "Output format:", "Return:". The list under it
// gives the steps, limits and form of the work and of its answer, which
// the prompt asks for elsewhere (its opening line, "Goal: …"); its items
// are not tasks of their own. So is a section of a bug report that
// describes the problem ("Steps to reproduce:", "Expected behavior:",
// "Environment:"): "Click Export" under it is what the reporter did.
var howToLabel = regexp.MustCompile(`(?i)^[*_\s]*(?:process|constraints|rules|guidelines|conventions|(?:output\s+|response\s+)?format|style|approach|method|workflow|return|output|(?:steps\s+to\s+reproduce|to\s+reproduce|reproduction(?:\s+steps)?|repro(?:\s+steps)?|(?:expected|actual|current|observed)(?:\s+(?:behaviou?r|results?|outcome))?|environment))[*_\s]*:[*_\s]*$`)

// isHowToLabel reports a line that is a howToLabel; only a short line
// ending in a colon is asked of the pattern.
func isHowToLabel(line string) bool {
	return len(line) <= 32 && strings.HasSuffix(strings.TrimRight(line, "*_ "), ":") && howToLabel.MatchString(line)
}

// withoutRolePrompt is prose without its opening paragraph when that
// paragraph gives the assistant a role ("You are acting as a technical
// collaborator to help build …", "You are an expert on the current code
// base and the following PR:") and the message goes on in paragraphs of
// its own. Such a paragraph is a standing brief pasted ahead of the work:
// the lines under the role ("When writing code, follow the guidelines",
// "The extension should use the e-conomic API") describe how every piece
// of work is to be done, and the paragraphs after it ask for the work. A
// role in a message of one paragraph ("You are a Go expert. Fix the flaky
// test.") is left to the sentences' own reading, and so is a paragraph
// that lists items: a brief's objectives are the work. A line ending in a
// colon ends the role: what it introduces ("… and the following PR:" and
// the PR's title) is what the work is about.
func withoutRolePrompt(prose string) string {
	trimmed := strings.TrimLeft(prose, " \t\r\n")
	word := trimmed
	if i := strings.IndexAny(word, " \t\n"); i >= 0 {
		word = word[:i]
	}
	if !personaFirstWords[bareWord(word)] {
		return prose // read no further a message that opens with no persona
	}
	first, rest, ok := strings.Cut(trimmed, "\n\n")
	if !ok || strings.TrimSpace(rest) == "" || !opensWithRole(first) {
		return prose
	}
	lines := strings.Split(first, "\n")
	for k, line := range lines {
		t := strings.TrimSpace(line)
		if stripListMarker(t) != t {
			return prose
		}
		if strings.HasSuffix(t, ":") {
			// "… and the following PR:": what the line introduces is
			// the work's subject, not the brief.
			return strings.Join(lines[k+1:], "\n") + "\n\n" + rest
		}
	}
	return rest
}

// personaFirstWords are the first words of personaOpenings.
var personaFirstWords = func() map[string]bool {
	out := map[string]bool{}
	for _, p := range personaOpenings {
		out[p[0]] = true
	}
	return out
}()

// opensWithRole reports a paragraph whose first words give the assistant
// a role: a persona opening ("you are", "act as") then an article or a
// possessive and the role (personaOpenings, personaRoles).
func opensWithRole(paragraph string) bool {
	words := strings.Fields(firstLine(paragraph))
	if len(words) > 4 && bareWord(words[0]) == "you" && bareWord(words[1]) == "are" && bareWord(words[2]) == "acting" && bareWord(words[3]) == "as" {
		words = words[2:] // "You are acting as a …" is "acting as a …"
	}
	for _, p := range personaOpenings {
		if len(words) > len(p)+1 && openingMatches(words, p) && personaRoles[bareWord(words[len(p)])] {
			return true
		}
	}
	return false
}

// ownParagraphs is the steward's own words at the head of a long message
// that pastes a document (a plan, a log): its opening paragraph, and when
// what it pastes is output or opens with a heading, the short paragraphs
// before that ("bing works now. Try to improve yahoo next, then …" above
// a log). A document pasted whole leaves only the opening paragraph: its
// other paragraphs are not the steward's words.
func ownParagraphs(prose string) string {
	paras := strings.Split(strings.TrimSpace(prose), "\n\n")
	n := len(paras[0])
	for k := 1; k < len(paras) && n <= maxPastedMessage; k++ {
		p := strings.TrimSpace(paras[k])
		first := firstLine(p)
		if looksLikeOutput(first) || strings.HasPrefix(first, "#") || strings.HasPrefix(first, ">") {
			return strings.Join(paras[:k], "\n\n")
		}
		n += len(p)
	}
	return paras[0]
}

var (
	// "Implement the following plan:", "Please execute this plan".
	planRequest = regexp.MustCompile(`(?i)^(?:please\s+)?(?:implement|execute|follow|carry out|work through)\s+(?:the following|this|the)\s+plan\b`)
	// A numbered step heading of a plan: "### 3. Pre-commit hook", "## Step 2: Add the index", "### Phase 1 — Parser",
	// or any word numbered and followed by a mark: "## Fix 2: Remove the retry", "## Part 3 — Docs".
	planStep = regexp.MustCompile(`(?i)^#{2,4}\s+(?:\d+[.):]\s*|step\s+\d+\s*[:.—–-]?\s*|phase\s+\d+\s*[:.—–-]?\s*|\pL+\s+\d+[a-z]?\s*[:.—–-]\s*)(.+)$`)
	// The title of a plan, the heading that opens it: "# Plan: Switch the keys to random", "# Thesis Completion UI".
	planTitle = regexp.MustCompile(`^#\s+(?:(?i:(?:implementation\s+|fix\s+)?plan)\s*[:—–-]\s*)?(.+)$`)
	// A step the plan itself says needs no work.
	stepDone = regexp.MustCompile(`(?i)\b(?:already (?:done|in place|consistent|exists?|handled)|no (?:\w+ )?changes? (?:needed|required))\b`)
)

// planSteps reads the tasks of a plan the steward asks to carry out
// ("Implement the following plan:" and the plan pasted below): its
// numbered step headings, less the steps the plan says need no work.
func planSteps(prose string) []string {
	first, rest, _ := strings.Cut(strings.TrimSpace(prose), "\n")
	if !planRequest.MatchString(strings.TrimSpace(first)) {
		return nil
	}
	var out []string
	if t := planTitleTask(prose); t != "" {
		out = append(out, t)
	}
	titled := len(out)
	var step, item string
	stepLevel, sub := 0, false
	var body strings.Builder
	// The step's sub-headings' sections (one per file it touches): a step
	// with no words of its own whose every section says no change is
	// needed asks for none ("## Step 5: Recovery Tool", "### recovery.html",
	// "- No functional changes needed").
	var part strings.Builder
	parts, partsDone := 0, 0
	endPart := func() {
		if sub && stepDone.MatchString(part.String()) {
			partsDone++
		}
		part.Reset()
	}
	var purposes map[string]string // a file's path → what the plan's table of files says the change is for
	flush := func() {
		endPart()
		unneeded := strings.TrimSpace(body.String()) == "" && parts > 0 && partsDone == parts
		if step != "" && !unneeded && !stepDone.MatchString(step+" "+body.String()) {
			t := strings.TrimRight(cleanRequest(step), ".:; ")
			if item != "" && (namesPart(t) || onlyFileNames(strings.Fields(t))) {
				// A heading that names a part ("Step 1: Web App
				// Services") or only a file ("### 1.
				// `internal/upload/client.go`") asks for no work of its
				// own: its first item that does is the step.
				t = item
			} else if path := fileOnlyStep(t); path != "" {
				if purposes == nil {
					purposes = filePurposes(rest)
				}
				if p := purposes[path]; p != "" {
					t += ": " + p
				}
			}
			if utf8.RuneCountInString(t) >= 6 {
				out = append(out, excerpt(t, 160))
			}
		}
		step, item, sub = "", "", false
		body.Reset()
		parts, partsDone = 0, 0
	}
	fence := false
	for line := range strings.SplitSeq(truncate(rest, 3*maxRequestMessage), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		if m := planStep.FindStringSubmatch(t); m != nil {
			flush()
			step, stepLevel = m[1], headingLevel(t)
			continue
		}
		if strings.HasPrefix(t, "#") {
			if step != "" && headingLevel(t) > stepLevel {
				// A sub-heading of the step ("### `src/file/types.ts`"):
				// its items may still be the step's work, but what it
				// says is not the step's own word on whether work is
				// needed.
				endPart()
				sub = true
				parts++
				continue
			}
			flush()
			continue
		}
		if step != "" && !sub && body.Len() < 2000 {
			body.WriteString(t)
			body.WriteByte(' ')
		}
		if sub && part.Len() < 2000 {
			part.WriteString(t)
			part.WriteByte(' ')
		}
		if li := stripListMarker(t); step != "" && item == "" && li != t && startsWithVerb(li) {
			if task := requestText(li, true); task != "" {
				item = strings.TrimRight(task, ".:; ")
			}
		}
	}
	flush()
	if len(out) == titled {
		return nil // no steps: the plan's sections are read as requests
	}
	if len(out) > titled+maxRequestsPerMessage {
		out = out[:titled+maxRequestsPerMessage]
	}
	return out
}

// fileActions are the words a plan's step heading names its change to a
// file by: "### 1. NEW: `components/completion.tsx`", "### 2. Modify
// `.github/workflows/ci.yml`".
var fileActions = set("new", "modify", "create", "update", "edit", "change", "delete", "remove", "add", "rewrite", "replace")

// fileOnlyStep is the path a plan's step heading names when the heading
// is only a change to a file and its path ("MODIFY:
// apps/web/project-workspace.tsx"), lower-cased; "" for any other
// heading. Such a heading says which file the step touches, not what the
// step does to it.
func fileOnlyStep(heading string) string {
	words := strings.Fields(heading)
	if len(words) != 2 || !fileActions[strings.ToLower(strings.TrimRight(words[0], ":"))] || !onlyFileNames(words[1:]) {
		return ""
	}
	return strings.ToLower(strings.Trim(words[1], "\"'`(),;:"))
}

// filePurposes reads a plan's table of the files it changes ("| File |
// Action | Purpose |", one row a file): each row's path, lower-cased,
// and its last cell of words that is neither the path nor the action
// ("Conditional completion render"). The table says in a few words what
// each file's change is for, as the step headings that only name the
// file do not.
func filePurposes(plan string) map[string]string {
	out := map[string]string{}
	for line := range strings.SplitSeq(plan, "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "|") || strings.Count(t, "|") < 4 {
			continue
		}
		var path, purpose string
		for _, cell := range strings.Split(strings.Trim(t, "|"), "|") {
			c := strings.TrimSpace(cleanRequest(cell))
			words := strings.Fields(c)
			switch {
			case len(words) == 0:
			case path == "" && len(words) == 1 && onlyFileNames(words):
				path = strings.ToLower(strings.Trim(words[0], "\"'`(),;:"))
			case path != "" && !(len(words) == 1 && fileActions[strings.ToLower(words[0])]):
				purpose = c
			}
		}
		if path != "" && purpose != "" && len(strings.Fields(purpose)) <= maxStepPurposeWords {
			out[path] = purpose
		}
	}
	return out
}

// maxStepPurposeWords caps the words of a purpose added to a step heading
// that names only a file: a table's cell that says more is a description.
const maxStepPurposeWords = 8

// headingLevel is the number of "#" that open a Markdown heading.
func headingLevel(t string) int {
	return len(t) - len(strings.TrimLeft(t, "#"))
}

// namesPart reports a step heading that names a part of the work rather
// than work to do: a noun phrase in title case ("Web App Services",
// "Desktop Rust"), not opening with a verb.
func namesPart(heading string) bool {
	words := strings.Fields(heading)
	if len(words) == 0 || startsWithVerb(heading) {
		return false
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLower(r) && !functionWords[w] {
			return false
		}
	}
	return true
}

// planTitleTask is the task a plan the steward asks to carry out names in
// its title, the heading that opens it: carrying out the plan as a whole
// ("Implement the plan: Thesis Completion UI"), or the title itself when
// it opens with a verb ("Fix FUSE rename on the SMB backend"). A reader
// resuming the work names the plan before its steps.
func planTitleTask(prose string) string {
	first, rest, _ := strings.Cut(strings.TrimSpace(prose), "\n")
	if !planRequest.MatchString(strings.TrimSpace(first)) {
		return ""
	}
	for line := range strings.SplitSeq(truncate(rest, maxRequestMessage), "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		m := planTitle.FindStringSubmatch(t)
		if m == nil {
			return "" // the plan opens with no title
		}
		title := strings.TrimRight(cleanRequest(m[1]), ".:; ")
		if len(strings.Fields(title)) == 0 || utf8.RuneCountInString(title) < 4 {
			return ""
		}
		if startsWithVerb(title) {
			return excerpt(title, 160)
		}
		return excerpt("Implement the plan: "+title, 160)
	}
	return ""
}

// suggestionText is the task of a review suggestion the steward passes on
// ("Consider changing to [0-9a-f]{12} to match the validation" is "change
// to [0-9a-f]{12} to match the validation"), or "".
func suggestionText(s string) string {
	c := cleanRequest(s)
	// Its first word first: cleanRequest leaves one space between words,
	// and most sentences open with another.
	if first, _, _ := strings.Cut(c, " "); !strings.EqualFold(first, "consider") {
		return ""
	}
	words := strings.Fields(c)
	if len(words) < 3 {
		return ""
	}
	verb := imperativeOf(strings.ToLower(words[1]))
	if verb == "" {
		return ""
	}
	return requestText(verb+" "+strings.Join(words[2:], " "), true)
}

// imperativeOf is the verb of a gerund ("adding" is add, "changing"
// change, "splitting" split), when it asks for work.
func imperativeOf(gerund string) string {
	stem, ok := strings.CutSuffix(gerund, "ing")
	if !ok || len(stem) < 2 {
		return ""
	}
	for _, v := range []string{stem, stem + "e", stem[:len(stem)-1]} {
		if imperativeVerbs[v] {
			return v
		}
	}
	return ""
}

var (
	// thenClause joins the steps of a sequence in one sentence: "analyze
	// the codebase, then update the README", "…; and then …".
	thenClause = regexp.MustCompile(`(?i)(?:[,;]\s*(?:and\s+)?|\s+and\s+)then\s+`)
	// leadingSequencer opens a step that follows another: "Then
	// re-prioritize the list", "Also, add a test".
	leadingSequencer = regexp.MustCompile(`(?i)^(?:then|next|finally|afterwards|after that|also)\s*,?\s+`)
)

// sequenceClauses splits a sentence into the steps it asks for in order,
// each without the word that sequences it: "Fix the flaky test, then
// update the TODO" is two requests, "Then re-prioritize the list" one
// that opens with its verb, and a step before another that only analyzes
// what that one changes is none (analysesFirst). A question's clauses
// are one question.
func sequenceClauses(s string) []string {
	if strings.HasSuffix(strings.TrimSpace(s), "?") {
		return []string{s} // "is it better to do X, then Y?" asks one question
	}
	parts := []string{s} // what Split gives for no match
	if holdsFold(s, "then") {
		parts = thenClause.Split(s, -1)
	}
	var out []string
	for k, p := range parts {
		p = leadingSequencer.ReplaceAllString(strings.TrimSpace(p), "")
		if k+1 < len(parts) && analysesFirst(p) {
			continue
		}
		out = append(out, imperativeSeries(p)...)
	}
	return out
}

// analysisVerbs open a step that studies what the next step changes.
var analysisVerbs = set("analyze", "analyse", "study", "examine", "inspect")

// analysesFirst reports a step of a sequence that only studies what the
// step after it works on ("Analyze the codebase, then remove the files
// it no longer needs", "analyze the models' output and then write a
// review of each"): the study serves that work and is not a task of its
// own, as reading a file the message attaches is not.
func analysesFirst(step string) bool {
	w, _, _ := strings.Cut(step, " ")
	return analysisVerbs[strings.ToLower(w)]
}

// imperativeSeries splits a clause that opens with a verb at each comma
// or semicolon (outside parentheses) that another verb follows: "Read
// the TODO, update the changelog, update the README so that …" asks for
// three things. An adverb before the opening verb ("Periodically run …")
// goes.
func imperativeSeries(s string) []string {
	words := strings.Fields(s)
	if len(words) > 2 && strings.HasSuffix(strings.ToLower(words[0]), "ly") && len(words[0]) > 4 && imperativeWord(words[1]) {
		words = words[1:]
		s = strings.Join(words, " ")
	}
	if len(words) < 2 || !imperativeWord(words[0]) {
		return []string{s}
	}
	var out []string
	start, depth := 0, 0
	for i, w := range words {
		depth += strings.Count(w, "(") - strings.Count(w, ")")
		if depth > 0 || i+1 >= len(words) || !strings.ContainsAny(w[len(w)-1:], ",;") {
			continue
		}
		next := i + 1
		if strings.EqualFold(words[next], "and") && next+1 < len(words) {
			next++
		}
		if next+1 < len(words) && imperativeWord(words[next]) && i+1-start >= 2 {
			out = append(out, strings.TrimSpace(strings.TrimRight(strings.Join(words[start:i+1], " "), ",;")))
			start = next
		}
	}
	return append(out, strings.Join(words[start:], " "))
}

// imperativeWord reports a word that opens a request: an imperative verb,
// or one of a verb redone ("re-run", "re-prioritize").
func imperativeWord(w string) bool {
	if codeWorkVerbs[strings.ToLower(strings.Trim(w, "*_`"))] {
		return true
	}
	w = strings.ToLower(strings.Trim(w, ",:;*_`"))
	if first, second, ok := strings.Cut(w, "/"); ok && imperativeVerbs[first] && isPlainWord(second) {
		return true // "add/amend the roadmap": either verb asks
	}
	return imperativeVerbs[w] || strings.HasPrefix(w, "re-") && len(w) > 5 && isPlainWord(w[3:])
}

var (
	// requestOpenerZH opens a Chinese request: a polite opener ("请",
	// "帮我", "麻烦"), the disposal "把"/"将" ("把 X 改成 Y"), or a verb
	// that asks for work ("检查", "修复", "添加", "更新", "解释" …), in
	// simplified or traditional characters ("請下載…", "幫我檢查…").
	requestOpenerZH = regexp.MustCompile(`^(?:请|請|帮我|幫我|帮忙|幫忙|麻烦|麻煩|把|将|將|给我|給我|检查|檢查|修改|修复|修復|添加|增加|删除|刪除|移除|更新|实现|實現|实作|實作|创建|創建|建立|新建|解释|解釋|优化|優化|重构|重構|生成|运行|運行|执行|執行|安装|安裝|提交|查看|查询|查詢|看看|分析|整理|翻译|翻譯|编写|編寫|写|寫|下载|下載|列出|使用)`)
	// questionAskZH asks a question whatever ends it: "有哪些" (which …
	// are there), "是多少" (how much is), "有什么" (what … is there):
	// "開放資料清單有哪些欄位" asks without a question mark.
	questionAskZH = regexp.MustCompile(`有哪些|是多少|有什么|有什麼`)
	// questionWordZH asks a question in Chinese: why, how, what, which,
	// whether.
	questionWordZH = regexp.MustCompile(`为什么|為什麼|为何|為何|怎么|怎麼|怎样|怎樣|如何|什么|什麼|哪|是否|能否|能不能|可不可以|有没有|有沒有`)
	// questionOpeningZH opens a Chinese sentence with a question word.
	questionOpeningZH = regexp.MustCompile(`^(?:为什么|為什麼|为何|為何|怎么|怎麼|怎样|怎樣|如何)`)
)

var (
	// requestEndingKO: a Korean request ends in a verb's asking form:
	// "수정해줘", "추가해 주세요", "알려줄래?", "커밋하자", "부탁해".
	// The plain imperative asks too, as an instruction to the agent is
	// written: "분석하라", "만들어라", "배포하라", "추가해보자".
	requestEndingKO = regexp.MustCompile(`(?:줘|줘요|주세요|주십시오|주실래요|줄래|줄래요|봐|봐요|하자|보자|합시다|부탁해|부탁해요|부탁합니다|부탁드립니다|바랍니다|하라|해라|[가-힣][어아]라|하시오)[.!?？！~]*$`)
	// questionKO: a Korean sentence that ends in a question mark asks a
	// question ("어떤 모델이 잘할까?", "제가 바꿔야 하지?"), and so does
	// one that ends in a questioning form without it ("현재 디자인
	// 컬러는 어떠한가", "어떻게 할까", "가능합니까").
	questionKO = regexp.MustCompile(`[가-힣]\s*[?？]+$|[가-힣](?:는가|한가|인가|은가|던가|을까|일까|할까|습니까)[.]?$`)
)

// koreanBody is a Korean request without its asking ending: what it asks
// for ("어 해줘" asks for nothing it names).
func koreanBody(s string) string {
	t := strings.TrimRight(s, "？?！!。.~ ")
	for _, e := range []string{"해 주세요", "해주세요", "주세요", "해 줘", "해줘", "줘"} {
		if b, ok := strings.CutSuffix(t, e); ok {
			return strings.TrimSpace(b)
		}
	}
	return t
}

// zhQuestionOpening reports a Chinese sentence a question word opens.
func zhQuestionOpening(t string) bool {
	return questionOpeningZH.MatchString(t) && hanText(t)
}

// hanText reports text with Chinese characters and no kana or Hangul:
// Chinese, not Japanese or Korean.
func hanText(t string) bool {
	han := false
	for _, r := range t {
		switch {
		case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r):
			return false
		case unicode.Is(unicode.Han, r):
			han = true
		}
	}
	return han
}

// cjkRequest is the task a sentence in Chinese, Japanese or Korean asks
// for, and its form: a list item under a request, a Japanese or Korean
// request ending ("…してください", "…수정해줘"), a Chinese request (its
// opener, or the softening "一下": "组织一下多语言"), or a question (in
// Chinese a question word, and a question mark or particle at its end; in
// Korean a question mark).
func cjkRequest(s string, item bool) (string, requestForm) {
	t := strings.TrimRight(s, "？?！!。.~ ")
	switch {
	case utf8.RuneCountInString(t) < 4:
		return "", 0
	case item || requestEndingJA.MatchString(s):
		return t, formImperative
	case requestEndingKO.MatchString(s):
		if utf8.RuneCountInString(strings.ReplaceAll(koreanBody(s), " ", "")) < 3 {
			return "", 0
		}
		return t, formImperative
	case questionKO.MatchString(s):
		return t, formQuestion
	case requestOpenerZH.MatchString(t) || strings.Contains(t, "一下"):
		return t, formImperative
	case hanText(t) && questionAskZH.MatchString(t):
		return t, formQuestion
	case questionWordZH.MatchString(t) && (strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？") || strings.HasSuffix(t, "吗") || strings.HasSuffix(t, "呢") || strings.HasSuffix(t, "啥")):
		return t, formQuestion
	case zhQuestionOpening(t):
		// "怎么看当前环境的版本": a question word opening the sentence
		// asks without a mark.
		return t, formQuestion
	case hanText(t) && strings.HasSuffix(t, "吗") && (strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？")):
		// "这个库里有用到carla吗？": a yes/no question.
		return t, formQuestion
	}
	return "", 0
}

// pastForms are past forms of verbs that do not end in "-ed".
var pastForms = set("had", "did", "made", "were", "was", "wrote", "took", "put", "chose", "said", "gave", "ran", "built", "left")

// explainVerbs ask for an account rather than for work on the code.
var explainVerbs = set("explain", "tell", "show")

// asksAboutDone reports a request that asks the assistant to account for
// what it did ("explain the change, before you had X and now you changed
// it to Y", "last time you were using --dry-run, why not now?"): a
// question or an explanation asked about "you" and a verb in the past,
// which discusses the work done rather than asking for new work.
func asksAboutDone(r request) bool {
	w := wordsOf(lowerText(r.text))
	if len(w) == 0 || r.form != formQuestion && r.form != formAside && !explainVerbs[w[0]] {
		return false
	}
	for i := 0; i+1 < len(w); i++ {
		if w[i] == "you" && (pastForms[w[i+1]] || len(w[i+1]) > 4 && strings.HasSuffix(w[i+1], "ed")) {
			return true
		}
	}
	return false
}

// requestSentences splits a line into sentences, Japanese ones at "。".
func requestSentences(line string) []string {
	var out []string
	for _, s := range sentences(line) {
		for part := range strings.SplitSeq(s, "。") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}

// endsWithOpener reports a line that ends asking ("Can you", "please do
// the following").
func endsWithOpener(lower string) bool {
	lower = strings.TrimSpace(lower) + " "
	for _, o := range requestOpeners {
		if strings.HasSuffix(lower, o) {
			return true
		}
	}
	return strings.HasSuffix(lower, "following ") || strings.HasSuffix(lower, "these ")
}

func startsWithVerb(s string) bool {
	w, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	return imperativeVerbs[strings.ToLower(strings.Trim(w, ",:;*_`"))]
}

// decisionSentence reports a sentence that states a choice ("let's use
// htmx because …"): a decision, not a task.
func decisionSentence(s string) bool {
	if !decisionCue(strings.ToLower(s)) {
		return false
	}
	_, ok := decisionOf(s, true)
	return ok
}

// requestText is the task a sentence asks for, or "". A list item under a
// request is one whatever its form.
func requestText(s string, item bool) string {
	t, _ := requestOf(s, item)
	return t
}

// goAhead is a closing go-ahead ("… and let's get creating", "let's get
// started!"): it starts the work the sentence asks for, and asks for none
// of its own. goAheadLink is the word that joins it to the request.
var (
	goAhead     = regexp.MustCompile(`(?i)^let'?s\s+(?:get\s+(?:creating|started|going|cracking|building|coding|busy|to\s+(?:it|work))|go|begin|start|do\s+(?:it|this)|call\s+it\s+a\s+(?:day|night)|wrap\s+(?:it|this|things)\s+up)\s*[.!]*$`)
	goAheadLink = regexp.MustCompile(`(?i)[,;]?\s*(?:\b(?:and|so|then|now))?\s*$`)
)

// signOff closes a request by ending the work after it ("… and call it
// a day on this one", "… and be done with it", "… then wrap this up"):
// it asks for nothing of its own.
var signOff = regexp.MustCompile(`(?i),?\s+(?:and|then)\s+(?:call\s+it\s+a\s+(?:day|night)|be\s+done(?:\s+with\s+it)?|wrap\s+(?:it|this|things)\s+up)(?:\s+(?:on|for)\s+(?:this(?:\s+one)?|that(?:\s+one)?|it|today|now))?\s*[.!]*$`)

// deferredFirst is where ", but first …" turns from the work a sentence
// puts off to another matter ("The CHECK constraint is still on my list,
// but first: Priya left review comments …"): what follows is what the
// steward takes up now, in the sentences after, and it tells no task of
// the sentence's own.
var deferredFirst = regexp.MustCompile(`(?i),?\s+but\s+first\b`)

// withoutGoAhead is s without its closing go-ahead or sign-off, and
// without what follows a ", but first".
func withoutGoAhead(s string) string {
	if strings.Contains(s, " first") {
		if loc := deferredFirst.FindStringIndex(s); loc != nil && loc[0] > 0 {
			s = s[:loc[0]]
		}
	}
	if strings.Contains(s, " and ") || strings.Contains(s, " then ") {
		if loc := signOff.FindStringIndex(s); loc != nil && loc[0] > 0 {
			s = s[:loc[0]]
		}
	}
	at := lastLets(s)
	if at < 0 || !goAhead.MatchString(s[at:]) {
		return s
	}
	head := s[:at]
	if loc := goAheadLink.FindStringIndex(head); loc != nil {
		head = head[:loc[0]]
	}
	return strings.TrimSpace(head)
}

// lastLets is where the last "let's" or "lets" of s starts, in either
// case of its "l", or -1.
func lastLets(s string) int {
	best := -1
	for _, w := range [...]string{"et's ", "ets "} {
		for end := len(s); ; {
			i := strings.LastIndex(s[:end], w)
			if i < 1 {
				break
			}
			if s[i-1]|0x20 == 'l' && (i == 1 || s[i-2] == ' ') {
				best = max(best, i-1)
				break
			}
			end = i
		}
	}
	return best
}

// wishNoun is a wish for a thing, the thing after it: "one thing I'd
// really like is a script that …", "what we'd love is an export …", "I'd
// like a dark mode toggle …", "I need a script that …".
var wishNoun = regexp.MustCompile(`(?:^|\b)(?:(?:(?:one|the)\s+thing|what)\s+(?:i|we)(?:'d|\s+would)?(?:\s+really|\s+also)?\s+(?:like|love|want|need)\s+is|(?:i|we)(?:'d|\s+would)(?:\s+really|\s+also)?\s+(?:like|love)|i\s+(?:really\s+|also\s+)?(?:want|need))\s+(?:an?|some)\s`)

// wishedThing is where the thing a sentence wishes for starts (its
// article), or -1.
func wishedThing(lower string) int {
	if !strings.Contains(lower, "'d ") && !strings.Contains(lower, " would ") && !strings.Contains(lower, "i want ") && !strings.Contains(lower, "i need ") {
		return -1
	}
	loc := wishNoun.FindStringIndex(lower)
	if loc == nil {
		return -1
	}
	// The match ends after the article and its space.
	return strings.LastIndexByte(lower[:loc[1]-1], ' ') + 1
}

// constraintVerbs open a sentence that states how things are to stay or
// be ("keep the parameters", "leave the docs as they are", "we should be
// running against test data"): a constraint that settles a choice, not
// work to pick up.
var constraintVerbs = set("keep", "leave", "stay", "be")

// requestOf is the task a sentence asks for and the form it asks in, or
// "".
func requestOf(s string, item bool) (string, requestForm) {
	s = cleanRequest(s)
	s = withoutGoAhead(s)
	if s == "" || decisionSentence(s) {
		return "", 0
	}
	if cjkText(s) {
		return cjkRequest(s, item)
	}
	if !item && cyrillicText(s) {
		return russianRequest(s)
	}
	words := strings.Fields(s)
	if name := slashWord(words[0]); strings.HasPrefix(words[0], "/") && name != "" {
		// "/review the retry logic": the command's verb is the request.
		if !verbCommands[name] || len(words) < 2 || onlyFileNames(words[1:]) {
			// "/add src/a.ts tests/b.ts", "/add LICENSE": an editor's
			// command that puts files in the chat, not work asked for.
			return "", 0
		}
		words[0] = name
		s = strings.Join(words, " ")
		item = true
	}
	lower := strings.ToLower(s)
	question := strings.HasSuffix(s, "?")
	var form requestForm
	switch {
	case item:
		form = formListed
	case openerAt(lower) >= 0:
		i := openerAt(lower)
		rest := strings.TrimSpace(s[i:])
		if before, ok := askedBeforePlease(s, lower, i, rest); ok {
			// "Another race run please — I want it silent before lunch":
			// the work is named before the "please", the words after the
			// dash say why.
			s, words, form = before, strings.Fields(before), formImperative
			break
		}
		s = rest
		words = strings.Fields(s)
		if asksNoWork(words) {
			return "", 0
		}
		form = formOpener
	case nameThenState(words):
		// "Open Banking is nice-to-have", "Build time is 4 minutes": a
		// name that opens with a verb's word, and what it is.
		return "", 0
	case reportLabel(words):
		// "Fix: restarted pods at 10:41, added a timeout": a label over
		// what was done, a fact told, not work asked for.
		return "", 0
	case imperativeWord(words[0]) && len(words) >= 2 && !nounSubject(words), lookRequest.MatchString(lower) && !question, doesTheSame(words):
		form = formImperative
	case !question && wishedThing(lower) >= 0:
		// "One thing I'd really like is a script that loads …": the
		// thing wished for is the work, not a pause ("I need a minute").
		s = strings.TrimSpace(s[wishedThing(lower):])
		words = strings.Fields(s)
		if len(words) >= 2 && pauseNouns[strings.ToLower(strings.Trim(words[1], ".,!;"))] {
			return "", 0
		}
		form = formOpener
	case placeFirst(words) > 0 && !question:
		// "In CONVENTIONS.md, reorder the lists", "Within the CLI, move
		// the flags into a struct": where the work is, then its verb.
		form = formImperative
	case leadIn(words) > 0 && len(words)-leadIn(words) >= 2 && (imperativeWord(words[leadIn(words)]) || doesTheSame(words[leadIn(words):])) && !question:
		// "OK, but explain the difference", "Now look at ollama.ts",
		// "Finally do the same for …", "yes, build and test": a word
		// that links the request to what came before, then its verb.
		words = words[leadIn(words):]
		form = formImperative
	case !question && desiredState.MatchString(lower) && !stateSubjects[strings.ToLower(words[0])]:
		// "all events should contain the version as a property", "event()
		// should take kwargs": what the code is to do is the work (after
		// another request of the message, a detail of it: statesOnly).
		form = formImperative
	case question && len(words)-leadIn(words) >= 4 && questionOpener(words[leadIn(words)]):
		// "And what does SERIALIZABLE cost in practice?": the word that
		// links it to what came before does not make it an aside.
		words = words[leadIn(words):]
		form = formQuestion
	case len(words) >= 4 && whWords[strings.ToLower(words[0])] && !determiners[strings.ToLower(words[1])]:
		// "where the address is the public one" without a question
		// mark: a clause that describes, in a statement's word order.
		form = formQuestion
	case question && len(words) >= 6:
		form = formAside
	default:
		return "", 0
	}
	words = dropFiller(words)
	if len(words) < 2 || constraintVerbs[strings.ToLower(strings.Trim(words[0], ",:;"))] {
		return "", 0
	}
	if len(words) > maxRequestWords {
		words = requestClause(words)
		if len(words) > maxRequestWords {
			words = trimFunctionWords(withoutOpenAside(words[:maxRequestWords]))
		}
	}
	if len(words) > 1 && arrowWords[words[1]] {
		return "", 0 // "Convert → export default": what to convert was code, and is gone
	}
	task := strings.TrimRight(strings.Join(words, " "), ".,;:!?\\ ")
	if strings.HasSuffix(task, "[") || strings.HasSuffix(task, "{") || strings.HasSuffix(task, "(") {
		return "", 0 // "format: Annotated[": a line of code cut at its bracket
	}
	if strings.HasSuffix(strings.ToLower(task), " following") || strings.Contains(strings.ToLower(task), " the following ") && len(words) <= 4 {
		return "", 0 // "implement the following plan": the plan's items are the tasks
	}
	for _, w := range words {
		if isPathWord(w) && machinePath(strings.Trim(w, "'\"(),.;:")) {
			return "", 0 // an absolute path: pasted output, not words
		}
	}
	if utf8.RuneCountInString(task) < 6 || isCommandText(task) || onlyPointsBack(words) && !twoStepsOfWork(words) || onlyReferences(words) {
		return "", 0
	}
	return task, form
}

// twoStepsOfWork reports a request of verbs only that names two steps of
// work on what came before ("build and test", "test it, then commit"):
// the thing worked on is said before, but the work is named, as "commit
// and push" is.
func twoStepsOfWork(words []string) bool {
	verbs := map[string]bool{}
	for _, w := range words {
		lw := strings.ToLower(strings.Trim(w, ".,;:!?"))
		switch {
		case imperativeVerbs[lw] && !vagueVerbs[lw]:
			verbs[lw] = true
		case lw == "and" || lw == "then" || lw == "it" || lw == "this" || lw == "them" || lw == "&":
		default:
			return false
		}
	}
	return len(verbs) >= 2
}

// vagueVerbs ask to go on with work named before, and name none.
var vagueVerbs = set("try", "start", "finish", "complete", "keep", "stop", "continue", "make", "do", "check", "look",
	"review", "improve", "fix", "resolve", "address", "apply")

// machinePath reports an absolute path as a program prints it
// ("/Users/ana/src/app/main.go", "/tmp/claude/tasks/b27.output"): one
// under a system's own folders, or three folders deep or more. A path of
// the project written from its root ("/docs/fixtures.md", "/src/app.ts")
// is the steward's own words.
func machinePath(w string) bool {
	if !strings.HasPrefix(w, "/") {
		return false
	}
	first, _, _ := strings.Cut(w[1:], "/")
	return systemFolders[strings.ToLower(first)] || strings.Count(strings.TrimSuffix(w, "/"), "/") >= 4
}

// systemFolders are the folders at a Unix or macOS root that hold no
// project of its own.
var systemFolders = set("users", "home", "tmp", "var", "usr", "opt", "mnt", "etc", "private", "volumes", "root",
	"workspace", "workspaces", "app", "srv", "proc", "dev", "bin", "sbin", "lib", "nix", "c", "d")

// arrowWords lead from one thing to what it becomes.
var arrowWords = set("→", "->", "=>")

// withoutOpenAside is words cut before the parenthesis a cut left open
// ("prepare a minimal EPUB (let's"): what the aside said is gone, and
// its opening alone reads as a broken phrase. Words that would keep
// fewer than three stay as they are.
func withoutOpenAside(words []string) []string {
	depth, open := 0, -1
	for i, w := range words {
		for _, r := range w {
			switch r {
			case '(':
				if depth == 0 {
					open = i
				}
				depth++
			case ')':
				if depth > 0 {
					depth--
				}
			}
		}
	}
	if depth == 0 || open < 3 {
		return words
	}
	return words[:open]
}

// placeWords open a phrase that says where the work is done.
var placeWords = set("in", "inside", "within", "on")

// placeFirst is the number of words of a phrase that opens a sentence
// saying where the work is ("In the README,", "Within src/cli.ts,") when
// an imperative verb follows its comma, or 0. A long sentence is left
// alone: "In the dev branch, commit 5cf09a5 accidentally added two
// files …" reads "commit" as a noun, and states a problem.
func placeFirst(words []string) int {
	if len(words) < 4 || len(words) > maxRequestWords || !placeWords[strings.ToLower(words[0])] {
		return 0
	}
	for k := 1; k < len(words)-2 && k <= 5; k++ {
		if w := words[k]; w == "," || strings.HasSuffix(w, ",") {
			if imperativeWord(words[k+1]) {
				return k + 1
			}
			return 0
		}
	}
	return 0
}

// leadInWords link a request to what came before it without changing
// what it asks: assent ("yes, build and test"), sequence ("now", "next",
// "finally") and turns ("ok, but explain …").
var leadInWords = set("ok", "okay", "so", "now", "next", "then", "finally", "also", "and", "but", "yes", "yeah", "yep",
	"alright", "first", "lastly", "afterwards", "additionally", "please")

// doesTheSame reports words that ask to repeat the work just done
// elsewhere: "do the same for groq.ts", "do the same in the CLI".
func doesTheSame(words []string) bool {
	return len(words) >= 5 && strings.EqualFold(words[0], "do") && strings.EqualFold(words[1], "the") &&
		strings.EqualFold(words[2], "same") && placePrepositions[strings.ToLower(words[3])]
}

// placePrepositions say where repeated work goes ("for", "in", "with").
var placePrepositions = set("for", "in", "with", "on", "to")

// determiners open a noun phrase.
var determiners = set("the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "its", "their")

// leadIn counts the lead-in words that open a sentence.
func leadIn(words []string) int {
	n := 0
	for n < len(words) && leadInWords[strings.ToLower(strings.Trim(words[n], ",.!:;"))] {
		if strings.ContainsAny(words[n], ".!?") {
			return 0 // "OK." is a sentence of its own
		}
		n++
	}
	return n
}

// lookRequest opens a sentence that asks the session to examine
// something in the idiom's words rather than a verb of its own: "have a
// look at the logs", "take a quick look into the release workflow", "go
// through the codebase", "go over the unit tests".
// desiredState is a sentence saying what a thing of the code should do:
// a subject of one to five words, then "should", "must" or "needs to"
// and a verb.
var desiredState = regexp.MustCompile(`^[^\s,;:]+(?:\s+[^\s,;:]+){0,4}\s+(?:should|must|needs\s+to)\s+(?:also\s+|always\s+|only\s+)?[a-z]{3,}\s+\S`)

// stateSubjects open a sentence about something other than the code:
// the people in the session, the session itself, a hedge ("it should
// work now", "this should be fine", "we should" is an opener already).
var stateSubjects = set("i", "you", "we", "they", "it", "this", "that", "these", "those", "there", "he", "she",
	"which", "what", "who", "maybe", "perhaps", "probably", "then", "so", "but", "and", "or", "if", "when", "now", "also",
	"everything", "something", "nothing", "anything", "one", "someone")

// statesOnly reports a sentence that asks for work only by saying what
// the code should do (desiredState), with no verb or opener of a request.
func statesOnly(s string) bool {
	lower := strings.ToLower(cleanRequest(s))
	words := strings.Fields(lower)
	return len(words) > 0 && desiredState.MatchString(lower) && !imperativeWord(words[0]) && openerAt(lower) < 0
}

var lookRequest = regexp.MustCompile(`^(?:(?:have|take)\s+(?:a\s+)?(?:quick\s+|closer\s+|close\s+|brief\s+)?look\s+(?:at|into|over|through)|go\s+(?:through|over))\s+\S`)

// lineRange is the line range an editor puts after a file it attaches:
// "(51-58)", "L12-L30".
var lineRange = regexp.MustCompile(`^\(?L?\d+(?:[-–:]L?\d+)?\)?$`)

// onlyReferences reports words that only attach files ("@src/app/View.tsx
// @Pool.tsx (51-58)"): what the request is follows them, they are not it.
func onlyReferences(words []string) bool {
	for _, w := range words {
		if !strings.HasPrefix(w, "@") && !isPathWord(w) && !lineRange.MatchString(w) {
			return false
		}
	}
	return len(words) > 0
}

// onlyFileNames reports words that all name files: paths (Windows ones
// too: "InternalScripts\\Scene_Shop.rb"), names with an extension
// ("README.md", "test_craft.rb") or a file known by its bare name
// ("LICENSE", "Makefile").
func onlyFileNames(words []string) bool {
	for _, w := range words {
		w = strings.Trim(w, "\"'`(),;:")
		if !isPathWord(w) && !strings.Contains(w, "\\") && !fileNamed.MatchString(w) && !bareFileNames[w] {
			return false
		}
	}
	return len(words) > 0
}

// fileNamed is a file's name with its extension: "scene_craft.rb", ".env".
var fileNamed = regexp.MustCompile(`^[\w.-]*[\w-]\.[A-Za-z][A-Za-z0-9]{0,7}$|^\.[A-Za-z]\w*$`)

// bareFileNames are files a project names without an extension.
var bareFileNames = set("LICENSE", "LICENCE", "README", "CHANGELOG", "Makefile", "Dockerfile", "Justfile", "Gemfile",
	"Rakefile", "Procfile", "Vagrantfile", "NOTICE", "AUTHORS", "CODEOWNERS")

// requestClause cuts a long request at its first clause; when that cut
// leaves it hanging on a function word ("add test cases for: IDs that are
// too short, …"), the colon introduced the request's object, and the cut
// moves to the end of the object's own clause ("add test cases for IDs":
// before a clause opener, a parenthesis or a clause mark).
func requestClause(words []string) []string {
	cut := cutAtClause(words)
	for len(cut) < len(words) && thatVerbs[strings.ToLower(cut[len(cut)-1])] && strings.EqualFold(words[len(cut)], "that") {
		// "create instructions that state that comments stay short":
		// the clause after a verb that says or makes sure is its
		// object, the request's substance.
		object := cutAtClause(words[len(cut)+1:])
		if len(object) > maxTitleWords {
			object = trimFunctionWords(object[:maxTitleWords])
		}
		cut = words[:len(cut)+1+len(object)]
	}
	last := strings.ToLower(strings.TrimRight(cut[len(cut)-1], ":"))
	if len(cut) == len(words) || !strings.HasSuffix(cut[len(cut)-1], ":") || !functionWords[last] {
		return cut
	}
	out := append(append([]string(nil), cut[:len(cut)-1]...), strings.TrimRight(cut[len(cut)-1], ":"))
	for i, w := range words[len(cut):] {
		if strings.HasPrefix(w, "(") || i > 0 && clauseOpeners[strings.ToLower(w)] {
			break
		}
		out = append(out, w)
		if strings.ContainsAny(w[len(w)-1:], ",;:.") {
			break
		}
	}
	return out
}

// thatVerbs take a clause opened by "that" as their object.
var thatVerbs = set("state", "states", "say", "says", "explain", "explains", "mean", "means", "show", "shows",
	"ensure", "ensures", "check", "checks", "verify", "verifies", "confirm", "confirms", "note", "notes", "clarify", "clarifies")

var (
	// The prompt an editor's watch mode writes around the steward's
	// comments in code: "Find the "AI" comments below (marked with █) in
	// the code files I've shared with you."
	aiCommentsPrompt = regexp.MustCompile(`(?i)find the "?ai"? comments? below`)
	// A marked comment: "█// AI? What is this library missing?", "█# do
	// this AI!".
	aiCommentLine = regexp.MustCompile(`^█\s*(?://+|#+|--|/\*+|\*|;+|<!--)?\s*(?:AI[?!:]?\s+)?(.*?)(?:\s+AI[?!])?\s*(?:\*/|-->)?$`)
)

// aiCommentTasks reads the tasks of a watch-mode prompt: the text of each
// comment it marks, not the prompt's own wording.
func aiCommentTasks(prose string) []string {
	var out []string
	for line := range strings.SplitSeq(prose, "\n") {
		m := aiCommentLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil || !strings.Contains(line, "AI") {
			continue
		}
		if t := requestText(m[1], true); t != "" {
			out = appendUniqueFold(out, t, maxRequestsPerMessage)
		}
	}
	return out
}

// bareRequests are whole messages of one or two words that still ask for
// work: "commit" is "commit the changes".
var bareRequests = map[string]string{
	"commit": "commit the changes", "commit this": "commit the changes", "commit it": "commit the changes",
	"commit the changes": "commit the changes", "push": "push the changes", "push it": "push the changes",
	"commit and push": "commit and push the changes", "commit & push": "commit and push the changes",
	"commit and push it": "commit and push the changes",
}

// pointingWords stand for something said before or after rather than
// naming it, or only say how much more of it ("make it even simpler",
// "start with #3, then #1", "start over", "populate them as follows").
var pointingWords = set("this", "that", "it", "these", "those", "them", "they", "yourself", "myself", "same", "thing",
	"things", "one", "ones", "statement", "stuff", "so", "too", "as", "well", "then", "and", "again", "now", "up",
	"please", "for", "me", "us", "the", "a", "an", "to", "of", "out", "here", "there", "what", "how", "why",
	"even", "more", "less", "bit", "little", "much", "simpler", "shorter", "smaller", "cleaner", "clearer",
	"better", "nicer", "tighter", "leaner", "only", "with", "first", "option", "options", "number", "over",
	"follows", "following", "below", "above",
	// Items of a list the assistant gave, by their place ("try option
	// one or two", "try the first three"), as "#3" and "1/2" do.
	"two", "three", "four", "five", "second", "third", "fourth", "fifth", "both", "either", "or",
	// The work already laid out, by its stage ("start implementation",
	// "go on with the plan"): the plan's items are the tasks.
	"implementation", "plan", "planned")

// onlyPointsBack reports a request whose words, past its verbs, only
// point back at what was said before ("detect that", "do this yourself,
// and then fix it"): it names no work a reader could pick up.
func onlyPointsBack(words []string) bool {
	if cjkText(strings.Join(words, " ")) {
		return false
	}
	for k, w := range words {
		lw := strings.ToLower(strings.Trim(w, ".,;:!?\"'()"))
		if k == 0 {
			continue // the verb
		}
		if lw == "" || pointingWords[lw] || imperativeVerbs[lw] || lw == "do" || lw == "go" || lw == "ahead" || lw == "can" || lw == "you" || lw == "we" {
			continue
		}
		if strings.Trim(lw, "#0123456789/") == "" {
			continue // "#3", "1/2": an item of a list given before
		}
		if strings.IndexFunc(lw, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			continue // "→", "—": a mark pointing at what follows
		}
		return false
	}
	return true
}

// openerAt is where the words after a request opener start, or -1: the
// nearest end of an opener at the text's start or after a space. One pass
// over the places a word starts, each tried against the openers of its
// first byte, until no opener starting there could end nearer (it was a
// search of the whole text for each of the 21 openers).
func openerAt(lower string) int {
	best := -1
	for start := 0; start < len(lower) && (best < 0 || start < best); start++ {
		if start > 0 && lower[start-1] != ' ' {
			continue
		}
		for _, o := range openersByFirst[lower[start]] {
			if end := start + len(o); (best < 0 || end < best) && strings.HasPrefix(lower[start:], o) {
				best = end
			}
		}
	}
	return best
}

// openersByFirst are requestOpeners by their first byte.
var openersByFirst = func() (t [256][]string) {
	for _, o := range requestOpeners {
		t[o[0]] = append(t[o[0]], o)
	}
	return t
}()

// cleanRequest drops markup, code spans holding code, the flags of
// commands, the paths of URLs and emphasis from a sentence.
func cleanRequest(s string) string {
	s = stripMarkup(s)
	// Each pattern only where it can match: most requests have no link
	// and no code span, and this runs for every line of every request.
	if strings.Contains(s, "://") {
		if loc := titleURL.FindStringIndex(s); loc != nil && strings.TrimSpace(s[:loc[0]]) == "" {
			// A link pasted before the request ("https://github.com/o/r/pull/7
			// Instead of adding …, add this to the docs") is what it
			// points at, no word of its sentence.
			s = s[loc[1]:]
		}
		s = titleURL.ReplaceAllStringFunc(s, urlHost)
	}
	if strings.Contains(s, "`") {
		s = codeSpan.ReplaceAllStringFunc(s, func(m string) string {
			inner := strings.TrimSpace(m[1 : len(m)-1])
			if strings.ContainsAny(inner, "|&;$<>=") || strings.Count(inner, " ") > 2 || strings.Contains(inner, " ") && (isCommandText(inner) || strings.Contains(inner, " -")) {
				if strings.ContainsAny(inner, "=({[;'\"") {
					return " " // code, not a name
				}
				// A command line: the words that name it stay, so that
				// "run `python cleanup.py status` to see the lints"
				// keeps what it runs.
				return " " + commandName(inner) + " "
			}
			return inner
		})
	}
	s = plainText(s)
	return joinFields(s)
}

// commandName is what a code span holding a command line names in a
// sentence: its leading words up to the first flag, operator, variable,
// quote or absolute path, at most four ("npx repomix -o out.txt ." is
// "npx repomix", "uv run serve --port 8000" is "uv run serve"); "" when
// it opens with one of those.
func commandName(command string) string {
	var out []string
	for _, w := range strings.Fields(command) {
		if len(out) == maxCommandWords || strings.HasPrefix(w, "-") || strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") {
			break
		}
		w = strings.TrimPrefix(w, "./")
		if !strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) ||
			strings.ContainsFunc(w, func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("._-/:@+", r)
			}) {
			break
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// maxCommandWords is the most words commandName keeps of a command.
const maxCommandWords = 4

// urlHost is the host a URL names ("https://www.example.com/docs" is
// "example.com"), without its port, between spaces: a sentence keeps the
// site it points at rather than a hole ("use the API from to fetch").
func urlHost(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	host, _, _ := strings.Cut(rest, "/")
	host, _, _ = strings.Cut(host, ":")
	host = strings.TrimPrefix(strings.ToLower(host), "www.")
	if !strings.Contains(host, ".") && host != "localhost" {
		return " "
	}
	return " " + host + " "
}

// commandLine matches text that is a shell command or its output rather
// than words: pipes and redirections, "&&", a prompt sign, flags.
var commandLine = regexp.MustCompile(`&&|\|\||\s\|\s|2>|>/dev/null|^\$ |^!|(^|\s)--?[a-z][a-z-]*(\s|=|$)|^(?:sudo|cd|ls|cat|grep|rg|find|git|npm|npx|pnpm|yarn|go|cargo|make|docker|kubectl|curl|wget|pip|python3?|node|bash|sh|mise|brew|apt|apt-get|rm|mv|cp|mkdir|chmod|echo|export|source)\s+\S`)

// isCommandText reports text that is a command line.
func isCommandText(s string) bool {
	t := strings.TrimSpace(s)
	if mayBeCommandLine(t) && commandLine.MatchString(t) {
		// "git" or "make" opening a request in words ("make the tests
		// pass") is not a command: a command has no plain words after.
		ws := strings.Fields(t)
		plain := 0
		for _, w := range ws[1:] {
			if isPlainWord(w) {
				plain++
			}
		}
		return plain*2 < len(ws) || strings.Contains(t, "&&") || strings.Contains(t, " | ") || strings.HasPrefix(t, "$ ")
	}
	return false
}

func isPlainWord(w string) bool {
	w = strings.Trim(w, ".,;:!?\"'()")
	if w == "" {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '\'' || r == '-') {
			return false
		}
	}
	return true
}

// columns reports a line laid out in columns, as a table a tool prints
// ("Tool         Total Time (s)  Per File (s)    Success"): two gaps of
// three spaces or more inside it. Typed prose has at most two spaces
// between words ("works.  Now the tray").
func columns(t string) bool {
	gaps := 0
	for i := 0; i+3 <= len(t) && gaps < 2; i++ {
		if t[i] == ' ' && t[i+1] == ' ' && t[i+2] == ' ' {
			gaps++
			for i < len(t) && t[i] == ' ' {
				i++
			}
		}
	}
	return gaps >= 2
}

// outputLine is a line a program printed: "error: …", "hint: …",
// "npm ERR! …", "[11:35:44.030] [API] …", "[OpenAI Codex] Attempt 1/3
// failed", a shell prompt ("user@host:~$ …", "PS C:\src> …"), a log
// line that opens with its time ("2025-01-03 10:22:02,456 WARNING …",
// "2024-05-01T10:00:05Z Please run …", "10:22:02 retrying").
var outputLine = regexp.MustCompile(`^(?:\d{4}-\d\d-\d\d[T ]\d\d?:\d\d|\d\d?:\d\d:\d\d\b|(?i:error|warning|warn|hint|fatal|note|info|debug|panic|caused by|traceback|exception)(?:\[[^\]]*\])?:\s|npm (?:ERR!|WARN)|\[[^\]\s][^\]]{0,40}\]\s|[\w.-]+@[\w.-]+:\S*[$#]\s|PS [A-Z]:\\)`)

// looksLikeOutput reports a line that is pasted output, not words: a log
// line, a stack frame, box-drawing, a path alone.
func looksLikeOutput(t string) bool {
	if containsAnyNonASCII(t, "│└├─•⨯✓✗➜❯") || strings.HasPrefix(t, "at ") || strings.HasPrefix(t, "    ") || outputLine.MatchString(t) {
		return true
	}
	if columns(t) {
		return true
	}
	letters, runes := 0, 0 // runes counted in the same pass, as utf8.RuneCountInString counts them
	for _, r := range t {
		runes++
		// Letters of any script: a line in Russian or Greek is words too.
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == ' ' || r >= 0x3040 || r >= 0x80 && unicode.IsLetter(r) {
			letters++
		}
	}
	return letters*3 < runes*2
}

// errorLines say what went wrong, most specific first: "error: …",
// "fatal: …", "failed to load configuration: …", "… not found"; then a
// bare "… failed".
var errorLines = []*regexp.Regexp{
	// A shell's own error line, the most specific: "./bench.sh: line
	// 155: printf: 3.2s: invalid number".
	regexp.MustCompile(`^\S+: line \d+: \S`),
	regexp.MustCompile(`(?i)(?:\berror\b\s*[:=]|\b[A-Z]\w*(?:Error|Exception):|\bfatal:|\bfailed to\b|\bnot found\b|\bcannot\b|\bexception\b)`),
	regexp.MustCompile(`(?i)\bfail(?:ed|s|ure)\b`),
}

// errorWords are words one of errorLines needs: a message without any
// of them holds no error line, and is not scanned line by line.
var errorWords = []string{"error", "exception", "fatal:", "fail", "not found", "cannot", ": line "}

// pastedErrorTask is the task of a message that is only pasted output
// with an error in it (a failed release log, a refused push): fixing that
// error, named by its most specific line and the command that failed
// ("fix `git push origin main` failing: No prek.toml … found"), or "".
func pastedErrorTask(prose string) string {
	prose = truncate(prose, maxRequestMessage)
	if !errorLineWords.in(prose) {
		return ""
	}
	lines := strings.Split(prose, "\n")
	command := ""
	for _, line := range lines {
		if t := strings.TrimSpace(line); shellPrompt(t) {
			command = promptCommand(t)
			break
		}
	}
	// A line without an error word matches none of errorLines: read
	// once, not once per pattern.
	errorLine := make([]bool, len(lines))
	for i, line := range lines {
		errorLine[i] = errorLineWords.in(line)
	}
	for k, re := range errorLines {
		for i := range lines {
			// A line without one of the pattern's own words does not
			// match it: most error lines hold "error", not "fail".
			if !errorLine[i] || !errorLinePatternWords[k].in(lines[i]) {
				continue
			}
			if re == errorLines[1] && retriedAttempt.MatchString(lines[i]) {
				// "Attempt 1/3 failed: … Original error: …": a try the
				// program repeats wraps the error below it, which is the
				// more specific; the bare "failed" pass still reads it.
				continue
			}
			if problem := errorAt(lines, i, re); problem != "" {
				if command != "" {
					return excerpt("fix `"+command+"` failing: "+problem, taskLength)
				}
				return excerpt("fix "+problem, taskLength)
			}
		}
	}
	return ""
}

// errorAt is the error line i says, without its level and the marks of a
// log, continued by the next line when it ends in a colon (the next line
// alone when it only introduces the error: introducesError); or "" when the
// line says no error of re's kind or names nothing ("exit code 1").
func errorAt(lines []string, i int, re *regexp.Regexp) string {
	t := strings.TrimSpace(lines[i])
	if shellPrompt(t) {
		return ""
	}
	t = strings.TrimSpace(strings.Trim(t, logMarks+" \t"))
	t = strings.TrimSpace(logTag.ReplaceAllString(t, ""))
	t = withFileNameOnly(t)
	if !re.MatchString(t) || personCannotWords.in(t) && !re.MatchString(personCannot.ReplaceAllString(t, "")) {
		// "if you cannot think of a shorter way": a person's inability,
		// the steward's own sentence, is no error a program printed.
		return ""
	}
	t = withoutErrorLevel(t)
	if len(strings.Fields(t)) < 3 || strings.Contains(strings.ToLower(t), "exit code") {
		return ""
	}
	if strings.HasSuffix(t, ":") && i+1 < len(lines) {
		next := i + 1
		if strings.HasPrefix(strings.TrimSpace(lines[next]), "```") && next+1 < len(lines) {
			next++ // "we get this error:" over a fenced block: its first line
		}
		said := strings.TrimSpace(strings.Trim(strings.TrimSpace(lines[next]), logMarks+" \t"))
		if introducesError(t) && len(strings.Fields(withoutErrorLevel(said))) >= 3 {
			return withoutErrorLevel(said)
		}
		t += " " + said
	}
	return t
}

// withoutErrorLevel is an error line without the level that opens it
// ("error: …", "fatal: …").
func withoutErrorLevel(t string) string {
	for _, p := range []string{"error:", "Error:", "ERROR:", "fatal:", "error="} {
		t = strings.TrimSpace(strings.TrimPrefix(t, p))
	}
	return t
}

// introducesError reports a line that only introduces the error below
// it: "For the code present, we get this error:", "I get the following
// errors:". The error is the line after it.
func introducesError(line string) bool {
	l := strings.ToLower(strings.TrimSuffix(line, ":"))
	for _, end := range []string{"this error", "these errors", "the following error", "the following errors",
		"this warning", "these warnings", "the following warning", "the following warnings"} {
		if strings.HasSuffix(l, end) {
			return true
		}
	}
	return false
}

// diagnosticLocation is where a compiler or linter line says its problem
// is: a file's path with the line and column after it ("src/app/mp.py:54:7:",
// "C:\src\Main.al(40,42):").
var diagnosticLocation = regexp.MustCompile(`^(?:[A-Za-z]:)?([^\s:()]*[\\/])?([^\s:()\\/]+\.[A-Za-z][A-Za-z0-9]*)(?:\(\d+(?:,\d+)*\)|(?::\d+)+):?\s+`)

// withFileNameOnly is a diagnostic line with its location cut to the
// file's name ("mp.py: N818 Exception name …"): the directories and the
// line and column numbers say where to look, not what is wrong, and a
// task that opens on "c:\Users\…" is no one's words.
func withFileNameOnly(line string) string {
	if strings.IndexByte(line, ':') < 0 && strings.IndexByte(line, '(') < 0 {
		return line
	}
	m := diagnosticLocation.FindStringSubmatchIndex(line)
	if m == nil || len(strings.Fields(line[m[1]:])) < 3 {
		return line
	}
	return line[m[4]:m[5]] + ": " + line[m[1]:]
}

// diagnosticTask is the task of a line a compiler or linter printed
// ("src/app/mp.py:54:7: N818 Exception name …"): fixing what it says, in
// the file it names; or "" for a line that is no diagnostic.
func diagnosticTask(line string) string {
	t := withFileNameOnly(strings.TrimSpace(line))
	if t == strings.TrimSpace(line) {
		return ""
	}
	return excerpt("fix "+t, taskLength)
}

// retriedAttempt is a line that reports one try of several failing
// ("Attempt 1/3 failed", "retrying in 2s").
var retriedAttempt = regexp.MustCompile(`(?i)\battempt\s+\d+\s*(?:/|of)\s*\d+\b|\bretrying\b`)

// personCannot is a person's "cannot" ("you cannot", "we cannot"): what
// someone is unable to do, not a program's error.
var personCannot = regexp.MustCompile(`(?i)\b(?:i|you|we|they)\s+cannot\b`)

// personCannotWords holds the word every match of personCannot holds: a
// line without it is the line personCannot leaves as it is.
var personCannotWords = newFoldWords("cannot")

// logTag is a log line's bracketed time or source: "[11:35:44.030]",
// "[OpenAI Codex]".
var logTag = regexp.MustCompile(`^(?:\[[^\]]{1,40}\]\s*)+`)

// promptCommand is the command typed at a shell prompt line.
func promptCommand(line string) string {
	for _, sep := range []string{") ✗ ", ") ", "$ ", "❯ ", "➜ ", "% ", "> "} {
		if i := strings.LastIndex(line, sep); i >= 0 {
			return strings.TrimSpace(line[i+len(sep):])
		}
	}
	return ""
}

// dropPreparatoryReads drops, from a message that asks for other work,
// the requests only to read a file it attaches ("Read current @TODO.md,
// update @CHANGELOG.md …", "Read @README.md that talks about …, then
// analyze the code"): reading it prepares the work the message asks for
// and is not a task of its own. Reading what something produced ("read
// the lint results") is work.
func dropPreparatoryReads(reqs []request) []request {
	if len(reqs) < 2 {
		return reqs
	}
	var out []request
	for _, r := range reqs {
		if !readsAttachedFile(r.text) {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return reqs
	}
	return out
}

// readsAttachedFile reports a request to read a file the message
// attaches or names by its path: "Read current @TODO.md", "read
// @README.md that talks about the backends".
func readsAttachedFile(text string) bool {
	words := strings.Fields(text)
	if len(words) < 2 || !strings.EqualFold(words[0], "read") {
		return false
	}
	obj := words[1]
	if len(words) > 2 && (strings.EqualFold(obj, "current") || strings.EqualFold(obj, "the")) {
		obj = words[2]
	}
	obj = strings.Trim(obj, ",;:.")
	return strings.HasPrefix(obj, "@") && len(obj) > 1 || isPathWord(obj)
}

// ownWish reports a clause whose request opener is the steward's own
// wish ("I want to …", "I'd like to …") for something the steward will
// do themselves, as the steward is named again in it ("my app", "I need
// to pull first"), and that adds nothing to what was asked ("also",
// "too", "as well"). After another request of its message, such a clause
// says what the work is for or how the steward came to ask ("Can you add
// a CSV export to the report? I'd like to share the numbers with my
// team"; "what happens to the branch if I want to commit, and I pull
// first?"), not work of its own; "I want to put the old buffer behind a
// flag" asks for more work.
func ownWish(clause string) bool {
	lower := strings.ToLower(cleanRequest(clause))
	i := openerAt(lower)
	if i < 0 {
		return false
	}
	head := lower[:i]
	if !strings.HasSuffix(head, "i want to ") && !strings.HasSuffix(head, "i'd like to ") && !strings.HasSuffix(head, "i would like to ") {
		return false
	}
	w := wordsOf(lower[i:])
	if !slices.ContainsFunc(w, func(x string) bool { return firstPersonWords[x] }) {
		return false
	}
	return !slices.Contains(w, "also") && !slices.Contains(w, "too") && !strings.Contains(lower[i:], "as well")
}

// firstPersonWords name the steward in the first person.
var firstPersonWords = set("i", "my", "me", "myself", "mine", "i'm", "i've", "i'll", "i'd")

// quotesBesideOwnWords reports a message with lines quoted ("> …", or a
// line wrapped in quotation marks) beside lines that are not: the quoted
// lines are someone else's words or what a program printed, the others
// the steward's. A message quoted throughout is the steward's own, as
// some tools write every prompt.
func quotesBesideOwnWords(prose string) bool {
	if strings.IndexByte(prose, '>') < 0 && strings.IndexByte(prose, '"') < 0 && !strings.Contains(prose, "“") {
		return false
	}
	quoted, own := false, false
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
		case t[0] == '>' || wrappedInQuotes(t):
			quoted = true
		default:
			own = true
		}
	}
	return quoted && own
}

// wrappedInQuotes reports a line that is one quotation from its first
// character to its last ("\"Please also update the runbook.\"" from a
// colleague's mail): someone else's words. A line that quotes names inside
// its own words ("\"foo\" should be \"bar\"") holds more marks.
func wrappedInQuotes(t string) bool {
	t = strings.TrimRight(t, ".,;!? ")
	switch {
	case len(t) > 2 && t[0] == '"' && t[len(t)-1] == '"':
		return strings.Count(t, `"`) == 2
	case strings.HasPrefix(t, "“") && strings.HasSuffix(t, "”"):
		return strings.Count(t, "“") == 1 && strings.Count(t, "”") == 1
	}
	return false
}

// shownWords end a line that introduces what the steward pastes under
// it: "and I see:", "this is what it printed:", "the log says:".
var shownWords = set("see", "saw", "get", "got", "says", "said", "shows", "showed", "printed", "prints", "output",
	"error", "errors", "warning", "warnings", "log", "logs", "message", "messages", "response", "reply", "result",
	"results", "returns", "returned")

// introducesShown reports a line ending in a colon whose last word says
// it shows what comes under it.
func introducesShown(t string) bool {
	body, ok := strings.CutSuffix(t, ":")
	if !ok {
		return false
	}
	ws := strings.Fields(strings.ToLower(body))
	return len(ws) > 0 && shownWords[strings.Trim(ws[len(ws)-1], "*_`")]
}
