package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionConcededProposal: the steward puts a course to the
// assistant as a question after its work ("did you set up X yet?"), the
// assistant gives way ("You're right") and carries it out: the steward's
// course is the decision. Without the concession, the change, or an
// earlier assistant message to push back on, it is a question or a
// request.
func TestDecisionConcededProposal(t *testing.T) {
	setup := func(c *convo) {
		c.steward("set up the project for the specs")
		c.assistant("I'll write the requirements file with pinned versions.")
		c.tool("Write", obj{"file_path": "requirements.txt", "content": "pytest==7.0.0\n"}, "ok", "")
	}
	c := newConvo()
	setup(c)
	c.steward("this sounds good, but did you set up the environment with the latest stable python yet?")
	c.assistant("You're right, we haven't set up a virtual environment with the latest stable Python yet. Let's do that first.")
	c.tool("Write", obj{"file_path": ".python-version", "content": "3.13\n"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "set up the environment with the latest stable python"}})

	// The assistant answers, changes nothing.
	c = newConvo()
	setup(c)
	c.steward("did you set up the environment with the latest stable python yet?")
	c.assistant("You're right, not yet: the system Python is 3.11.")
	c.steward("ok, leave it")
	checkDecisions(t, c, nil)

	// No concession: the assistant went on with its own course.
	c = newConvo()
	setup(c)
	c.steward("did you set up the environment with the latest stable python yet?")
	c.assistant("The environment uses Python 3.11, which the toolchain needs. Adding the spec runner now.")
	c.tool("Write", obj{"file_path": "pytest.ini", "content": "[pytest]\n"}, "ok", "")
	checkDecisions(t, c, nil)

	// The session's first message pushes back on nothing.
	c = newConvo()
	c.steward("can we move the settings into a config file?")
	c.assistant("You're right, a config file is cleaner.")
	c.tool("Write", obj{"file_path": "config.toml", "content": "x = 1\n"}, "ok", "")
	checkDecisions(t, c, nil)
}
