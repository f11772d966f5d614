package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesNeedEvidenceOfUse: a technology counts when the
// steward names it as theirs or the session runs or writes it; an answer
// that lists another company's stack does not make it the session's.
func TestTechnologiesNeedEvidenceOfUse(t *testing.T) {
	c := newConvo()
	c.steward("Our billing service is written in Go. How do the big payment companies build theirs?")
	c.assistant("Stripe's core is largely Ruby, Adyen runs Java services on its own hardware, and PayPal moved much of its stack to Node.js and Azure.")
	c.tool("Bash", obj{"command": "docker compose up -d billing"}, "Container billing started", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Go", "Docker"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	for _, not := range []string{"Ruby", "Java", "Node.js", "Azure"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q, only named in an answer", got, not)
		}
	}
}
