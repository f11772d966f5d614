package analysis

import (
	"slices"
	"testing"
)

// The steward's word that the work works ("Fixed. Thanks!") is the report
// that it was done, though the assistant only showed the code: the
// requests before it are completed, not handed on as left to do. A word
// that goes on to a problem ("works, but the flash is back") is not.
func TestStewardConfirmationCompletesRequests(t *testing.T) {
	for _, tc := range []struct {
		closing string
		done    bool
	}{
		{"Fixed. Thanks!", true},
		{"That works, thank you.", true},
		{"Perfect, all green now.", true},
		{"It works but the flash is back on Safari.", false},
		{"Still broken on reload.", false},
		{"Does it work on Safari?", false},
		// Thanks after the work is the same word that it is done.
		{"Lovely, thanks.", true},
		{"30/30. Thank you, that's a weight off.", true},
		{"This is fantastic, thank you. Design is not going to love the grey but the contrast is right.", true},
		{"Perfect. Thanks for keeping it simple while still covering Safari.", true},
		{"Thanks, but the flash still shows on Safari.", false},
		{"Thanks! The build is broken now.", false},
		{"It would be great if it also remembered the choice.", false},
		{"I'll switch the hook to a context and thank Priya.", false},
	} {
		c := newConvo()
		c.steward("Settings page needs a theme switch with three options: System, Light, Dark. Persist the choice in localStorage.")
		c.assistant("Here's a small hook plus the control:\n\n```ts\nexport function useTheme() { return [theme, setTheme] }\n```")
		c.steward(tc.closing)
		p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		left := slices.ContainsFunc(p.TasksRemaining, func(s string) bool { return s != "" && s[0] == 'S' })
		if left == tc.done {
			t.Errorf("after %q: remaining %q, completed %q", tc.closing, p.TasksRemaining, p.TasksCompleted)
		}
	}
}
