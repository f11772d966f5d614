package continuity

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// A decision whose words already name what it was chosen over hands on
// no "(instead of: …)" that repeats them; one that does not, does.
func TestBridgeMarkdownAlternativesNotRepeated(t *testing.T) {
	b := &baton.Bridge{FromTitle: "Rate limiter review"}
	b.Transferred.RecentDecisions = []baton.BridgeDecision{
		{Decision: "use a Lua script for the token bucket instead of MULTI/EXEC", AlternativesConsidered: []string{"MULTI/EXEC"}},
		{Decision: "keep the limit per tenant", AlternativesConsidered: []string{"a global limit"}},
	}
	md := BridgeMarkdown(b)
	if strings.Contains(md, "(instead of: MULTI/EXEC)") {
		t.Errorf("the alternative the decision names is repeated:\n%s", md)
	}
	if !strings.Contains(md, "keep the limit per tenant (instead of: a global limit)") {
		t.Errorf("the alternative the decision does not name is missing:\n%s", md)
	}
}
