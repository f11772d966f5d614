package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesOfAPIRequests: a request a command sends to a
// well-known service's API host uses that API ("curl … https://api.github.
// com/repos/o/r/issues/7" is the GitHub API, beside curl); a request to
// the project's own server or any other host names no API.
func TestTechnologiesOfAPIRequests(t *testing.T) {
	c := newConvo()
	c.steward("read issue 7 and summarise it")
	c.tool("Bash", obj{"command": "curl -sSL -H 'Accept: application/vnd.github+json' 'https://api.github.com/repos/acme/shop/issues/7' | jq .title"}, `"Checkout fails"`, "")
	c.tool("Bash", obj{"command": `curl -s https://acme-prod.supabase.co/rest/v1/orders -H "apikey: $KEY"`}, "[]", "")
	c.tool("Bash", obj{"command": "curl -s https://example.com/status && wget -q https://downloads.acme.dev/tool.tgz"}, "ok", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, want := range []string{"GitHub API", "Supabase", "curl", "jq"} {
		if !slices.Contains(s.Technical.Technologies, want) {
			t.Errorf("technologies %q lack %q", s.Technical.Technologies, want)
		}
	}
	if got := apiOfURL("'https://api.openai.com/v1/chat/completions'"); got != "OpenAI" {
		t.Errorf("apiOfURL(OpenAI's endpoint) = %q", got)
	}
	if got := apiOfURL("http://localhost:8080/api/orders"); got != "" {
		t.Errorf("apiOfURL(a local server) = %q, want none", got)
	}
}
