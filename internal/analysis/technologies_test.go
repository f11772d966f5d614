package analysis

import (
	"slices"
	"strings"
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
	got := technologiesNamed(c)
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

// TestTechnologyEvidence: each technology keeps one line saying what
// showed it in use — the command that ran it, the file edited, written or
// read, the package installed or imported, the action a workflow uses —
// and what only appears inside quotes, here-documents or an answer does
// not count.
func TestTechnologyEvidence(t *testing.T) {
	c := newConvo()
	c.steward("Please tidy the release; the notes are in CHANGELOG.md")
	c.assistant("Teams often use Jenkins, CircleCI or Bazel for this; here we keep it simple.")
	c.tool("Bash", obj{"command": "cd /src/app && mise run lint 2>&1 | tail -5"}, "ok", "")
	c.tool("Bash", obj{"command": "git commit -m \"$(cat <<'EOF'\nmake docker happy\n\nCo-Authored-By: Claude\nEOF\n)\""}, "[main 1a2b3c] make docker happy", "")
	c.tool("Bash", obj{"command": "cat out.json | jq -r '.items[] | .name'"}, "a\nb", "")
	c.tool("Bash", obj{"command": "npx prettier --check ."}, "", "Exit code 1\n[warn] README.md")
	c.tool("Bash", obj{"command": "terraform plan"}, "", "bash: terraform: command not found")
	c.tool("Bash", obj{"command": "npm install react@18 left-pad"}, "added 2 packages", "")
	c.tool("Edit", obj{"file_path": "/src/app/CHANGELOG.md", "old_string": "## 0.1", "new_string": "## 0.2\n\n## 0.1"}, "ok", "")
	c.tool("Edit", obj{"file_path": "/src/app/.github/workflows/release.yml", "old_string": "run: goreleaser",
		"new_string": "uses: nick-fields/retry@v3\nwith:\n  command: goreleaser\nuses: actions/checkout@v4"}, "ok", "")
	c.tool("Write", obj{"file_path": "/src/app/server.go", "content": "package main\n\nimport (\n\t\"fmt\"\n\t\"github.com/labstack/echo/v4\"\n)\n"}, "ok", "")
	c.tool("Write", obj{"file_path": "/src/app/hooks/pre-commit", "content": "#!/bin/bash\nset -e\nshellcheck scripts/*.sh\n"}, "ok", "")
	c.tool("Read", obj{"file_path": "/src/app/.goreleaser.yaml"}, "builds: []", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	want := map[string]string{
		"mise":              "ran `mise run lint 2>&1`",
		"Git":               "ran `git commit -m \"$(cat <<'EOF' make docker happy Co-Authored-By: Claude EOF )\"`",
		"jq":                "ran `jq -r '.items[] .name'`",
		"Prettier":          "ran `npx prettier --check .`",
		"npm":               "ran `npm install react@18 left-pad`",
		"React":             "installed with `npm install react@18 left-pad`",
		"Markdown":          "edited CHANGELOG.md",
		"GitHub Actions":    "edited release.yml",
		"nick-fields/retry": "used in release.yml",
		"Go":                "wrote server.go",
		"Echo":              "imported github.com/labstack/echo/v4 in server.go",
		"Bash":              "wrote the shell script pre-commit",
		"ShellCheck":        "run by pre-commit: `shellcheck scripts/*.sh`",
		"goreleaser":        "read .goreleaser.yaml",
	}
	for name, ev := range want {
		if got[name] != ev {
			t.Errorf("%s: evidence %q, want %q", name, got[name], ev)
		}
		if !slices.Contains(s.Technical.Technologies, name) {
			t.Errorf("technologies %q lack %q", s.Technical.Technologies, name)
		}
	}
	// Not run: inside a commit message, only in an answer, a command that
	// was not found, GitHub's own checkout action.
	for _, not := range []string{"Docker", "Claude", "Jenkins", "CircleCI", "Bazel", "Terraform", "actions/checkout"} {
		if slices.Contains(s.Technical.Technologies, not) {
			t.Errorf("technologies %q hold %q", s.Technical.Technologies, not)
		}
	}
	if len(got) != len(s.Technical.Technologies) {
		t.Errorf("evidence for %d technologies, %d listed", len(got), len(s.Technical.Technologies))
	}
}

// TestSearchReplaceEdits: an assistant that edits by SEARCH/REPLACE
// blocks (aider) edits the files those blocks name.
func TestSearchReplaceEdits(t *testing.T) {
	var got []string
	for _, a := range searchReplaceEdits("Here is the change:\n\n```typescript\nsrc/iter.ts\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n\nCONVENTIONS.md\n```markdown\n<<<<<<< SEARCH\n=======\n- one\n>>>>>>> REPLACE\n```\n\nsrc/iter.ts\n```typescript\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n```") {
		got = append(got, a.file)
	}
	if want := []string{"src/iter.ts", "CONVENTIONS.md"}; !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}

// TestSearchReplaceImports: what a SEARCH/REPLACE block imports is used,
// whether the REPLACE side adds the import or keeps it from the SEARCH
// side (the file's own), in a "```" fence or aider's "<source>" one; an
// import the block takes out is not.
func TestSearchReplaceImports(t *testing.T) {
	c := newConvo()
	c.steward("add analytics and a repo test")
	c.assistant("Here's the change:\n\naider/analytics.py\n```python\n<<<<<<< SEARCH\nimport json\n\nfrom mixpanel import Mixpanel\nimport requests\n=======\nimport json\n\nfrom mixpanel import Mixpanel\n>>>>>>> REPLACE\n```\n\n" +
		"tests/test_repomap.py\n<source>python\n<<<<<<< SEARCH\nimport os\n=======\nimport os\n\nimport git\n>>>>>>> REPLACE\n</source>")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, want := range []string{"Python", "Mixpanel", "GitPython"} {
		if !slices.Contains(s.Technical.Technologies, want) {
			t.Errorf("technologies %q lack %q", s.Technical.Technologies, want)
		}
	}
	if slices.Contains(s.Technical.Technologies, "Requests") {
		t.Errorf("technologies %q hold Requests, whose import the edit took out", s.Technical.Technologies)
	}
	if ev := s.Technical.TechnologyEvidence["GitPython"]; ev != "imported git in test_repomap.py" {
		t.Errorf("GitPython's evidence %q", ev)
	}
}

// TestTechnologiesFromEveryAgentsTools: the calls of every agent Baton
// imports are evidence of use, whatever the agent names its tools — Codex's
// exec_command, shell vectors and apply_patch patches, Gemini CLI's
// run_shell_command, write_file and replace, Cursor's run_terminal_cmd
// and edit_file, Claude Code's PowerShell — and code read through the
// shell (as Codex reads files) is code of its language read.
func TestTechnologiesFromEveryAgentsTools(t *testing.T) {
	c := newConvo()
	c.steward("The release job is red again, can you look?")
	c.tool("exec_command", obj{"cmd": "git fetch origin && gh run view 42 --log", "workdir": "/src/app"}, "Process exited with code 0", "")
	c.tool("shell", obj{"command": []string{"bash", "-lc", "rg -n 'func Total' cart | head"}}, "cart/cart.go:12", "")
	c.tool("exec_command", obj{"cmd": "sed -n '1,120p' cart/cart.go"}, "package cart", "")
	c.tool("apply_patch", obj{"input": "*** Begin Patch\n*** Update File: cart/cart.go\n@@\n-\ttotal += it.Price\n+\ttotal += it.Price - it.Discount\n*** Add File: web/app.py\n+import flask\n+app = flask.Flask(__name__)\n*** End Patch"}, "Success", "")
	c.tool("run_shell_command", obj{"command": "cargo test", "description": "run the tests"}, "ok", "")
	c.tool("write_file", obj{"file_path": "/src/app/docs/notes.md", "content": "# Notes\n"}, "ok", "")
	c.tool("replace", obj{"file_path": "/src/app/ui/main.ts", "old_string": "let a = 1", "new_string": "import { z } from 'zod'\nlet a = 1"}, "ok", "")
	c.tool("run_terminal_cmd", obj{"command": "bun install"}, "installed", "")
	c.tool("edit_file", obj{"target_file": ".cursor/rules/style.mdc", "code_edit": "Prefer small modules."}, "ok", "")
	c.tool("PowerShell", obj{"command": "Get-ChildItem D:\\src | Select-Object Name"}, "app", "")
	c.tool("exec_command", obj{"cmd": "terraform plan"}, "", "zsh: command not found: terraform")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	want := map[string]string{
		"Git":            "ran `git fetch origin`",
		"GitHub CLI":     "ran `gh run view 42 --log`",
		"GitHub Actions": "ran `gh run view 42 --log`",
		"ripgrep":        "ran `rg -n 'func Total' cart`",
		"Go":             "edited cart.go",
		"Python":         "wrote app.py",
		"Flask":          "imported flask in app.py",
		"Cargo":          "ran `cargo test`",
		"Markdown":       "wrote notes.md",
		"TypeScript":     "edited main.ts",
		"Zod":            "imported zod in main.ts",
		"Bun":            "ran `bun install`",
		"Cursor":         "edited style.mdc",
		"PowerShell":     "ran `Get-ChildItem D:\\src | Select-Object Name` in PowerShell",
	}
	for name, ev := range want {
		if got[name] != ev {
			t.Errorf("%s: evidence %q, want %q", name, got[name], ev)
		}
	}
	if slices.Contains(s.Technical.Technologies, "Terraform") {
		t.Errorf("technologies %q hold Terraform, whose command was not found", s.Technical.Technologies)
	}

	// Reading alone: a file printed through the shell is its language read.
	c = newConvo()
	c.steward("What does the parser do?")
	c.tool("exec_command", obj{"cmd": "cat src/parser.py | head -50"}, "def parse(s):", "")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if ev := s.Technical.TechnologyEvidence["Python"]; ev != "read parser.py" {
		t.Errorf("Python evidence %q, want %q (technologies %q)", ev, "read parser.py", s.Technical.Technologies)
	}
}

// TestTechnologiesFromTranscriptText: a session kept as text (Claude
// Code's console, SpecStory's record of Cursor) shows its calls as lines,
// and those are evidence of use; a shell fence that nothing ran is only
// a suggestion.
func TestTechnologiesFromTranscriptText(t *testing.T) {
	c := newConvo()
	c.steward("Add the --user option and commit it")
	c.assistant("⏺ Update(bookminder/cli.py)\n  ⎿  Updated bookminder/cli.py with 2 additions\n       1    \"\"\"CLI.\"\"\"\n       3 +  import click\n       4 +  from pathlib import Path\n\n⏺ Bash(git commit -am \"feat: --user\")\n  ⎿  [main 1a2b3c4] feat: --user\n\n⏺ Bash(terraform plan)\n  ⎿  Error: zsh: command not found: terraform")
	c.assistant("Tool use: **run_terminal_cmd**\n\n```bash\nbun init -y\n```\n\n```\ndone\n```\n\nRead file: src/domain/git.ts\n\nEdit file: .gitignore\n\n```diff\n- #.env\n+ .env\n```\n\n```bash\ncargo build\n```\n\n```\nlinkslate:minsky edobry$ cargo build\n```\n\nYou could also run:\n\n```bash\ndocker compose up\n```")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	want := map[string]string{
		"Python":     "edited cli.py",
		"Click":      "imported click in cli.py",
		"Git":        "ran `git commit -am \"feat: --user\"`",
		"Bun":        "ran `bun init -y`",
		"TypeScript": "read git.ts",
		"Cargo":      "ran `cargo build`",
	}
	for name, ev := range want {
		if got[name] != ev {
			t.Errorf("%s: evidence %q, want %q", name, got[name], ev)
		}
	}
	for _, not := range []string{"Terraform", "Docker", "Docker Compose"} {
		if slices.Contains(s.Technical.Technologies, not) {
			t.Errorf("technologies %q hold %q", s.Technical.Technologies, not)
		}
	}
}

// TestTechnologiesFromExportedToolInput: SpecStory's record of VS Code
// Copilot lists a terminal call's input under it ("- command: `…`"), and
// on Windows the program is a quoted path run with "&" ("& "C:\…\mvn.cmd"
// -q test" runs Maven).
func TestTechnologiesFromExportedToolInput(t *testing.T) {
	c := newConvo()
	c.steward("upgrade the project to Java 21")
	c.assistant("Tool use: **run_in_terminal**\n\n**Input:**\n\n- command: `Push-Location \"C:\\src\\app\"; & \"C:\\tools\\maven\\3.9.11\\bin\\mvn.cmd\" -q test; Pop-Location`\n- isBackground: `false`\n\n" +
		"Tool use: **run_in_terminal**\n\n**Input:**\n\n- command: `git add -A; git commit -m \"Upgrade to Java 21\"`\n\n" +
		"Tool use: **read_file**\n\n**Input:**\n\n- command: `docker build .`")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	if !strings.HasPrefix(got["Maven"], "ran `& \"C:\\tools") || !strings.HasPrefix(got["Git"], "ran `git add -A") {
		t.Errorf("evidence %q, want Maven and Git run", got)
	}
	if slices.Contains(s.Technical.Technologies, "Docker") {
		t.Errorf("technologies %q hold Docker, which no terminal call ran", s.Technical.Technologies)
	}
}

// TestTechnologiesOfCodeFencedForAFile: Cursor's chat writes the code it
// proposes for a file in a fence naming that file ("```python:app/models/
// table.py"), and what that code imports is in use; a plain fence shows
// no file written.
func TestTechnologiesOfCodeFencedForAFile(t *testing.T) {
	c := newConvo()
	c.steward("why are negative numbers not in brackets in the report?")
	c.assistant("Update the table:\n\n```python:app/models/reconcilation_table.py\nimport pandas as pd\n\nclass Table:\n    pass\n```\n\nOr, as an example elsewhere:\n\n```python\nimport numpy as np\n```")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	if got["pandas"] == "" || slices.Contains(s.Technical.Technologies, "NumPy") {
		t.Errorf("evidence %q, want pandas and not NumPy", got)
	}
	if fencedFile("python:app/models/cell.py") != "app/models/cell.py" || fencedFile("note: see below") != "" {
		t.Error("fencedFile misreads an info string")
	}
}

// TestTechnologiesFromToolCallsWrittenAsJSON: a chat export that writes
// each tool call into the answer ("**Tool Call**:" over a JSON fence of
// its name and input) shows the agent's commands and files; a JSON fence
// without that line is only code shown.
func TestTechnologiesFromToolCallsWrittenAsJSON(t *testing.T) {
	c := newConvo()
	c.steward("Queue the messages typed while the agent is busy")
	c.assistant("Let me look:\n\n**Tool Call**:\n\n```json\n{\n  \"input\": {\n    \"file_path\": \"src/ui/queue.ts\"\n  },\n  \"name\": \"read_file\"\n}\n```\n\n**Tool Result**:\n\n```\nexport const q = [];\n```\n\n**Tool Call**:\n\n```json\n{\n  \"input\": {\n    \"command\": \"cd packages/cli && pnpm run build\"\n  },\n  \"name\": \"run_command\"\n}\n```\n\nA config could look like:\n\n```json\n{\"name\": \"run_command\", \"input\": {\"command\": \"cargo build\"}}\n```")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	for name, ev := range map[string]string{"TypeScript": "read queue.ts", "pnpm": "ran `pnpm run build`"} {
		if got[name] != ev {
			t.Errorf("%s: evidence %q, want %q (all %q)", name, got[name], ev, got)
		}
	}
	if slices.Contains(s.Technical.Technologies, "Cargo") {
		t.Errorf("technologies %q hold Cargo, from a JSON fence no call line heads", s.Technical.Technologies)
	}
}

// TestTechnologiesFromALongTextTurn: a transcript kept as text writes a
// whole turn of calls into one message, and a call far down a long turn
// counts as much as the first.
func TestTechnologiesFromALongTextTurn(t *testing.T) {
	c := newConvo()
	c.steward("Commit the refactor")
	c.assistant("⏺ Read(src/app.ts)\n  ⎿  Read 900 lines\n\n" + strings.Repeat("The queue now drains after each response.\n", 400) + "\n⏺ Bash(git commit -am \"refactor: one queue\")\n  ⎿  [main 1a2b3c4] refactor: one queue")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if got := s.Technical.TechnologyEvidence["Git"]; got != "ran `git commit -am \"refactor: one queue\"`" {
		t.Errorf("Git: evidence %q (all %q)", got, s.Technical.TechnologyEvidence)
	}
}

// TestTechnologiesFromOtherConsoles: another agent's console names its
// shell tool in lower case ("⏺ bash(git status)"), and SpecStory puts a
// shell call's command on its own line in a code span under the call's
// description; both ran.
func TestTechnologiesFromOtherConsoles(t *testing.T) {
	c := newConvo()
	c.steward("Check what changed and commit")
	c.assistant("⏺ bash(git --no-pager status --short)\n  ⎿  M a.go")
	c.assistant("Tool use: **Bash**\n Build the site\n\n`hugo --minify`\n```\nTotal in 80 ms\n```")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	for name, ev := range map[string]string{"Git": "ran `git --no-pager status --short`", "Hugo": "ran `hugo --minify`"} {
		if got[name] != ev {
			t.Errorf("%s: evidence %q, want %q (all %q)", name, got[name], ev, got)
		}
	}
}

// TestToolConfigTechnology: a file named as tools name their
// configuration is that tool's, for a tool Baton knows whose name is not
// a common word.
func TestToolConfigTechnology(t *testing.T) {
	for base, want := range map[string]string{
		"astro.config.mjs": "Astro", "pyrightconfig.json": "Pyright", ".yarnrc.yml": "Yarn", "ruff.toml": "Ruff",
		"vitest.config.ts": "Vitest", "mypy.ini": "mypy",
		"next.config.js": "", "make.json": "", "settings.json": "", "config.json": "", "notes.md": "",
	} {
		if got := toolConfigTechnology(base); got != want {
			t.Errorf("toolConfigTechnology(%q) = %q, want %q", base, got, want)
		}
	}
}

// wantEvidence checks each technology's evidence in the session against
// want, and names the session's technologies when one differs.
func wantEvidence(t *testing.T, s *baton.Session, want map[string]string) {
	t.Helper()
	got := s.Technical.TechnologyEvidence
	for name, ev := range want {
		if got[name] != ev {
			t.Errorf("%s: evidence %q, want %q (technologies %q)", name, got[name], ev, s.Technical.Technologies)
		}
	}
}
