package analysis

import (
	"slices"
	"testing"
)

// TestKeyTopicsNameTheSubject: key topics from fixtures of our own — a
// generic head noun is no topic alone, the phrase it ends is ("invoice
// page" names the page and its invoices), a vague adjective is dropped,
// words in capitals (SSO; not an HTTP method, GET) and hyphenated
// compounds (on-call) are subjects, a verb
// and its object ("avoid confusion") are not a phrase, a slash command's
// name and the code symbols a prompt names are not, and a
// Japanese katakana+kanji compound stays whole.
func TestKeyTopicsNameTheSubject(t *testing.T) {
	for _, tc := range []struct {
		prompt    string
		want, not []string
	}{
		{"The invoice page times out for the finance team", []string{"invoice page", "finance team"}, []string{"page", "team"}},
		{"Add SSO to the public dashboard", []string{"sso", "dashboard"}, []string{"public", "public dashboard"}},
		// An HTTP method in capitals is the request's verb, not its subject.
		{"The GET on the webhook times out", []string{"webhook"}, []string{"get"}},
		{"Write the on-call handbook for the SRE group", []string{"on-call", "handbook"}, []string{"on", "call"}},
		{"/audit the session cookie flags", []string{"session cookie"}, []string{"audit"}},
		{"Why does TestInvoiceTotals fail on the rounding?", []string{"rounding"}, []string{"testinvoicetotals"}},
		{"デプロイ手順を書き直したい", []string{"デプロイ手順"}, []string{"デプロイ", "手順"}},
		{"ログイン画面が真っ白になる", []string{"ログイン"}, []string{"画面", "ログイン画面"}},
		// A compound that is a participle qualifies a noun: no subject
		// alone.
		{"The staging load test with production-sized tenants is done", []string{"load test"}, []string{"production-sized"}},
		{"Port the ANSI-driven renderer to the new cluster", nil, []string{"ansi-driven"}},
		// A superlative says which one, not what: the noun is the subject.
		{"The invoice list is slow for our biggest tenant", []string{"invoice list", "tenant"}, []string{"biggest tenant", "biggest"}},
		// A verb of being and what follows it are no phrase.
		{"Goroutines stay flat after the deploy, memory remains stable", nil, []string{"stay flat", "stay", "remains stable"}},
		// A verb and its object are no phrase, though both pass as words.
		{"Reword the comment to avoid confusion with bare repositories", nil, []string{"avoid confusion"}},
	} {
		c := newConvo()
		c.steward(tc.prompt)
		c.assistant("Let me look into it.")
		got := summaryOf(buildViews(testAnalyzer, c.analysed(testAnalyzer))).KeyTopics
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: key topics %q miss %q", tc.prompt, got, w)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("%q: key topics %q hold %q", tc.prompt, got, n)
			}
		}
	}
}
