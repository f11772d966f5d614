package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesFromOtherAgentsConsole: a chat kept as text writes
// another agent's file tools as console lines too ("⏺ replace(…)" in a
// Gemini CLI chat, several files in one "⏺ read_many_files(…)", Windows
// paths): the files edited, written and read are evidence of their
// languages, and a search names no file.
func TestTechnologiesFromOtherAgentsConsole(t *testing.T) {
	c := newConvo()
	c.steward("the deployed site still fails to load the module")
	c.assistant("I will fix the workflow.\n⏺ replace(/home/me/site/.github/workflows/deploy.yml)\n\nAnd the import path.\n⏺ replace(/home/me/site/index.js)")
	c.steward("now make the stock service real")
	c.assistant("⏺ read_many_files(src/App/Interfaces/IStockService.cs, docs/api.yaml)\n⏺ write_file(D:\\\\src\\\\App\\\\Services\\\\StockService.cs)\n⏺ search_file_content(main.rs)\n\nDone.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := map[string]string{
		"GitHub Actions": "edited deploy.yml",
		"JavaScript":     "edited index.js",
		"C#":             "wrote StockService.cs",
	}
	wantEvidence(t, s, want)
	if slices.Contains(s.Technical.Technologies, "Rust") {
		t.Errorf("technologies %q hold the language of a search's text", s.Technical.Technologies)
	}
}

// TestTechnologiesDockerCompose: "docker compose" run or named by the
// steward is Docker Compose, not Docker alone.
func TestTechnologiesDockerCompose(t *testing.T) {
	c := newConvo()
	c.steward("I get an error when I run docker compose build on the API.")
	c.tool("Bash", obj{"command": "docker compose up -d db"}, "Container db started", "")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if !slices.Contains(s.Technical.Technologies, "Docker Compose") {
		t.Errorf("technologies %q lack Docker Compose", s.Technical.Technologies)
	}
}

// TestTechnologiesImportedInEditedFile: the lines a console shows kept
// around an edit are the edited file's own; what they import, the
// project the session works on uses.
func TestTechnologiesImportedInEditedFile(t *testing.T) {
	c := newConvo()
	c.steward("rename the --user option")
	c.assistant("⏺ Update(bookminder/cli.py)\n  ⎿  Updated bookminder/cli.py with 1 addition and 1 removal\n       5    import click\n       6    \n      24 -  @click.option(\"--user\")\n      24 +  @click.option(\"--owner\")")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if ev := s.Technical.TechnologyEvidence["Click"]; ev != "imported click in cli.py, which the session edited" {
		t.Errorf("Click's evidence %q (technologies %q)", ev, s.Technical.Technologies)
	}
}

// TestTechnologiesFromCopilotProgressLines: VS Code's Copilot chat
// writes its calls as progress lines, a verb and a file ("⏺ Edited
// src/app/page.tsx"): the files edited and created are evidence of their
// languages and frameworks; "Created 6 todos" and a folder read are not
// files.
func TestTechnologiesFromCopilotProgressLines(t *testing.T) {
	c := newConvo()
	c.steward("remove the footer links")
	c.assistant("⏺ Read src/app/layout.tsx\n⏺ Read src/app/globals.css#1-1, lines 1 to 31\n⏺ Created 6 todos\n⏺ Read tests/unit\n⏺ Edited src/app/page.tsx\n⏺ Edited src/app/globals.css\n⏺ Created tests/unit/footer.test.ts\n\nDone.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := map[string]string{
		"Next.js":    "edited page.tsx",
		"CSS":        "edited globals.css",
		"TypeScript": "edited page.tsx",
	}
	wantEvidence(t, s, want)
}

// TestTechnologiesFromOpenCodeConsole: an OpenCode export writes each
// apply_patch call as a console line naming the one file it changes
// ("⏺ apply_patch(schemas/core.proto)"): the file is edited, and a
// .proto file is Protocol Buffers.
func TestTechnologiesFromOpenCodeConsole(t *testing.T) {
	c := newConvo()
	c.steward("design the product schema and note it in the design doc")
	c.assistant("⏺ glob(**/*)\n\n⏺ apply_patch(/Users/me/repo/docs/designs/core.design.md)\n\n⏺ apply_patch(/Users/me/repo/schemas/core/v1/product.proto)\n\n⏺ bash(Shows modified and new files)\n\nDone.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := map[string]string{"Protocol Buffers": "edited product.proto", "Markdown": "edited core.design.md"}
	wantEvidence(t, s, want)
}

// TestTechnologiesNamedInCJKText: Chinese prose runs a Latin name into
// the words around it without spaces; the name is bounded by the change
// of script, and the steward who names it so names it as theirs.
func TestTechnologiesNamedInCJKText(t *testing.T) {
	c := newConvo()
	c.steward("我需要给github的仓库写一段描述。")
	c.assistant("好的。")
	c.steward("如何让aider直接编辑某个文件？")
	c.assistant("使用 /add 命令。")
	c.steward("用pytest跑一下测试，然后用ruff检查代码。")
	c.assistant("好的。")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	for _, want := range []string{"GitHub", "aider", "pytest", "Ruff"} {
		if !slices.Contains(s.Technical.Technologies, want) {
			t.Errorf("technologies %q lack %q", s.Technical.Technologies, want)
		}
	}
	// A Latin word inside a word of another script's letters is no name.
	var es entitySet
	scriptBoundedTechnologies("caféjs", &es)
	scriptBoundedTechnologies("naïvegithub", &es)
	if len(es.list) != 0 {
		t.Errorf("entities %v from chunks with no change of script", es.list)
	}
	scriptBoundedTechnologies("「Reactで」作る", &es)
	if len(es.list) != 1 || es.list[0].Text != "React" {
		t.Errorf("entities %v, want React", es.list)
	}
}

// TestTechnologiesFromCloudCommands: a cloud CLI's first sub-command
// names the service it works with, and a deployment CLI run through npx
// is its framework; in prose the same words ("fly", "serverless") name
// nothing.
func TestTechnologiesFromCloudCommands(t *testing.T) {
	c := newConvo()
	c.steward("deploy the api to the dev stage and check the pipeline; I'd fly home after")
	c.assistant("⏺ run_shell_command(cd pipeline/api && npx serverless deploy --stage dev)\n\n⏺ run_shell_command(aws stepfunctions list-executions --state-machine-arn arn:x)\n\n⏺ run_shell_command(gcloud run deploy api --source .)\n\nDeployed.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := map[string]string{
		"Serverless Framework": "ran `npx serverless deploy --stage dev`",
		"AWS Step Functions":   "ran `aws stepfunctions list-executions --state-machine-arn arn:x`",
		"AWS CLI":              "ran `aws stepfunctions list-executions --state-machine-arn arn:x`",
		"Cloud Run":            "ran `gcloud run deploy api --source .`",
	}
	wantEvidence(t, s, want)
	if slices.Contains(s.Technical.Technologies, "Fly.io") {
		t.Errorf("technologies %q hold Fly.io, named only as a word of prose", s.Technical.Technologies)
	}
}

// TestTechnologiesNotFromAgentState: the plans and todos an agent keeps
// for itself outside the project (Cursor's ~/.cursor/plans, Copilot CLI's
// session state) are no work in their format; the project's own Markdown
// still is.
func TestTechnologiesNotFromAgentState(t *testing.T) {
	c := newConvo()
	c.steward("plan the signup flow")
	c.assistant("⏺ edit_file(c:\\\\Users\\\\me\\\\.cursor\\\\plans\\\\signup_plan_1168a3ed.plan.md)\n⏺ write_file(/Users/me/.copilot/session-state/45f1a36c/plan.md)\n\nPlanned.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if slices.Contains(s.Technical.Technologies, "Markdown") {
		t.Errorf("technologies %q hold Markdown from the agent's own plans (%q)", s.Technical.Technologies, s.Technical.TechnologyEvidence["Markdown"])
	}
	c.steward("now write it up for the team")
	c.assistant("⏺ write_file(/Users/me/app/docs/signup.md)\n\nWritten.")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if ev := s.Technical.TechnologyEvidence["Markdown"]; ev != "wrote signup.md" {
		t.Errorf("Markdown's evidence %q, want %q", ev, "wrote signup.md")
	}
}

// TestTechnologiesOfSeveralFilesRead: a read tool given several files at
// once is written with them comma-separated ("⏺ read_file(a, b)"): each is
// a file read, and the last one of a list cut short with "…" is not.
func TestTechnologiesOfSeveralFilesRead(t *testing.T) {
	c := newConvo()
	c.steward("Summarise how the checkout works.")
	c.assistant("⏺ read_file(README.md, server/cart.py, web/src/checkout.ts, tools/bump.r …)\n\nThe cart is priced on the server.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	wantEvidence(t, s, map[string]string{"Python": "read cart.py", "TypeScript": "read checkout.ts"})
	if slices.Contains(s.Technical.Technologies, "R") {
		t.Errorf("technologies %q hold the language of a path cut short", s.Technical.Technologies)
	}
}
