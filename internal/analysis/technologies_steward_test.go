package analysis

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesOfTerminalRecord: SpecStory's record of a Cursor chat
// writes each command's output as an untagged fence under the command's
// fence. A zsh prompt or the terminal's echo of the command (the tail of a
// wrapped line) shows the command ran; once one does, the message's other
// outputs show theirs ran too. A shell fence with no output under it is a
// suggestion.
func TestTechnologiesOfTerminalRecord(t *testing.T) {
	c := newConvo()
	c.steward("fix the lints")
	c.assistant("Let me run the fixer:\n\n```bash\nhatch run lint:fix .\n```\n\n```\nadam@Hamlet proj % hatch run lint:fix .\ntuple index out of range\n```\n\n" +
		"Then each step:\n\n```bash\nfind . -name '*.py' -exec pyupgrade --py310-plus {} +\n```\n\n```\n<' -exec pyupgrade --py310-plus {} +\nRewriting ./a.py\n```\n\n" +
		"```bash\nruff check --fix .\n```\n\n```\nwarning: The top-level linter settings are deprecated\n```\n\n" +
		"You could also try:\n\n```bash\nmypy .\n```\n")
	got := technologiesNamed(c)
	for _, want := range []string{"Hatch", "pyupgrade", "Ruff", "Python"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if slices.Contains(got, "mypy") {
		t.Errorf("technologies %q hold mypy, only suggested", got)
	}
}

// TestTechnologiesOfStewardCommands: commands the steward writes out for
// the session to run (inline or as a short shell fence) are theirs; one
// named as what not to use is not, nor is a lone word in code.
func TestTechnologiesOfStewardCommands(t *testing.T) {
	c := newConvo()
	c.steward("Periodically run `python ./cleanup.py status`. Use `uv pip install -e .` not `pip …`, and see `make`.")
	c.steward("Then:\n\n```\nhatch test\n```")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Python", "uv", "Hatch"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	for _, not := range []string{"pip", "Make"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q (%s)", got, not, s.Technical.TechnologyEvidence[not])
		}
	}
}

// TestTechnologiesOfPastedPreCommitReport: pre-commit's report, pasted by
// the steward, shows pre-commit and its hooks ran.
func TestTechnologiesOfPastedPreCommitReport(t *testing.T) {
	c := newConvo()
	c.steward("fix these:\n\nruff.....................................................................Failed\n- hook id: ruff\n- exit code: 1\n\nsrc/a.py:3:1: F401 unused import\n")
	c.assistant("Fixed.")
	got := technologiesNamed(c)
	for _, want := range []string{"pre-commit", "Ruff"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
}

// TestTechnologiesOfSpecStoryParameters: SpecStory's newer record writes a
// call's input as JSON under "Parameters:" (Copilot's run_in_terminal
// with its HTML-escaped command line), Copilot's reads as "Read
// [](file://…)", and Claude Code's reads as the path on its own line.
func TestTechnologiesOfSpecStoryParameters(t *testing.T) {
	c := newConvo()
	c.steward("init")
	c.assistant("Tool use: **run_in_terminal**\n\n\nParameters:\n\n```json\n{\n  \"kind\": \"terminal\",\n  \"commandLine\": {\n    \"original\": \"chmod +x scripts/a.sh &amp;&amp; ./scripts/a.sh &amp;&amp; cargo build\"\n  }\n}\n```\n\n" +
		"Read [](file:///home/u/repo/Cargo.toml#1-1), lines 1 to 50\n\n" +
		"Tool use: **Read**\n `C:\\app\\src\\index.ts`\n\n```text\n1\texport {}\n```\n")
	got := technologiesNamed(c)
	for _, want := range []string{"Cargo", "Bash", "Rust", "TypeScript"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
}

// TestTechnologiesOfWrittenMarkdownAndReviewBots: an answer that writes a
// Markdown document (a fence of several lines) works in Markdown, a short
// snippet does not; a review service the steward names on their pull
// request is theirs.
func TestTechnologiesOfWrittenMarkdownAndReviewBots(t *testing.T) {
	doc := "```markdown\n# Task 012: repository backends\n\n## Context\n\nThe CLI only knows local git.\n\n## Requirements\n\n- [ ] add a github backend\n- [ ] keep local as default\n```"
	for _, c := range []struct {
		answer string
		want   bool
	}{{"Here is the spec:\n\n" + doc, true}, {"Use this line:\n\n```md\n- [ ] item\n```", false}} {
		cv := newConvo()
		cv.steward("there are a few coderabbit comments on that pr, address them")
		cv.assistant(c.answer)
		s := &baton.Session{}
		New().Session(s, cv.analysed(New()))
		got := s.Technical.Technologies
		if slices.Contains(got, "Markdown") != c.want {
			t.Errorf("answer %q: technologies %q, Markdown wanted %v", c.answer, got, c.want)
		}
		if !slices.Contains(got, "CodeRabbit") {
			t.Errorf("technologies %q lack CodeRabbit", got)
		}
	}
}

// TestPyprojectTools: a pyproject.toml's [tool.X] tables configure known
// programs, its build backend names the package that builds it (hatchling,
// not the Hatch program a [tool.hatch] table configures); a table of an
// unknown tool names nothing.
func TestPyprojectTools(t *testing.T) {
	text := "[build-system]\nrequires = [\"hatchling\", \"hatch-vcs\"]\nbuild-backend = \"hatchling.build\"\n\n[tool.hatch.version]\nsource = \"vcs\"\n\n[tool.ruff.lint]\nselect = [\"E\"]\n\n[tool.twat]\nx = 1\n"
	if got, want := pyprojectTools(text), []string{"Hatch", "Ruff", "Hatchling"}; !slices.Equal(got, want) {
		t.Errorf("pyprojectTools = %q, want %q", got, want)
	}
}

// TestTechnologiesStewardWorkAndPastes: a steward's message that opens
// with a command and its output ran that command; a library written as
// code in a request is theirs; their words about commits, stashes and
// pulls make Git theirs, though one such word ("push the button") or a
// joined one ("pre-commit") does not.
func TestTechnologiesStewardWorkAndPastes(t *testing.T) {
	c := newConvo()
	c.steward("uv pip install -e .[dev]\n\n  × Failed to build `pkg`\n  ├─▶ The build backend returned an error\n  ╰─▶ exit status: 1")
	c.assistant("The version file cannot be parsed; I simplified it.")
	c.steward("Update all logging code to very simple `loguru` use.")
	c.steward("I want to commit, realise I need to pull first, so I stash.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	for name, ev := range map[string]string{
		"uv":     "ran `uv pip install -e .[dev]`, whose output the steward pasted",
		"Loguru": "named by the steward: “Update all logging code to very simple `loguru` use.”",
		"Git":    "the steward works in Git: “I want to commit, realise I need to pull first, so I stash.”",
	} {
		if got[name] != ev {
			t.Errorf("%s: evidence %q, want %q", name, got[name], ev)
		}
	}

	c = newConvo()
	c.steward("Add pre-commit to the dev dependencies and push the button colour change to the theme.")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	if slices.Contains(s.Technical.Technologies, "Git") {
		t.Errorf("technologies %q hold Git (evidence %q)", s.Technical.Technologies, s.Technical.TechnologyEvidence["Git"])
	}
}

// TestTechnologiesStewardNamesMermaid: Mermaid, named by the steward as
// what their work is in, is theirs like any other named technology.
func TestTechnologiesStewardNamesMermaid(t *testing.T) {
	c := newConvo()
	c.steward("our mermaid diagram in the architecture doc has a syntax error, fix it")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if !slices.Contains(s.Technical.Technologies, "Mermaid") {
		t.Errorf("technologies %q lack Mermaid", s.Technical.Technologies)
	}
}

// TestTechnologiesOfFileRunnersAndSwiftPackages: fd runs the program after
// -x (as find runs the one after -exec), "swift test" builds with the
// Swift Package Manager, "cargo test" runs the project's Rust code, and a
// pyproject.toml the steward pastes is read past its first screenful for
// its tools' tables.
func TestTechnologiesOfFileRunnersAndSwiftPackages(t *testing.T) {
	c := newConvo()
	c.steward("Adapt this for each package:\n\n```toml\n[project]\nname = 'x'\n" + strings.Repeat("# a long annotated header line for the template\n", 200) + "[tool.pytest.ini_options]\naddopts = '-q'\n```")
	c.assistant("First:\n\n```bash\nfd -e py -x autoflake --in-place {}\n```\n\n```\nadam@Hamlet proj % \n```\n\nThen:\n\n```bash\nswift test\n```\n\n```\nadam@Hamlet proj % swift test\nBuilding for debugging...\n```\n")
	c.tool("Bash", obj{"command": "cargo test --features fuse"}, "test result: ok", "")
	got := technologiesNamed(c)
	for _, want := range []string{"fd", "autoflake", "Swift Package Manager", "pytest", "Cargo", "Rust"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
}

// TestTechnologiesOfSearchTables: SpecStory's record of an editor's
// codebase search lists the files found as a table; when most are of one
// language, the session searched code in it. A table of mixed files says
// nothing.
func TestTechnologiesOfSearchTables(t *testing.T) {
	c := newConvo()
	c.steward("find where the key policy is enforced")
	c.assistant("Let me look.\n\n            Searched codebase \"KMS key policy\" • **4** results\n\n| File | Lines |\n|------|-------|\n" +
		"| `moto/kms/utils.py` | L155-197 |\n| `moto/kms/models.py` | L114-158 |\n| `moto/kms/models.py` | L209-244 |\n| `docs/kms.md` | L1-20 |\n\n" +
		"Grep search for \"handler\" • **3** files\n\n| File | Line | Match |\n|------|------|-------|\n| `file:///src/a.rb` | L2 | `x` |\n| `file:///src/b.go` | L4 | `y` |\n| `file:///src/c.md` | L9 | `z` |\n\nThe policy is enforced in models.py.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	ev := s.Technical.TechnologyEvidence
	if ev["Python"] != "searched utils.py" {
		t.Errorf("Python evidence %q, want %q (technologies %q)", ev["Python"], "searched utils.py", s.Technical.Technologies)
	}
	for _, not := range []string{"Ruby", "Go"} {
		if slices.Contains(s.Technical.Technologies, not) {
			t.Errorf("technologies %q hold %s from a mixed search", s.Technical.Technologies, not)
		}
	}
}

// TestTechnologiesOfStewardNamedTools: a program or library Baton knows,
// named by the steward as theirs (in two words too: "GNU Parallel"), is a technology of the session with
// the steward's sentence as its evidence; one asked about, weighed as an
// alternative, written in a line of configuration, or whose name is a
// common word ("just", "make sure") is not.
func TestTechnologiesOfStewardNamedTools(t *testing.T) {
	c := newConvo()
	c.steward("Add scipy to the project. Our new TypeORM entities need a migration.")
	c.steward("I want to switch to `uv`, just make sure nothing breaks. Split the jobs with GNU Parallel.")
	c.steward("Is pyright any good? Maybe use mypy or pylint.")
	c.steward("style = [\"ruff check {args:.}\"]")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"SciPy", "TypeORM", "uv", "GNU Parallel"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if ev := s.Technical.TechnologyEvidence["SciPy"]; !strings.Contains(ev, "named by the steward") || !strings.Contains(ev, "Add scipy") {
		t.Errorf("SciPy's evidence = %q, want the steward's sentence", ev)
	}
	for _, not := range []string{"just", "Make", "Pyright", "mypy", "Ruff"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q (%s)", got, not, s.Technical.TechnologyEvidence[not])
		}
	}
}

// TestStewardShellCommandRan: a command the steward runs in the agent's
// shell ("!…", Claude Code's bash mode) ran its programs; the shell an
// install script is piped into, a word of the command line, is not a
// technology the steward names as theirs.
func TestStewardShellCommandRan(t *testing.T) {
	c := newConvo()
	c.steward("!curl -fsSL https://example.org/install.sh | bash").Attributes = map[string]any{"event": "shell_command"}
	c.steward("!terraform plan").Attributes = map[string]any{"event": "shell_command"}
	c.steward("now write the bash completion for it")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if ev := s.Technical.TechnologyEvidence["Terraform"]; ev != "ran `terraform plan`" {
		t.Errorf("Terraform's evidence %q (technologies %q)", ev, s.Technical.Technologies)
	}
	if ev := s.Technical.TechnologyEvidence["Bash"]; ev != "named by the steward: “now write the bash completion for it”" {
		t.Errorf("Bash's evidence %q, want only the request's", ev)
	}
}

// TestTechnologiesOfPastedReview: under a line that introduces another's
// review ("I got these review comments:"), the names are the reviewer's;
// a line of pasted markup names nothing either. The steward's own line
// above the review still names their stack.
func TestTechnologiesOfPastedReview(t *testing.T) {
	c := newConvo()
	c.steward("Our service stores sessions in Redis. I got these review comments on the branch:\n\n" +
		"The Kafka consumer retries forever when the broker is down.\n\nConsider a Terraform module for the bucket.")
	c.steward("The page now ends with\nSomething went wrong, try Docker later.</p></body></html>\nwhat does that mean?")
	c.assistant("Looking.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	if !slices.Contains(got, "Redis") {
		t.Errorf("technologies %q lack Redis", got)
	}
	for _, not := range []string{"Kafka", "Terraform", "Docker"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q (%s)", got, not, s.Technical.TechnologyEvidence[not])
		}
	}
}

// TestTechnologiesOfQuotedText: a name inside a quotation of several words
// (a label on the page, a message) is the quoted text's, not the steward's;
// a name put alone in quotes, or beside an apostrophe, is still theirs.
func TestTechnologiesOfQuotedText(t *testing.T) {
	c := newConvo()
	c.steward("Center the heading 'Export your Excel sheet here' and the hint “Made with Kafka streams” on the page.")
	c.steward("Keep the 'Redis' cache, and don't drop the users' Postgres indexes.")
	c.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Redis", "PostgreSQL"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	for _, not := range []string{"Excel", "Kafka"} {
		if slices.Contains(got, not) {
			t.Errorf("technologies %q hold %q (%s)", got, not, s.Technical.TechnologyEvidence[not])
		}
	}
	for _, c := range []struct {
		s, name string
		want    bool
	}{
		{`the title "how we moved to go modules" stays`, "go", true},
		{`use "go" and "how we moved" for it`, "go", false},
		{"don't let it's rust stay", "rust", false},
	} {
		if got := insideQuotation(c.s, strings.Index(c.s, c.name)); got != c.want {
			t.Errorf("insideQuotation(%q, %q) = %v, want %v", c.s, c.name, got, c.want)
		}
	}
}

// TestStewardGitReadsNoAddressOrRequest: a pull request's address and the
// words "pull request" and "push notifications" name no operation in Git,
// so with one real operation ("push it") Git is not the steward's; two
// operations in their own words still make it theirs.
func TestStewardGitReadsNoAddressOrRequest(t *testing.T) {
	for _, tc := range []struct {
		prompts []string
		want    bool
	}{
		{[]string{"https://github.com/acme/widgets/pull/7697 Instead of a flag, read the setting.", "Do this change so I can push it."}, false},
		{[]string{"Review the pull request for the settings page.", "Then push it."}, false},
		{[]string{"The app sends push notifications twice.", "Commit the fix when it works."}, false},
		{[]string{"Commit the fix when it works.", "Then push it."}, true},
	} {
		c := newConvo()
		for _, p := range tc.prompts {
			c.steward(p)
			c.assistant("Done.")
		}
		s := &baton.Session{}
		New().Session(s, c.analysed(New()))
		if got := slices.Contains(s.Technical.Technologies, "Git"); got != tc.want {
			t.Errorf("%q: Git %v, want %v (%q)", tc.prompts, got, tc.want, s.Technical.Technologies)
		}
	}
}

// TestStewardGitReadsNoContinuationSummary: the summary Claude Code writes
// into the steward's turn when a conversation goes on is the agent's
// account of its work: its commits and pushes make no Git the steward's.
func TestStewardGitReadsNoContinuationSummary(t *testing.T) {
	c := newConvo()
	c.steward("This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n" +
		"1. **Removal**: User said the login screen change did not work - I removed the feature, committed and pushed.\n" +
		"2. **New work**: User asked for a settings page.")
	c.assistant("I'll carry on with the settings page.")
	if got := technologiesNamed(c); slices.Contains(got, "Git") {
		t.Errorf("technologies %q hold Git", got)
	}
}

// TestPreCommitHookIsGitsHook: "the pre-commit hook" is Git's hook that
// runs before a commit, whatever installs it: it names no pre-commit
// framework; the framework named as theirs still is.
func TestPreCommitHookIsGitsHook(t *testing.T) {
	c := newConvo()
	c.steward("Pre-commit hook: run the formatter before staging.")
	c.assistant("I'll update the hook script.")
	if got := technologiesNamed(c); slices.Contains(got, "pre-commit") {
		t.Errorf("technologies %q hold pre-commit", got)
	}
	c = newConvo()
	c.steward("Set up pre-commit with the ruff hooks for this repository.")
	c.assistant("I'll add the configuration.")
	if got := technologiesNamed(c); !slices.Contains(got, "pre-commit") {
		t.Errorf("technologies %q lack pre-commit", got)
	}
}

// writesMarkdown skips an answer without a fence: random answers of
// fences, their tags in other cases and with blanks, and lines between
// must be read as line by line.
func TestWritesMarkdownAsLineByLine(t *testing.T) {
	pieces := []string{"\n", "```", "```markdown\n", "```MD\n", "``` Md \n", "``", "`", "markdown", "md", " ", "\t", "line\n", "a\nb\nc\nd\n", "é\n"}
	rng := rand.New(rand.NewPCG(38, 11))
	wrote := 0
	for range 100000 {
		s := randomText(rng, pieces, 30)
		got, want := writesMarkdown(s), markdownFenceIn(truncate(s, maxTurnText))
		if got != want {
			t.Fatalf("writesMarkdown(%q) = %v, line by line %v", s, got, want)
		}
		if want {
			wrote++
		}
	}
	if wrote < 1000 {
		t.Errorf("%d answers wrote Markdown: the test reads too few", wrote)
	}
}

// TestTechnologiesOfPipIsPython: pip is the installer every Python comes
// with: running it, or asking for a package to be installed with it, is
// work in Python, not a technology of its own.
func TestTechnologiesOfPipIsPython(t *testing.T) {
	c := newConvo()
	c.steward("Please run `pip install requests` first.")
	c.tool("Bash", obj{"command": "pip install -q -r requirements.txt"}, "Successfully installed requests-2.32.3", "")
	c.assistant("Installed.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.Technologies
	if !slices.Contains(got, "Python") {
		t.Errorf("technologies %q lack Python", got)
	}
	if slices.Contains(got, "pip") {
		t.Errorf("technologies %q hold pip (%s)", got, s.Technical.TechnologyEvidence["pip"])
	}
}
