package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionSelfPickedOption: the assistant lists options, picks one
// itself ("Let's try option 2: …") and carries it out: the option it
// restated is the decision, the others the alternatives. A pick it never
// carries out, or a key none of its options has, is none.
func TestDecisionSelfPickedOption(t *testing.T) {
	c := newConvo()
	c.steward("the exporter crashes on start: no module named app.run")
	c.assistant("We have a few options:\n\n1. **Rename the start function to run**: and change every caller.\n2. **Add `app/run.py`**: a thin wrapper that calls `start()`.\n\nLet's try option 2: Add `app/run.py` that calls the existing `start()`, so the callers need no change.")
	c.tool("Write", obj{"file_path": "app/run.py", "content": "from app import start\n"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "Add app/run.py that calls the existing start()", Rationale: "the callers need no change",
		Alternatives: []string{"Rename the start function to run"}}})

	// Announced, not carried out before the steward spoke again.
	c = newConvo()
	c.steward("the exporter crashes on start")
	c.assistant("Options:\n\n1. Rename the function and every caller.\n2. Add a thin wrapper module.\n\nLet's try option 2.")
	c.steward("wait, first tell me why it crashes")
	checkDecisions(t, c, nil)

	// "option 3" names no listed option.
	c = newConvo()
	c.steward("the exporter crashes on start")
	c.assistant("Options:\n\n1. Rename the function and every caller.\n2. Add a thin wrapper module.\n\nLet's go with option 3.")
	c.tool("Write", obj{"file_path": "app/run.py", "content": "x"}, "ok", "")
	checkDecisions(t, c, nil)
}

// TestDecisionReportedChange: a value the assistant changed, reported
// with the reason ("to match …") after the edit: the new value against
// the old one. A change reported without a reason is a step, and one the
// session did not make is a diagnosis.
func TestDecisionReportedChange(t *testing.T) {
	c := newConvo()
	c.steward("uploads land in the wrong folder locally")
	c.tool("Edit", obj{"file_path": "storage.py", "old_string": "\"data/in\"", "new_string": "\"data\""}, "ok", "")
	c.assistant("Done.\n\n- **`storage.py:12`** — Changed default `UPLOAD_DIR` from `\"data/in\"` to `\"data\"` to match the parser and the compose file.")
	checkDecisions(t, c, []baton.Decision{{Decision: "change default UPLOAD_DIR from data/in to data", Rationale: "to match the parser and the compose file",
		Alternatives: []string{"data/in"}}})

	c = newConvo()
	c.steward("uploads land in the wrong folder locally")
	c.tool("Edit", obj{"file_path": "storage.py", "old_string": "\"data/in\"", "new_string": "\"data\""}, "ok", "")
	c.assistant("Changed default `UPLOAD_DIR` from `\"data/in\"` to `\"data\"`.")
	checkDecisions(t, c, nil) // no reason

	c = newConvo()
	c.steward("why did the output change?")
	c.assistant("The output format changed from the short form to the long one because the library was upgraded.")
	checkDecisions(t, c, nil) // nothing changed in the session
}

// TestDecisionReportedReplacement: a course the assistant reports it put
// in place of another, with the reason it gives ("I've moved the queue
// from Redis to NATS, which is …", "Replaced the polling loop with a
// file watcher to avoid …"): the new course against the old. Without a
// reason, or before anything changed, it is a step or a diagnosis.
func TestDecisionReportedReplacement(t *testing.T) {
	c := newConvo()
	c.steward("the docs build is slow and flaky")
	c.tool("Edit", obj{"file_path": "docs/conf.toml", "old_string": "engine = \"sphinx\"", "new_string": "engine = \"mkdocs\""}, "ok", "")
	c.assistant("I've switched the docs engine from Sphinx to MkDocs, which is the simpler tool for a Markdown-only site.")
	checkDecisions(t, c, []baton.Decision{{Decision: "switch the docs engine from Sphinx to MkDocs",
		Rationale: "the simpler tool for a Markdown-only site", Alternatives: []string{"Sphinx"}}})

	c = newConvo()
	c.steward("the watcher eats a core")
	c.tool("Edit", obj{"file_path": "watch.go", "old_string": "for {", "new_string": "w := fsnotify.NewWatcher()"}, "ok", "")
	c.assistant("Done:\n\n- Replaced the polling loop with a file watcher to avoid waking up every second")
	checkDecisions(t, c, []baton.Decision{{Decision: "replace the polling loop with a file watcher",
		Rationale: "to avoid waking up every second", Alternatives: []string{"the polling loop"}}})

	c = newConvo()
	c.steward("the watcher eats a core")
	c.tool("Edit", obj{"file_path": "watch.go", "old_string": "for {", "new_string": "w := fsnotify.NewWatcher()"}, "ok", "")
	c.assistant("Replaced the polling loop with a file watcher.")
	checkDecisions(t, c, nil) // no reason: a step

	c = newConvo()
	c.steward("why is the docs build different now?")
	c.assistant("Switched the docs engine from Sphinx to MkDocs, which is why the theme changed.")
	checkDecisions(t, c, nil) // nothing changed in the session
}

// TestDecisionFallbackBuiltIn: a fallback the assistant builds in for
// when a tool or a value is missing is a choice between two courses.
func TestDecisionFallbackBuiltIn(t *testing.T) {
	c := newConvo()
	c.steward("make the batch script faster")
	c.assistant("Plan:\n\n- Run the jobs with GNU Parallel\n- Automatically fall back to sequential processing if GNU Parallel is not installed")
	c.tool("Write", obj{"file_path": "batch.sh", "content": "#!/bin/sh\n"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "fall back to sequential processing if GNU Parallel is not installed"}})

	// A fallback the code already has, described: nothing carried out.
	c = newConvo()
	c.steward("how does the base branch get picked?")
	c.assistant("It falls back to the remote HEAD branch if main is not found.")
	checkDecisions(t, c, nil)
}

// TestDecisionConcededCourse: the steward asks whether another course
// would do, and the assistant gives way, stating the course against its
// own ("You're right - we should X instead of Y").
func TestDecisionConcededCourse(t *testing.T) {
	c := newConvo()
	c.steward("Do you need a new retry queue? Can't we use the existing job queue?")
	c.assistant("Good point! You're absolutely right - we should use the existing job queue instead\nof maintaining a separate retry queue.")
	checkDecisions(t, c, []baton.Decision{{Decision: "use the existing job queue instead of maintaining a separate retry queue",
		Alternatives: []string{"maintaining a separate retry queue"}}})

	// The steward asked nothing and nothing was carried out.
	c = newConvo()
	c.steward("The retry queue looks odd.")
	c.assistant("You're right - we should use the existing job queue instead of a separate retry queue.")
	c.steward("let's talk about it tomorrow")
	checkDecisions(t, c, nil)
}

// TestUnwrappedProse: lines a console broke inside a sentence are one
// sentence again; a list, a heading or a finished sentence still ends
// its line.
func TestUnwrappedProse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"You're absolutely right - we should use the existing message\nqueue instead of a new one.", "You're absolutely right - we should use the existing message queue instead of a new one."},
		{"updated the parser\nremoved the old flag", "updated the parser\nremoved the old flag"},
		{"the first line of a console paragraph runs on to the wrap column\n  and the second line of it does the same, to the wrap column too\n  then it ends.",
			"the first line of a console paragraph runs on to the wrap column and the second line of it does the same, to the wrap column too then it ends."},
		{"Done.\nnext we run it", "Done.\nnext we run it"},
		{"Options:\n- one\n- two", "Options:\n- one\n- two"},
		{"## Plan\nsteps follow", "## Plan\nsteps follow"},
		{"a first paragraph\n\nand a second", "a first paragraph\n\nand a second"},
		{"  and the configuration file stays where it is, under the `cfg`\n   folder", "  and the configuration file stays where it is, under the `cfg` folder"},
	} {
		if got := unwrapped(c.in); got != c.want {
			t.Errorf("unwrapped(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestEditedInText: an exported transcript's written-out tool calls show
// a file changed by the tool's name; reading a file or writing a todo
// list changes none.
func TestEditedInText(t *testing.T) {
	for content, want := range map[string]bool{
		"Tool use: **edit_file_v2**\n\nupdated":                      true,
		"⏺ replace(src/StockService.cs)":                             true,
		"Tool use: **apply_patch**":                                  true,
		"Tool use: **read_file_v2**":                                 false,
		"Tool use: **todo_write**":                                   false,
		"⏺ read_file(src/StockService.cs)":                           false,
		"Tool use: **search_replace**\n\n```\n```":                   true,
		"Let me fix these syntax issues: \n```\n\n```\nNow the page": true,
		"Run it:\n```bash\nmake\n```\n```\nok\n```":                  false,
		"The output:\n```\nok\n```":                                  false,
	} {
		v := view{m: &message{Role: baton.RoleAssistant, Content: content}}
		if got := editedInText(&v); got != want {
			t.Errorf("editedInText(%q) = %v, want %v", content, got, want)
		}
	}
}

// TestDecisionFixReportedWithItsMeans: the assistant reports a fault it
// fixed and the course it took in place of another ("Resolved the build
// error by replacing the theme plugin with plain CSS variables"): the
// replacement is the decision, the fault its reason, though the export
// shows no edit (a chat exported without its tool calls). A fix planned,
// or a replacement with no fault fixed, is none.
func TestDecisionFixReportedWithItsMeans(t *testing.T) {
	c := newConvo()
	c.steward("the build fails on the theme")
	c.assistant("Ran the build again.\n\n- Resolved the build error about `bg-card` by replacing the theme plugin's `@apply` rules with plain CSS variables in `app.css`.\n- The build passes.")
	checkDecisions(t, c, []baton.Decision{{Decision: "replace the theme plugin's @apply rules with plain CSS variables in app.css",
		Rationale: "Resolved the build error about bg-card", Alternatives: []string{"the theme plugin's @apply rules"}}})

	c = newConvo()
	c.steward("the tests are flaky")
	c.assistant("Fixed the flaky upload test by switching from fixed sleeps to polling the job status.")
	checkDecisions(t, c, []baton.Decision{{Decision: "switch from fixed sleeps to polling the job status",
		Rationale: "Fixed the flaky upload test", Alternatives: []string{"fixed sleeps"}}})

	for _, answer := range []string{
		"I'll fix the build error by replacing the theme plugin with CSS variables.",
		"Could we fix it by replacing the plugin with CSS variables?",
		"I cleaned up the stylesheet by renaming the classes.",
	} {
		c = newConvo()
		c.steward("the build fails on the theme")
		c.assistant(answer)
		checkDecisions(t, c, nil)
	}
}
