package analysis

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestCodeChangesOfEveryAgent: the files other agents change count as
// Claude Code's do — Codex's apply_patch (added, updated with its lines
// in and out, moved, deleted; also through exec_command's heredoc) and its
// shell's "rm", Gemini CLI's write_file and replace, Cursor's edit_file —
// and a failed patch changes nothing. The evidence of the technologies
// those edits show names the same files.
func TestCodeChangesOfEveryAgent(t *testing.T) {
	c := newConvo()
	c.steward("Apply the discount in the cart total and add the web entry point.")
	c.tool("apply_patch", obj{"input": "*** Begin Patch\n*** Update File: /src/app/cart/cart.go\n@@\n-\ttotal += it.Price\n+\ttotal += it.Price - it.Discount\n+\tcount++\n" +
		"*** Add File: web/app.py\n+import flask\n+app = flask.Flask(__name__)\n*** Delete File: web/old.py\n" +
		"*** Update File: cart/util.go\n*** Move to: cart/money.go\n@@\n-func round(x int) int {\n+func Round(x int) int {\n*** End Patch"}, "Success", "")
	c.tool("apply_patch", obj{"input": "*** Begin Patch\n*** Update File: cart/missing.go\n@@\n-a\n+b\n*** End Patch"}, "", "apply_patch verification failed: cart/missing.go not found")
	c.tool("exec_command", obj{"cmd": "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: cart/cart.go\n@@\n-\tcount++\n+\tcount += it.Qty\n*** End Patch\nEOF"}, "Success", "")
	c.tool("exec_command", obj{"cmd": "rm -f cart/legacy.go && go test ./..."}, "ok", "")
	c.tool("write_file", obj{"file_path": "/src/app/docs/notes.md", "content": "# Notes\n\nDiscounts apply per item.\n"}, "ok", "")
	c.tool("replace", obj{"file_path": "/src/app/ui/main.ts", "old_string": "let a = 1", "new_string": "import { z } from 'zod'\nlet a = 1"}, "ok", "")
	c.tool("edit_file", obj{"target_file": "ui/style.css", "code_edit": ".cart { color: red; }"}, "ok", "")
	s := &baton.Session{Technical: baton.TechnicalContext{WorkingDirectory: "/src/app"}}
	New().Session(s, c.analysed(New()))
	want := []baton.CodeChange{
		{File: "cart/cart.go", Type: "modified", Description: "2 edits, +3 −2 lines"},
		{File: "web/app.py", Type: "created", Description: "created, 2 lines"},
		{File: "web/old.py", Type: "deleted", Description: "deleted with a patch"},
		{File: "cart/money.go", Type: "renamed", Description: "renamed from cart/util.go"},
		{File: "cart/legacy.go", Type: "deleted", Description: "deleted with rm"},
		{File: "docs/notes.md", Type: "created", Description: "created, 3 lines"},
		{File: "ui/main.ts", Type: "modified", Description: "1 edit, +2 −1 lines"},
		{File: "ui/style.css", Type: "modified", Description: "1 edit, +1 −0 lines"},
	}
	if got := s.Technical.CodeChanges; !slices.Equal(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		t.Errorf("code changes\n%s", g)
	}
	for tech, ev := range map[string]string{"Go": "edited cart.go", "Python": "wrote app.py", "TypeScript": "edited main.ts", "Markdown": "wrote notes.md"} {
		if got := s.Technical.TechnologyEvidence[tech]; got != ev {
			t.Errorf("%s: evidence %q, want %q", tech, got, ev)
		}
	}
}
