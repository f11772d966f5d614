package analysis

import (
	"slices"
	"testing"
)

// TestOtherAgentsTodoToolsAreTheTodoList: Cursor's todo_write (its
// result's finalTodos the list after a merge) and Copilot's
// manage_todo_list (titles, "not-started"/"in-progress" statuses) are the
// session's todo list as TodoWrite is, the latest status winning.
func TestOtherAgentsTodoToolsAreTheTodoList(t *testing.T) {
	conv := newConvo()
	conv.steward("upgrade the project to Java 21")
	conv.tool("manage_todo_list", obj{"operation": "write", "todoList": []obj{
		{"id": 1, "title": "Update the compiler plugin release to 21", "description": "Set maven-compiler-plugin release 21", "status": "in-progress"},
		{"id": 2, "title": "Run the test suite on the new JDK", "status": "not-started"},
	}}, "ok", "")
	conv.tool("todo_write", obj{"merge": true, "todos": []obj{
		{"id": "docs", "content": "Document the upgrade in the changelog", "status": "pending"},
	}}, "ok", "")
	conv.tool("manage_todo_list", obj{"operation": "write", "todoList": []obj{
		{"id": 1, "title": "Update the compiler plugin release to 21", "status": "completed"},
		{"id": 2, "title": "Run the test suite on the new JDK", "status": "in-progress"},
	}}, "ok", "")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	for _, want := range []string{"Run the test suite on the new JDK", "Document the upgrade in the changelog"} {
		if !slices.Contains(p.TasksRemaining, want) {
			t.Errorf("remaining %q, want %q among them", p.TasksRemaining, want)
		}
	}
	if !slices.Contains(p.TasksCompleted, "Update the compiler plugin release to 21") {
		t.Errorf("completed %q, want the plugin update", p.TasksCompleted)
	}
}

// TestExportedTodoToolUsesAreTheTodoList: an export that writes the todo
// tool's use into the assistant's text (SpecStory: Cursor's JSON
// parameters and result, Copilot's input printed as Go maps) gives the
// same list; a JSON block of another tool is not read as todos.
func TestExportedTodoToolUsesAreTheTodoList(t *testing.T) {
	cursor := "Planning the work.\n\nTool use: **todo_write**\n\nParameters:\n\n```json\n{\n  \"merge\": true\n}\n```\n" +
		"Result:\n\n```json\n{\n  \"finalTodos\": [\n    {\"content\": \"Add the weekly briefing section\", \"id\": \"a\", \"status\": \"in_progress\"},\n" +
		"    {\"content\": \"Wire the auth nudges\", \"id\": \"b\", \"status\": \"cancelled\"}\n  ],\n  \"success\": true\n}\n```\n" +
		"Tool use: **read_file_v2** • Read file: app/page.tsx\n\n```json\n{\"todos\": [{\"content\": \"not a todo of this session\", \"status\": \"pending\"}]}\n```\n"
	want := []todo{{"Add the weekly briefing section", "in_progress"}, {"Wire the auth nudges", "completed"}}
	if got := textTodos(cursor); !slices.Equal(got, want) {
		t.Errorf("Cursor export todos %q, want %q", got, want)
	}
	copilot := "Tool use: **manage_todo_list**\n\n**Input:**\n\n- operation: `write`\n" +
		"- todoList: `[map[description:Create a plan for Java 21. id:1 status:completed title:Generate upgrade plan (Java 21)] " +
		"map[description:Run mvn test after the upgrade. id:2 status:not-started title:Build and test validation]]`\n\n" +
		"Tool use: **run_in_terminal**\n"
	want = []todo{{"Generate upgrade plan (Java 21)", "completed"}, {"Build and test validation", "pending"}}
	if got := textTodos(copilot); !slices.Equal(got, want) {
		t.Errorf("Copilot export todos %q, want %q", got, want)
	}

	conv := newConvo()
	conv.steward("upgrade the project to Java 21")
	conv.assistant(copilot)
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	if !slices.Contains(p.TasksRemaining, "Build and test validation") || !slices.Contains(p.TasksCompleted, "Generate upgrade plan (Java 21)") {
		t.Errorf("remaining %q, completed %q: want the exported todo list", p.TasksRemaining, p.TasksCompleted)
	}
}

// TestCopilotProgressLinesAreTheTodoList: VS Code's Copilot chat writes
// its todo tool's steps as progress lines; an item started and then
// completed is done, one only started is still remaining.
func TestCopilotProgressLinesAreTheTodoList(t *testing.T) {
	conv := newConvo()
	conv.steward("Start implementation")
	conv.assistant("⏺ Created 3 todos\n\n⏺ Starting: *Add replace to ToolCallType* (1/3)\n\n⏺ Edited src/lib/parser/types.ts\n\n" +
		"⏺ Completed: *Add replace to ToolCallType* (1/3)\n\n⏺ Starting: *Run tests & fix issues* (2/3)\n\nThe tests run.")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	if !slices.Contains(p.TasksCompleted, "Add replace to ToolCallType") || !slices.Contains(p.TasksRemaining, "Run tests & fix issues") {
		t.Errorf("remaining %q, completed %q: want the progress lines' todos", p.TasksRemaining, p.TasksCompleted)
	}
}

// TestStewardsStepIsNoTask: an item of the assistant's to-do list that is
// the user's to do ("User chooses …") or hands the work over for the
// user's word ("… for approval") is not the session's work; the items
// around it, a user-facing feature ("User settings page") and a review
// the session does stay tasks.
func TestStewardsStepIsNoTask(t *testing.T) {
	conv := newConvo()
	conv.steward("plan the migration of the billing service to the new queue")
	conv.tool("TodoWrite", obj{"todos": []obj{
		{"content": "Inventory the billing consumers", "status": "completed"},
		{"content": "Present the migration plan for the user's approval", "status": "pending"},
		{"content": "User chooses the cut-over window", "status": "pending"},
		{"content": "The user reviews the rollback steps", "status": "pending"},
		{"content": "Build the User settings page for queue alerts", "status": "pending"},
		{"content": "Submit the schema change for review", "status": "pending"},
	}}, "ok", "")
	conv.assistant("Two steps remain:\n\n1. Move the invoice consumer to the new queue\n2. Wait for your confirmation before deleting the old topic\n\nLet me complete both of these.")
	p := progressOf(buildViews(testAnalyzer, conv.analysed(testAnalyzer)))
	for _, gone := range []string{"Present the migration plan for the user's approval", "User chooses the cut-over window",
		"The user reviews the rollback steps", "Wait for your confirmation before deleting the old topic"} {
		if slices.Contains(p.TasksDiscussed, gone) {
			t.Errorf("tasks %q hold the steward's step %q", p.TasksDiscussed, gone)
		}
	}
	for _, want := range []string{"Inventory the billing consumers", "Build the User settings page for queue alerts",
		"Submit the schema change for review", "Move the invoice consumer to the new queue"} {
		if !slices.Contains(p.TasksDiscussed, want) {
			t.Errorf("tasks %q, want %q among them", p.TasksDiscussed, want)
		}
	}
}

func TestStewardsStep(t *testing.T) {
	for task, want := range map[string]bool{
		"User picks 2 areas for the next plan": true,
		"the user fixes the DNS record":        true,
		"Open the plan for confirmation":       true,
		"Wait for explicit approval":           true,
		"User settings page":                   false,
		"Users table migration":                false,
		"Add an approval step to the workflow": false,
		"Submit the pull request for review":   false,
		"Show a confirmation dialog on delete": false,
	} {
		if got := stewardsStep(task); got != want {
			t.Errorf("stewardsStep(%q) = %v, want %v", task, got, want)
		}
	}
}
