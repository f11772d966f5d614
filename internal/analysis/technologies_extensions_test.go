package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesOfEditedFileExtensions: a file the session edits or
// writes shows its language by its extension, for the languages Baton
// knows a fence or a file of (a PowerShell script, a Perl or R script) and
// for the well-known formats of a framework or a toolchain (a Nix module
// beside the flake, a LaTeX paper, an Astro page, a Jinja template); a
// Nix file only read is no Nix work.
func TestTechnologiesOfEditedFileExtensions(t *testing.T) {
	c := newConvo()
	c.steward("set up the new machine")
	c.tool("Edit", obj{"file_path": "scripts/setup.ps1", "old_string": "Write-Host a", "new_string": "Write-Host b"}, "ok", "")
	c.tool("Edit", obj{"file_path": "home/home.nix", "old_string": "git", "new_string": "git\n  ripgrep"}, "ok", "")
	c.tool("Write", obj{"file_path": "paper/main.tex", "content": "\\section{Intro}\n"}, "ok", "")
	c.tool("Edit", obj{"file_path": "src/pages/index.astro", "old_string": "<h1>", "new_string": "<h2>"}, "ok", "")
	c.tool("Write", obj{"file_path": "templates/report.html.j2", "content": "{{ title }}\n"}, "ok", "")
	c.tool("Edit", obj{"file_path": "tools/report.pl", "old_string": "print 1", "new_string": "print 2"}, "ok", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	wantEvidence(t, s, map[string]string{
		"PowerShell": "edited setup.ps1",
		"Nix":        "edited home.nix",
		"LaTeX":      "wrote main.tex",
		"Astro":      "edited index.astro",
		"Jinja":      "wrote report.html.j2",
		"Perl":       "edited report.pl",
	})

	c = newConvo()
	c.steward("what does the module do?")
	c.tool("Read", obj{"file_path": "hosts/laptop.nix"}, "{ pkgs, ... }: { }", "")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if slices.Contains(s.Technical.Technologies, "Nix") {
		t.Errorf("technologies %q hold Nix from a file only read (%s)", s.Technical.Technologies, s.Technical.TechnologyEvidence["Nix"])
	}
}
