package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesFromCodeSearches: searching a language's code is
// reading it — a Grep or Glob given that language's files, a Grep whose
// result lists mostly files of one language, a shell search filtered to
// one ("grep --include=*.ts", "find -name '*.rs'", "rg -t py") — but a
// file of another language that a search happens to list is not.
func TestTechnologiesFromCodeSearches(t *testing.T) {
	c := newConvo()
	c.steward("Where do we build the invoice totals?")
	c.tool("Grep", obj{"pattern": "func Total", "glob": "*.go"}, "Found 1 file\ninternal/cart/cart.go", "")
	c.tool("Grep", obj{"pattern": "invoice", "output_mode": "content"},
		"billing/invoice.rb:12:  def invoice\nbilling/invoice.rb:30:  invoice.total\nbilling/totals.rb:4:# invoice totals\nscripts/deploy.sh:9:echo invoice", "")
	c.tool("Bash", obj{"command": "grep -rn --include=*.ts 'invoice' web/src | head"}, "web/src/api.ts:3: invoice", "")
	c.tool("Bash", obj{"command": "find . -name '*.rs' | wc -l"}, "12", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	for tech, ev := range map[string]string{
		"Go":         "searched *.go",
		"Ruby":       "searched invoice.rb",
		"TypeScript": "searched *.ts files",
		"Rust":       "searched *.rs files",
	} {
		if got[tech] != ev {
			t.Errorf("%s: evidence %q, want %q", tech, got[tech], ev)
		}
	}
	if slices.Contains(s.Technical.Technologies, "Bash") {
		t.Errorf("technologies %q hold Bash, from a script a search happened to list", s.Technical.Technologies)
	}
}

// TestTechnologiesNamedAsTheirs: the steward naming an operating system
// ("CI on macOS") or giving a technology as an example ("LLMs like
// Claude") names nothing the session uses; a product named in two words
// is that product ("OpenAI Codex" is the Codex CLI, not OpenAI).
func TestTechnologiesNamedAsTheirs(t *testing.T) {
	c := newConvo()
	c.steward("Our release runs on GitHub Actions, on macOS and Ubuntu runners. " +
		"I'd like to talk to LLMs like Claude about it. It fails when running \"OpenAI Codex\" in the review step.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, not := range []string{"macOS", "Ubuntu", "Claude", "OpenAI"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %s", got, not)
		}
	}
	for _, want := range []string{"GitHub Actions", "Codex CLI"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %s", got, want)
		}
	}
}
