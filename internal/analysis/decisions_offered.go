package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// An assistant offers alternatives in a shape pickedOption does not read
// — a bulleted list of approaches under "which would you prefer?",
// "Option One / Option Two", "Either X, or Y", "Would you prefer X or
// Y?", a question in another language — or the steward picks in a way it
// does not read: "yes, 2", "the 2nd one", "第二个", "2번", "opcja 2",
// "вариант 2", or by naming one option's words. The decision is the
// option picked, in the option's own words; the others are its
// alternatives.

// maxOfferedPickReply bounds a reply read as a pick: a longer one says
// more than which option it takes.
const maxOfferedPickReply = 240

var (
	// A bulleted item: "- **Rebase onto main** — keeps history linear".
	bulletHead = regexp.MustCompile(`^\s*[-*•+]\s+(.+)$`)
	// An option head keyed by a spelled-out number: "**Option One:** …",
	// "### Approach two — …".
	spelledOptionHead = regexp.MustCompile(`(?im)^[\s#>*_-]*(?:option|approach|choice|variant|plan|path)\s+(one|two|three|four)\b\s*(?:\*\*|__)?\s*[:—–\-.)]*\s*(?:\*\*|__)?\s*(.*)$`)
	// A question that asks the steward to choose in a language other
	// than English, or in English with words choosePrompt does not hold:
	// "你想选哪个？", "どちらがいいですか", "어느 쪽", "który wolisz",
	// "qual você prefere", "какой вариант", "cuál prefieres".
	chooseAbroad = regexp.MustCompile(`(?i)(?:哪个|哪種|哪种|哪一|选哪|どちら|どれ|어느|어떤 (?:방법|옵션)|któr[ayąeę]|wybierz|qual (?:você|prefere|opção)|cuál|какой|какую|выбер|either\b|or should i\b|or do you want\b|or would you like\b)`)
	// A question that asks for a choice in so many words: "which …",
	// "would you prefer …", "pick one".
	chooseStrong = regexp.MustCompile(`(?i)\b(?:which|prefer|rather|pick|choose)\b`)
	// "Either cache the results, or recompute them": the two courses.
	eitherCourses = regexp.MustCompile(`(?i)\beither[:,]?\s+(.+?)[,;]?\s+or\s+(.+?)(?:[.?!]|$)`)
	// "Would you prefer X or Y?", "Should I X or Y?", "Do you want me to
	// X or Y?": the two courses of a closing question.
	preferCourses = regexp.MustCompile(`(?i)\b(?:would you (?:prefer|rather|like (?:me )?to)|do you (?:prefer|want (?:me )?to)|should (?:i|we))\s+(.+?),?\s+or\s+(?:should (?:i|we)\s+|would you\s+)?(.+?)\s*\?`)
	// "yes, 2", "ok B", "sure — option 2": an assent followed by a key.
	assentKey = regexp.MustCompile(`(?i)^\s*(?:yes|yeah|yep|ok(?:ay)?|sure|sounds good|great)[,.!:;—–\- ]+\s*(?:option\s+|#)?([1-6]|[A-E])\b(?:\s*[.!)]?\s*$|\s*[,:;]|\s+(?:please|pls|because|since|then|is|looks|sounds)\b)`)
	// "the 2nd one", "2nd option".
	numberedOrdinal = regexp.MustCompile(`(?i)\b([1-6])(?:st|nd|rd|th)\s+(?:one|option|approach|choice|way|variant)\b`)
	// "option two", "approach three".
	spelledPick = regexp.MustCompile(`(?i)\b(?:option|approach|choice|variant|plan|number)\s+(one|two|three|four)\b`)
	// An option picked by its number or place in another language:
	// "选2", "第二个", "方案二", "2番", "2つ目", "2번", "두 번째",
	// "opcja 2", "druga", "opção 2", "a segunda", "opción 2", "вариант 2",
	// "второй".
	abroadPick = regexp.MustCompile(`(?i)(?:(?:选|選|方案|选项|選項|第)\s*([1-6一二三四])|([1-6一二三四])\s*(?:号|號|番目?|つ目|個目|번째?|번으로)|(?:opcj[aęi]|wariant|opção|opcao|opción|opcion|вариант)\s*(?:nr\.?\s*|número\s*)?([1-6])|(?:^|\s)(pierwsz[aey]|drug[aiey]|trzeci[aey]?|primeir[ao]|segund[ao]|terceir[ao]|primer[ao]?|tercer[ao]?|первы[йе]|перв[ую]ю|втор[оу]?[йюе]|треть[ия]|첫\s*번째|두\s*번째|세\s*번째))`)
)

// spelledKeys are the keys of spelled-out numbers and of the ordinals
// abroadPick reads, as option keys.
var spelledKeys = map[string]string{
	"one": "1", "two": "2", "three": "3", "four": "4",
	"一": "1", "二": "2", "三": "3", "四": "4",
}

// abroadOrdinalKey is the option key of an ordinal word abroadPick read:
// "druga" → "2", "첫 번째" → "1".
func abroadOrdinalKey(w string) string {
	w = strings.ToLower(strings.Join(strings.Fields(w), " "))
	switch {
	case strings.HasPrefix(w, "pierwsz"), strings.HasPrefix(w, "primeir"), strings.HasPrefix(w, "primer"), strings.HasPrefix(w, "перв"), w == "첫 번째":
		return "1"
	case strings.HasPrefix(w, "drug"), strings.HasPrefix(w, "segund"), strings.HasPrefix(w, "втор"), w == "두 번째":
		return "2"
	case strings.HasPrefix(w, "trzeci"), strings.HasPrefix(w, "terceir"), strings.HasPrefix(w, "tercer"), strings.HasPrefix(w, "трет"), w == "세 번째":
		return "3"
	}
	return ""
}

// offeredPick reads the steward's short reply as a pick of one of the
// alternatives the assistant's offer holds, in the shapes pickedOption
// does not read. Cheap checks first: most replies are long or follow an
// offer with no list and no "or".
func offeredPick(offer *view, reply string) (baton.Decision, bool) {
	if len(reply) > maxOfferedPickReply || strings.Contains(reply, "?") || refusal.MatchString(reply) {
		return baton.Decision{}, false
	}
	if !asksBack(offer.prose) {
		return baton.Decision{}, false
	}
	options := offeredAlternatives(offer)
	if len(options) < 2 {
		return baton.Decision{}, false
	}
	key := offeredPickKey(reply, options)
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
	d.Decision = excerpt(strings.TrimRight(d.Decision, "?"), decisionLength)
	d.Rationale = excerpt(reasonIn(reply), decisionLength)
	return d, true
}

// offeredAlternatives are the alternatives an assistant message offers:
// what offeredOptions reads; else "Option One / Two" heads; else, in a
// message that asks to choose, its last run of numbered or bulleted
// items; else the two courses of "either X or Y" or of a closing "would
// you prefer X or Y?".
func offeredAlternatives(offer *view) []option {
	prose := offer.prose
	if out := offeredOptions(prose); len(out) >= 2 {
		return out
	}
	if out := spelledOptions(prose); len(out) >= 2 {
		return out
	}
	tail := closingText(prose)
	if abroad := chooseAbroad.MatchString(tail); abroad || asksToChoose(tail) {
		out := lastList(prose)
		// Bullets are most answers' shape: they offer a choice only under
		// a question that asks for one ("which …", "would you prefer …"),
		// not under "what do you think?" after a report of changes.
		if len(out) < 2 && (abroad || chooseStrong.MatchString(tail)) {
			out = lastBullets(prose)
		}
		if len(out) >= 2 && len(out) <= 6 && !mostlyQuestions(out) {
			return out
		}
	}
	for _, re := range []*regexp.Regexp{eitherCourses, preferCourses} {
		if m := re.FindStringSubmatch(plainText(tail)); m != nil && choiceClause(m[1]) && choiceClause(m[2]) {
			return []option{{"1", optionText(m[1])}, {"2", optionText(m[2])}}
		}
	}
	return nil
}

// asksBack reports whether the close of an offer asks the steward
// something ("…?", "either …", "let me know …", "your call"): an offer of
// alternatives ends by asking for a pick. A cheap check that spares most
// messages the search for options.
func asksBack(prose string) bool {
	tail := closingText(prose)
	if strings.ContainsAny(tail, "?？") {
		return true
	}
	lower := strings.ToLower(tail)
	return strings.Contains(lower, "either") || strings.Contains(lower, "let me know") || strings.Contains(lower, "your call")
}

// closingText is the last few lines of an offer, where its question to
// the steward stands: a question far above the list is about something
// else.
func closingText(prose string) string {
	const closing = 600
	if len(prose) <= closing {
		return prose
	}
	i := len(prose) - closing
	if nl := strings.IndexByte(prose[i:], '\n'); nl >= 0 {
		i += nl + 1
	}
	return prose[i:]
}

// spelledOptions are the options of "Option One: …" heads.
func spelledOptions(prose string) []option {
	if !holdsAnyWord(prose, optionHeadWords) && !strings.Contains(strings.ToLower(prose), "plan ") && !strings.Contains(strings.ToLower(prose), "path ") {
		return nil
	}
	var out []option
	seen := map[string]bool{}
	for _, m := range spelledOptionHead.FindAllStringSubmatch(prose, -1) {
		if key := spelledKeys[strings.ToLower(m[1])]; !seen[key] && strings.TrimSpace(m[2]) != "" {
			seen[key] = true
			out = append(out, option{key, optionText(m[2])})
		}
	}
	return out
}

// lastBullets is the last run of bulleted items at one indent outside
// code fences, keyed 1, 2, … by place: the courses a closing question
// offers.
func lastBullets(prose string) []option {
	var out []option
	fence, indent, inRun := false, -1, false
	for line := range strings.SplitSeq(prose, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		m := bulletHead.FindStringSubmatch(line)
		if m == nil {
			// A wrapped or indented line continues the run; a blank line
			// does not end it; other text does.
			if t := strings.TrimSpace(line); t != "" && len(line)-len(strings.TrimLeft(line, " \t")) <= max(indent, 0) {
				inRun = false
			}
			continue
		}
		at := len(line) - len(strings.TrimLeft(line, " \t"))
		if !inRun {
			out, indent, inRun = nil, at, true
		}
		if at != indent {
			continue // a sub-item: a detail of the item above
		}
		text := m[1]
		out = append(out, option{string(rune('1' + len(out)%9)), optionText(text)})
	}
	return out
}

// mostlyQuestions reports whether most options end in "?": questions
// asked, not courses offered.
func mostlyQuestions(options []option) bool {
	questions := 0
	for _, o := range options {
		if strings.HasSuffix(strings.TrimSpace(o.text), "?") {
			questions++
		}
	}
	return 2*questions > len(options)
}

// offeredPickKey is the key of the option a reply picks: by pickedKey's
// shapes, then "yes, 2", "the 2nd one", "option two", an ordinal or
// number in another language, or the words of exactly one option.
func offeredPickKey(reply string, options []option) string {
	key := pickedKey(reply, options)
	if key == "" {
		if m := assentKey.FindStringSubmatch(reply); m != nil {
			key = strings.ToLower(m[1])
		} else if m := numberedOrdinal.FindStringSubmatch(reply); m != nil {
			key = m[1]
		} else if m := spelledPick.FindStringSubmatch(reply); m != nil {
			key = spelledKeys[strings.ToLower(m[1])]
		} else if m := abroadPick.FindStringSubmatch(reply); m != nil {
			for _, g := range m[1:4] {
				if g != "" {
					key = g
					if k, ok := spelledKeys[g]; ok {
						key = k
					}
				}
			}
			if m[4] != "" {
				key = abroadOrdinalKey(m[4])
			}
		}
	}
	// "2" for "B)": the second of lettered options, and "b" for "2.".
	if len(key) == 1 && key[0] >= '1' && key[0] <= '9' && options[0].key == "a" {
		key = string(rune('a' + key[0] - '1'))
	} else if len(key) == 1 && key[0] >= 'a' && key[0] <= 'e' && options[0].key == "1" {
		key = string(rune('1' + key[0] - 'a'))
	}
	if key == "" {
		key = namedOption(reply, options)
	}
	return key
}
