package analysis

import (
	"slices"
	"testing"
)

// TestTopicsHoldTheStewardsSymbol: a code symbol the steward asks about in
// their own words is what the session is about ("the isDefault option"),
// while one only the answers name stays the technical context's, and a
// message naming many symbols (a list of fields) makes none of them a
// topic.
func TestTopicsHoldTheStewardsSymbol(t *testing.T) {
	c := newConvo()
	c.steward("the evaluate command ignores isDefault: why is it not the default subcommand?")
	c.assistant("Commander reads isDefault only when the subcommand is registered with addCommand; the evaluate command is built with command().")
	c.steward("so register it so that isDefault works")
	c.assistant("Registered the evaluate command with addCommand, so isDefault makes it the default subcommand.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "isdefault") {
		t.Errorf("topics %q leave out the symbol the steward asked about", got)
	}
	if slices.Contains(got, "addcommand") {
		t.Errorf("topics %q hold addCommand, a symbol only the answers name", got)
	}

	c = newConvo()
	c.steward("add validatorId, poiScore, stakeWeight and reputationScore to the validator schema")
	c.assistant("Added validatorId, poiScore, stakeWeight and reputationScore to the validator schema.")
	got = keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, field := range []string{"validatorid", "poiscore", "stakeweight", "reputationscore"} {
		if slices.Contains(got, field) {
			t.Errorf("topics %q hold %q, one field of a list", got, field)
		}
	}
}

// TestIdentifierShaped: only a name written as code is taken for the
// steward's symbol; a plain word in backticks is a program or a word.
func TestIdentifierShaped(t *testing.T) {
	for _, tc := range []struct {
		symbol string
		want   bool
	}{
		{"isDefault", true},
		{"ModuleNotFoundError", true},
		{"mock_kms", true},
		{"fs.checksum", true},
		{"parseJSON()", true},
		{"bun", false},
		{"find", false},
		{"Hatch", false},
	} {
		if got := identifierShaped(tc.symbol); got != tc.want {
			t.Errorf("identifierShaped(%q) = %v, want %v", tc.symbol, got, tc.want)
		}
	}
}
