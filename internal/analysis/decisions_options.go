package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// An assistant offers options and the steward picks one. The options come
// in many shapes ("Option C — …", "1. **Rebase** - …", "**2. Merge**",
// "### 3. Squash", "A) …", "**B.** …") and so do the picks ("2", "option
// 2", "let's do 2", "go with B", "the second one", "I prefer the latter").

var (
	// An offered option: "Option C — Thank you footer", "**Option 2:** …",
	// "### Option A: …", "**Option B**: …" (the bold closed before the
	// colon).
	optionHead = regexp.MustCompile(`(?im)^[\s#>*_-]*(?:option|approach|choice|variant)\s+([a-e1-6])(?:\*\*|__)?\s*[:—–\-.)]*\s*(.*)$`)
	// An item of a numbered or lettered list, plain, bold or a heading:
	// "1. Rebase", "2) Merge", "**3. Squash**", "### 4. Rebase", "A) …",
	// "**B.** …", "(c) …".
	listHead = regexp.MustCompile(`^\s*(?:#{1,4}\s*)?(?:\*\*|__)?\(?([1-9]|[A-Ea-e])[.):](?:\*\*|__)?\s+(.+)$`)
	// "option C", "option 2", "approach B", "#2": the steward's pick.
	optionPick = regexp.MustCompile(`(?i)(?:\b(?:option|approach|choice|variant|number|alternative)\s+|#)([a-e1-6])\b`)
	// What sets one option's key against the next: "option 2 over option
	// 1", "#3, not #1".
	keyOverKey = regexp.MustCompile(`(?i)\b(?:over|rather than|instead of|not|than|vs\.?|versus)\b`)
	// "go with 2", "let's do B", "I prefer 3": a number, or a capital
	// letter (not "go with a queue").
	goWithPick = regexp.MustCompile(`(?i:\b(?:go with|going with|go for|pick|choose|take|prefer|do|try|vote for))\s+(?:(?i:number)\s+)?([A-E1-6])\b`)
	// "the second one", "the first approach".
	ordinalPick = regexp.MustCompile(`(?i)\b(?:the\s+)?(first|second|third|fourth|last|latter|former)\s+(?:one|option|approach|choice|way|path|variant)\b`)
	// A short reply that is an ordinal alone: "the second", "I prefer the
	// latter", "let's go with the first please".
	ordinalReply = regexp.MustCompile(`(?i)^\s*(?:(?:i(?:'d)?\s+)?(?:prefer|like|want|choose|pick|take|go with|go for)\s+|let'?s\s+(?:go with|do|take)\s+)?the\s+(first|second|third|fourth|last|latter|former)(?:\s+(?:one|option|approach|choice))?\s*(?:please|pls)?\s*[.!]?\s*$`)
	// A reply that is only a pick: "2", "#2", "B.", "2 please", "1, since …",
	// "1 - keep it simple".
	barePick = regexp.MustCompile(`^\s*#?([1-6]|[A-E])(?:\s*[.!)]?\s*$|\s*[,:;]\s|\s+(?:please|pls|because|since|sounds|is|looks|seems|it is)\b|\s+[-—–]\s)`)
	// A one-line reply led by an option's key as a list writes it, the
	// reason after it: "B. it is more robust", "2) the simpler one", "b)",
	// and a small letter alone ("b"): a small "a" that opens a sentence
	// ("a quick fix") is no key.
	keyedPick = regexp.MustCompile(`^\s*\(?([1-6]|[A-Ea-e])(?:[.)]\s+\S|\s*[.!)]?\s*$|[,:;]\s|\s+[-—–]\s|\s+(?:please|pls)\b)`)
	// An offer that asks the steward to choose.
	choosePrompt = regexp.MustCompile(`(?i)\b(?:which (?:one|option|approach|would you|do you|of these|should|way|path|is)|what would you prefer|would you prefer|do you prefer|your preference|which do you|let me know (?:which|how|what|if you'd prefer)|pick one|choose one|should i go with|how would you like to|how do you want to|what do you think|which would you like|your call|or would you)`)
)

// option is one option offered: its key ("2", "b") and its text.
type option struct{ key, text string }

// offeredOptions are the options an assistant message offers the steward
// to choose from: its "Option X" heads, or the last numbered or lettered
// list in a message that asks the steward to choose. A list of questions
// or of more than six items offers no choice.
func offeredOptions(prose string) []option {
	var out []option
	seen := map[string]bool{}
	if optionHeadWords.in(prose) {
		for _, m := range optionHead.FindAllStringSubmatch(prose, -1) {
			// "**Option 1** is a 2-minute fix": a later line that weighs
			// an option offered above, not another option.
			if key := strings.ToLower(m[1]); !seen[key] {
				seen[key] = true
				out = append(out, option{key, optionText(m[2])})
			}
		}
	}
	if len(out) >= 2 {
		return out
	}
	asks := asksToChoose(prose)
	if !asks && (!endsLineWithColon(prose) || !optionsIntroWords.in(prose)) {
		return nil
	}
	var intro string
	out, intro = lastListWithIntro(prose)
	// "I see two options:", "Possible approaches:": the list is put as
	// options to choose from, asked or not.
	if !asks && !optionsIntro.MatchString(plainText(intro)) {
		return nil
	}
	if len(out) < 2 {
		out = boldBullets(prose)
	}
	if len(out) < 2 || len(out) > 6 {
		return nil
	}
	questions := 0
	for _, o := range out {
		if strings.HasSuffix(strings.TrimSpace(o.text), "?") {
			questions++
		}
	}
	if 2*questions > len(out) {
		return nil // "1. What is your goal? 2. Which platform?": questions asked, not options
	}
	return out
}

// boldBullet is a bulleted item that opens with its name in bold: "-
// **SQLite file** — one file, no server".
var boldBullet = regexp.MustCompile(`^\s*[-*•]\s+(?:\*\*|__)([^*_]{2,60})(?:\*\*|__)`)

// boldBullets are the options of the last run of bulleted items that
// each open with a name in bold, keyed by their place ("1", "2", …) so
// that a pick by place or by name finds them; a run broken by another
// line of prose ends.
func boldBullets(prose string) []option {
	var out []option
	run := false
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		m := boldBullet.FindStringSubmatch(line)
		if m == nil {
			// An indented line under an item belongs to it.
			if run && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) {
				continue
			}
			run = false
			continue
		}
		if !run {
			out = nil
			run = true
		}
		out = append(out, option{string(rune('1' + len(out))), optionText(strings.TrimSpace(m[1]))})
	}
	return out
}

// lastList is the last run of list items in prose keyed in order from 1
// or from A: the options a closing question offers, not a summary's
// items above them.
func lastList(prose string) []option {
	out, _ := lastListWithIntro(prose)
	return out
}

// optionsIntro is a line that puts the list below it as options: "I see
// two options:", "**Possible approaches:**", "There are a few ways to do
// this:".
var optionsIntro = regexp.MustCompile(`(?i)^.{0,60}\b(?:options|approaches|alternatives|choices|(?:two|three|a few|several|some) ways)\b.{0,60}:[*_\s]*$`)

// endsLineWithColon reports whether a line of prose ends with a colon,
// emphasis aside ("Options:", "**Possible approaches:**"), as an
// optionsIntro line does: a look for the colon is cheaper than one for
// the intro's words.
func endsLineWithColon(prose string) bool {
	for rest := prose; ; {
		i := strings.IndexByte(rest, ':')
		if i < 0 {
			return false
		}
		rest = strings.TrimLeft(rest[i+1:], "*_ \t\r")
		if rest == "" || rest[0] == '\n' {
			return true
		}
	}
}

// lastListWithIntro is lastList(prose) and the line of prose before
// the list's first item ("" for none).
func lastListWithIntro(prose string) ([]option, string) {
	var out []option
	fence := false
	intro, before := "", ""
	for line := range strings.SplitSeq(prose, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fence = !fence
			continue
		}
		m := listHead.FindStringSubmatch(line)
		if fence || m == nil {
			if t := strings.TrimSpace(line); t != "" && !fence {
				before = t
			}
			continue
		}
		key := strings.ToLower(m[1])
		if key == "1" || key == "a" {
			out = nil
			intro = before
		} else if len(out) == 0 || key[0] != out[len(out)-1].key[0]+1 {
			continue // not the next item of the run ("3." after "1.")
		}
		text := strings.TrimSuffix(strings.TrimSpace(m[2]), ", or")
		// "**2. Merge main in** - keeps …": the bold closes after the name.
		if strings.HasPrefix(strings.TrimSpace(line), "**") || strings.HasPrefix(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#")), "**") {
			if name, _, ok := strings.Cut(text, "**"); ok && strings.TrimSpace(name) != "" {
				text = name
			}
		}
		out = append(out, option{key, optionText(text)})
	}
	return out, intro
}

// asksToChoose reports whether an assistant message asks the steward to
// choose among what it lists.
func asksToChoose(prose string) bool {
	return lineMatch(choosePrompt, prose, chooseFoldWords)
}

// chooseWords are words one of which every match of choosePrompt holds,
// lower-cased: looking for them first (lineMatch) spares most messages the
// pattern's scan, which was most of the CPU of reading a session's
// decisions.
var chooseWords = []string{"which", "prefer", "let me know", "pick one", "choose one", "should i go with",
	"how would you like to", "how do you want to", "what do you think", "your call", "or would you"}

// pickedKey is the key of the option a steward's reply picks, "" for
// none: by its key ("2", "option B", "go with 2"), or by its place ("the
// second one", "the latter").
func pickedKey(reply string, options []option) string {
	if m := barePick.FindStringSubmatch(reply); m != nil {
		return strings.ToLower(m[1])
	}
	// One line only: "1. Rebase\n2. Merge" written back is a list of
	// the steward's own, not a pick.
	if !strings.Contains(strings.TrimSpace(reply), "\n") {
		if m := keyedPick.FindStringSubmatch(reply); m != nil {
			return strings.ToLower(m[1])
		}
	}
	// "#3 and #1 both look fragile": a reply that names two options by
	// their keys picks neither, unless it sets the first against the
	// other ("option 2 rather than option 1").
	if ms := optionPick.FindAllStringSubmatchIndex(reply, -1); ms != nil {
		key := strings.ToLower(reply[ms[0][2]:ms[0][3]])
		for _, m := range ms[1:] {
			if strings.ToLower(reply[m[2]:m[3]]) != key && !keyOverKey.MatchString(reply[ms[0][1]:m[0]]) {
				return ""
			}
		}
		return key
	}
	if m := goWithPick.FindStringSubmatch(reply); m != nil {
		return strings.ToLower(m[1])
	}
	place := ""
	if m := ordinalPick.FindStringSubmatch(reply); m != nil {
		place = strings.ToLower(m[1])
	} else if m := ordinalReply.FindStringSubmatch(reply); m != nil {
		place = strings.ToLower(m[1])
	}
	switch place {
	case "first", "former":
		return options[0].key
	case "second":
		return options[1].key
	case "third", "fourth":
		if k := map[string]int{"third": 2, "fourth": 3}[place]; k < len(options) {
			return options[k].key
		}
		return ""
	case "last", "latter":
		return options[len(options)-1].key
	}
	return ""
}

// pickedOption reads the steward's pick of an option the assistant
// message offer listed: the option's text, the others as the
// alternatives, the reply's "because …" as the reason.
func pickedOption(offer *view, reply string) (baton.Decision, bool) {
	if len(reply) > 600 {
		return baton.Decision{}, false // a long reply is more than a pick
	}
	if refusal.MatchString(reply) {
		return baton.Decision{}, false // "No, sorry. Proceed.": not the pick it names
	}
	options := offeredOptions(offer.prose)
	if len(options) < 2 {
		return baton.Decision{}, false
	}
	key := pickedKey(reply, options)
	// "2" for "B)": the second of lettered options, and "b" for "2.".
	if len(key) == 1 && key[0] >= '1' && key[0] <= '9' && options[0].key == "a" {
		key = string(rune('a' + key[0] - '1'))
	} else if len(key) == 1 && key[0] >= 'a' && key[0] <= 'e' && options[0].key == "1" {
		key = string(rune('1' + key[0] - 'a'))
	}
	if key == "" {
		key = namedOption(reply, options)
	}
	if key == "" {
		return baton.Decision{}, false
	}
	var d baton.Decision
	for _, o := range options {
		if o.key == key && d.Decision == "" {
			d.Decision = o.text
		} else if o.text != "" {
			d.Alternatives = append(d.Alternatives, excerpt(o.text, decisionLength))
		}
	}
	if d.Decision == "" {
		return baton.Decision{}, false
	}
	d.Decision = excerpt(d.Decision, decisionLength)
	d.Rationale = excerpt(reasonIn(reply), decisionLength)
	return d, true
}

// pickCue opens a reply that picks: "I'd go with the hybrid", "let's do
// the footer", "I prefer the script".
var pickCue = regexp.MustCompile(`(?i)^\s*(?:ok(?:ay)?,?\s+|yes,?\s+|hmm,?\s+)?(?:i(?:'d| would)?\s+(?:go with|go for|prefer|pick|choose|take|like)|let'?s\s+(?:go with|go for|do|use|take|try)|go with|go for|prefer|use)\b`)

// maxNamedPickWords bounds a reply that names an option by its words
// without a pick cue: a longer one says more than a pick.
const maxNamedPickWords = 6

// namedOption is the key of the one option a short reply names by its
// words ("I'd go with the hybrid", "the install script"), "" when it
// names none or more than one.
func namedOption(reply string, options []option) string {
	words := wordsOf(lowerText(reply))
	if len(words) > 40 || strings.Contains(reply, "?") || !pickCue.MatchString(reply) && len(words) > maxNamedPickWords {
		return ""
	}
	in := map[string]bool{}
	for _, w := range words {
		in[w] = true
	}
	key := ""
	for _, o := range options {
		ow := contentWords(o.text)
		n := 0
		for _, w := range ow {
			if in[w] {
				n++
			}
		}
		if n == 0 || n < 2 && 2*n < len(ow) {
			continue
		}
		if key != "" {
			return "" // the reply's words name two options
		}
		key = o.key
	}
	return key
}
