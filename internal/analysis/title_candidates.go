package analysis

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Besides the sentences of the steward's prompts, a title may come from
// what the session itself wrote about its work: the assistant's diagnosis
// of a pasted log ("This is a GoReleaser configuration error"), and the
// subject of the commit or pull request that recorded the work ("docs:
// add npm provider epic spec").

// diagnosisSentences are the sentences that may title a prompt that is
// only a pasted log: the first sentences of the answer to it that say
// what the log shows, with the frame that introduces a diagnosis ("This
// is a", "It looks like") left out. None when no answer follows.
func diagnosisSentences(vs []view, i int) []titleSentence {
	for j := i + 1; j < len(vs); j++ {
		v := &vs[j]
		if v.steward() && v.text {
			return nil // the steward spoke again: no answer to the log
		}
		if !v.assistant() || !v.text {
			continue
		}
		var out []titleSentence
		for _, s := range titleSentences(answerProse(v)) {
			if looked := lookedAt(s.words); len(looked) > 0 {
				out = append(out, titleSentence{words: looked})
				if len(out) == maxDiagnosisSentences {
					break
				}
				continue
			}
			// An exporter's note of the tools the answer ran ("_[tools:
			// Read]_") says nothing of what it found.
			if len(s.words) == 0 || actionOpening(s.words) || reportOpening(s.words) || toolNote(s.words) {
				continue
			}
			s.words = dropDiagnosisFrame(s.words)
			out = append(out, s)
			if len(out) == maxDiagnosisSentences {
				break
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// toolNote reports the note an exporter writes of the tools an answer
// ran ("_[tools: Bash]_", "Tools: Read, Grep").
func toolNote(words []string) bool {
	return len(words) <= 4 && strings.HasPrefix(strings.TrimLeft(strings.ToLower(words[0]), "_[*"), "tools:")
}

// lookedAt is what an answer's opening says it looks at ("Looking at
// the benchmark script failure, I can see …"): the thing the log shows,
// named by the assistant in two words or more before the comma. Nil when
// the sentence opens otherwise.
func lookedAt(words []string) []string {
	if len(words) < 4 || bareWord(words[0]) != "looking" || bareWord(words[1]) != "at" {
		return nil
	}
	for k := 2; k < len(words) && k <= 8; k++ {
		if strings.HasSuffix(words[k], ",") {
			object := words[2 : k+1]
			if articles[bareWord(object[0])] || addressees[bareWord(object[0])] {
				object = object[1:]
			}
			// "Looking at the code," "looking at this," name nothing.
			if len(object) >= 2 && !unresolvedPronouns[bareWord(object[0])] && !demonstratives[bareWord(object[0])] {
				return object
			}
			return nil
		}
	}
	return nil
}

// maxDiagnosisSentences is how many sentences of an answer may title the
// log it answers: the first says what the log is, the next its details.
const maxDiagnosisSentences = 1

// actionOpenings open a sentence in which the assistant says what it does
// next, not what the log shows.
var actionOpenings = [][]string{{"let", "me"}, {"let's"}, {"i'll"}, {"i", "will"}, {"i'm", "going"}, {"i", "see"},
	{"now"}, {"first"}, {"ok"}, {"okay"}, {"sure"}, {"great"}, {"i", "need"}, {"looking"}, {"checking"}}

// reportOpenings open a sentence in which the assistant reports the
// change it made ("I've updated the config", "This should resolve the
// error"): what was done, not what the log shows.
var reportOpenings = [][]string{{"i've"}, {"we've"}, {"i", "have"}, {"we", "have"}, {"this", "should"},
	{"that", "should"}, {"this", "will"}, {"that", "will"}}

func reportOpening(words []string) bool {
	for _, a := range reportOpenings {
		if len(words) >= len(a) && openingMatches(words, a) {
			return true
		}
	}
	return false
}

func actionOpening(words []string) bool {
	for _, a := range actionOpenings {
		if len(words) >= len(a) && openingMatches(words, a) {
			return true
		}
	}
	return false
}

// diagnosisFrame words may precede the verb that introduces a diagnosis
// ("this is", "the issue is", "it looks like").
var diagnosisFrame = set("this", "it", "that", "the", "here", "issue", "problem", "error", "failure", "cause", "root")

// diagnosisVerbs introduce what a log shows.
var diagnosisVerbs = set("is", "are", "'s", "looks", "seems", "means", "indicates", "shows", "says")

// dropDiagnosisFrame removes an opening "This is a", "The issue is that",
// "It looks like" from a diagnosis: what follows names the subject.
func dropDiagnosisFrame(words []string) []string {
	for i := 0; i < len(words)-1 && i < 4; i++ {
		w := bareWord(words[i])
		if v, ok := strings.CutSuffix(w, "'s"); ok && diagnosisFrame[v] {
			return trimDiagnosisLink(words[i+1:])
		}
		if diagnosisVerbs[w] && i > 0 {
			return trimDiagnosisLink(words[i+1:])
		}
		if !diagnosisFrame[w] {
			return words
		}
	}
	return words
}

// trimDiagnosisLink drops the "like", "that" or "to be" after a
// diagnosis verb.
func trimDiagnosisLink(words []string) []string {
	for len(words) > 2 {
		switch bareWord(words[0]) {
		case "like", "that", "to", "be", "a", "an", "the":
			words = words[1:]
			continue
		}
		break
	}
	return words
}

// pastedLog reports a steward message that holds no sentence a title may
// be made of and is made of pasted output: lines of a tool's log.
func pastedLog(prose string) bool {
	pasted := 0
	for line := range strings.SplitSeq(prose, "\n") {
		if pastedLine(line) || outputMarkIndex(line) >= 0 {
			pasted++
		}
	}
	return pasted > 0
}

// unresolvedPronouns name something said before the sentence: a title
// made of "add it" does not say what it is.
var unresolvedPronouns = set("it", "them", "it's", "its", "they", "those")

// pronounPenalty multiplies the score of a title that holds such a
// pronoun.
const pronounPenalty = 0.6

func holdsPronoun(words []string) bool {
	for _, w := range words {
		if unresolvedPronouns[bareWord(w)] {
			return true
		}
	}
	return false
}

// commitMessage finds the message of a git commit or the title of a pull
// request in a command: `git commit -m "…"`, a here-document, or
// `gh pr create --title "…"`.
var (
	commitHeredoc = regexp.MustCompile(`git\s+commit\b[^|;]*?<<-?\s*['"]?(\w+)['"]?[^\n]*\n`)
	commitQuoted  = regexp.MustCompile(`(?s)git\s+commit\b[^"'|;&]*?(?:\s-[a-zA-Z]*m|--message)[\s=]*(?:"([^"$]+)"|'([^']+)')`)
	prTitle       = regexp.MustCompile(`(?s)gh\s+pr\s+create\b.*?--title\s*(?:"([^"$]+)"|'([^']+)')`)
	// A conventional commit's type and scope: "docs(specs): ", "fix!: ".
	commitType = regexp.MustCompile(`^[a-z]+(?:\([^)]*\))?!?:\s+`)
)

// commitSubject is the first line of the message of a commit or pull
// request the session made, without its conventional type: "", when the
// session made none.
func commitSubject(vs []view) string {
	for i := range vs {
		for _, c := range vs[i].calls {
			cmd := c.in.Command
			if !strings.Contains(cmd, "git") && !strings.Contains(cmd, "gh ") {
				continue
			}
			var msg string
			if m := commitHeredoc.FindStringSubmatchIndex(cmd); m != nil {
				// The here-document runs to the line that is its delimiter.
				body, delim := cmd[m[1]:], cmd[m[2]:m[3]]
				for line := range strings.SplitSeq(body, "\n") {
					if strings.TrimSpace(line) == delim {
						break
					}
					msg += line + "\n"
				}
			} else if m := commitQuoted.FindStringSubmatch(cmd); m != nil {
				msg = m[1] + m[2]
			} else if m := prTitle.FindStringSubmatch(cmd); m != nil {
				msg = m[1] + m[2]
			}
			subject, _, _ := strings.Cut(strings.TrimSpace(msg), "\n")
			subject = commitType.ReplaceAllString(strings.TrimSpace(subject), "")
			if t := Title(subject); t != "" {
				return t
			}
		}
	}
	return ""
}

// namesHeaviest puts the sentence's heaviest term before a title that
// leaves it out ("If we rewind, we need to know which agent caused the
// checkpoint" → "Rewind: agent caused checkpoint"): the term the session
// spends most on is its subject. The title is returned as it was when
// every term it names weighs as much, or when no room is left.
func namesHeaviest(title []string, sentence []string, weights map[string]float64) []string {
	if len(title) >= maxTitleWords {
		return title
	}
	in := map[string]bool{}
	most := 0.0
	for _, w := range title {
		k := bareWord(w)
		in[k] = true
		most = max(most, weightOf(w, weights))
	}
	heavy, hw := "", most*titleHeavierBy
	for _, w := range sentence {
		k := bareWord(w)
		if in[k] || !salient(k) || utf8.RuneCountInString(k) < 4 {
			continue
		}
		if x := weights[termKey(k)]; x > hw {
			heavy, hw = strings.Trim(w, ".,;:!?\"'()"), x
		}
	}
	if heavy == "" {
		return title
	}
	return append([]string{heavy + ":"}, title...)
}

// titleHeavierBy is how many times more the left-out term must weigh
// than each the title names to be put before it.
const titleHeavierBy = 1.15

// cjkObjectTitle joins a clause that names what to look at ("X を見て")
// with the noun the next clause asks about ("改善点を考察して") into
// "X の 改善点": the request's noun alone does not say what it is of.
func cjkObjectTitle(first, next string) string {
	obj := ""
	for _, suffix := range cjkLookSuffixes {
		if o, ok := strings.CutSuffix(first, suffix); ok {
			obj = strings.TrimSpace(o)
			break
		}
	}
	if obj == "" {
		return ""
	}
	noun := next
	for _, p := range []string{"を", "について", "が", "は"} {
		if i := strings.Index(next, p); i > 0 {
			noun = next[:i]
			break
		}
	}
	if noun == next || utf8.RuneCountInString(noun) < 2 {
		return ""
	}
	t := obj + " の " + noun
	if utf8.RuneCountInString(t) > maxTitleRunes {
		return ""
	}
	return t
}

// cjkLookSuffixes end a clause that names the thing a request is about:
// look at, read, check, about.
var cjkLookSuffixes = []string{"を見て", "をみて", "を読んで", "を確認して", "を参照して", "を参考に", "について", "に関して"}

// weakTitleScore is the score under which the prompts' best title says
// too little of the session (fewer than two of its terms).
const weakTitleScore = 3.0

// answerTitle is the title the first answer to a steward's prompt gives
// the session, and its score: the heading of the answer ("# Secrets
// exposed in the last commit") that names most of the session.
func answerTitle(vs []view, weights map[string]float64) (string, float64) {
	for i := range vs {
		v := &vs[i]
		if !titlePrompt(v) {
			continue
		}
		for j := i + 1; j < len(vs); j++ {
			a := &vs[j]
			if a.steward() && a.text {
				break
			}
			if !a.assistant() || !a.text {
				continue
			}
			prose := answerProse(a)
			if firstHeadingOfList(prose) {
				return "", 0
			}
			best, bestScore := "", 0.0
			for _, s := range titleSentences(prose) {
				if t, score := s.best(weights); s.heading && t != "" && score > bestScore {
					best, bestScore = t, score
				}
			}
			if best != "" {
				return best, bestScore
			}
			break
		}
		return "", 0
	}
	return "", 0
}

// firstHeadingOfList reports an answer whose first Markdown heading is
// followed, before any heading under it, by another of its level: the
// first of a run of sections side by side ("### Critical: the feed stops
// early", "### API: wrong cursor", …), which names one of the things the
// answer reports, not what the answer is about. A heading with headings
// under it, or alone, heads the answer.
func firstHeadingOfList(prose string) bool {
	first := 0
	fenced := false
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			fenced = !fenced
			continue
		}
		level := headingLevel(t)
		if fenced || level == 0 || level > 6 || len(t) == level || t[level] != ' ' {
			continue
		}
		if first == 0 {
			first = level
			continue
		}
		return level == first
	}
	return false
}

// pastedInFence reports a prompt that introduces a fenced block with a
// line ending in a colon ("For the code present, we get this error:"
// then the error in a code fence): what was pasted is the subject, and
// the answer's diagnosis says what it is, as for a log pasted bare.
func pastedInFence(content string) bool {
	prev := ""
	for line := range strings.SplitSeq(content, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			return strings.HasSuffix(prev, ":")
		}
		if t != "" {
			prev = t
		}
	}
	return false
}

// fencedError is the first line of the first code fence of content that
// reports an error ("Parsing error: ESLint was configured to run on …",
// "TypeError: x is undefined"), as the error's kind and message: "" when
// the fence reports none.
func fencedError(content string) string {
	in := false
	for line := range strings.SplitSeq(content, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") {
			if in {
				return ""
			}
			in = true
			continue
		}
		if in && strings.Contains(t, "rror:") {
			if m := fencedErrorLine.FindStringSubmatch(t); m != nil {
				return m[0]
			}
		}
	}
	return ""
}

// fencedErrorLine is a line that reports an error: logError's, or one
// whose kind is named before the word ("Parsing error: …", "Syntax
// error: …").
var fencedErrorLine = regexp.MustCompile(`^(?:[A-Z]\w*(?:Error|Exception)|[A-Z][a-z]+ error|[Ee]rror|ERROR)(?:\[[\w-]+\])?:\s+\S.*$`)

// answerProse is the prose of an assistant's message without the lines
// that record its tool calls: the tools' names, and the lines an exporter
// wrote for them ("Read file: src/app.py", "Tool use: **grep**").
func answerProse(v *view) string {
	p := withoutToolLines(v.prose, v.calls)
	if exportedTools(p) {
		p = withoutExportedToolLines(p)
	}
	return p
}

// exportedTools reports prose that may hold an exporter's lines for tool
// calls (exportedToolLine): a cheap test before reading every line.
func exportedTools(prose string) bool {
	for _, mark := range []string{"Tool use:", "Read file:", "Edit file:", "Listed ", "Searched ", "Grep search", "Parameters:", "Status: **"} {
		if strings.Contains(prose, mark) {
			return true
		}
	}
	return false
}
