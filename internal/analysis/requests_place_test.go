package analysis

import "testing"

// TestRequestAfterWhereTheWorkIs: a sentence that says first where the
// work is and then asks with its verb ("In the README, add …") is a
// request; one whose words after the comma state something ("On Windows,
// the build fails") or that runs long is not read as one.
func TestRequestAfterWhereTheWorkIs(t *testing.T) {
	asks := map[string]string{
		"In the README, add a section on installing from source.":        "In the README, add a section on installing from source",
		"Within src/cli.ts, move the flag parsing into its own function": "Within src/cli.ts, move the flag parsing into its own function",
		"In SETTINGS.md , sort the options by name.":                     "In SETTINGS.md , sort the options by name",
	}
	for prose, want := range asks {
		if reqs := requests(prose); len(reqs) != 1 || reqs[0].text != want || reqs[0].form != formImperative {
			t.Errorf("requests(%q) = %+v, want [%q] as an imperative", prose, reqs, want)
		}
	}
	for _, prose := range []string{
		"On Windows, the build fails.",
		"In the release branch, commit 4b1c2d9 added two scratch files by mistake that nobody has noticed until the packaging step broke this morning.",
	} {
		if reqs := requests(prose); len(reqs) != 0 {
			t.Errorf("requests(%q) = %+v, want none", prose, reqs)
		}
	}
}
