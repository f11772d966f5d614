package analysis

import (
	"encoding/json"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/jsonfast"
)

// maxSymbols caps a code context's symbols.
const maxSymbols = 12

// toolInput is what Baton reads from the inputs of the usual agent tools:
// Read, Edit, MultiEdit, Write, NotebookEdit, Bash, TodoWrite, WebFetch.
type toolInput struct {
	FilePath     string  `json:"file_path"`
	NotebookPath string  `json:"notebook_path"`
	Offset       float64 `json:"offset"`
	Limit        float64 `json:"limit"`
	Command      string  `json:"command"`
	Content      string  `json:"content"`
	OldString    string  `json:"old_string"`
	NewString    string  `json:"new_string"`
	NewSource    string  `json:"new_source"`
	// The inputs of str_replace_based_edit_tool.
	Path     string `json:"path"`
	FileText string `json:"file_text"`
	OldStr   string `json:"old_str"`
	NewStr   string `json:"new_str"`
	Edits    []struct {
		OldString string `json:"old_string"`
		NewString string `json:"new_string"`
	} `json:"edits"`
	Todos []todo `json:"todos"`
	URL   string `json:"url"`
}

type todo struct {
	Content string `json:"content"`
	Status  string `json:"status"`
}

// parseInput reads a tool call's input; a malformed one reads as empty.
func parseInput(raw json.RawMessage) toolInput {
	var in toolInputJSON
	if len(raw) > 0 {
		_ = jsonfast.Unmarshal(raw, &in) // best effort: fields that fit are kept
	}
	in.toolInput.Command = string(in.Command)
	return in.toolInput
}

// toolInputJSON is what parseInput decodes: a toolInput whose command
// may be other than a string (Codex's shell command is an array of
// words). Where its command was a string field, such an input failed
// segmentio's decoder and was decoded again by encoding/json, which keeps
// the other fields; here it is read once, to the same values.
type toolInputJSON struct {
	toolInput
	Command stringOnly `json:"command"`
}

// stringOnly is a JSON string as Unmarshal into a string reads it; a
// value of any other kind leaves it as it was, as encoding/json leaves a
// string field it cannot fill.
type stringOnly string

func (s *stringOnly) UnmarshalJSON(data []byte) error {
	if len(data) == 0 || data[0] != '"' {
		return nil
	}
	v, err := jsonfast.String(data)
	if err != nil {
		return err
	}
	*s = stringOnly(v)
	return nil
}

// file is the file a call of the named tool touches, or "". The "path"
// of other tools (Grep, Glob, LS) is a directory to search, not a file.
func (in *toolInput) file(tool string) string {
	switch {
	case in.FilePath != "":
		return in.FilePath
	case in.NotebookPath != "":
		return in.NotebookPath
	case tool == "str_replace_based_edit_tool":
		return in.Path
	}
	return ""
}

// Tool names whose calls change files.
var editTools = set("Edit", "MultiEdit", "Write", "NotebookEdit", "str_replace_based_edit_tool", "create_file", "apply_patch")

// contentTypeOf classifies a message by content type.
func contentTypeOf(m *baton.Message, c content, hits *phraseHits) string {
	switch m.Role {
	case baton.RoleToolCall:
		for _, tc := range m.ToolCalls {
			if tc.Name == "Bash" {
				return baton.ContentCommand
			}
		}
		for _, tc := range m.ToolCalls {
			if editTools[tc.Name] {
				return baton.ContentCode
			}
		}
	case baton.RoleSteward:
		t := strings.TrimSpace(m.Content)
		if len(t) > 1 && t[0] == '/' && ('a' <= t[1] && t[1] <= 'z' || 'A' <= t[1] && t[1] <= 'Z') && !strings.Contains(strings.Fields(t)[0][1:], "/") {
			return baton.ContentCommand
		}
		if strings.Contains(t, "<command-name>") {
			return baton.ContentCommand
		}
	}
	if len(c.code) > 0 {
		if len(strings.TrimSpace(c.prose)) < 20 {
			return baton.ContentCode
		}
		return baton.ContentMixed
	}
	if m.Role == baton.RoleSteward || m.Role == baton.RoleAssistant {
		if hits.has(kindReflection) {
			return baton.ContentReflection
		}
	}
	return baton.ContentText
}

var reflectionPhrases = []string{
	"in retrospect", "looking back", "lessons learned", "lesson learned", "what went well",
	"what went wrong", "retrospective", "reflecting on", "on reflection", "takeaways", "in hindsight",
}

// codeContextOf builds the code context of a message: from the first tool
// call that touches a file, else from its fenced code, else from a file
// named with a line range in its prose. It returns nil when there is none.
// inputs are the calls' inputs read (parseInput), one for each call.
func codeContextOf(m *baton.Message, inputs []toolInput, c content, loc location, es *entitySet) *baton.CodeContext {
	var cc *baton.CodeContext
	for i, tc := range m.ToolCalls {
		in := &inputs[i]
		f := in.file(tc.Name)
		if f == "" {
			continue
		}
		cc = &baton.CodeContext{FilePath: f, Language: languageOfPath(f)}
		if in.Offset > 0 || in.Limit > 0 {
			start := max(1, int(in.Offset))
			end := start
			if in.Limit > 0 {
				end = start + int(in.Limit) - 1
			}
			cc.LineRange = &baton.LineRange{Start: start, End: end}
		}
		var code []string
		switch {
		case in.NewString != "":
			code = append(code, in.NewString, in.OldString)
		case in.Content != "":
			code = append(code, in.Content)
		case in.NewStr != "":
			code = append(code, in.NewStr, in.OldStr)
		case in.FileText != "":
			code = append(code, in.FileText)
		case in.NewSource != "":
			code = append(code, in.NewSource)
		}
		for _, e := range in.Edits {
			code = append(code, e.NewString)
		}
		for _, s := range code {
			cc.SymbolsReferenced = codeSymbols(truncate(s, maxScanText), cc.SymbolsReferenced)
		}
		break
	}
	if cc == nil && len(c.code) > 0 {
		lang, file := fenceInfo(c.code[0].info)
		cc = &baton.CodeContext{Language: lang, FilePath: file}
		for _, b := range c.code {
			cc.SymbolsReferenced = codeSymbols(b.body, cc.SymbolsReferenced)
		}
	}
	if cc == nil && loc.file != "" {
		cc = &baton.CodeContext{FilePath: loc.file, Language: languageOfPath(loc.file)}
	}
	if cc == nil {
		return nil
	}
	if cc.FilePath == "" {
		cc.FilePath = loc.file
		if cc.FilePath == "" {
			for _, e := range es.list {
				if e.Type == EntityFile && knownExt(e.Text) {
					cc.FilePath = e.Text
					break
				}
			}
		}
	}
	if cc.LineRange == nil && loc.file != "" && loc.file == cc.FilePath {
		cc.LineRange = &baton.LineRange{Start: loc.start, End: loc.end}
	}
	if cc.Language == "" && cc.FilePath != "" {
		cc.Language = languageOfPath(cc.FilePath)
	}
	if cc.Language == "" && len(c.code) > 0 {
		cc.Language = guessLanguage(c.code[0].body)
	}
	if cc.Language == "" {
		cc.Language = "text"
	}
	for _, e := range es.list {
		if e.Type == EntitySymbol && len(cc.SymbolsReferenced) < maxSymbols {
			cc.SymbolsReferenced = appendUnique(cc.SymbolsReferenced, strings.TrimSuffix(e.Text, "()"))
		}
	}
	if cc.SymbolsReferenced == nil {
		cc.SymbolsReferenced = []string{}
	}
	return cc
}

// fenceInfo reads a fence's info string: "go", "python title=x.py",
// "go:internal/db.go" or a bare path.
func fenceInfo(info string) (lang, file string) {
	f := strings.Fields(info)
	if len(f) == 0 {
		return "", ""
	}
	word := strings.Trim(f[0], "{}.")
	if l, p, ok := strings.Cut(word, ":"); ok {
		return languages[strings.ToLower(l)], p
	}
	if l, ok := languages[strings.ToLower(word)]; ok {
		lang = l
	} else if fileConfidence(word) > 0 {
		return languageOfPath(word), word
	}
	for _, kv := range f[1:] {
		if k, v, ok := strings.Cut(kv, "="); ok && (k == "title" || k == "file" || k == "filename") {
			file = strings.Trim(v, `"'`)
		}
	}
	return lang, file
}

// guessLanguage recognises a few languages by their first lines.
func guessLanguage(code string) string {
	head := truncate(code, 400)
	switch {
	case strings.Contains(head, "package ") && strings.Contains(head, "func "), strings.HasPrefix(head, "func "):
		return "go"
	case strings.Contains(head, "def ") && strings.Contains(head, ":"), strings.HasPrefix(head, "import ") && !strings.Contains(head, "from '") && !strings.Contains(head, "from \""):
		return "python"
	case strings.Contains(head, "function ") || strings.Contains(head, "const ") && strings.Contains(head, "=>"):
		return "javascript"
	case strings.HasPrefix(strings.ToUpper(strings.TrimSpace(head)), "SELECT ") || strings.HasPrefix(strings.ToUpper(strings.TrimSpace(head)), "CREATE TABLE"):
		return "sql"
	case strings.HasPrefix(head, "$ ") || strings.HasPrefix(head, "#!/bin/"):
		return "shell"
	}
	return ""
}

// definers are the keywords after which a name is defined.
var definers = set("func", "def", "class", "function", "type", "fn", "struct", "interface", "enum", "trait", "impl", "module")

// notCalls are keywords and builtins that look like calls.
var notCalls = set("if", "for", "while", "switch", "return", "func", "function", "make", "len", "append",
	"cap", "new", "print", "println", "printf", "catch", "elif", "and", "or", "not", "in", "range", "select",
	"sizeof", "typeof", "super", "int", "string", "float64", "int64", "bool", "byte", "rune", "error", "def",
	"with", "assert", "panic", "recover", "delete", "copy", "close", "min", "max", "str", "list", "dict", "set",
	"tuple", "isinstance", "await", "async", "go", "defer", "case", "when", "fn", "match", "self", "this")

// codeSymbols appends the names a piece of code defines, then those it
// calls, to syms, once each, up to maxSymbols.
func codeSymbols(code string, syms []string) []string {
	var calls []string
	for line := range strings.SplitSeq(code, "\n") {
		if len(syms) >= maxSymbols {
			break
		}
		toks := identTokens(line)
		for i, t := range toks {
			if definers[t.text] {
				name := ""
				rest := line[t.end:]
				if t.text == "func" && strings.HasPrefix(strings.TrimSpace(rest), "(") {
					// A Go method: the name follows the receiver.
					if j := strings.IndexByte(rest, ')'); j >= 0 {
						if r := identTokens(rest[j+1:]); len(r) > 0 {
							name = r[0].text
						}
					}
				} else if i+1 < len(toks) {
					name = toks[i+1].text
				}
				syms = appendUnique(syms, name)
			}
			if t.call && !notCalls[t.text] && !definers[t.text] {
				calls = append(calls, t.text)
			}
		}
	}
	for _, c := range calls {
		if len(syms) >= maxSymbols {
			break
		}
		syms = appendUnique(syms, c)
	}
	return syms
}

type identToken struct {
	text string
	end  int
	call bool // followed by "("
}

// identTokens lists the dotted identifiers of a line of code.
func identTokens(line string) []identToken {
	var out []identToken
	for i := 0; i < len(line); {
		c := line[i]
		if c == '"' || c == '\'' || c == '`' { // skip string literals
			j := strings.IndexByte(line[i+1:], c)
			if j < 0 {
				break
			}
			i += j + 2
			continue
		}
		if c == '/' && i+1 < len(line) && line[i+1] == '/' || c == '#' {
			break
		}
		if !(isASCIIWordByte(c) && !('0' <= c && c <= '9')) {
			i++
			continue
		}
		j := i
		for j < len(line) && (isASCIIWordByte(line[j]) || line[j] == '.' && j+1 < len(line) && isASCIIWordByte(line[j+1])) {
			j++
		}
		out = append(out, identToken{text: line[i:j], end: j, call: j < len(line) && line[j] == '('})
		i = j
	}
	return out
}

func appendUnique(list []string, s string) []string {
	if s == "" || len(list) >= maxSymbols {
		return list
	}
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
