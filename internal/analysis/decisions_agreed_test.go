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

// TestDecisionCreditedToTheSteward: the assistant credits a course to the
// steward ("as you suggested: …", "your suggestion of X is clearer
// because …", "per your instruction, …"): the steward's proposal was
// taken. A reply the steward turns down next, or a credited routine step,
// is none.
func TestDecisionCreditedToTheSteward(t *testing.T) {
	c := newConvo()
	c.steward("Maybe keep it simple: put every exporter in one registry and give groups of them short names.")
	c.assistant("Simple as you suggested: every exporter in the registry, named groups of slugs for the presets.")
	c.steward("great")
	checkDecisions(t, c, []baton.Decision{{Decision: "every exporter in the registry, named groups of slugs for the presets"}})

	c = newConvo()
	c.steward("What about calling it with_shared_flags?")
	c.assistant("Your suggestion of `with_shared_flags` is clearer because it says what the decorator adds.")
	checkDecisions(t, c, []baton.Decision{{Decision: "use with_shared_flags", Rationale: "clearer because it says what the decorator adds"}})

	c = newConvo()
	c.steward("Put the presets in the registry.")
	c.assistant("As you suggested: presets in the registry, one file each.")
	c.steward("no, keep them in the config file")
	checkDecisions(t, c, nil) // turned down

	c = newConvo()
	c.steward("Run the tests first.")
	c.assistant("Per your instruction, run the tests before the commit.")
	checkDecisions(t, c, nil) // a routine step
}

// TestDecisionAskedAgainstAnAlternative: the steward asks for a course
// and names the one to avoid ("can we … without having to …", "how can I
// use X instead of Y?"); the assistant takes it up. A reply that turns it
// down, or a question with no alternative, is none.
func TestDecisionAskedAgainstAnAlternative(t *testing.T) {
	c := newConvo()
	c.steward("the integration tests keep failing - can we run them locally without having to push and wait for CI?")
	c.assistant("Yes, the suite runs against a local database; I'll set that up.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "run them locally instead of push and wait for CI",
		Alternatives: []string{"push and wait for CI"},
	}})

	c = newConvo()
	c.steward("how can i use the brand purple instead of the red shadow?")
	c.assistant("Replace the shadow colour in the card rule with the brand purple.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "use the brand purple instead of the red shadow",
		Alternatives: []string{"the red shadow"},
	}})

	c = newConvo()
	c.steward("can we deploy without having to build the image?")
	c.assistant("Unfortunately the platform only accepts images.")
	checkDecisions(t, c, nil) // turned down

	c = newConvo()
	c.steward("can we add a retry to the upload?")
	c.assistant("Sure.")
	checkDecisions(t, c, nil) // no alternative named
}

// TestDecisionDeclinedPart: the steward turns down a part of what the
// assistant just built ("I don't need the hover effects"): the course
// without it. A thing the assistant never mentioned is no part of its
// offer, and a reply that turns the steward down settles nothing.
func TestDecisionDeclinedPart(t *testing.T) {
	c := newConvo()
	c.steward("make the card header look more modern")
	c.assistant("Here is an updated header:\n\n1. A gradient overlay.\n2. A pseudo-element that adds a shine effect on hover.")
	c.steward("the gradient is a little too much and I don't need the hover effects")
	c.assistant("Understood: a subtler gradient without hover effects.")
	checkDecisions(t, c, []baton.Decision{{Decision: "no hover effects"}})

	c = newConvo()
	c.steward("remove day-8 from the history")
	c.assistant("I'll rebase the unpushed commits to drop it.")
	c.steward("will this keep it on disk? I don't want the notes lost!")
	c.assistant("Yes, it stays on disk.")
	checkDecisions(t, c, nil) // the notes were never part of the offer

	c = newConvo()
	c.steward("make the card header look more modern")
	c.assistant("Here is a header with a gradient and hover effects.")
	c.steward("I don't need the hover effects")
	c.assistant("Unfortunately the theme requires them.")
	checkDecisions(t, c, nil)
}

// TestDecisionKeptForCompatibility: a thing kept, against the change
// around it, so that what depends on it goes on working.
func TestDecisionKeptForCompatibility(t *testing.T) {
	c := newConvo()
	c.steward("Switch the file keys to random ones.\n\n- Add `generateFileKey()`: a random key per file\n- Keep `deriveFileKey()` for backward compat (migration reads)")
	c.assistant("On it.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Keep deriveFileKey() for backward compat", Rationale: "migration reads",
		Alternatives: []string{"remove deriveFileKey()"}}})

	// Said by the assistant, never carried out.
	c = newConvo()
	c.steward("what would the migration look like?")
	c.assistant("We could keep the old flag as a deprecated alias.")
	c.steward("ok, let's discuss tomorrow")
	checkDecisions(t, c, nil)
}
