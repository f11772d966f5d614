package analysis

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Limits that keep analysis cheap on huge messages (a pasted log, a whole
// file): sentiment reads the first maxSentimentText bytes of prose, the
// other per-message analyses the first maxScanText bytes.
const (
	maxSentimentText = 2000
	maxScanText      = 8000
)

// content is a message split into prose and fenced code.
type content struct {
	prose string // everything outside fences; inline `code` is kept
	code  []codeBlock
}

type codeBlock struct {
	info string // the fence's info string: usually the language
	body string
}

// parseContent splits s at ``` and ~~~ fences. An unclosed fence runs to
// the end.
func parseContent(s string) content {
	if !strings.Contains(s, "```") && !strings.Contains(s, "~~~") {
		return content{prose: s}
	}
	var c content
	var prose strings.Builder
	var body strings.Builder
	fence, info := "", ""
	rest := s
	for len(rest) > 0 {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = ""
		}
		trimmed := strings.TrimLeft(line, " \t")
		if fence == "" {
			if f := fenceOf(trimmed); f != "" {
				fence = f
				info = strings.TrimSpace(strings.TrimLeft(trimmed, f[:1]))
				body.Reset()
				continue
			}
			prose.WriteString(line)
			continue
		}
		if strings.HasPrefix(trimmed, fence) && strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1])) == "" {
			c.code = append(c.code, codeBlock{info: info, body: body.String()})
			fence = ""
			continue
		}
		body.WriteString(line)
	}
	if fence != "" {
		c.code = append(c.code, codeBlock{info: info, body: body.String()})
	}
	c.prose = prose.String()
	return c
}

// OutsideFences is s without its fenced code blocks (parseContent).
func OutsideFences(s string) string { return parseContent(s).prose }

// fenceOf returns the fence a line opens (``` or ~~~, or longer), or "".
func fenceOf(line string) string {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return ""
	}
	n := 0
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 {
		return ""
	}
	return line[:n]
}

// truncate cuts s to at most n bytes, at a rune boundary.
func truncate(s string, n int) string { return baton.Clip(s, n) }

// squashSpace holds the ASCII spaces squash looks for: one lookup for
// each byte of every message's prose, not six comparisons.
var squashSpace = byteTable(" \n\t\r\f\v")

// squash collapses every run of white space into one space and trims.
func squash(s string) string {
	clean := true
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		sp := squashSpace[c]
		if sp && (c != ' ' || prevSpace) {
			clean = false
			break
		}
		prevSpace = sp
	}
	if clean && !prevSpace {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// joinFields is strings.Join(strings.Fields(s), " "), s itself when it
// is so already (most lines are): its words parted by one space, with
// none before or after them.
func joinFields(s string) string {
	prevSpace := true
	for _, r := range s {
		sp := unicode.IsSpace(r)
		if sp && (r != ' ' || prevSpace) {
			return strings.Join(strings.Fields(s), " ")
		}
		prevSpace = sp
	}
	if prevSpace {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

// excerpt is s squashed and cut to about n bytes at a word boundary, with
// an ellipsis when cut.
func excerpt(s string, n int) string {
	s = squash(s)
	if len(s) <= n {
		return s
	}
	cut := truncate(s, n)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:-") + "…"
}

// lowerText lower-cases s and straightens curly apostrophes.
func lowerText(s string) string {
	lower, _ := lowerTextASCII(s)
	return lower
}

// lowerTextASCII is lowerText, and reports whether s is ASCII: Message
// reads a message's prose in several steps that each asked it again.
func lowerTextASCII(s string) (lower string, ascii bool) {
	// ASCII text (most of it) is copied in the runs between its capitals
	// and has no curly apostrophe; strings.ToLower writes it a byte at a
	// time. Every message's prose is lower-cased here.
	var b strings.Builder
	from := 0
	for i := 0; i < len(s); i++ {
		// Eight bytes at a time past those with no capital and no byte of
		// a longer rune (most of them): a test of each byte was most of
		// this function's cost.
		for i+8 <= len(s) && plainLowerASCII(load64(s, i)) {
			i += 8
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			return lowerTextFrom(s, i, from, &b), false
		}
		if 'A' <= c && c <= 'Z' {
			from = writeLowered(&b, s, from, i)
		}
	}
	if from == 0 {
		return s, true
	}
	b.WriteString(s[from:])
	return b.String(), true
}

// writeLowered writes to b what of s lies from byte from up to the
// capital letter at byte i, then that letter in lower case, and returns
// where the next run to copy begins. b grows to hold s at its first write.
func writeLowered(b *strings.Builder, s string, from, i int) int {
	if from == 0 {
		b.Grow(len(s))
	}
	b.WriteString(s[from:i])
	b.WriteByte(s[i] + 'a' - 'A')
	return i + 1
}

// plainLowerASCII reports whether the eight bytes of x are ASCII and none
// is a capital letter. For an ASCII byte b, b+0x3f has its top bit set
// when b >= 'A' and b+0x25 when b > 'Z'; no sum carries into the next byte.
func plainLowerASCII(x uint64) bool {
	const high, fromA, pastZ = 0x8080808080808080, 0x3f3f3f3f3f3f3f3f, 0x2525252525252525
	if x&high != 0 {
		return false
	}
	return (x+fromA)&^(x+pastZ)&high == 0
}

func lowerTextUnicode(s string) string {
	s = strings.ToLower(s)
	if strings.Contains(s, "’") {
		s = strings.ReplaceAll(s, "’", "'")
	}
	return s
}

// lowerTextFrom is lowerTextUnicode(s) for lowerTextASCII, which has
// read s up to byte i and written b with s lower-cased up to byte from
// (nothing when from is 0): it goes on from there, copying what does not
// change in runs. strings.ToLower maps every rune of a text beyond ASCII
// through unicode.ToLower, a search of the case tables, where Chinese,
// Japanese and Korean text has no case at all.
func lowerTextFrom(s string, i, from int, b *strings.Builder) string {
	for i < len(s) {
		for i+8 <= len(s) && plainLowerASCII(load64(s, i)) {
			i += 8
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				from = writeLowered(b, s, from, i)
			}
			i++
			continue
		}
		if cjkAt(s, i) {
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		lower := r
		switch {
		case r == utf8.RuneError && size == 1:
			// An invalid byte: strings.ToLower writes U+FFFD for it.
		case r == '’':
			lower = '\''
		case caseless(r):
			i += size
			continue
		default:
			if lower = unicode.ToLower(r); lower == r {
				i += size
				continue
			}
		}
		if from == 0 {
			b.Grow(len(s) + utf8.UTFMax)
		}
		b.WriteString(s[from:i])
		b.WriteRune(lower)
		i += size
		from = i
	}
	if from == 0 {
		return s
	}
	b.WriteString(s[from:])
	return b.String()
}

// caseless reports whether r is in a block of CJK punctuation, kana, CJK
// ideographs or Hangul syllables, whose runes have no lower case
// (TestCaselessRunesHaveNoCase checks each).
func caseless(r rune) bool {
	return 0x3000 <= r && r <= 0x9fff || 0xac00 <= r && r <= 0xd7a3
}

// cjkAt reports whether s has a rune from U+3000 to U+9FFF at byte i, read
// from its bytes: a lead byte 0xE3 to 0xE9 and two continuation bytes.
func cjkAt(s string, i int) bool {
	return i+2 < len(s) && 0xe3 <= s[i] && s[i] <= 0xe9 && s[i+1]&0xc0 == 0x80 && s[i+2]&0xc0 == 0x80
}

// wordsOf splits lower-case text into words: letters, digits and inner
// apostrophes ("don't").
func wordsOf(lower string) []string {
	return appendWords(make([]string, 0, len(lower)/5+1), lower)
}

// appendWords appends the words of lower (wordsOf) to words, for a
// reader that keeps a slice to read each text's words into.
func appendWords(words []string, lower string) []string {
	for start, end := nextWord(lower, 0); start >= 0; start, end = nextWord(lower, end) {
		words = append(words, lower[start:end])
	}
	return words
}

// nextWord returns the bounds of the first word of lower (wordsOf) that
// starts at or after byte i, or -1, -1 when there is none: the one scan
// that appendWords and eachWord share.
func nextWord(lower string, i int) (start, end int) {
	// Two loops, to the word's start and then to its end, each asking one
	// thing of a byte: asked of every byte of every message's prose.
	for i < len(lower) {
		c := lower[i]
		if c < utf8.RuneSelf {
			if wordByte[c] {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(lower[i:])
		if isWordRune(r) {
			break
		}
		i += size
	}
	if i >= len(lower) {
		return -1, -1
	}
	start = i
	for i < len(lower) {
		c := lower[i]
		if c < utf8.RuneSelf {
			// An apostrophe is inside a word when a word byte follows it.
			if !wordByte[c] && (c != '\'' || i+1 >= len(lower) || !wordByte[lower[i+1]]) {
				return start, i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(lower[i:])
		if !isWordRune(r) {
			return start, i
		}
		i += size
	}
	return start, len(lower)
}

// appendFields appends the fields of s (strings.Fields) to fields, and
// reports whether squash(s) is s, its fields parted by single ASCII
// spaces with none before or after them: Message's sentiment text is then
// not squashed again. Non-ASCII s is not reported squashed.
func appendFields(fields []string, s string) (_ []string, squashed bool) {
	// ASCII text (most prose) is split at the six ASCII spaces, its only
	// spaces, in a loop of table lookups; strings.FieldsSeq checks each
	// byte for a longer rune on its way.
	n, start := len(fields), -1
	squashed = len(s) > 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return appendFieldsUnicode(fields[:n], s), false
		}
		if !squashSpace[c] {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			fields = append(fields, s[start:i])
			start = -1
			squashed = squashed && c == ' '
		} else {
			squashed = false // a space opens s or follows one
		}
	}
	if start >= 0 {
		fields = append(fields, s[start:])
	} else {
		squashed = false // a space ends s
	}
	return fields, squashed
}

// appendFieldsWords is appendFields of ASCII s and appendWords of lower,
// its lower case (byte for byte where s's), in one pass: Message reads
// every message's prose both ways, and the two loops over its bytes were
// a sixth of its analysis. s must be ASCII.
func appendFieldsWords(fields, words []string, s, lower string) (_, _ []string, squashed bool) {
	fieldStart, wordStart := -1, -1
	squashed = len(s) > 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch asciiClass[c] {
		case classWord:
			if wordStart < 0 {
				wordStart = i
			}
			if fieldStart < 0 {
				fieldStart = i
			}
			// On to the word's last byte in a loop that asks one thing
			// of each: most bytes of prose are a word's.
			for i+1 < len(s) && wordByte[s[i+1]] {
				i++
			}
		case classSpace:
			if wordStart >= 0 {
				words = append(words, lower[wordStart:i])
				wordStart = -1
			}
			if fieldStart >= 0 {
				fields = append(fields, s[fieldStart:i])
				fieldStart = -1
				squashed = squashed && c == ' '
			} else {
				squashed = false // a space opens s or follows one
			}
		default:
			// An apostrophe is inside a word when a word byte follows it
			// (nextWord).
			if wordStart >= 0 && (c != '\'' || i+1 >= len(s) || !wordByte[s[i+1]]) {
				words = append(words, lower[wordStart:i])
				wordStart = -1
			}
			if fieldStart < 0 {
				fieldStart = i
			}
		}
	}
	if wordStart >= 0 {
		words = append(words, lower[wordStart:])
	}
	if fieldStart >= 0 {
		fields = append(fields, s[fieldStart:])
	} else {
		squashed = false // a space ends s
	}
	return fields, words, squashed
}

// asciiClass sorts the ASCII bytes for appendFieldsWords: a word byte
// (wordByte), a space (squashSpace) or another.
var asciiClass = func() (t [256]byteClass) {
	for b := range t {
		switch {
		case wordByte[b]:
			t[b] = classWord
		case squashSpace[b]:
			t[b] = classSpace
		}
	}
	return t
}()

type byteClass uint8

const (
	classOther byteClass = iota
	classWord
	classSpace
)

func appendFieldsUnicode(fields []string, s string) []string {
	for f := range strings.FieldsSeq(s) {
		fields = append(fields, f)
	}
	return fields
}

// eachWord yields the words of wordsOf one at a time, for a reader that
// needs no slice of them.
func eachWord(lower string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for start, end := nextWord(lower, 0); start >= 0; start, end = nextWord(lower, end) {
			if !yield(lower[start:end]) {
				return
			}
		}
	}
}

// wordByte[b] is isWordRune(rune(b)), looked up rather than worked out:
// wordsOf asks it of every byte of every message's prose. For a byte
// after an apostrophe it is asked of the byte itself even when that opens
// a longer rune, as wordsOf always did.
var wordByte = func() (t [256]bool) {
	for b := range t {
		t[b] = isWordRune(rune(b))
	}
	return t
}()

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// containsPhrase reports whether phrase occurs in text with no letter or
// digit right before or after it.
func containsPhrase(text, phrase string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], phrase)
		if i < 0 {
			return false
		}
		i += off
		end := i + len(phrase)
		before := i == 0 || !isASCIIWordByte(text[i-1]) || !isASCIIWordByte(phrase[0])
		after := end == len(text) || !isASCIIWordByte(text[end]) || !isASCIIWordByte(phrase[len(phrase)-1])
		if before && after {
			return true
		}
		off = i + 1
	}
}

func isASCIIWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || c == '_'
}

// sentences splits prose into trimmed sentences: at line breaks and after
// ., ! or ? followed by a space. List markers and headings are dropped.
func sentences(prose string) []string {
	var out []string
	for line := range strings.SplitSeq(prose, "\n") {
		line = stripListMarker(strings.TrimSpace(line))
		start := 0
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c != '.' && c != '!' && c != '?' {
				continue
			}
			// The marks that close what the sentence ends inside ("**The
			// decision is X.** Next …", "(see the docs.) Then", "“Stop.” He")
			// end with it.
			end := i + 1
			for end < len(line) && closingMark(line[end:]) > 0 {
				end += closingMark(line[end:])
			}
			if end < len(line) && line[end] != ' ' {
				continue
			}
			if c == '.' && (abbreviationBefore(line[:i]) || pathPatternBefore(line[:i+1])) {
				continue
			}
			if s := strings.TrimSpace(line[start:end]); s != "" {
				out = append(out, s)
			}
			start = end
			i = end - 1
		}
		if s := strings.TrimSpace(line[start:]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// closingMark is the length of the mark that opens s if it closes an
// emphasis, a quotation or an aside (*, _, ", ', ), ], the curly
// quotes), or 0.
func closingMark(s string) int {
	switch s[0] {
	case '*', '_', '"', '\'', ')', ']':
		return 1
	}
	if strings.HasPrefix(s, "”") || strings.HasPrefix(s, "’") {
		return len("”")
	}
	return 0
}

// abbreviationBefore reports whether the text ends with an abbreviation
// whose dot does not end a sentence.
func abbreviationBefore(s string) bool {
	i := strings.LastIndexByte(s, ' ')
	// "(e.g." and "[i.e." are the abbreviation too.
	w := strings.ToLower(strings.TrimLeft(s[i+1:], "([\"'"))
	switch w {
	case "e.g", "i.e", "etc", "vs", "cf", "approx", "mr", "ms", "dr":
		return true
	}
	return false
}

// pathPatternBefore reports whether the text ends with a path pattern
// whose dots are part of it, as in "go test ./..." or "src/...": those
// dots do not end a sentence.
func pathPatternBefore(s string) bool {
	return strings.HasSuffix(s, "/...")
}

// stripListMarker drops "- ", "* ", "+ ", "1. ", "1) " and leading "#"s,
// and the box of a task list item after its marker ("- [x] ") or of a
// to-do printed as text ("☐ ").
func stripListMarker(s string) string {
	s = strings.TrimLeft(s, "#>")
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ' {
		return withoutCheckbox(strings.TrimSpace(s[2:]))
	}
	if rest, ok := strings.CutPrefix(s, "• "); ok {
		// The bullet of a list typed or exported as text, not Markdown.
		return withoutCheckbox(strings.TrimSpace(rest))
	}
	n := 0
	for n < len(s) && n < 3 && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	if n > 0 && n+1 < len(s) && (s[n] == '.' || s[n] == ')') && s[n+1] == ' ' {
		return strings.TrimSpace(s[n+2:])
	}
	if strings.HasPrefix(s, ballotBoxLead) {
		return withoutBallotBox(s)
	}
	return s
}

// withoutCheckbox drops the box a task list item opens with ("[ ] Draft
// the plan", "[x] Add the test", "[-] Write the docs" for one under way):
// the item's text is what a reader reads, the box is its state.
func withoutCheckbox(s string) string {
	if len(s) >= 4 && s[0] == '[' && s[2] == ']' && s[3] == ' ' && strings.IndexByte(" xX-~", s[1]) >= 0 {
		return strings.TrimSpace(s[4:])
	}
	return s
}

// ballotBoxLead is the first two bytes of ☐, ☑ and ☒ in UTF-8.
const ballotBoxLead = "\xe2\x98"

// withoutBallotBox drops the ballot box a to-do list printed as text
// opens an item with ("☐ Push both branches", "☒ Switch to ruff", as
// Claude Code shows its to-dos).
func withoutBallotBox(s string) string {
	for _, box := range []string{"☐ ", "☒ ", "☑ "} {
		if rest, ok := strings.CutPrefix(s, box); ok {
			return strings.TrimSpace(rest)
		}
	}
	return s
}

// hasAnyPhrase reports whether text contains any of the phrases on word
// boundaries.
func hasAnyPhrase(text string, phrases ...string) bool {
	for _, p := range phrases {
		if containsPhrase(text, p) {
			return true
		}
	}
	return false
}

// toolRecord reports whether a line of a message is an agent's record of a
// tool call kept as text rather than its words: a console line
// ("⏺ Bash(go test ./...)", Gemini CLI's "⏺ read_file(src/a.cs)"), the
// result under one ("⎿ Read 40 lines"), or SpecStory's record of Cursor
// ("Read file: p", "Tool use: **edit_file**"). A summary made of such lines
// says which files were touched, not what the session was about.
func toolRecord(line string) bool {
	l := strings.TrimSpace(line)
	if rest, ok := strings.CutPrefix(l, "⏺ "); ok {
		name, _, found := strings.Cut(rest, "(")
		return found && isIdent(name) || progressRecord(rest)
	}
	return strings.HasPrefix(l, "⎿") || strings.HasPrefix(l, "Read file: ") || strings.HasPrefix(l, "Edit file: ") ||
		strings.HasPrefix(l, "Tool use: ")
}

// progressOpenings open the lines an editor's chat export writes, after
// the console's mark, for what its agent did between its words: "⏺ Read
// src/app.tsx", "⏺ Searched for text `retry`, 20 results", "⏺ Using
// \"Replace String in File\"", "⏺ Starting: *Add tests* (4/6)".
var progressOpenings = []string{"Read ", "Reading ", "Searched ", "Using \"", "Edited ", "Created ", "Ran ", "Checked ",
	"Listed ", "Starting: ", "Completed: ", "Updated todo", "Fetched "}

// progressRecord reports whether the text after a console's mark is an
// editor's record of what its agent did (progressOpenings), not its words.
func progressRecord(rest string) bool {
	for _, o := range progressOpenings {
		if strings.HasPrefix(rest, o) {
			return true
		}
	}
	return false
}

// phraseSet is hasAnyPhrase for a fixed list of phrases, read in one pass:
// at each byte of the text only the phrases that start with it are tried
// (ten phrases looked for one by one were ten passes over every message).
type phraseSet struct {
	phrases []string
	opens   [256]bool // a phrase starts with the byte (a small table read at every byte)
	byFirst [256][]string
}

// newPhraseSet makes the phraseSet of phrases.
func newPhraseSet(phrases ...string) *phraseSet {
	p := &phraseSet{phrases: phrases}
	for _, ph := range phrases {
		p.byFirst[ph[0]] = append(p.byFirst[ph[0]], ph)
		p.opens[ph[0]] = true
	}
	return p
}

// in reports what hasAnyPhrase(text, p.phrases...) reports: a phrase at a
// place of text with containsPhrase's word boundaries either side.
func (p *phraseSet) in(text string) bool {
	for i := 0; i < len(text); i++ {
		if !p.opens[text[i]] {
			continue
		}
		for _, ph := range p.byFirst[text[i]] {
			if !strings.HasPrefix(text[i:], ph) {
				continue
			}
			end := i + len(ph)
			before := i == 0 || !isASCIIWordByte(text[i-1]) || !isASCIIWordByte(ph[0])
			after := end == len(text) || !isASCIIWordByte(text[end]) || !isASCIIWordByte(ph[len(ph)-1])
			if before && after {
				return true
			}
		}
	}
	return false
}
