package analysis

import (
	"math/rand/v2"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// randomViews is a conversation of n messages of random roles, some
// assistant messages without prose, for checking the one-pass readings
// against their message-by-message definitions.
func randomViews(r *rand.Rand, n int) []view {
	roles := []baton.Role{baton.RoleSteward, baton.RoleAssistant, baton.RoleSystem, baton.RoleToolCall, baton.RoleToolResult}
	vs := make([]view, n)
	for i := range vs {
		role := roles[r.IntN(len(roles))]
		vs[i] = view{m: &message{Role: role}, text: role == baton.RoleSteward || (role == baton.RoleAssistant && r.IntN(3) > 0)}
	}
	return vs
}

// TestOvertakenMatchesItsDefinition checks the one pass from the end
// against the rule read message by message: something of another role
// than i's, not the assistant's, arrives after i, and assistant prose
// follows it.
func TestOvertakenMatchesItsDefinition(t *testing.T) {
	naive := func(vs []view, i int) bool {
		arrived := false
		for j := i + 1; j < len(vs); j++ {
			switch {
			case vs[j].m.Role != vs[i].m.Role && !vs[j].assistant():
				arrived = true
			case arrived && vs[j].assistant() && vs[j].text:
				return true
			}
		}
		return false
	}
	r := rand.New(rand.NewPCG(1, 2))
	trues := 0
	for range 2000 {
		vs := randomViews(r, r.IntN(12))
		got := overtaken(vs)
		for i := range vs {
			if want := naive(vs, i); got[i] != want {
				t.Fatalf("message %d of %v: overtaken %v, by definition %v", i, rolesOf(vs), got[i], want)
			}
			if got[i] {
				trues++
			}
		}
	}
	if trues == 0 {
		t.Fatal("no message was overtaken in any conversation: the check compared nothing")
	}
}

func rolesOf(vs []view) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v.m.Role)
		if v.assistant() && !v.text {
			out[i] += "(no prose)"
		}
	}
	return out
}
