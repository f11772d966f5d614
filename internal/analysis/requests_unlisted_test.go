package analysis

import (
	"strings"
	"testing"
)

// TestOpeningWantIsTheTask: an opening message that asks in no listed
// form yields the work it says it wants, or the sentence that asks with a
// verb no list holds, rather than its first line (a status remark); and
// a first line's thanks is no problem stated.
func TestOpeningWantIsTheTask(t *testing.T) {
	cases := map[string]string{
		"The export work is merged, thanks.\n\nEvery order row has an empty region. Derive it from the shipping address, falling back to the billing one.": "Derive it from the shipping address, falling back to the billing one",
		"Short one: the profile page needs an avatar upload with a size limit.":                                                                            "the profile page needs an avatar upload with a size limit",
		"Yesterday's deploy went fine.\n\nI want the import job to be resumable: a crash must not start it over.":                                          "I want the import job to be resumable",
		"Big day. Goal for today: retries with backoff on every mail provider, and one metric per failure.":                                                "retries with backoff on every mail provider, and one metric per failure",
		"Thanks for coming. The nightly export fails on tenants with no invoices.":                                                                         "The nightly export fails on tenants with no invoices",
		"The search page is slow on large tenants.":                                                                                                        "The search page is slow on large tenants",
	}
	for prose, want := range cases {
		reqs := stewardRequestsOf(prose, false)
		if len(reqs) != 1 || reqs[0].text != want {
			t.Errorf("stewardRequests(%q) = %+v, want [%q]", prose, reqs, want)
		}
	}
}

// TestOpeningSceneIsNoTask: an opening sentence that only says where the
// work is ("in this repo the exporter can …") states no problem to fix;
// one that goes on to state a problem still does.
func TestOpeningSceneIsNoTask(t *testing.T) {
	for _, prose := range []string{
		"in this directory are three plugins we have been building together over the last month.",
		"In this repo the exporter is able to write both CSV and JSON files for every tenant.",
	} {
		if reqs := stewardRequestsOf(prose, false); len(reqs) != 0 {
			t.Errorf("stewardRequests(%q) = %+v, want none", prose, reqs)
		}
	}
	for _, prose := range []string{
		"in this directory are three plugins that don't build on the new laptop.",
		"In this repo the exporter fails on tenants with no invoices.",
	} {
		if reqs := stewardRequestsOf(prose, false); len(reqs) != 1 {
			t.Errorf("stewardRequests(%q) = %+v, want the problem", prose, reqs)
		}
	}
}

// TestCauseQuestionOverPastedErrorIsTheFix: a question asking why a pasted
// error happens asks to fix that error; a cause question with no error
// pasted stays the question.
func TestCauseQuestionOverPastedErrorIsTheFix(t *testing.T) {
	prose := "why does the importer keep stopping on this file?\n\n```\nReading ledger.csv ...\nError: unexpected end of input at row 418\n```"
	reqs := stewardRequestsOf(prose, false)
	if len(reqs) != 1 || !strings.HasPrefix(reqs[0].text, "fix ") || !strings.Contains(reqs[0].text, "unexpected end of input") {
		t.Errorf("stewardRequests(%q) = %+v, want the fix of the pasted error", prose, reqs)
	}
	plain := "why does the importer read the rows one at a time instead of in batches?"
	if reqs := stewardRequestsOf(plain, false); len(reqs) != 1 || strings.HasPrefix(reqs[0].text, "fix ") {
		t.Errorf("stewardRequests(%q) = %+v, want the question", plain, reqs)
	}
}

// stewardRequestsOf is stewardRequests of a conversation of one steward
// message, prose, read as the opening message or (askedBefore) one after
// a request.
func stewardRequestsOf(prose string, askedBefore bool) []request {
	c := newConvo()
	c.steward(prose)
	vs := buildViews(testAnalyzer, c.analysed(testAnalyzer))
	return stewardRequests(vs, 0, askedBefore)
}
