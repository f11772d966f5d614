package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionLikedIdea: the steward says which idea of the discussion
// they like: that course is the decision, without the aside and without
// the reservation after "but". An idea liked in a question, or said before
// the assistant has spoken, picks nothing.
func TestDecisionLikedIdea(t *testing.T) {
	offer := "Two ways to make the checks pass on CI: mock the keychain in every test, or keep a small fixture keychain in the repository and point the tests at it."
	for _, tc := range []struct {
		name, reply string
		offered     bool
		want        []baton.Decision
	}{
		{"liked", "I like the idea of keeping a small fixture keychain (only the entries we read) in the repository. Please go on.", true,
			[]baton.Decision{{Decision: "keeping a small fixture keychain in the repository"}}},
		{"your suggestion", "Great, I like your suggestion to point the tests at a fixture keychain, but keep the mocks for now.", true,
			[]baton.Decision{{Decision: "point the tests at a fixture keychain"}}},
		{"asked", "Do you think I like the idea of a fixture keychain?", true, nil},
		{"nothing offered", "I like the idea of keeping a small fixture keychain in the repository.", false, nil},
	} {
		c := newConvo()
		if tc.offered {
			c.steward("how do we make the keychain tests pass on CI?")
			c.assistant(offer)
		}
		c.steward(tc.reply)
		if got := decisionsFrom(c); len(got) != len(tc.want) || len(got) > 0 && got[0].Decision != tc.want[0].Decision {
			t.Errorf("%s: decisions %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
