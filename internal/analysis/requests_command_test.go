package analysis

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// command adds a slash command the steward ran and, when expansion is not
// "", the prompt the agent expanded it into, as an importer records them.
func (c *convo) command(name, args, expansion string) {
	content := name
	if args != "" {
		content += " " + args
	}
	c.add(&baton.Message{Role: baton.RoleSteward, Content: content, ContentType: baton.ContentCommand,
		Attributes: map[string]any{"event": "slash_command", "command": name, "command_args": args}})
	if expansion != "" {
		c.add(&baton.Message{Role: baton.RoleSystem, Content: expansion, ContentType: baton.ContentCommand,
			Attributes: map[string]any{"event": "meta"}})
	}
}

// TestCommandTasks: a project's own slash command is a request: named by
// a verb with arguments, that verb done to them; without arguments, what
// its prompt's objective says first. A command with no expansion (the
// agent's own) and one named by no verb ask for nothing of their own.
func TestCommandTasks(t *testing.T) {
	for _, c := range []struct {
		name, args, expansion string
		want                  []string
	}{
		{"/ops:deploy-stage", "3", "<objective>\nShip a stage to production.\n</objective>", []string{"deploy stage 3"}},
		{"/audit:review", "the billing module", "Review the code for security flaws.", []string{"review the billing module"}},
		{"/pm:show-backlog", "", "<objective>\nList every open ticket, group them by owner, and suggest an order.\n</objective>\n<process>…</process>",
			[]string{"List every open ticket"}},
		{"/pm:menu", "", "# Menu\n\nCreate a lightweight spec for the initiative.", nil},
		{"/pm:menu", "", "<objective>\nThe menu of the kitchen.\n</objective>", nil},
		{"/clear", "", "", nil},
		{"/ops:deploy-stage", "3", "", nil},
	} {
		conv := newConvo()
		conv.command(c.name, c.args, c.expansion)
		conv.assistant("On it.")
		p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
		if !slices.Equal(p.TasksDiscussed, c.want) && len(p.TasksDiscussed)+len(c.want) > 0 {
			t.Errorf("%s %s: tasks %q, want %q", c.name, c.args, p.TasksDiscussed, c.want)
		}
	}
}

// TestShellCommandIsNoTask: a command the steward ran in the agent's shell
// mode ("!deploy status") is a command, not a request.
func TestShellCommandIsNoTask(t *testing.T) {
	conv := newConvo()
	conv.steward("please rotate the staging credentials")
	conv.add(&baton.Message{Role: baton.RoleSteward, Content: "!vault status", ContentType: baton.ContentCommand,
		Attributes: map[string]any{"event": "shell_command"}})
	conv.assistant("Rotated.")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	if want := []string{"rotate the staging credentials"}; !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}

// TestGarbledToolNameIsNoTask: a failed call whose name is markup the
// model garbled names nothing to resolve.
func TestGarbledToolNameIsNoTask(t *testing.T) {
	conv := newConvo()
	conv.steward("review the session handling for leaks")
	conv.assistant("Starting the review.")
	raw, _ := json.Marshal(map[string]string{"prompt": "review"})
	conv.add(&baton.Message{Role: baton.RoleToolCall, ToolCalls: []baton.ToolCall{{ID: "g1", Name: `Task" > <parameter name="description`, Input: raw}}})
	conv.add(&baton.Message{Role: baton.RoleToolResult, Content: `<tool_use_error>Error: No such tool available: Task" > <parameter name="description</tool_use_error>`, ToolResult: &baton.ToolResult{ToolUseID: "g1", IsError: true}})
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	if want := []string{"review the session handling for leaks"}; !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}

// TestSlashCommandOfFilesIsNoTask: "/add a/b.ts c/d.ts" puts files in an
// editor's chat, and so do bare names, Windows paths and files known
// without an extension ("/add LICENSE"); "/review the retry logic" and
// "/add a retry to the upload" ask for work.
func TestSlashCommandOfFilesIsNoTask(t *testing.T) {
	for _, in := range []string{"/add src/cache.ts tests/cache.test.ts", "/add README.md", "/add LICENSE",
		`/add InternalScripts\Scene_Shop.rb`, "/add window_craftlist.rb  window_craftstatus.rb", "/add .env"} {
		if got := requestTasks(in); len(got) != 0 {
			t.Errorf("%q: tasks %q, want none", in, got)
		}
	}
	if got, want := requestTasks("/add a retry to the upload"), []string{"add a retry to the upload"}; !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	if got, want := requestTasks("/review the retry logic in src/retry.ts"), []string{"review the retry logic in src/retry.ts"}; !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
}

// TestAttachedFilesAreNoTask: an opening line that only attaches files
// ("@src/View.tsx @Pool.tsx (51-58)") names no work; the request is what
// follows it.
func TestAttachedFilesAreNoTask(t *testing.T) {
	conv := newConvo()
	conv.steward("@src/app/models/[id]/components/Pool/ActiveView.tsx @Pool.tsx (51-58)\n\nkeep passing modelData through")
	conv.assistant("Updated the view.")
	conv.steward("please add the missing translations to zh.json")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	if want := []string{"add the missing translations to zh.json"}; !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
	if !onlyReferences([]string{"@IaoPool.tsx", "(51-58)"}) || onlyReferences([]string{"@models", "look", "again"}) {
		t.Error("onlyReferences misreads attached files")
	}
}

// TestRetriesAndAssurancesAreNoTasks: "start over" names no work of its
// own, and "make sure …" after a message's first request is a condition
// on that request, not another task.
func TestRetriesAndAssurancesAreNoTasks(t *testing.T) {
	conv := newConvo()
	conv.steward("please fix the negative numbers in the report export")
	conv.assistant("Fixed the export.")
	conv.steward("start over")
	conv.assistant("Starting again.")
	conv.steward("commit the export fix. make sure the commit message names both changes")
	conv.assistant("Committed.")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	if want := []string{"fix the negative numbers in the report export", "commit the export fix"}; !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}

// TestSameCJKTask: a request in Chinese is not the same as a known one
// for sharing the words written in Latin letters: "使用 openapi_depts,
// 查地方政府有哪些平台" after "openapi_depts 有哪些平台的開放資料列表" is a
// task of its own, and the same request asked again is still one task.
func TestSameCJKTask(t *testing.T) {
	conv := newConvo()
	conv.steward("openapi_depts 有哪些平台的開放資料列表")
	conv.assistant("以下是平台列表。")
	conv.steward("使用 openapi_depts, 查地方政府有哪些平台")
	conv.assistant("以下是地方政府的平台。")
	conv.steward("openapi_depts 有哪些平台的開放資料列表？")
	conv.assistant("同上。")
	got := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer))).TasksDiscussed
	want := []string{"openapi_depts 有哪些平台的開放資料列表", "使用 openapi_depts, 查地方政府有哪些平台"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
}
