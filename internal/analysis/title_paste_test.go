package analysis

import (
	"strings"
	"testing"
)

// TestTitleTerminalOutputPasted: a command typed, then what the terminal
// printed (box-drawing arrows, a status mark, an indented block, a Python
// traceback) is pasted output: the error it ends in says what went wrong,
// and the assistant's report of its fix ("We've simplified …") does not
// title it.
func TestTitleTerminalOutputPasted(t *testing.T) {
	prompt := "uv pip install -e .[dev]\n\n" +
		"  × Failed to build `lumen @ file:///Users/ana/src/lumen`\n" +
		"  ├─▶ The build backend returned an error\n" +
		"  ╰─▶ Call to `hatchling.build.prepare_metadata_for_build_editable` failed (exit status: 1)\n\n" +
		"      [stderr]\n" +
		"      Traceback (most recent call last):\n" +
		"        File \"<string>\", line 14, in <module>\n" +
		"        File \"/tmp/build/hatchling/metadata/core.py\", line 248, in _get_version\n" +
		"      ValueError: Error getting the version from source `regex`: unable to parse the version from the file: src/lumen/__version__.py\n"
	got := titleOf(prompt,
		"We've simplified the __version__.py file by merging the version assignments. This should resolve the build error.")
	checkTitleForm(t, "terminal output", got)
	if l := strings.ToLower(got); !strings.Contains(l, "version") || strings.Contains(l, "hatchling.build") || strings.Contains(l, "merging") {
		t.Errorf("title %q does not name the version error the log ends in", got)
	}
	for _, line := range []string{"  × Failed to build", "Traceback (most recent call last):", `File "x.py", line 3, in run`,
		"DEPRECATION: --no-python-version-warning is deprecated."} {
		if !pastedLine(line) {
			t.Errorf("pastedLine(%q) = false", line)
		}
	}
	if !typedCommand("uv pip install -e .[dev,test]") || typedCommand("run the tests with -v please") {
		t.Error("typedCommand: a command line is one, a sentence naming a flag is not")
	}
}

// TestTitleExporterToolLines: the lines an exporter wrote for the
// assistant's tool calls ("Read file: …", a table of results) are not the
// answer's words: the diagnosis of a pasted log is read past them.
func TestTitleExporterToolLines(t *testing.T) {
	got := titleOf("error: linker `cc` not found\n  |\n  = note: No such file or directory (os error 2)\n",
		"Read file: Cargo.toml\n\n| File |\n|------|\n| `undefined` |\n\nThe C linker is missing from the build container.")
	checkTitleForm(t, "exporter tool lines", got)
	if l := strings.ToLower(got); strings.Contains(l, "read file") || l == "file" || !strings.Contains(l, "linker") {
		t.Errorf("title %q is not the linker error", got)
	}
}

// TestTitleRoleAndDetails: a sentence that only gives the assistant a
// role is not the prompt's first, and the sentences after the prompt's
// request are its details: "Create a signup and login page" titles
// the prompt over the list of fields to save.
func TestTitleRoleAndDetails(t *testing.T) {
	if got := withoutPersona(titleWords("you are an expert in saas front-end and backend, ui and ux.")); len(got) != 0 {
		t.Errorf("withoutPersona kept %q of a sentence that is all role", got)
	}
	if got := strings.Join(withoutPersona(titleWords("You are an expert on this code base, find the race in the pool.")), " "); got != "find the race in the pool." {
		t.Errorf("withoutPersona = %q, want the request after the role", got)
	}
	got := titleOf("you are an expert in saas front-end and backend, ui and ux. Help me create a signup and login page. "+
		"what should be saved are the email and encrypted password, interests of the user: the papers they like",
		"I'll create the signup and login pages. The user model stores the email, the encrypted password and the papers the user likes; the login page posts the email and password.")
	if l := strings.ToLower(got); !strings.Contains(l, "login page") {
		t.Errorf("title %q does not name the request", got)
	}
}

// TestTitleCodePasted: code pasted without a fence (an assignment with its
// type, an import) is not the prompt's prose.
func TestTitleCodePasted(t *testing.T) {
	for _, line := range []string{`env_names: ClassVar[list[str]] = [`, `timeout = 30`, `import { z } from "zod";`} {
		if !pastedLine(line) {
			t.Errorf("pastedLine(%q) = false", line)
		}
	}
	if pastedLine("Set the timeout to 30 seconds") {
		t.Error("a sentence is not code")
	}
}

// TestTitlePastedTreeNamed: a request that points at the tree it pasted
// ("create this structure") is titled with the tree's root.
func TestTitlePastedTreeNamed(t *testing.T) {
	got := titleOf("First create the overall structure you suggested\n\nsrc/lumen/stubgen/\n├── __init__.py\n├── backends/\n│   └── ast_backend.py\n└── README.md\n",
		"I'll help you create this directory structure and set up the initial files.")
	checkTitleForm(t, "pasted tree", got)
	if l := strings.ToLower(got); !strings.Contains(l, "stubgen") || strings.Contains(l, "this") {
		t.Errorf("title %q does not name the pasted tree", got)
	}
}

// TestTitleConditionAndReferent: a title does not open inside a request's
// condition ("but if it's a path, …"), and its "it" is the thing the
// sentence's first condition is about.
func TestTitleConditionAndReferent(t *testing.T) {
	got := titleOf(`If "input_path" is a dir, search for files (like it's done now), but if it's a path, treat it as an image and process just that one`,
		"```diff\n- folder = Path(input_path)\n+ path = Path(input_path)\n```")
	checkTitleForm(t, "condition", got)
	if l := strings.ToLower(got); !strings.HasPrefix(l, "treat input_path") {
		t.Errorf("title %q is not the request with its thing named", got)
	}
}

// TestTitleCJKSpacesAndPointing: Chinese typed without punctuation parts
// its sentences with spaces, and a sentence that only asks to look at
// something ("看看…") points at where the work is: the request after it
// ("写单元测试") titles the prompt.
func TestTitleCJKSpacesAndPointing(t *testing.T) {
	if got := cjkSpaceBreaks("看看当前test 里的模块 教我如何写测试"); got != "看看当前test 里的模块\n教我如何写测试" {
		t.Errorf("cjkSpaceBreaks = %q", got)
	}
	if got := cjkSpaceBreaks("將安裝 uv 的方法，改為 官方推薦的安裝方式"); strings.Contains(got, "\n") {
		t.Errorf("cjkSpaceBreaks broke punctuated text: %q", got)
	}
	got := titleOf("看看当前test 里的md文档和tests里的模块  教我如何一点点的写测试 我想先写单元测试 最好是详细点",
		"好的，我们先从单元测试开始。单元测试用 pytest 来写，每个测试只检查一个函数。")
	if !strings.Contains(got, "测试") || strings.HasPrefix(got, "看看") {
		t.Errorf("title %q is not the request to write unit tests", got)
	}
}

// TestTitleClosingRequestOfLongPrompt: a prompt that pastes a long
// account first and asks at its end is titled by what it asks, though
// its sentences run past those a title is looked for in.
func TestTitleClosingRequestOfLongPrompt(t *testing.T) {
	background := "Our billing service sends invoices every night. It reads the ledger first. Then it groups the lines by customer. " +
		"Each group becomes one invoice. The invoice is rendered to PDF. The PDF is stored in the bucket. A mail goes out with the link. " +
		"Customers in the EU get a VAT line. Customers elsewhere do not. The ledger is closed at midnight. Late lines wait for the next run. " +
		"The run takes about ten minutes. Nobody touches it by hand."
	got := titleOf(background+"\n\nCan you add retries to the webhook sender when the partner endpoint times out?",
		"The webhook sender gives up after the first timeout. I'll add retries with backoff to the webhook sender for partner timeouts.")
	checkTitleForm(t, "closing request", got)
	if l := strings.ToLower(got); !strings.Contains(l, "webhook") {
		t.Errorf("title %q does not name the request that closes the prompt", got)
	}
}

// TestTitleQuotedCommitSubjectKeepsProse: a commit subject quoted in a
// sentence ("refactor(website): …") keeps the parenthesis of its scope, so
// the words after it are not taken for a call's arguments and lost.
func TestTitleQuotedCommitSubjectKeepsProse(t *testing.T) {
	if got := unquoteWord(`("refactor(website):`); got != "refactor(website):" {
		t.Errorf("unquoteWord = %q, want the scope's parenthesis kept", got)
	}
	var words []string
	for _, s := range titleSentences(`Commit 5cf09a5f ("fix(api): trim the token") left two scratch files in the repo. Remove them.`) {
		words = append(words, s.words...)
	}
	if got := strings.Join(words, " "); !strings.Contains(got, "scratch files") || !strings.Contains(got, "Remove them") {
		t.Errorf("sentences %q lost the prose after the quoted subject", got)
	}
}
