package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesFromCodeSearches: searching a language's code is
// reading it — a Grep given that language's files, a Grep whose result
// lists mostly files of one language, a shell search filtered to one
// ("grep --include=*.ts", "find -name '*.rs'", "rg -t py") — but a file
// of another language that a search happens to list is not.
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

// TestTechnologiesOfARewrittenWorkflow: a workflow's run steps are
// commands that run (codesign in a "run: |" block), and a workflow the
// session read and then rewrote whole uses only the actions the rewrite
// added: the release action it already used is not the session's.
func TestTechnologiesOfARewrittenWorkflow(t *testing.T) {
	c := newConvo()
	c.steward("Sign the macOS binaries in the release workflow.")
	c.tool("Read", obj{"file_path": "/repo/.github/workflows/ci.yml"},
		"     1→name: CI\n     2→jobs:\n     3→  release:\n     4→    steps:\n     5→      - uses: softprops/action-gh-release@v2\n", "")
	c.tool("Write", obj{"file_path": "/repo/.github/workflows/ci.yml", "content": "name: CI\njobs:\n  release:\n    steps:\n" +
		"      - uses: nick-fields/retry@v3\n      - name: Sign\n        run: |\n          chmod +x dist/app\n          codesign --force --sign \"$ID\" dist/app\n" +
		"      - run: go test ./...\n      - uses: softprops/action-gh-release@v2\n"}, "ok", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	for tech, ev := range map[string]string{
		"nick-fields/retry": "used in ci.yml",
		"codesign":          "run by ci.yml: `codesign --force --sign \"$ID\" dist/app`",
		"Go":                "run by ci.yml: `go test ./...`",
		"GitHub Actions":    "wrote ci.yml",
	} {
		if got[tech] != ev {
			t.Errorf("%s: evidence %q, want %q", tech, got[tech], ev)
		}
	}
	if ev, ok := got["softprops/action-gh-release"]; ok {
		t.Errorf("the action the workflow already used is a technology: %q", ev)
	}
}

// TestTechnologiesOfAttachedFiles: a file the steward attaches with "@"
// is read by the agent, so its language is read; a mention of a person
// ("@alice") attaches nothing.
func TestTechnologiesOfAttachedFiles(t *testing.T) {
	c := newConvo()
	c.steward("can't we reuse the SegmentType in NewLanguage? See @src/config/segment_types.go, and ask @alice.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if got, want := s.Technical.TechnologyEvidence["Go"], "read segment_types.go, which the steward attached"; got != want {
		t.Errorf("Go: evidence %q, want %q", got, want)
	}
	if len(s.Technical.Technologies) != 1 {
		t.Errorf("technologies %q, want Go alone", s.Technical.Technologies)
	}
}

// TestTechnologiesAskedAboutOrWeighedAreNotTheirs: a technology the
// steward asks about ("what does Terraform do?"), weighs against another ("Kafka
// or NATS", "instead of Redis") or does without ("without Docker") is not
// theirs; one they name in a request, even in a question's form ("can you
// run it with pytest?"), or by an alias ("our Postgres") is.
func TestTechnologiesAskedAboutOrWeighedAreNotTheirs(t *testing.T) {
	c := newConvo()
	c.steward("What does Terraform do? Should the queue be Kafka or NATS? Keep the cache in memory instead of Redis. " +
		"It has to run without Docker. Can you run the importer tests with pytest? The rows live in our Postgres.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, not := range []string{"Terraform", "Kafka", "NATS", "Redis", "Docker"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %s", got, not)
		}
	}
	for _, want := range []string{"pytest", "PostgreSQL"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %s", got, want)
		}
	}
	if ev := s.Technical.TechnologyEvidence["PostgreSQL"]; ev != "named by the steward: “The rows live in our Postgres.”" {
		t.Errorf("PostgreSQL evidence %q", ev)
	}
}

// TestFileListingsReadNoCode: Claude Code's Glob lists the project's
// files by name to find the ones to open: it reads no code, and the
// language of the files it lists is no language of the work.
func TestFileListingsReadNoCode(t *testing.T) {
	c := newConvo()
	c.steward("How is the plugin installed?")
	c.tool("Glob", obj{"pattern": "**/*.sh"}, "/home/ana/plugin/install.sh\n/home/ana/plugin/scripts/lint.sh", "")
	c.tool("Glob", obj{"pattern": "**/*.md"}, "/home/ana/plugin/README.md", "")
	c.tool("Glob", obj{"pattern": "src/**/*.py"}, "src/app/main.py\nsrc/app/util.py", "")
	c.assistant("The README says to pipe install.sh into your shell.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, not := range []string{"Bash", "Python"} {
		if slices.Contains(s.Technical.Technologies, not) {
			t.Errorf("technologies %q hold %q, the language of files only listed by name", s.Technical.Technologies, not)
		}
	}
}

// TestGrepListingFileNamesReadsNoCode: a Grep that lists the files
// holding a match (its default mode, files_with_matches) shows their
// names and no line of them, as a Glob does: the language of the files
// it lists is no work of the session's. A Grep given a language's files
// still searched that language's code.
func TestGrepListingFileNamesReadsNoCode(t *testing.T) {
	c := newConvo()
	c.steward("Which controllers check the tenant?")
	c.tool("Grep", obj{"pattern": "tenantId"}, "Found 3 files\napi/src/orders.controller.ts\napi/src/users.controller.ts\napi/src/tenant.guard.ts", "")
	c.tool("Grep", obj{"pattern": "tenant_id", "output_mode": "files_with_matches"}, "Found 2 files\nworker/jobs.py\nworker/tasks.py", "")
	c.assistant("The orders and users controllers do, through the tenant guard.")
	got := technologiesNamed(c)
	for _, lang := range []string{"TypeScript", "Python"} {
		if slices.Contains(got, lang) {
			t.Errorf("technologies %q hold %s, from a listing of file names", got, lang)
		}
	}
}
