package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
)

// mayBeCommandLine is true wherever commandLine matches: random text of
// the pattern's pieces (its operators, prompt signs, flags and command
// words), white space of each kind and plain words.
func TestMayBeCommandLineWhereverThePatternMatches(t *testing.T) {
	pieces := []string{"&&", "&", "||", "|", " | ", "\t|\t", "2>", ">", ">/dev/null", "$ ", "$", "!", "-", "--", "-v", "--force", "--dry-run=",
		" ", "\t", "\n", "\f", "\r", "\v", "=", "git", "go", "make", "sudo", "apt-get", "python3", "Git", "GO", "Make", "the", "Tests",
		"fix", "x", "é", "a-b", "well-known", "1", "."}
	rng := rand.New(rand.NewPCG(5, 6))
	matched := 0
	for range 200000 {
		s := strings.TrimSpace(randomText(rng, pieces, 6))
		if !commandLine.MatchString(s) {
			continue
		}
		matched++
		if !mayBeCommandLine(s) {
			t.Fatalf("mayBeCommandLine(%q) is false, the pattern matches", s)
		}
	}
	if matched < 1000 {
		t.Fatalf("the pattern matched %d texts: too few to say", matched)
	}
}

// A line without any of errorWords is no error line of any of errorLines'
// kinds, nor one without any of a pattern's own words (errorLinePatternWords)
// of its kind: each pattern's words, cut and in both cases, in random text.
func TestErrorLineWordsWhereverAnErrorLineMatches(t *testing.T) {
	pieces := []string{"error", "Error", "ERROR", ":", "=", " ", "TypeError:", "ValueException:", "exception", "fatal:", "Fatal:",
		"failed to", "FAILED", "fails", "failure", "not found", "Not Found", "cannot", "CANNOT", "err", "or", "fai", "led", "not", "found",
		"can", "\u017f", "\u212a", "x", "é"}
	rng := rand.New(rand.NewPCG(7, 8))
	matched := 0
	for range 200000 {
		s := randomText(rng, pieces, 6)
		for k, re := range errorLines {
			if !re.MatchString(s) {
				continue
			}
			matched++
			if !errorLineWords.in(s) {
				t.Fatalf("%q matches %s but holds none of errorWords", s, re)
			}
			if !errorLinePatternWords[k].in(s) {
				t.Fatalf("%q matches %s but holds none of its words %q", s, re, errorLinePatternWords[k].words)
			}
		}
	}
	if matched < 1000 {
		t.Fatalf("the patterns matched %d texts: too few to say", matched)
	}
}

// Every match of askedCourseRe holds one of askedCourseAsks and one of
// askedCourseTurns: random text of the pattern's words, cut and in both
// cases, with the runes (?i) folds to s and k.
func TestAskedCourseWordsWhereverThePatternMatches(t *testing.T) {
	pieces := []string{"can we ", "Could you ", "CAN I ", "how do we ", "How could I ", "is it possible to ", "would it be poſſible to ",
		"maybe ", "just ", "please ", "also ", "use the cache", "keep it", ", ", " ", "instead of ", "rather than ", "without having to ",
		"without needing to ", "but still ", "BUT ", "rebuilding it", "?", ".", "!", "can", "could", "how", "possible", "instead", "rather",
		"without", "but", "\u017f", "\u212a", "x"}
	rng := rand.New(rand.NewPCG(9, 10))
	matched := 0
	for range 200000 {
		s := randomText(rng, pieces, 8)
		if !askedCourseRe.MatchString(s) {
			continue
		}
		matched++
		if askedCourseMatch(s) == nil {
			t.Fatalf("askedCourseMatch(%q) is nil, the pattern matches", s)
		}
	}
	if matched < 100 {
		t.Fatalf("the pattern matched %d texts: too few to say", matched)
	}
}

// withoutReadLineNumbers leaves what readLineNumber's replacement leaves:
// random text of line numbers, white space of each kind, arrows whole and
// cut, and words.
func TestWithoutReadLineNumbersAsThePattern(t *testing.T) {
	pieces := []string{" ", "  ", "\t", "\n", "\r", "\f", "\v", "1", "12", "007", "→", "\xe2\x86", "\x92", "x", "é", "ab", "→→", "\n12→", "    3→"}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200000 {
		s := randomText(rng, pieces, 10)
		if got, want := withoutReadLineNumbers(s), readLineNumber.ReplaceAllString(s, ""); got != want {
			t.Fatalf("withoutReadLineNumbers(%q) = %q, the pattern leaves %q", s, got, want)
		}
	}
}

// Lower-casing a clause word by word gives the words of the clause
// lower-cased whole (nounPairsNoting's promise): no rune is white space
// on one side of lower-casing only.
func TestLowerCasingKeepsWhiteSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.IsSpace(r) != unicode.IsSpace(unicode.ToLower(r)) {
			t.Fatalf("%U is white space on one side of lower-casing only", r)
		}
	}
	for _, s := range []string{"Rate Limiting\u00a0Cache", "İstanbul ÇAĞRI", "bad \xff\xfe UTF-8 Word", "Ǆemal\u2003Σίσυφος", "", " \t "} {
		var words []string
		for _, w := range strings.Fields(s) {
			words = append(words, strings.ToLower(w))
		}
		if got, want := strings.Join(words, "|"), strings.Join(strings.Fields(strings.ToLower(s)), "|"); got != want {
			t.Errorf("%q: word by word %q, whole %q", s, got, want)
		}
	}
}

// scanEntities looks a word up in specialFiles only when it opens with a
// capital: every name there must.
func TestSpecialFilesOpenWithACapital(t *testing.T) {
	for name := range specialFiles {
		if name == "" || !isUpperASCII(name[0]) {
			t.Errorf("special file %q does not open with a capital: scanEntities would never find it", name)
		}
	}
}

// openerAt finds the nearest end of a request opener as searching the
// text for each opener did: random text of the openers, their pieces,
// spaces and other words.
func TestOpenerAtAsSearchingEachOpener(t *testing.T) {
	bySearch := func(lower string) int {
		best := -1
		for _, o := range requestOpeners {
			i := -1
			if strings.HasPrefix(lower, o) {
				i = 0
			} else if j := strings.Index(lower, " "+o); j >= 0 {
				i = j + 1
			}
			if i >= 0 && (best < 0 || i+len(o) < best) {
				best = i + len(o)
			}
		}
		return best
	}
	pieces := append([]string{" ", "  ", "x", "can", "you", "we", "i'd", "like", "to", "the", "please", "go ahead", "é", ".", "\n"}, requestOpeners...)
	rng := rand.New(rand.NewPCG(11, 12))
	found := 0
	for range 200000 {
		s := randomText(rng, pieces, 8)
		got, want := openerAt(s), bySearch(s)
		if got != want {
			t.Fatalf("openerAt(%q) = %d, searching each opener %d", s, got, want)
		}
		if want >= 0 {
			found++
		}
	}
	if found < 1000 {
		t.Fatalf("an opener was found in %d texts: too few to say", found)
	}
}

// randomText joins 1 to most pieces drawn at random: text of the kind a
// prefilter is checked on against the pattern it guards.
func randomText(rng *rand.Rand, pieces []string, most int) string {
	var b strings.Builder
	for range 1 + rng.IntN(most) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}
