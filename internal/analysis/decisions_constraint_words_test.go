package analysis

import (
	"strings"
	"testing"
)

// constraintMask reads in one pass what strings.Contains of each word of
// constraintWordList reads, and each word's bit is its constant's.
func TestConstraintMaskIsContainsOfEachWord(t *testing.T) {
	bits := []uint16{cwRule, cwConvention, cwPrinciple, cwMakeSure, cwKeep, cwShould, cwMust, cwDont, cwDoNot,
		cwNever, cwShall, cwOnly, cwWithout, cwWant, cwAlways}
	if len(bits) != len(constraintWordList) {
		t.Fatalf("%d bits for %d words", len(bits), len(constraintWordList))
	}
	for i, w := range constraintWordList {
		if got := constraintMask(w); got != bits[i] {
			t.Errorf("constraintMask(%q) = %b, want its bit %b", w, got, bits[i])
		}
	}
	for _, s := range []string{"", "we should only keep the rule without a want", "do not ever do nothing", "mustn't",
		"don't make sure", "shallow rules keep", "the convention: never", "principles of ownership", "make  sure",
		"keeps shoulder musty", "don’t", "wantonly", "donut"} {
		want := uint16(0)
		for i, w := range constraintWordList {
			if strings.Contains(s, w) {
				want |= bits[i]
			}
		}
		if got := constraintMask(s); got != want {
			t.Errorf("constraintMask(%q) = %b, want %b", s, got, want)
		}
	}
}
