package analysis

import (
	"slices"
	"testing"
)

// TestJSONFiltersRunNoPython: a Python one-liner that reads another
// command's JSON from its standard input, or json.tool formatting it, is
// the agent reading output, not Python work; a one-liner that imports the
// project's own code, or a script run by Python, is.
func TestJSONFiltersRunNoPython(t *testing.T) {
	for _, cmd := range []string{
		`gh api repos/acme/shop/pulls/7 | python3 -c "import json, sys; print(json.load(sys.stdin)['state'])"`,
		`curl -s localhost:8080/health | python -m json.tool`,
	} {
		if got := commandTechnologyNames(cmd); slices.Contains(got, "Python") {
			t.Errorf("%s: technologies %q hold Python", cmd, got)
		}
	}
	for _, cmd := range []string{
		`python3 -c "from shop.cart import total; print(total([]))"`,
		`python3 scripts/export.py --format json`,
	} {
		if got := commandTechnologyNames(cmd); !slices.Contains(got, "Python") {
			t.Errorf("%s: technologies %q lack Python", cmd, got)
		}
	}
	if got := commandTechnologyNames(`gh api repos/acme/shop/pulls/7 | python3 -c "import json, sys; print(json.load(sys.stdin)['state'])"`); !slices.Contains(got, "GitHub CLI") {
		t.Errorf("the command the filter reads: technologies %q lack GitHub CLI", got)
	}
}
