package analysis

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// holdsFold's promise rests on this: outside ASCII, only the long s and
// the Kelvin sign fold ((?i)) to an ASCII letter.
func TestOnlyLongSAndKelvinFoldToASCII(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < utf8.RuneSelf && r != '\u017f' && r != '\u212a' {
				t.Fatalf("%U folds to %q", r, f)
			}
		}
	}
}

// The checks never say no where the pattern they guard would match:
// random text of the words' letters in both cases, the runes that fold to
// them, accents and spaces.
func TestPrefiltersNeverMissAMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"instead of", "InStEaD oF", "inſtead of", "rather than", "RATHER THAN", "plutôt que", "PLUTÔT QUE",
		"au lieu de", "em vez de", "ao invés de", "AO INVÉS DE", "then ", "THEN\t", ", then ", "; and then ", " and then ",
		"\u017f", "\u212a", "k", "s", "é", "É", "ô", " ", ",", "a", "x", "\n", "│", "✓", "ok", "the", "hen", "rathe", "inste",
		// Pieces of runes, which make a rune or bytes that are none
		// beside each other.
		"\xe2\x94", "\x82", "\xe2", "\xc5", "\xbf", "\x84\xaa"}
	for range 200000 {
		s := randomText(rng, pieces, 6)
		if comparative.MatchString(s) != comparativeIn(s) {
			t.Fatalf("comparativeIn(%q) = %v", s, comparativeIn(s))
		}
		if thenClause.MatchString(s) && !holdsFold(s, "then") {
			t.Fatalf("holdsFold(%q, then) = false, the pattern matches", s)
		}
		if strings.ContainsAny(s, "│└├─•⨯✓✗➜❯") != containsAnyNonASCII(s, "│└├─•⨯✓✗➜❯") {
			t.Fatalf("containsAnyNonASCII(%q) differs", s)
		}
	}
}

// Each decision pattern's words are in every text it matches, and
// offersCoursesIn says what offersCourses says: random text of the
// patterns' words, cut and in both cases, with the runes that fold to
// ASCII letters.
func TestPatternWordsNeverMissAMatch(t *testing.T) {
	guarded := []struct {
		re    *regexp.Regexp
		words *foldWords
	}{
		{decisionMadeJA, decisionMadeJAWords}, {decisionMade, decisionMadeWords}, {decisionMadeDE, decisionMadeDEWords},
		{decisionChoiceDE, decisionChoiceDEWords}, {decisionChoiceFRPT, decisionChoiceFRPTWords}, {decisionPast, decisionPastWords},
		{decisionInstead, decisionInsteadWords}, {decisionChoice, decisionChoiceWords}, {offersCourses, offersCoursesWords},
		{asYouSuggested, newFoldWords("you")}, {yourSuggestionOf, newFoldWords("you")}, {perYour, newFoldWords("you")},
		{comparative, comparativeFoldWords},
	}
	pieces := []string{" ", "  ", "\n", ":", ",", "x", "é", "\u017f", "\u212a", "we'll ", "We will ", "let's ", "I'm ", "i ", "we ", "wir ", "ich ",
		"haben ", "uns ", "habe ", "mich ", "dass ", "ことにしました", "こと", "に", "しました", "on ", "va ", "je ", "nous allons ", "à",
		"would you like ", "do you want ", "as you suggested", ": do it", "your suggestion of ", "abc is ", "per your instruction, ", "following ", "yo", "u", "want ", "shall ", "should ", "can ", "s", "k", "K", "S", "go", "ing", " to", " with", " on", " for"}
	for _, g := range guarded {
		for _, w := range g.words.words {
			pieces = append(pieces, w, strings.ToUpper(w), w[:len(w)/2], w[len(w)/2:])
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		s := randomText(rng, pieces, 8)
		for _, g := range guarded {
			if g.re.MatchString(s) && !g.words.in(s) {
				t.Fatalf("%q matches %s but holds none of %q", s, g.re, g.words.words)
			}
			if g.words.in(s) != holdsAnyFold(s, g.words.words) {
				t.Fatalf("foldWords(%q).in(%q) differs from holdsAnyFold", g.words.words, s)
			}
		}
		if offersCourses.MatchString(s) != offersCoursesIn(s) {
			t.Fatalf("offersCoursesIn(%q) differs", s)
		}
	}
}

// unwrapInline unwraps what it did when every pattern ran on all text.
func TestUnwrapInlineAsEveryPatternRun(t *testing.T) {
	every := func(s string) string {
		if !strings.ContainsAny(s, "*_~[<") {
			return s
		}
		if strings.Contains(s, "](") || strings.Contains(s, "][") {
			s = mdImage.ReplaceAllString(s, "$1")
			s = mdLink.ReplaceAllString(s, "$1")
			s = mdRefLink.ReplaceAllString(s, "$1")
		}
		if strings.Contains(s, "<") {
			s = mdAutolink.ReplaceAllString(s, "$1")
		}
		if strings.Count(s, "*")+strings.Count(s, "_")+strings.Count(s, "~") < 2 {
			return s
		}
		for range 8 {
			before := s
			s = mdStrong.ReplaceAllString(s, "$1")
			s = mdStrongU.ReplaceAllString(s, "$1$2$3")
			s = mdStrike.ReplaceAllString(s, "$1")
			s = mdEm.ReplaceAllString(s, "$1$2$3")
			s = mdEmU.ReplaceAllString(s, "$1$2$3")
			if s == before {
				break
			}
		}
		return s
	}
	pieces := []string{"*", "**", "_", "__", "~", "~~", "a", "b1", "é", "日", " ", "\t", ".", "x_y", "*.go", "2 * 3", "[a](b)", "<https://x>", "\n"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		s := randomText(rng, pieces, 10)
		if got, want := unwrapInline(s), every(s); got != want {
			t.Fatalf("unwrapInline(%q) = %q, every pattern run: %q", s, got, want)
		}
	}
}

// The patterns lineMatch runs line by line cannot match a line break nor
// anchor at the text's start or end, so each match lies within one line.
func TestLineMatchPatternsStayInALine(t *testing.T) {
	for _, re := range []*regexp.Regexp{choosePrompt} {
		re, err := syntax.Parse(re.String(), syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		var walk func(*syntax.Regexp)
		walk = func(r *syntax.Regexp) {
			switch r.Op {
			case syntax.OpAnyChar, syntax.OpBeginText, syntax.OpEndText, syntax.OpBeginLine, syntax.OpEndLine:
				t.Errorf("%s: %s can reach across lines", re, r)
			case syntax.OpLiteral:
				if strings.ContainsRune(string(r.Rune), '\n') {
					t.Errorf("%s: %s holds a line break", re, r)
				}
			case syntax.OpCharClass:
				for i := 0; i+1 < len(r.Rune); i += 2 {
					if r.Rune[i] <= '\n' && '\n' <= r.Rune[i+1] {
						t.Errorf("%s: %s matches a line break", re, r)
					}
				}
			}
			for _, sub := range r.Sub {
				walk(sub)
			}
		}
		walk(re)
	}
	// And lineMatch says what the pattern says over the whole text.
	pieces := []string{"which one", "WHICH option", "which", " ", "\n", "\r\n", "x", "let me know", " how", "what do you think", "pick one",
		"ſ", "K", "é", "or would you", "your call", "your", " call", "_", "1. a\n2. b\n", "prefer", "would you prefer"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 100000 {
		s := randomText(rng, pieces, 8)
		if lineMatch(choosePrompt, s, chooseFoldWords) != choosePrompt.MatchString(s) {
			t.Fatalf("lineMatch(choosePrompt, %q) differs", s)
		}
	}
}

// isKanji's shortcut rests on this: the Han script starts at hanFirst.
func TestHanFirst(t *testing.T) {
	if lo := rune(unicode.Han.R16[0].Lo); lo != hanFirst {
		t.Fatalf("the Han script starts at %U, not %U", lo, hanFirst)
	}
}

// withoutSlashCommand takes out what slashCommand's replacement does, and
// readContent's shortcut holds: readLineNumber needs its arrow.
func TestSlashCommandAndLineNumberShortcuts(t *testing.T) {
	pieces := []string{" ", "\t", "\n", "\v", "\f", "\r", "/", "/review", "x", "a/b", ":", "-", "é", "12→", "3", "→"}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 100000 {
		s := randomText(rng, pieces, 6)
		if got, want := withoutSlashCommand(s), slashCommand.ReplaceAllString(s, ""); got != want {
			t.Fatalf("withoutSlashCommand(%q) = %q, want %q", s, got, want)
		}
		if got, want := readContent(s), readLineNumber.ReplaceAllString(s, ""); got != want {
			t.Fatalf("readContent(%q) = %q, want %q", s, got, want)
		}
	}
}

// The decision patterns guarded by words match only text that
// holds one of their words: sentences built of their parts, each part
// often replaced by noise, cut words, other cases and the runes that
// fold to ASCII letters. Each pattern must match some of them, or the
// test proves nothing.
func TestGuardedPatternWordsNeverMissAMatch(t *testing.T) {
	noise := []string{"", " ", "x", "é", "\u017f", "\u212a", ",", "is", "the"}
	variants := func(words ...string) []string {
		var out []string
		for _, w := range words {
			out = append(out, w, strings.ToUpper(w), w[:len(w)/2], w[len(w)/2:])
		}
		return append(out, noise...)
	}
	guarded := []struct {
		re    *regexp.Regexp
		words *foldWords
		parts [][]string
	}{
		{rationaleMarker, rationaleWords, [][]string{{"use x", "keep it"}, {"", ",", ";"}, {" ", "  ", "\t"},
			variants("because", "since", "so that", "given that", "due to", "as it", "as they", "as this", "as that", "weil", "denn",
				"parce que", "parce qu'", "puisque", "porque", "pois", "já que", "JÁ QUE"), {" ", " it ", ""}}},
		{alternativeMarker, comparativeFoldWords, [][]string{{"use x", ""}, {"", ","}, {" ", "\n"},
			variants("instead of", "rather than", "plutôt que", "PLUTÔT QUE DE", "au lieu de", "em vez de", "ao invés de", "AO INVÉS DE"), {" y", ""}}},
		{whichIsApproach, whichIsApproachWords, [][]string{{"I'll ", "let me ", "WE'LL ", "i'm going to "}, {"add retries", "x"},
			{"", ","}, {" ", "  "}, variants("which is"), {" "}, {"the ", "a ", "AN "}, {"", "standard ", "go-to usual "},
			{"approach", "way", "option", "practice", "choice", "solution", "x"}, {"", " for y"}}},
		{namedApproach, namedApproachWords, [][]string{{"", "for the mode, ", "FOR X,"}, {"workspace-write", "the fix", "ab"},
			{" is ", " IS ", "  is\t", "is"}, {"", "the ", "THE "}, variants("correct", "right", "best", "better", "simplest", "cleanest", "proper", "safest", "recommended", "preferred"), {" ", "  "},
			{"replacement", "fix", "FIX", "approach", "choice", "option", "solution", "value", "x"}, {"", " here"},
			{" — ", ": ", ", ", " because ", " since ", " as ", " - ", "x"}, {"it allows writes", "abcdefg", "x"}}},
		{revertOrder, revertWords, [][]string{{"", "nah. ", "ok,", "x "}, {"", "please ", "PLEASE  "}, variants("revert", "undo", "roll back", "roll it back"),
			{"", " it", " the last commit"}, {"", " please"}, {"", ".", "!!"}}},
		{concession, concessionWords, [][]string{{"", "ah ", "OK, "}, variants("you're right", "You are absolutely right", "the user is right",
			"good point", "Fair catch", "great call", "tienes raz", "vous avez raz", "você está cert", "おっしゃる通り", "ご指摘の通り", "你说得对", "您说得对"), {"", "!", " x"}}},
		{meansNamed, meansNamedWords, [][]string{{"build it ", "x"}, variants("using", "on top of", "built on", "z użyciem", "Z UŻYCIEM", "usando", "en utilisant"),
			{" ", "  "}, {"redis", "x", "ab"}}},
		{personCannot, personCannotWords, [][]string{{"", "x "}, {"i", "YOU", "we", "they"}, {" ", "\t"}, variants("cannot"), {"", " x"}}},
		{danglingInstead, decisionInsteadWords, [][]string{{"use x", ""}, {"", ","}, {" ", "  "}, variants("instead of", "rather than"), {"", " y"}}},
		{fixPointingBack, fixPointingBackWords, [][]string{{"", "the rows repeat, ", "x.\n", "It breaks. "}, {"", "please ", "Can you ", "how can I "},
			{"fix", "FIX", "resolve", "Solve", "fi", "x"}, {" ", "  "}, {"it", "this", "THAT", "these", "them", "th"}, {"", " please"}, {"", ".", "?", " x"}}},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, g := range guarded {
		matched := 0
		for range 50000 {
			var b strings.Builder
			for _, part := range g.parts {
				if rng.IntN(8) == 0 {
					b.WriteString(noise[rng.IntN(len(noise))])
				} else {
					b.WriteString(part[rng.IntN(len(part))])
				}
			}
			s := b.String()
			if !g.re.MatchString(s) {
				continue
			}
			matched++
			if !g.words.in(s) {
				t.Fatalf("%q matches %s but holds none of %q", s, g.re, g.words.words)
			}
		}
		if matched < 100 {
			t.Errorf("%s matched %d texts: the test reads too few", g.re, matched)
		}
	}
}

// rationaleAt reads the text byte by byte where rationaleMarker was run:
// texts of its words in other cases, cut short or run together, with the
// runes that fold to their letters, commas, semicolons, every kind of
// white space and bytes that are no UTF-8 must find the same match.
func TestRationaleAtAsThePattern(t *testing.T) {
	pieces := []string{" ", "  ", "\t", "\n", "\r", "\f", "\v", "\u00a0", ",", ";", "'", "x", "é", "\xff", "\xc5", "it", "use it",
		"because", "BeCaUse", "becau", "\u017fince", "since", "SO THAT", "so  that", "so that", "given that", "due to", "DUE",
		"as it", "as they", "As This", "as that", "as", "a\u017f", "weil", "denn", "parce que", "PARCE QU'", "parce qu'", "parce qu",
		"puisque", "porque", "pois", "po", "já que", "JÁ QUE", "jÁ que", "ja que", "j", "b", "s", "p"}
	rng := rand.New(rand.NewPCG(38, 7))
	found := 0
	for range 300000 {
		s := randomText(rng, pieces, 12)
		got, want := rationaleAt(s), rationaleMarker.FindStringIndex(s)
		if !slices.Equal(got, want) {
			t.Fatalf("rationaleAt(%q) = %v, the pattern finds %v", s, got, want)
		}
		if want != nil {
			found++
		}
	}
	if found < 10000 {
		t.Errorf("the pattern matched %d texts: the test reads too few", found)
	}
}
