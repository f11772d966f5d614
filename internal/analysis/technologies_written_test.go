package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDiffOfANamedFileIsAnEdit: an export that dropped the edit's tool
// line keeps "I'll update `pplx.py`:" and the diff; the diff edits that
// file, and what its added lines import is used. Lines it keeps or
// removes, and a diff after output that names no file, show nothing.
func TestDiffOfANamedFileIsAnEdit(t *testing.T) {
	c := newConvo()
	c.steward("add the API key names to the engine")
	c.assistant("I'll add this to the `PerplexitySearchEngine` class in `pplx.py`:\n\n" +
		"```diff\n  import httpx\n+ from typing import ClassVar\n+ import cv2\n- import pandas as pd\n  from pydantic import BaseModel\n```\n\n" +
		"The output was:\n\n```\n$ ls\n```\n\n```diff\n+ import fire\n```\n\n" +
		"Now let's update the requirements.txt file to include the playwright package:\n\n" +
		"```diff\n  httpx>=0.27\n+ playwright>=1.40.0\n+ beautifulsoup4>=4.12.2\n```")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Python", "OpenCV", "Playwright", "BeautifulSoup"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	for _, not := range []string{"HTTPX", "pandas", "Pydantic", "Fire"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q, which no added line of a named file uses", got, not)
		}
	}
	if ev := s.Technical.TechnologyEvidence["Playwright"]; ev != "declared playwright as a dependency in requirements.txt" {
		t.Errorf("Playwright's evidence %q", ev)
	}
}

// TestDeclaredDependencies: what a manifest declares, per manifest; a
// script's inline metadata and another file's quoted strings are not
// declarations.
func TestDeclaredDependencies(t *testing.T) {
	cases := []struct {
		base, text string
		want       []string
	}{
		{"requirements-dev.txt", "# tools\n-r requirements.txt\nruff==0.5\nrequests[socks]>=2; python_version>'3.8'\n", []string{"ruff", "requests"}},
		{"pyproject.toml", "[project]\nname = \"x\"\ndependencies = [\n  \"fastapi>=0.110\",\n  \"sqlalchemy[asyncio]\",\n]\nreadme = \"README.md\"\n", []string{"fastapi", "sqlalchemy"}},
		{"package.json", "{\n  \"name\": \"web\",\n  \"version\": \"1.0.0\",\n  \"dependencies\": {\n    \"react\": \"^18.2.0\",\n    \"@nestjs/core\": \"10.0.0\"\n  }\n}", []string{"react", "@nestjs/core"}},
		{"tool.py", "# /// script\n# dependencies = [\"fire\", \"rich\"]\n# ///\n", nil},
		{"go.mod", "module example.org/shop\n\ngo 1.23\n\nrequire github.com/spf13/cobra v1.8.0\n\nrequire (\n\tgithub.com/labstack/echo/v4 v4.12.0\n\tgolang.org/x/sys v0.20.0 // indirect\n)\n", []string{"github.com/spf13/cobra", "github.com/labstack/echo/v4"}},
		{"Cargo.toml", "[package]\nname = \"pier\"\nversion = \"0.2.0\"\n\n[dependencies]\ntokio = { version = \"1\", features = [\"full\"] }\n# serde = \"1\"\n\n[dev-dependencies]\n\"pretty_assertions\" = \"1\"\n", []string{"tokio", "pretty_assertions"}},
		{"flake.nix", "{\n  inputs = {\n    nixpkgs.url = \"github:NixOS/nixpkgs\";\n    flake-parts.url = \"github:hercules-ci/flake-parts\";\n  };\n  inputs.flake-utils.url = \"github:numtide/flake-utils\";\n}\n", []string{"flake-parts", "flake-utils"}},
	}
	for _, c := range cases {
		if got := declaredDependencies(c.text, c.base); !slices.Equal(got, c.want) {
			t.Errorf("%s: declared %q, want %q", c.base, got, c.want)
		}
	}
}

// TestJSXAndNextRouteFilesEdited: editing a .tsx file writes JSX, React's
// syntax; a page or layout under app/ (a Windows path too) is Next.js's
// by its name and place. Reading a .tsx file reads the project's React
// code (as reading a .ts file reads TypeScript), with a read's weaker
// evidence; an app/page.ts is no page of Next.js.
func TestJSXAndNextRouteFilesEdited(t *testing.T) {
	got := func(acts ...techAction) []string {
		te := newTechEvidence()
		for _, a := range acts {
			actionTechnologies(a, te)
		}
		return te.order
	}
	edited := got(techAction{op: "edit", file: `d:\PaperBites\apps\web\app\papers\[slug]\page.tsx`})
	for _, want := range []string{"TypeScript", "React", "Next.js"} {
		if !slices.Contains(edited, want) {
			t.Errorf("editing an app page: technologies %q lack %q", edited, want)
		}
	}
	if g := got(techAction{op: "edit", file: "web/src/pages/_app.jsx"}); !slices.Contains(g, "Next.js") || !slices.Contains(g, "React") {
		t.Errorf("editing pages/_app.jsx: technologies %q", g)
	}
	te := newTechEvidence()
	actionTechnologies(techAction{op: "read", file: "src/components/Card.tsx"}, te)
	if te.kind["React"] != evidenceRead || te.evidence["React"] != "read Card.tsx" {
		t.Errorf("reading a .tsx file: technologies %q, React's evidence %q", te.order, te.evidence["React"])
	}
	if g := got(techAction{op: "edit", file: "src/app/page.ts"}, techAction{op: "edit", file: "src/components/layout.tsx"}); slices.Contains(g, "Next.js") {
		t.Errorf("no route file: technologies %q hold Next.js", g)
	}
}

// TestToolsAnEditorServesAsMCP: an editor's bridge serves Claude Code's own
// tools again as MCP tools ("mcp__acp__Edit", "mcp__acp__Bash"); what they
// edit and run is used as with Edit and Bash. Another server's tool of
// the same last name part is not one of them unless it is a built-in's.
func TestToolsAnEditorServesAsMCP(t *testing.T) {
	c := newConvo()
	c.steward("add the guide to the template and commit it")
	c.tool("mcp__acp__Edit", obj{"file_path": "/repo/docs/template.md", "old_string": "a", "new_string": "a\n\n## Guide\n"}, "Index: /repo/docs/template.md", "")
	c.tool("mcp__acp__Bash", obj{"command": "git commit -am 'docs: guide'"}, "[main 313c1a3] docs: guide", "")
	c.assistant("Added the guide and committed it.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, want := range []string{"Markdown", "Git"} {
		if !slices.Contains(s.Technical.Technologies, want) {
			t.Errorf("technologies %q lack %q", s.Technical.Technologies, want)
		}
	}
	if builtinToolName("mcp__github__get_pr") != "mcp__github__get_pr" || builtinToolName("mcp__acp__Read") != "Read" {
		t.Error("builtinToolName")
	}
}

// TestCodeFileNamedAfterAProduct: a module the session writes or edits
// that is named for a product (a provider's client, a wrapper of a
// service) is code that works with that product; a file named for a data
// format, a document, a stylesheet or a file only read are not.
func TestCodeFileNamedAfterAProduct(t *testing.T) {
	te := newTechEvidence()
	actionTechnologies(techAction{op: "write", file: "server/llm/ollama.py"}, te)
	actionTechnologies(techAction{op: "edit", file: "internal/cache/redis.go"}, te)
	for _, want := range []string{"Ollama", "Redis"} {
		if te.kind[want] != evidenceUsed {
			t.Errorf("technologies %q: %s not used (evidence %q)", te.order, want, te.evidence[want])
		}
	}
	if ev := te.evidence["Ollama"]; ev != "wrote ollama.py, code named after Ollama" {
		t.Errorf("Ollama's evidence %q", ev)
	}
	te = newTechEvidence()
	actionTechnologies(techAction{op: "read", file: "lib/kafka.ts"}, te)
	for _, f := range []string{"pkg/export/json.go", "src/yaml.py", "docs/docker.md", "web/tailwind.css", "db/postgres.sql", "sys/linux.go"} {
		actionTechnologies(techAction{op: "edit", file: f}, te)
	}
	for _, not := range []string{"Kafka", "JSON", "YAML", "Docker", "Tailwind CSS", "PostgreSQL", "Linux"} {
		if slices.Contains(te.order, not) {
			t.Errorf("technologies %q hold %q", te.order, not)
		}
	}
}

// TestInstalledPackageFilesRead: a file read inside node_modules/ or
// site-packages/ belongs to a package the project installed, which it
// uses; a plugin's package is its host's ("elysia-protobuf" is Elysia's,
// "pytest-asyncio" pytest's), and a package named for a format is not
// the format.
func TestInstalledPackageFilesRead(t *testing.T) {
	te := newTechEvidence()
	actionTechnologies(techAction{op: "read", file: "/home/dev/api/node_modules/elysia-protobuf/package.json"}, te)
	actionTechnologies(techAction{op: "read", file: `C:\work\web\node_modules\@prisma\client\index.d.ts`}, te)
	actionTechnologies(techAction{op: "read", file: "/srv/app/.venv/lib/python3.12/site-packages/pytest_asyncio/plugin.py"}, te)
	for _, want := range []string{"Elysia", "Prisma"} {
		if te.kind[want] != evidenceRead {
			t.Errorf("technologies %q: %s not read (evidence %q)", te.order, want, te.evidence[want])
		}
	}
	if ev := te.evidence["Elysia"]; ev != "read elysia-protobuf's package.json, which the project installed" {
		t.Errorf("Elysia's evidence %q", ev)
	}
	for pkg, want := range map[string]string{"pytest-asyncio": "pytest", "vue-router": "Vue", "json-schema": "", "markdown-it": "", "left-pad": ""} {
		if got := packageTechnology(pkg); got != want {
			t.Errorf("packageTechnology(%q) = %q, want %q", pkg, got, want)
		}
	}
	for _, f := range []string{"node_modules/.bin/tsc", "src/node_modules.ts", "/app/node_modules/@types"} {
		if got := installedPackageOfPath(f); got != "" {
			t.Errorf("installedPackageOfPath(%q) = %q, want none", f, got)
		}
	}
}
