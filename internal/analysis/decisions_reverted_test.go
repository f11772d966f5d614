package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionRevertedCommit: the steward has the change just committed
// reverted ("nah, it ended up longer. revert"): turning that commit down
// is the decision, what the steward says of it the reason. With no commit
// since the steward's last message, or a question, there is none.
func TestDecisionRevertedCommit(t *testing.T) {
	commit := func(c *convo) {
		c.steward("can we fold the path helpers into one Paths struct?")
		c.assistant("Folding the helpers into a Paths struct.")
		c.tool("Edit", obj{"file_path": "paths.go", "old_string": "a", "new_string": "b"}, "ok", "")
		c.tool("Bash", obj{"command": "git commit -am \"refactor: Fold path helpers into a Paths struct\""}, "[main 1a2b3c4] refactor: Fold path helpers into a Paths struct", "")
	}
	c := newConvo()
	commit(c)
	c.steward("nah, this ended up to be more code. revert")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "revert fold path helpers into a Paths struct",
		Rationale:    "this ended up to be more code",
		Alternatives: []string{"Fold path helpers into a Paths struct"},
	}})

	c = newConvo()
	commit(c)
	c.steward("should we revert?")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("the build is red")
	c.assistant("The build fails on the linter.")
	c.steward("revert")
	checkDecisions(t, c, nil)
}
