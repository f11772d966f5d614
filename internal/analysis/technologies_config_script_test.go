package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestToolConfigScriptsAreNotTheProjectsLanguage: a TypeScript project
// configures its linter and bundler in JavaScript files (.eslintrc.cjs,
// vite.config.mjs); editing them is work on those tools, not in
// JavaScript. Where no TypeScript shows, the same files are the project's
// JavaScript, and a plain .js module is JavaScript either way.
func TestToolConfigScriptsAreNotTheProjectsLanguage(t *testing.T) {
	technologies := func(files ...string) []string {
		c := newConvo()
		c.steward("tidy up the lint setup")
		for _, f := range files {
			c.tool("Edit", obj{"file_path": f, "old_string": "a", "new_string": "b"}, "ok", "")
		}
		return technologiesNamed(c)
	}
	typed := technologies("/app/.eslintrc.cjs", "/app/vite.config.mjs", "/app/src/main.ts")
	for _, want := range []string{"ESLint", "Vite", "TypeScript"} {
		if !slices.Contains(typed, want) {
			t.Errorf("TypeScript project: technologies %q lack %q", typed, want)
		}
	}
	if slices.Contains(typed, "JavaScript") {
		t.Errorf("TypeScript project: technologies %q hold JavaScript, from its tools' configuration alone", typed)
	}
	if plain := technologies("/app/.eslintrc.cjs", "/app/vite.config.mjs"); !slices.Contains(plain, "JavaScript") {
		t.Errorf("no TypeScript: technologies %q lack JavaScript", plain)
	}
	if mixed := technologies("/app/.eslintrc.cjs", "/app/src/main.ts", "/app/scripts/release.js"); !slices.Contains(mixed, "JavaScript") {
		t.Errorf("a JavaScript module beside TypeScript: technologies %q lack JavaScript", mixed)
	}
}

// technologiesNamed is the technologies the analysis names for
// conversation c.
func technologiesNamed(c *convo) []string {
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	return s.Technical.Technologies
}
