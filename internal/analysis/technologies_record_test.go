package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesFromCursorRecord: SpecStory's record of a Cursor turn
// that records the agent's other calls ("Read file: …") writes each
// command's terminal output as an untagged fence under the command's
// fence, whatever the output opens with; a citation of a project file's
// lines ("```12:28:services/frontend/vite.config.js") is code the project
// holds. A chat's shell fence with no record around it, followed by an
// untagged fence, is still only a suggestion.
func TestTechnologiesFromCursorRecord(t *testing.T) {
	c := newConvo()
	c.steward("Can you resolve this build error.")
	c.assistant("I'll check the configuration.\n\nRead file: undefined\n\n```bash\ncd /srv/app/frontend && npm run build | cat\n```\n\n```\n\n> frontend@0.0.0 build\n> vite build\n\nerror during build:\n```\n\nKey edits:\n```12:16:services/frontend/vite.config.js\nexport default defineConfig({\n  plugins: [react()],\n})\n```\n")
	c.steward("how would I deploy it?")
	c.assistant("You could run:\n\n```bash\nflyctl deploy\n```\n\n```\nfly.toml\n```\n")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := map[string]string{
		"npm":        "ran `npm run build`",
		"Vite":       "read vite.config.js",
		"JavaScript": "read vite.config.js",
	}
	wantEvidence(t, s, want)
	if slices.Contains(s.Technical.Technologies, "Fly.io") {
		t.Errorf("technologies %q hold a command a chat only suggested", s.Technical.Technologies)
	}
}

// TestTechnologiesNotFromListedValues: an error the steward pastes that
// lists the values it accepts ("expected one of `isort`, `pylint`, …")
// names none of them as the steward's; the program that failed still
// counts when the steward names it.
func TestTechnologiesNotFromListedValues(t *testing.T) {
	c := newConvo()
	c.steward("I use ruff here and it fails:\nunknown field `extend-exclude`, expected one of `external`, `fixable`, `ignore`, `isort`, `mccabe`, `pylint`, `pyupgrade`, `select`")
	c.assistant("The field belongs in the [tool.ruff] section.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, listed := range []string{"isort", "Pylint", "pyupgrade"} {
		if slices.Contains(s.Technical.Technologies, listed) {
			t.Errorf("technologies %q hold %s, one of the values an error lists", s.Technical.Technologies, listed)
		}
	}
	if !slices.Contains(s.Technical.Technologies, "Ruff") {
		t.Errorf("technologies %q lack Ruff, which the steward names", s.Technical.Technologies)
	}
}

// TestTechnologiesFromFoldedSpecStoryEdits: SpecStory's later record folds
// each edit under a disclosure ("<details><summary>Edit file: …</summary>",
// the summary on a line of its own or not) with its diff below; a Markdown
// file's own fences in that diff (a context line "  ```") do not close the
// diff, so the edits after it are read too.
func TestTechnologiesFromFoldedSpecStoryEdits(t *testing.T) {
	c := newConvo()
	c.steward("Document how to bring the services up, and add a script for it.")
	c.assistant("I'll update the guide first.\n\n" +
		"<details><summary>Edit file: docs/setup.md</summary>\n\nAdd the start-up steps\n\n**Chunk 1**\nLines added: 4, lines removed: 0\n\n" +
		"```diff\n@@ -3,4 +3,8 @@\n  ## Running\n  ```\n  make serve\n  ```\n+ Or start everything at once:\n+ ```\n+ ./up.sh\n+ ```\n```\n\n</details>\n\n" +
		"Now the script:\n\n<details>\n  <summary>Edit file: up.sh</summary>\n\n**Chunk 1**\nLines added: 3, lines removed: 0\n\n" +
		"```diff\n@@ -0,0 +1,3 @@\n+ #!/bin/sh\n+ set -e\n+ podman run -d -p 5432:5432 db-image\n```\n\n</details>\n")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	wantEvidence(t, s, map[string]string{
		"Markdown": "edited setup.md",
		"Podman":   "run by up.sh: `podman run -d -p 5432:5432 db-image`",
	})
}

// TestTechnologiesFromRecordedPatchesAndEditResults: a record that keeps an
// apply_patch call as a diff fence of its patch ("*** Update File: …")
// edited the files the patch names, and one that keeps Claude Code's Edit
// or Write under "Tool use:" with its result ("The file … has been
// updated.", "File created successfully at: …") changed that file.
func TestTechnologiesFromRecordedPatchesAndEditResults(t *testing.T) {
	c := newConvo()
	c.steward("Tighten the lint setup and note it in the changelog.")
	c.assistant("I will type the cart first.\n\nTool use: **read_file** • Read file: /home/dev/shop/.eslintrc.cjs\n\n" +
		"        Tool use: **apply_patch** • Apply patch for undefined\n\n" +
		"```diff\n*** Begin Patch\n*** Update File: /home/dev/shop/src/cart.ts\n@@\n-export const total = (xs) => xs.reduce((a, b) => a + b, 0)\n+export const total = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)\n*** End Patch\n```\n\n" +
		"Tool use: **Edit**\n\n```\nThe file /home/dev/shop/CHANGELOG.md has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     3→- Typed the cart total\n```\n\n" +
		"Tool use: **Write**\n\n```\nFile created successfully at: /home/dev/shop/scripts/release.py\n```\n")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	wantEvidence(t, s, map[string]string{
		"TypeScript": "edited cart.ts",
		"Markdown":   "edited CHANGELOG.md",
		"Python":     "wrote release.py",
	})
}

// TestTechnologiesFromWholeFileEdits: aider writes a whole file it edits
// as the file's path on a line of its own, then a fence of its new text:
// the file is written, and what the text runs or imports is used. A
// SEARCH/REPLACE block under a path is an edit, not the file's whole
// text, and a path that closes a listing is no file written.
func TestTechnologiesFromWholeFileEdits(t *testing.T) {
	c := newConvo()
	c.steward("add a script that backs up the notes database every night")
	c.assistant("Here is the script.\n\nbackup_notes.sh\n```\n#!/bin/bash\nset -euo pipefail\npg_dump notes > /mnt/backup/notes.sql\n```\n\n" +
		"The files now:\n\n```\nREADME.md\nbackup_notes.sh\n```\n\n" +
		"And the scheduler:\n\nnotes/tasks.py\n```python\n<<<<<<< SEARCH\nimport os\n=======\nimport os\nimport schedule\n>>>>>>> REPLACE\n```\n")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	wantEvidence(t, s, map[string]string{
		"Bash":       "wrote backup_notes.sh",
		"PostgreSQL": "run by backup_notes.sh: `pg_dump notes > /mnt/backup/notes.sql`",
		"Python":     "edited tasks.py",
	})
	if slices.Contains(s.Technical.Technologies, "Markdown") {
		t.Errorf("technologies %q hold a file a listing only names", s.Technical.Technologies)
	}
}
