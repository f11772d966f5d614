package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestPastedTerminalIsNoStewardWords: a terminal the steward pastes with
// its prompts is the terminal's from the first prompt on: the commands
// typed at the prompts ran, and what the programs printed under them (a
// hint naming another tool) is no technology the steward names as theirs;
// their words before the prompt and after a blank line still are.
func TestPastedTerminalIsNoStewardWords(t *testing.T) {
	c := newConvo()
	c.steward("This is what a fresh laptop shows: kim@laptop ~ % node --version\n" +
		"zsh: command not found: node\n" +
		"kim@laptop ~ % make setup\n" +
		"If the tools live elsewhere, point Homebrew at them with the installer's path option.\n" +
		"\n" +
		"I want the setup to work with pnpm.")
	c.assistant("I'll look at the setup script.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Node.js", "Make", "pnpm"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %s", got, want)
		}
	}
	if slices.Contains(got, "Homebrew") {
		t.Errorf("technologies %q hold Homebrew (evidence %q)", got, s.Technical.TechnologyEvidence["Homebrew"])
	}
	if ev := s.Technical.TechnologyEvidence["Make"]; ev != "ran `make setup` at the prompt of the terminal the steward pasted" {
		t.Errorf("Make's evidence %q", ev)
	}

	// bash's and PowerShell's prompts are prompts too.
	for _, tc := range []struct{ line, command string }{
		{"kim@box:~/app$ cargo build --release", "cargo build --release"},
		{"PS C:\\work\\app> npm test", "npm test"},
		{"Write to kim@example.com about it", ""},
	} {
		if _, got := stewardText(tc.line); tc.command == "" && len(got) > 0 || tc.command != "" && !slices.Equal(got, []string{tc.command}) {
			t.Errorf("stewardText(%q) gives the commands %q, want %q", tc.line, got, tc.command)
		}
	}
}
