package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesFromESLintReport: ESLint's report on a file ("line:col
// severity message rule") shows ESLint ran on the project, and a scoped
// plugin's rule names the plugin ("@typescript-eslint/…" is
// typescript-eslint's), whether the report is a command's output, an
// answer's record of one or pasted by the steward. A message that only
// names ESLint's rules in prose shows no run.
func TestTechnologiesFromESLintReport(t *testing.T) {
	c := newConvo()
	c.steward("the lint step fails on the new parser test")
	c.tool("Bash", obj{"command": "npm run lint"}, "> shop@1.0.0 lint\n\n/home/dev/shop/src/parse.test.ts\n  12:7   error  Unexpected any. Specify a different type  @typescript-eslint/no-explicit-any\n  40:3   warning  Unexpected console statement  no-console\n\n✖ 2 problems (1 error, 1 warning)", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, want := range []string{"ESLint", "typescript-eslint"} {
		if !slices.Contains(s.Technical.Technologies, want) {
			t.Errorf("technologies %q lack %q", s.Technical.Technologies, want)
		}
	}

	c = newConvo()
	c.steward("why does this fail?\n\n```\nsrc/app.js\n   3:10  error  'x' is assigned a value but never used  no-unused-vars\n```")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if !slices.Contains(s.Technical.Technologies, "ESLint") {
		t.Errorf("technologies %q lack ESLint from the pasted report", s.Technical.Technologies)
	}

	c = newConvo()
	c.steward("what do you think of the rule @typescript-eslint/no-floating-promises?")
	c.assistant("It catches promises nobody awaits; error  level suits it.")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if slices.Contains(s.Technical.Technologies, "typescript-eslint") {
		t.Errorf("technologies %q hold typescript-eslint from a rule named in prose", s.Technical.Technologies)
	}
}
