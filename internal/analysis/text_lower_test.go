package analysis

import (
	"math/rand/v2"
	"testing"
	"unicode"
)

// Text beyond ASCII is lower-cased as strings.ToLower does it, with its
// curly apostrophes straightened (lowerTextUnicode): capitals of every
// script, runes with no case, invalid bytes (which become U+FFFD), at
// every place among runs of ASCII long and short.
func TestLowerTextBeyondASCIIAsStringsToLower(t *testing.T) {
	pieces := []string{"a", "Z", "the Quick brown FOX ", "lower case only here", " ", "\n", "é", "É", "Σ", "ς", "İ", "ǅ",
		"Ж", "日本語", "かな", "カナ", "한국어", "中文", "、。「」", "\u3000", "\xe4\xb8", "\xe9", "’", "'", "\xff", "\xe2\x80", "\xe2", "\uFFFD", "\u00a0", "Ⅻ", "ⓐ", "Ⓐ",
		"𝐀", "\U0001F600", "ABCDEFGHIJ", "abcdefghijklmnop"}
	rng := rand.New(rand.NewPCG(9, 4))
	for range 100000 {
		s := randomText(rng, pieces, 10)
		got, ascii := lowerTextASCII(s)
		if want := lowerTextUnicode(s); !isASCII(s) && (got != want || ascii) {
			t.Fatalf("lowerTextASCII(%q) = %q, %v; strings.ToLower gives %q", s, got, ascii, want)
		}
	}
}

func TestCaselessRunesHaveNoCase(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if caseless(r) && (unicode.ToLower(r) != r || unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r)) {
			t.Fatalf("%U is taken to have no case, but has", r)
		}
		if s := string(r) + "x"; cjkAt(s, 0) != (0x3000 <= r && r <= 0x9fff) || cjkAt(s, 0) && !caseless(r) {
			t.Fatalf("cjkAt reads %U as %v", r, cjkAt(s, 0))
		}
	}
	for _, s := range []string{"\xe3\x80", "\xe3\x80x", "\xe3x\x80", "\xe9\xc0\x80", "\xea\x80\x80"} {
		if cjkAt(s, 0) {
			t.Errorf("cjkAt(%q) holds", s)
		}
	}
}
