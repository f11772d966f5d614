package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesOfWidelyKnownNames: the steward naming a widely known
// database, service or framework as theirs names a technology, in any
// language around it; naming one as an alternative does not.
func TestTechnologiesOfWidelyKnownNames(t *testing.T) {
	c := newConvo()
	c.steward("zbudujmy serwer z użyciem Qdrant i MLflow, a frontend na NestJS z Material UI")
	c.steward("our monorepo runs everything through turborepo")
	c.steward("deploy it to AWS Lambda instead of Pinecone hosting")
	c.assistant("Done.")
	got := technologiesNamed(c)
	for _, want := range []string{"Qdrant", "MLflow", "NestJS", "Material UI", "Turborepo", "AWS Lambda"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if slices.Contains(got, "Pinecone") {
		t.Errorf("technologies %q hold Pinecone, named as the alternative", got)
	}
}

// TestTechnologiesOfNamedProducts: a name Baton has no entry for, written
// before "API", "CLI" or "SDK" in the steward's request, is a product of
// theirs; a generic word there ("the REST API", "our own CLI"), a word
// opening the sentence, a compound adjective or a question is not.
func TestTechnologiesOfNamedProducts(t *testing.T) {
	c := newConvo()
	c.steward("Fetch the invoices through the Fakturo API and migrate them.")
	c.steward("Then wire up the zeta-cloud SDK for uploads, and keep the REST API and our own CLI as they are.")
	c.steward("Create CLI flags for it, and write a Bun-compiled CLI wrapper.")
	c.steward("Is the Quorra API any good?")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Fakturo", "zeta-cloud"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	for _, not := range []string{"REST", "own CLI", "Create CLI", "Bun-compiled CLI", "Quorra"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q (%s)", got, not, s.Technical.TechnologyEvidence[not])
		}
	}
}

// TestPackageTechnologyScopesAndClients: a scoped package is its scope's
// project's, a client or SDK package the product's.
func TestPackageTechnologyScopesAndClients(t *testing.T) {
	for pkg, want := range map[string]string{
		"@fastify/cors": "Fastify", "@nestjs/typeorm": "NestJS", "qdrant-client": "Qdrant", "qdrant_client": "Qdrant",
		"mem0ai": "mem0", "@supabase/supabase-js": "Supabase", "@types/node": "", "left-pad": "",
	} {
		if got := packageTechnology(pkg); got != want {
			t.Errorf("packageTechnology(%q) = %q, want %q", pkg, got, want)
		}
	}
}

// TestTechnologiesOfPastedTraceback: a traceback or build error the
// steward pastes names the installed packages whose files ran; a known
// one is a technology of the project, pnpm's store folder is none.
func TestTechnologiesOfPastedTraceback(t *testing.T) {
	c := newConvo()
	c.steward("the build fails:\n\nTraceback (most recent call last):\n  File \"/Users/a/.venv/lib/python3.12/site-packages/hatchling/build.py\", line 133, in prepare\n" +
		"  File \"/Users/a/.venv/lib/python3.12/site-packages/leftpadlib/core.py\", line 9\nValueError: bad\n\n" +
		"and the docs: ../node_modules/.pnpm/@astrojs+starlight@0.35.2/node_modules/@astrojs/starlight/routes/index.astro")
	c.assistant("Done.")
	got := technologiesNamed(c)
	for _, want := range []string{"Hatchling", "Astro"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if len(got) != 2 {
		t.Errorf("technologies %q, want only Hatchling and Astro", got)
	}
}

// TestTechnologiesOfChosenOverAnother: the name before "instead of" or
// "rather than" is the steward's choice; the one after is not.
func TestTechnologiesOfChosenOverAnother(t *testing.T) {
	c := newConvo()
	c.steward("In dev we should be using a local mlflow rather than a hosted one, and pnpm instead of npm.")
	c.assistant("Done.")
	got := technologiesNamed(c)
	for _, want := range []string{"MLflow", "pnpm"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if slices.Contains(got, "npm") {
		t.Errorf("technologies %q hold npm, the one not chosen", got)
	}
}

// TestTechnologiesOfPastedDiagnostics: a program's name in a line it
// printed, pasted by the steward ("zsh: command not found: python", a
// log record), is not the steward naming it as theirs.
func TestTechnologiesOfPastedDiagnostics(t *testing.T) {
	c := newConvo()
	c.steward("I tried the setup script:\nzsh: command not found: python\n2025-02-27 17:32:51,142 - INFO - preview: <!DOCTYPE html> from nginx\nwhat now")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, not := range []string{"Zsh", "nginx", "HTML"} {
		if slices.Contains(s.Technical.Technologies, not) {
			t.Errorf("technologies %q hold %q (%s)", s.Technical.Technologies, not, s.Technical.TechnologyEvidence[not])
		}
	}
}

// TestTechnologiesOfPastedCodeLines: a line that opens with a quoted
// item (a manifest's list, a JSON object) is pasted code or data, not the
// steward naming what they use, even where its comment names a tool; the
// steward's own sentence beside it still is.
func TestTechnologiesOfPastedCodeLines(t *testing.T) {
	c := newConvo()
	c.steward("my extras list is\n    \"seaborn\": \"0.13\", # plots for the matplotlib report\n" +
		"    \"numpy>=1.24\", # needed by polars\nWe run Celery for the queue.")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	if !slices.Contains(got, "Celery") {
		t.Errorf("technologies %q lack Celery", got)
	}
	for _, not := range []string{"seaborn", "Matplotlib", "Polars"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q (%s)", got, not, s.Technical.TechnologyEvidence[not])
		}
	}
}

// TestTechnologiesOfPastedOutputBlock: what a program printed runs to the
// next blank line, so a line of it in plain words (a deprecation notice
// under a build's banner, a warning under a log record) names no
// technology as the steward's; the steward's own words after the blank
// line still do.
func TestTechnologiesOfPastedOutputBlock(t *testing.T) {
	c := newConvo()
	c.steward("Fix these issues:\n" +
		"INFO:     127.0.0.1:58301 - \"GET /orders HTTP/1.1\" 200 OK\n" +
		"Encountered an unexpected error while MLflow closed the trace for the order pipeline\n" +
		"Falling back to Redis for the session cache of the order pipeline\n" +
		"\nWe deploy with Terraform.")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	if !slices.Contains(got, "Terraform") {
		t.Errorf("technologies %q lack Terraform", got)
	}
	for _, not := range []string{"MLflow", "Redis"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q (%s)", got, not, s.Technical.TechnologyEvidence[not])
		}
	}
}

// TestTechnologiesOfRuleOverPastedPrompt: a rule of dashes that sets a
// prompt the steward quotes apart opens no program's output: the line
// under it is still the steward's.
func TestTechnologiesOfRuleOverPastedPrompt(t *testing.T) {
	c := newConvo()
	c.steward("This repo was created with this prompt:\n-------------------\nI want to build the site with Astro and deploy it on Netlify.")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if got := s.Technical.Technologies; !slices.Contains(got, "Astro") {
		t.Errorf("technologies %q lack Astro", got)
	}
}

// TestTechnologiesOfProviderSDKs: a provider's SDK is named for the
// provider, as the Gemini and OpenAI ones are: code importing Anthropic's
// package, or a steward naming the Claude API, uses Anthropic (a reader
// writes "Anthropic", and "Anthropic API" would be another name).
func TestTechnologiesOfProviderSDKs(t *testing.T) {
	c := newConvo()
	c.steward("Add a summariser that calls the Claude API.")
	c.tool("Write", obj{"file_path": "/src/app/summarise.py", "content": "import anthropic\nfrom openai import OpenAI\n\nclient = anthropic.Anthropic()\n"}, "ok", "")
	c.tool("Write", obj{"file_path": "/src/web/summarise.ts", "content": "import Anthropic from \"@anthropic-ai/sdk\";\n"}, "ok", "")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Anthropic", "OpenAI"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if slices.Contains(got, "Anthropic API") {
		t.Errorf("technologies %q hold Anthropic API (%s)", got, s.Technical.TechnologyEvidence["Anthropic API"])
	}
}
