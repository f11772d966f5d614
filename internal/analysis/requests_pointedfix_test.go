package analysis

import (
	"strings"
	"testing"
)

// TestFixPointingBackNamesTheProblem: a message that states or pastes a
// problem and then asks to fix it by pointing back ("…, fix this",
// "Please fix it.", "How can I resolve this?") asks to fix that problem;
// a fix the message does not ask for ("what should be done to fix it"),
// one after no problem, and a fix that names its work keep what they were.
func TestFixPointingBackNamesTheProblem(t *testing.T) {
	fixes := map[string]string{
		"the invoice totals show up twice on the summary page, fix this.":                                                                 "fix the invoice totals show up twice on the summary page",
		"@billing.md the invoice totals show up twice on the summary page, fix this.":                                                     "fix the invoice totals show up twice on the summary page",
		"The nightly export never writes the last row. Please fix it.":                                                                    "fix The nightly export never writes the last row",
		"When I start the worker I get this error:\n```\nerror: cannot open queue file spool/jobs.db\n```\nHow can I resolve this?":       "fix cannot open queue file spool/jobs.db",
		"Running the build gives this error:\n```\nModuleNotFoundError: No module named 'ledger'\n```\nFix it, then run the tests again.": "fix ModuleNotFoundError: No module named 'ledger'",
	}
	for prose, want := range fixes {
		for _, asked := range []bool{false, true} {
			reqs := stewardRequestsOf(prose, asked)
			if len(reqs) == 0 || reqs[0].text != want {
				t.Errorf("stewardRequests(%q, asked before %v) = %+v, want %q first", prose, asked, reqs, want)
			}
		}
	}
	for _, prose := range []string{
		"Find out where the scheduler loses jobs, and tell me what should be done to fix it.",
		"What does the scheduler do when a job times out, and how does it solve it?",
		"The new layout looks good. Please fix this.",
		"fix this bug in the CSV parser",
	} {
		for _, r := range stewardRequestsOf(prose, true) {
			if strings.HasPrefix(r.text, "fix ") && r.text != "fix this bug in the CSV parser" {
				t.Errorf("stewardRequests(%q) = %+v, want no fix pointed back", prose, r)
			}
		}
	}
}
