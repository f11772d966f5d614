package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesOfProjectFilesNamed: in a chat with no tool calls, a
// code file the steward names is theirs, and an answer that names two
// files of a language and writes code in it works on the project in that
// language. One file named with no code, a fence with no file, a
// library written as a file ("Commander.js"), a page's files and a
// steward's listing of a build's folder or an installed package's file in
// a traceback are no evidence.
func TestTechnologiesOfProjectFilesNamed(t *testing.T) {
	c := newConvo()
	c.steward("Why does the script chapter_2/lmstudio_server.py hang when Cursor runs it? We parse args with Commander.js, and popup.html shows it.")
	c.assistant("In `ConfigManager.ts` the profiles are saved, and `SettingsView.ts` keeps its own copy:\n\n" +
		"```typescript\ninterface Profile { name: string }\n```\n\nThe old tool kept it in `src/lib.rs`.\n\n" +
		"A Go version would read:\n\n```go\nfunc main() {}\n```\n")
	c.steward("here is dist:\nindex.js\nsw.js\nunidoku.js\nunidoku.d.ts")
	c.steward("it fails in /app/node_modules/left-pad/index.js and dist/main.js")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	wantEvidence(t, s, map[string]string{
		"Python":     "the steward named lmstudio_server.py",
		"TypeScript": "named ConfigManager.ts and SettingsView.ts and wrote its code in an answer",
	})
	for _, no := range []string{"Rust", "Go", "JavaScript", "HTML"} {
		if slices.Contains(s.Technical.Technologies, no) {
			t.Errorf("technologies %q hold %s", s.Technical.Technologies, no)
		}
	}
}

// TestTechnologiesOfDocumentAskedFor: a Markdown document the steward
// asks to have written or changed is the format the work writes; one
// attached with "@" to read, one named in a question, and one only named
// are not.
func TestTechnologiesOfDocumentAskedFor(t *testing.T) {
	for prompt, want := range map[string]bool{
		"In CONVENTIONS.md, reorder the lists. Do not change the contents.":             true,
		"Read @review-copilot.md, then in a new document review-o3.md, write a review.": true,
		"Fix the parser so we can follow @docs/elysia.README.md.":                       false,
		"Should we update CHANGELOG.md?":                                                false,
		"The steps are in SETUP.md.":                                                    false,
	} {
		c := newConvo()
		c.steward(prompt)
		c.assistant("Done.")
		s := &baton.Session{}
		New().Session(s, c.analysed(New()))
		if got := slices.Contains(s.Technical.Technologies, "Markdown"); got != want {
			t.Errorf("%q: Markdown %v, want %v (technologies %q)", prompt, got, want, s.Technical.Technologies)
		}
	}
}

// TestTechnologiesOfConftest: reading a project's conftest.py, pytest's
// file of fixtures, shows the project tests with pytest; a test module
// read beside it is Python and nothing more.
func TestTechnologiesOfConftest(t *testing.T) {
	c := newConvo()
	c.steward("Write a unit test for the invoice totals, reusing the fixtures we already have.")
	c.tool("Read", obj{"file_path": "/repo/tests/conftest.py"}, "def make_invoice():\n    return {}\n", "")
	c.tool("Read", obj{"file_path": "/repo/tests/test_totals.py"}, "def test_empty():\n    assert True\n", "")
	c.assistant("The fixtures cover what we need.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	wantEvidence(t, s, map[string]string{"pytest": "read conftest.py"})
}
