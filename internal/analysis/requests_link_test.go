package analysis

import "testing"

// TestRequestAfterAPastedLink: a link pasted before a request is what the
// request points at, no word of it; a link inside the sentence keeps its
// site there.
func TestRequestAfterAPastedLink(t *testing.T) {
	for s, want := range map[string]string{
		"https://gitlab.com/acme/widgets/-/merge_requests/12 Instead of a new flag, reuse the existing one": "Instead of a new flag, reuse the existing one",
		"fetch the rates from https://api.example.org/v2/rates every hour":                                  "fetch the rates from api.example.org every hour",
	} {
		if got := cleanRequest(s); got != want {
			t.Errorf("cleanRequest(%q) = %q, want %q", s, got, want)
		}
	}
}
