package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// scanEntities asks technologyWords' filter before technologyOf of any
// word: every word technologyOf can name a technology by, in any ASCII
// case, must have its bit.
func TestTechnologyFilterHoldsEveryWordTechnologyOfNames(t *testing.T) {
	tw := technologyWords()
	var keys []string
	for k := range caseTechnologies {
		keys = append(keys, k)
	}
	for k := range toolCommands {
		keys = append(keys, k)
	}
	for k := range technologies {
		keys = append(keys, k)
	}
	for _, k := range append(keys, "go") {
		for _, w := range []string{k, strings.ToLower(k), strings.ToUpper(k), strings.ToUpper(k[:1]) + k[1:]} {
			if !tw.bloom.hasBit(wordBit(w)) {
				t.Errorf("%q (of %q) has no bit in the filter", w, k)
			}
		}
	}
}

// isDottedIdent reads s in one pass; it answers as asking isIdent of each
// part between its dots does.
func TestIsDottedIdentAsItsParts(t *testing.T) {
	byParts := func(s string) bool {
		if s == "" {
			return false
		}
		for _, p := range strings.Split(s, ".") {
			if !isIdent(p) {
				return false
			}
		}
		return true
	}
	const bytes = "aZ09_.-(é"
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		b := make([]byte, rng.IntN(9))
		for i := range b {
			b[i] = bytes[rng.IntN(len(bytes))]
		}
		if s := string(b); isDottedIdent(s) != byParts(s) {
			t.Fatalf("isDottedIdent(%q) = %v, by its parts %v", s, isDottedIdent(s), byParts(s))
		}
	}
	for _, s := range []string{"pkg.Func", "a.b.c", "x", "_a1", "a..b", ".a", "a.", "1a", "a.1b", "", "."} {
		if isDottedIdent(s) != byParts(s) {
			t.Errorf("isDottedIdent(%q) = %v, by its parts %v", s, isDottedIdent(s), byParts(s))
		}
	}
}

// scanEntities asks a chunk of ASCII letters, digits and '_' alone only
// for a symbol: such a chunk holds no line reference, and is no file but
// one of specialFiles (which it looks up before).
func TestWordChunkHoldsNoLineReferenceNorFile(t *testing.T) {
	const bytes = "aZ09_LgoM"
	rng := rand.New(rand.NewPCG(5, 6))
	chunks := []string{"Makefile", "README", "LICENSE", "go", "p95", "handler2", "max_len", "L12", "x"}
	for range 20000 {
		b := make([]byte, 1+rng.IntN(12))
		for i := range b {
			b[i] = bytes[rng.IntN(len(bytes))]
		}
		chunks = append(chunks, string(b))
	}
	for _, c := range chunks {
		if !asciiWordBytes(c) {
			t.Fatalf("%q: not word bytes", c)
		}
		if file, from, to := splitLineRef(c); file != c || from != 0 || to != 0 {
			t.Errorf("splitLineRef(%q) = %q, %d, %d", c, file, from, to)
		}
		if conf := fileConfidence(c); conf > 0 && !specialFiles[c] {
			t.Errorf("fileConfidence(%q) = %v", c, conf)
		}
	}
	for _, c := range []string{"db.go", "a/b", "x:12", "f#L3", "é", "parse()", ""} {
		if c != "" && asciiWordBytes(c) {
			t.Errorf("%q: word bytes", c)
		}
	}
}

// debuggingCue looks words up only when matchPhrases found one with a
// bit of debugWordBloom: it answers as looking every word up does.
func TestDebuggingCueAsLookingEveryWordUp(t *testing.T) {
	everyWord := func(words []string, hits *phraseHits) bool {
		for i, w := range words {
			if debugWords[w] && !((w == "error" || w == "errors") && i+1 < len(words) && errorNouns[words[i+1]]) {
				return true
			}
		}
		return hits.has(kindDebugging)
	}
	texts := []string{
		"The handler returns early, so the cache stays warm.",
		"Add error handling to the importer, please.",
		"The test is flaky again and the build FAILED twice.",
		"It panicked with a nil pointer in the worker.",
		"Error messages should name the field.",
		"",
	}
	for w := range debugWords {
		texts = append(texts, "We looked at the "+w+" yesterday", strings.ToUpper(w)+" code")
	}
	for _, text := range texts {
		lower := lowerText(text)
		words := wordsOf(lower)
		hashes := appendFoldHashes(nil, words)
		hits := matchPhrases(words, hashes, lower, false)
		if got, want := debuggingCue(words, hashes, &hits), everyWord(words, &hits); got != want {
			t.Errorf("%q: debuggingCue %v, looking every word up %v", text, got, want)
		}
	}
}
