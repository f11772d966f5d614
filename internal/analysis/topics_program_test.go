package analysis

import (
	"slices"
	"testing"
)

// TestProgramPartAloneIsNoTopic: every codebase has functions and
// variables, and every program users, as every session has code:
// "function" or "user" alone indexes nothing. The phrase a part makes
// with another noun names a subject.
func TestProgramPartAloneIsNoTopic(t *testing.T) {
	c := newConvo()
	c.steward("The function that parses the environment variable fails when the token is unset. Can you fix the function?")
	c.assistant("The function parsed the environment variable before the config existed; now the function checks the token first.")
	c.steward("Good. Does any other function do that with the environment variable?")
	c.assistant("One more function did for each user; both now get the environment variable through the token loader.")
	c.steward("Which user saw the failure?")
	c.assistant("Every user whose token was unset; the function fix covers each user.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, part := range []string{"function", "user"} {
		if slices.Contains(got, part) {
			t.Errorf("topics %q hold %q, a part of any program", got, part)
		}
	}
	if !slices.Contains(got, "environment variable") {
		t.Errorf("topics %q, want %q (a phrase naming which variable)", got, "environment variable")
	}
}

// TestProjectAndTextAloneAreNoTopics: every session works on a project,
// and its program handles text and strings at some level; alone these
// words index nothing, while the phrase naming which one does.
func TestProjectAndTextAloneAreNoTopics(t *testing.T) {
	c := newConvo()
	c.steward("The project's compression level is wrong: the text of every archive is stored at level zero. Can you fix the project so the compression level comes from the settings?")
	c.assistant("The project set the compression level before reading the settings, so every text went out at level zero; the project now reads the compression level first.")
	c.steward("Does the text of each string still end up in the project archive at the right level?")
	c.assistant("Yes: each string keeps its text, and the project stores it at the compression level the settings name.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, part := range []string{"project", "text", "level", "string"} {
		if slices.Contains(got, part) {
			t.Errorf("topics %q hold %q, a part of any program", got, part)
		}
	}
	if !slices.Contains(got, "compression level") {
		t.Errorf("topics %q, want %q (a phrase naming which level)", got, "compression level")
	}
}
