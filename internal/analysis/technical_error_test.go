package analysis

import (
	"slices"
	"testing"
)

func TestErrorTextStartsAtTheFailure(t *testing.T) {
	cases := map[string]string{
		"BEGIN\npsql:db/0012_add_region.up.sql:4: ERROR: column \"region\" already exists\nROLLBACK":                                               `psql:db/0012_add_region.up.sql:4: ERROR: column "region" already exists ROLLBACK`,
		"# example.com/shop/cart [example.com/shop/cart.test]\ncart/total_test.go:9:14: undefined: Discount":                                       "cart/total_test.go:9:14: undefined: Discount",
		"Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n    import yaml\nModuleNotFoundError: No module named 'yaml'": "ModuleNotFoundError: No module named 'yaml'",
		"Exit code 1\nerror: pathspec 'mian' did not match any file(s) known to git":                                                               "error: pathspec 'mian' did not match any file(s) known to git",
		"cat: notes.txt: No such file or directory":                                                                                                "cat: notes.txt: No such file or directory",
	}
	for content, want := range cases {
		if got := errorText(content); got != want {
			t.Errorf("errorText(%q) = %q, want %q", content, got, want)
		}
	}
}

// A redirection in a removing or moving command says where its output
// goes; it names no file the command removed.
func TestShellFileOpsSkipRedirections(t *testing.T) {
	for cmd, want := range map[string][]string{
		"rm -rf .venv 2>/dev/null":         {"deleted .venv"},
		"rm build.log > /tmp/rm.out 2>&1":  {"deleted build.log"},
		"mv a.txt b.txt &>/dev/null":       {"renamed b.txt"},
		"rm -f cache.db 2> errors.txt; ls": {"deleted cache.db"},
	} {
		var got []string
		for _, op := range shellFileOps(cmd) {
			got = append(got, op.kind+" "+op.path)
		}
		if !slices.Equal(got, want) {
			t.Errorf("shellFileOps(%q) = %q, want %q", cmd, got, want)
		}
	}
}
