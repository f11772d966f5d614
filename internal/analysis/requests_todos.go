package analysis

import (
	"encoding/json"
	"strings"

	"github.com/baton-dev/baton/internal/jsonfast"
)

// Agents keep the session's todo list with a tool of their own: Claude
// Code's TodoWrite and Cursor's todo_write take {"todos": [{"content",
// "status"}]} (Cursor's result repeats the list as "finalTodos"), VS Code
// Copilot's manage_todo_list takes {"todoList": [{"title", "status"}]}.
// Exports such as SpecStory's write the call into the assistant's text:
// "Tool use: **todo_write**" and its JSON parameters and result, or
// "Tool use: **manage_todo_list**" and its input as Go prints a map
// ("- todoList: `[map[description:… id:1 status:in-progress title:…]]`").

// todoTools are the tools that write the session's todo list.
var todoTools = set("TodoWrite", "todo_write", "manage_todo_list")

// todoList is the input (or result) of a todo tool, whatever the agent.
type todoList struct {
	Todos      []todo `json:"todos"`
	FinalTodos []todo `json:"finalTodos"`
	TodoList   []struct {
		Title  string `json:"title"`
		Status string `json:"status"`
	} `json:"todoList"`
}

// items is the list's todos, their statuses in Claude Code's words
// (pending, in_progress, completed): Cursor's result, once it has one,
// is the whole list after a merge.
func (l todoList) items() []todo {
	out := l.Todos
	if len(l.FinalTodos) > 0 {
		out = l.FinalTodos
	}
	for _, t := range l.TodoList {
		out = append(out, todo{Content: t.Title, Status: t.Status})
	}
	for i := range out {
		out[i].Status = todoStatus(out[i].Status)
	}
	return out
}

// todoStatus spells a todo's status as Claude Code does: Copilot writes
// "not-started" and "in-progress"; a cancelled item is not work left.
func todoStatus(s string) string {
	switch strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "-", "_") {
	case "completed", "done", "cancelled", "canceled":
		return "completed"
	case "in_progress":
		return "in_progress"
	}
	return "pending"
}

// callTodos reads the todos a tool call writes, or nil when the call is
// not a todo tool's.
func callTodos(c *call) []todo {
	if !todoTools[c.Name] || c.failed {
		return nil
	}
	var l todoList
	if len(c.Input) > 0 && jsonfast.Unmarshal(c.Input, &l) != nil {
		return nil
	}
	return l.items()
}

// textTodos reads the todo lists an assistant message's text shows its
// todo tool writing, in order: Copilot's progress lines (progressTodos),
// then each "Tool use: **todo_write**" or "Tool use: **manage_todo_list**"
// and what follows it up to the next tool use.
func textTodos(content string) []todo {
	var out []todo
	if strings.Contains(content, "⏺ Starting: *") || strings.Contains(content, "⏺ Completed: *") {
		out = progressTodos(content)
	}
	if !strings.Contains(content, "Tool use: **") {
		return out
	}
	parts := strings.Split(truncate(content, maxScanText), "Tool use: **")
	for _, p := range parts[1:] {
		name, body, ok := strings.Cut(p, "**")
		if !ok || !todoTools[name] {
			continue
		}
		if name == "manage_todo_list" {
			out = append(out, goMapTodos(body)...)
			continue
		}
		out = append(out, jsonTodos(body)...)
	}
	return out
}

// jsonTodos reads the todos of the JSON blocks under a todo tool's use
// (its parameters, then its result): the last block that lists any.
func jsonTodos(body string) []todo {
	var out []todo
	for _, block := range fencedBlocks(body) {
		var l todoList
		if json.Unmarshal([]byte(block), &l) != nil {
			continue
		}
		if items := l.items(); len(items) > 0 {
			out = items
		}
	}
	return out
}

// fencedBlocks lists the bodies of the code fences in text.
func fencedBlocks(text string) []string {
	var out []string
	for {
		open := strings.Index(text, "```")
		if open < 0 {
			return out
		}
		rest := text[open+3:]
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 {
			return out
		}
		rest = rest[nl+1:]
		end := strings.Index(rest, "```")
		if end < 0 {
			return out
		}
		out = append(out, rest[:end])
		text = rest[end+3:]
	}
}

// goMapTodos reads a todo list printed as Go prints a slice of maps, its
// keys in order: "[map[description:… id:1 status:completed title:Build
// and test] map[…]]". The title is the last key, the status the one
// before it.
func goMapTodos(body string) []todo {
	_, list, ok := strings.Cut(body, "todoList: `")
	if !ok {
		return nil
	}
	list, _, _ = strings.Cut(list, "`")
	var out []todo
	for _, item := range strings.Split(list, "map[")[1:] {
		item = strings.TrimRight(strings.TrimSpace(item), "]")
		st := strings.LastIndex(item, " status:")
		ti := strings.LastIndex(item, " title:")
		if st < 0 || ti < st {
			continue
		}
		out = append(out, todo{
			Content: strings.TrimSpace(item[ti+len(" title:"):]),
			Status:  todoStatus(item[st+len(" status:") : ti]),
		})
	}
	return out
}

// progressTodos reads the todos of the progress lines VS Code's Copilot
// chat writes as its todo tool moves through the list: "⏺ Starting: *Add
// replace to ToolCallType* (1/6)" and, once done, "⏺ Completed: *…*
// (1/6)".
func progressTodos(content string) []todo {
	var out []todo
	for l := range strings.SplitSeq(truncate(content, maxScanText), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(l), "⏺ ")
		if !ok {
			continue
		}
		status := ""
		if r, ok := strings.CutPrefix(rest, "Starting: *"); ok {
			status, rest = "in_progress", r
		} else if r, ok := strings.CutPrefix(rest, "Completed: *"); ok {
			status, rest = "completed", r
		} else {
			continue
		}
		title, _, ok := strings.Cut(rest, "*")
		if title = strings.TrimSpace(title); ok && title != "" {
			out = append(out, todo{Content: title, Status: status})
		}
	}
	return out
}
