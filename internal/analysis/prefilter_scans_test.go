package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// mayBeCommandLine is true wherever commandLine matches: random text of
// the pattern's pieces (its operators, prompt signs, flags and command
// words), white space of each kind and plain words.
func TestMayBeCommandLineWhereverThePatternMatches(t *testing.T) {
	pieces := []string{"&&", "&", "||", "|", " | ", "\t|\t", "2>", ">", ">/dev/null", "$ ", "$", "!", "-", "--", "-v", "--force", "--dry-run=",
		" ", "\t", "\n", "\f", "\r", "\v", "=", "git", "go", "make", "sudo", "apt-get", "python3", "Git", "GO", "Make", "the", "Tests",
		"fix", "x", "é", "a-b", "well-known", "1", "."}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := strings.TrimSpace(b.String())
		if commandLine.MatchString(s) && !mayBeCommandLine(s) {
			t.Fatalf("mayBeCommandLine(%q) is false, the pattern matches", s)
		}
	}
}

// A line without any of errorWords is no error line of any of errorLines'
// kinds: each pattern's words, cut and in both cases, in random text.
func TestErrorLineWordsWhereverAnErrorLineMatches(t *testing.T) {
	pieces := []string{"error", "Error", "ERROR", ":", "=", " ", "TypeError:", "ValueException:", "exception", "fatal:", "Fatal:",
		"failed to", "FAILED", "fails", "failure", "not found", "Not Found", "cannot", "CANNOT", "err", "or", "fai", "led", "not", "found",
		"can", "\u017f", "\u212a", "x", "é"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 200000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		for _, re := range errorLines {
			if re.MatchString(s) && !errorLineWords.in(s) {
				t.Fatalf("%q matches %s but holds none of errorWords", s, re)
			}
		}
	}
}
