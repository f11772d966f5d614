package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestRuntimeModuleImports: code that imports a runtime's own modules
// ("node:fs", "bun:sqlite") runs on that runtime, whoever wrote it; a
// Python or Go import with a colon is no such specifier.
func TestRuntimeModuleImports(t *testing.T) {
	cases := []struct{ imp, lang, want string }{
		{"node:fs/promises", "typescript", "Node.js"},
		{"node:path", "javascript", "Node.js"},
		{"bun:sqlite", "typescript", "Bun"},
		{"bun:test", "tsx", "Bun"},
		{"./lib/node:helpers", "typescript", ""},
		{"react", "typescript", "React"},
	}
	for _, c := range cases {
		if got := importTechnology(c.imp, c.lang); got != c.want {
			t.Errorf("importTechnology(%q, %q) = %q, want %q", c.imp, c.lang, got, c.want)
		}
	}

	c := newConvo()
	c.steward("here is the upload helper from my other service, make it take the bucket as an argument:\n\n" +
		"```ts\nimport { readFile } from 'node:fs/promises';\nimport { createHash } from 'node:crypto';\n\n" +
		"export async function upload(path: string) {\n  const body = await readFile(path);\n  return createHash('sha1').update(body).digest('hex');\n}\n```")
	c.assistant("Here is the helper with the bucket as its second argument.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if got := s.Technical.Technologies; !slices.Contains(got, "Node.js") {
		t.Errorf("technologies %q lack Node.js, whose modules the steward's code imports", got)
	}
}
