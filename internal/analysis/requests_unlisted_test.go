package analysis

import "testing"

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
		c := newConvo()
		c.steward(prose)
		vs := buildViews(testAnalyzer, c.analysed(testAnalyzer))
		reqs := stewardRequests(vs, 0, false)
		if len(reqs) != 1 || reqs[0].text != want {
			t.Errorf("stewardRequests(%q) = %+v, want [%q]", prose, reqs, want)
		}
	}
}
