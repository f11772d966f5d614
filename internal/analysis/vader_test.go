package analysis

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jonreiter/govader"
)

// The port must give govader's compound score on every kind of sentence
// the rules treat specially: boosters, negation, "but", "least", caps,
// idioms, "kind of", emoji, punctuation emphasis.
func TestVaderMatchesGovader(t *testing.T) {
	corpus := []string{
		"VADER is smart, handsome, and funny.",
		"VADER is smart, handsome, and funny!",
		"VADER is very smart, handsome, and funny.",
		"VADER is VERY SMART, handsome, and FUNNY.",
		"VADER is VERY SMART, handsome, and FUNNY!!!",
		"VADER is VERY SMART, uber handsome, and FRIGGIN FUNNY!!!",
		"VADER is not smart, handsome, nor funny.",
		"The book was good.",
		"At least it isn't a horrible book.",
		"The book was only kind of good.",
		"The plot was good, but the characters are uncompelling and the dialog is not great.",
		"Today SUX!",
		"Today only kinda sux! But I'll get by, lol",
		"Make sure you :) or :D today!",
		"Catch utf-8 emoji such as 💘 and 💋 and 😁",
		"Not bad at all",
		"this is so frustrating, nothing works",
		"thanks, that fixed it!",
		"Why does this keep failing??? I have no idea what is going on.",
		"The deploy is the bomb, no kidding, it was kind of to die for",
		"It was never so good and without doubt the best",
		"least happy, very least happy, at least happy",
		"no no no, this is not what I asked for. It's terrible and broken",
		"Great work 🎉 the tests pass now and the migration is clean",
		"I'm worried the PostgreSQL migration will break production",
		"It's hardly ever bad, sort of nice, just enough good",
		"yeah right that was kiss of death for the badass plan",
		"",
		"   ",
		"!!!",
		"ok",
		"  The book was GOOD, not BAD!  ",
		// A word holding "n't" negates what follows (negated, behind
		// mayHoldNT), in ASCII text and in text that is not.
		"I don't like it, it isn't good and the fix wasn't great",
		"DON'T love it. The test doesn't pass but it isn't bad",
		"It didn't help, won't help and I can't stand it",
		"The fix isn't/wasn't good and don'tcha love it",
		"Ça ne marche pas, it doesn't work 😞 and isn't good",
	}
	sia := govader.NewSentimentIntensityAnalyzer()
	v := newVader()
	for _, s := range corpus {
		want := sia.PolarityScores(s).Compound
		if got := v.compound(s); math.Abs(got-want) > 1e-9 {
			t.Errorf("compound(%q) = %v, govader says %v", s, got, want)
		}
		// Message passes an ASCII text's lower case along with it.
		if isASCII(s) {
			if got := v.compoundOf(s, string(asciiLower(nil, s)), nil); math.Abs(got-want) > 1e-9 {
				t.Errorf("compoundOf(%q, its lower case) = %v, govader says %v", s, got, want)
			}
			// and its fields when it is squashed.
			if fields, squashed := appendFields(nil, s); squashed {
				if got := v.compoundOf(s, string(asciiLower(nil, s)), fields); math.Abs(got-want) > 1e-9 {
					t.Errorf("compoundOf(%q, its lower case, its fields) = %v, govader says %v", s, got, want)
				}
			}
		}
	}
}

// holdsNT says what strings.Contains(s, "n't") says.
func TestHoldsNTIsContains(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"n", "'", "t", "n't", "x", " ", "don", "'t", "isn", "''", "nn"}
	for range 100000 {
		s := randomText(rng, pieces, 6)
		if holdsNT(s) != strings.Contains(s, "n't") {
			t.Fatalf("holdsNT(%q) = %v", s, holdsNT(s))
		}
	}
}
