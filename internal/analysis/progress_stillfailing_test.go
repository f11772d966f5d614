package analysis

import (
	"slices"
	"testing"
)

// A fix the steward answers with the problem still there did not do the
// work; after the steward's last word says so, a step the assistant
// takes is no fix either, while a check it reports passing is.
func TestStillFailingOutweighsReportedFix(t *testing.T) {
	const ask = "Fix the blank page on the deployed site"
	for _, tc := range []struct {
		name  string
		texts []string
		done  bool
	}{
		{"fixed, then confirmed", []string{ask + ".", "Fixed: the script path was wrong.", "Lovely, thanks."}, true},
		{"fixed, then still broken, then nothing", []string{ask + ".", "Fixed: the script path was wrong.", "Pushed, still broken.",
			"I've added a job that lists the deployed files. Paste its output here."}, false},
		{"the error remains", []string{ask + ".", "Updated the base path, so the bundle should load now.", "Thanks, but the error remains.",
			"I've added a step that prints the folder before the upload."}, false},
		{"still broken, then a passing check", []string{ask + ".", "Fixed: the script path was wrong.", "Still broken.",
			"The base path was also wrong. Fixed it, and the smoke test passes now."}, true},
		{"still broken, fixed again, confirmed", []string{ask + ".", "Fixed the script path.", "No luck, same blank page.",
			"Updated the base path as well.", "That did it, thanks!"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newConvo().turns(tc.texts...)
			p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
			if got := slices.Contains(p.TasksCompleted, ask); got != tc.done {
				t.Errorf("completed %q, remaining %q: want done %v", p.TasksCompleted, p.TasksRemaining, tc.done)
			}
		})
	}
	for in, want := range map[string]bool{
		"pushed. however, still nothing.": true, "still have error, and i still think we should look at the mime type.": true,
		"that didn't work either": true, "i still think we should use postgres.": false, "works now, thanks": false,
	} {
		if got := stillFailing(in); got != want {
			t.Errorf("stillFailing(%q) = %v, want %v", in, got, want)
		}
	}
}
