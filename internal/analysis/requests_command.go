package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// messageEvent is the event an importer recorded on a message
// ("slash_command", "shell_command", "meta"), or "".
func messageEvent(m *message) string {
	e, _ := m.Attributes["event"].(string)
	return e
}

// messageAttr is a string attribute of a message, or "".
func messageAttr(m *message, key string) string {
	s, _ := m.Attributes[key].(string)
	return s
}

// objectiveBlock is the objective a command's prompt states first:
// "<objective>\nList all pending todos, allow selection, …".
var objectiveBlock = regexp.MustCompile(`(?s)<objective>\s*(.*?)</objective>`)

// commandTask is the task of a slash command the steward ran whose
// prompt the agent expanded into the conversation (a command of the
// project's own, such as "/gsd:execute-phase 14" or "/security:review all
// of phase 14 work"), or "". A command named by a verb, with arguments,
// asks for that verb done to them ("execute phase 14"); one without
// arguments asks for what its prompt's objective says first ("List all
// pending todos"). A command with no expansion (the agent's own, such as
// "/clear") asks for no work.
func commandTask(vs []view, i int) string {
	if messageEvent(vs[i].m) != "slash_command" {
		return ""
	}
	expansion := commandExpansion(vs, i)
	if expansion == "" {
		return ""
	}
	name := strings.TrimPrefix(messageAttr(vs[i].m, "command"), "/")
	if k := strings.LastIndexByte(name, ':'); k >= 0 {
		name = name[k+1:] // "gsd:execute-phase": the command, not its namespace
	}
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == '_' })
	args := strings.TrimSpace(messageAttr(vs[i].m, "command_args"))
	if args != "" {
		if len(words) == 0 || !imperativeVerbs[words[0]] || len(strings.Fields(args)) > maxRequestWords {
			return "" // arguments in words of their own are read as a request
		}
		return requestText(strings.Join(words, " ")+" "+args, true)
	}
	m := objectiveBlock.FindStringSubmatch(expansion)
	if m == nil {
		return ""
	}
	first := firstSentence(firstLine(strings.TrimSpace(m[1])))
	if k := strings.IndexAny(first, ",;—"); k > 0 {
		first = first[:k] // "List all pending todos, allow selection, …": its purpose, then its steps
	}
	if !startsWithVerb(first) {
		return ""
	}
	return requestText(first, true)
}

// commandExpansion is the prompt a slash command at i expanded into: the
// agent's meta message that follows it before anyone speaks, or "".
func commandExpansion(vs []view, i int) string {
	for j := i + 1; j < len(vs) && j <= i+3; j++ {
		if vs[j].m.Role == baton.RoleSteward || vs[j].m.Role == baton.RoleAssistant {
			return ""
		}
		if messageEvent(vs[j].m) == "meta" {
			return vs[j].m.Content
		}
	}
	return ""
}
