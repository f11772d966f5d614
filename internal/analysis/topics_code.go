package analysis

import (
	"regexp"
	"strings"
	"unicode"
)

// Code pasted into prose without a fence ("export const Schema =
// z.object({") is a program's words, not what the session is about: its
// keywords and identifiers are no topics. File names in it are found
// before (topicFileName) and stay candidates.

// withoutCodeLines is prose without the lines that are code (codeLine).
func withoutCodeLines(prose string) string {
	if !strings.ContainsAny(prose, "{};=") {
		return prose
	}
	lines := strings.Split(prose, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if !codeLine(l) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

// codeLine reports a line of code rather than prose: one with no run of
// plain words a sentence has (proseRun) that opens or closes a block or
// ends a statement ("{", "});"), holds an operator prose never writes
// ("=>", ":="), or opens with a keyword of code followed by code's
// punctuation ("import { z } from", "const x =").
func codeLine(line string) bool {
	t := strings.TrimSpace(line)
	if t == "" {
		return false
	}
	// The shape first: most lines have none, and proseRun reads the line
	// word by word.
	shaped := strings.ContainsAny(t[len(t)-1:], "{};") || strings.ContainsAny(t[:1], "}])") ||
		strings.Contains(t, "=>") || strings.Contains(t, ":=")
	if !shaped {
		first, rest, _ := strings.Cut(t, " ")
		shaped = codeKeywords[first] && strings.ContainsAny(rest, "{}()=;:<>\"'") || pythonImport(first, rest)
	}
	return shaped && !proseRun(t)
}

// pythonImport reports Python's import of names from a module, a line
// made of nothing else ("from typing import Annotated", "from pydantic
// import Field, BaseModel"): it has no punctuation of code, and its words
// ("typing import", "import field") read as a phrase. The module is one
// word that no sentence puts there ("from the import step" is prose).
func pythonImport(first, rest string) bool {
	if first != "from" {
		return false
	}
	module, names, ok := strings.Cut(rest, " import ")
	if !ok || module == "" || strings.Contains(module, " ") || articles[strings.ToLower(module)] {
		return false
	}
	return strings.IndexFunc(names, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_., ()*", r)
	}) < 0
}

// proseRun reports a line holding five words of letters in a row, parted
// by single spaces: a sentence's words, which a line of code never has
// ("can you change my template so that it uses {{ value }}").
func proseRun(line string) bool {
	run := 0
	for _, f := range strings.Split(line, " ") {
		if f != "" && strings.IndexFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) < 0 {
			run++
			if run == 5 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// codeKeywords open a line of code in the common languages; written in
// lower case they rarely open a sentence.
var codeKeywords = set("import", "export", "const", "var", "func", "def", "package", "class", "interface", "fn", "pub",
	"struct", "enum")

// codeWord is an inline code span holding one identifier ("`SessionEnd`",
// "`retry`"); a file name or a longer literal is not one.
var codeWord = regexp.MustCompile("`([A-Za-z][A-Za-z0-9_-]*)`")

// unquoteCodeWords writes the single identifiers of inline code spans as
// words, so that one names a noun phrase with the noun after it
// ("`SessionEnd` hook" is the SessionEnd hook).
func unquoteCodeWords(prose string) string {
	if !strings.Contains(prose, "`") {
		return prose
	}
	return codeWord.ReplaceAllString(prose, "$1")
}
