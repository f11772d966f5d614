package analysis

import (
	"regexp"
	"strings"
)

// stewardCommands adds the programs of the commands a steward gives the
// session to run, as inline code ("run `hatch run lint:fix`", "use `uv pip
// …`") or as a short shell fence: a command the steward writes out is
// theirs to run. A command named as an alternative or something to avoid
// ("`uv pip …` not `pip …`") is not.
func stewardCommands(v *view, te *techEvidence) {
	for _, s := range sentences(v.prose) {
		lower := strings.ToLower(s)
		if askedAbout(lower) {
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatchIndex(s, 8) {
			span := s[m[2]:m[3]]
			if len(strings.Fields(span)) < 2 {
				continue // a lone word ("`make`", "`next`") may name a file or a value
			}
			if before := " " + strings.TrimRight(lower[:m[0]], " "); hasAnySuffix(before, notTheirsBefore) {
				continue
			}
			for _, r := range commandTechnologies(span) {
				te.add(r.name, evidenceNamed, "the steward asked to run `"+excerpt(r.command, 80)+"`")
			}
		}
	}
	for _, body := range shortShellFences(truncate(v.m.Content, maxScanText)) {
		for _, r := range commandTechnologies(body) {
			te.add(r.name, evidenceNamed, "the steward asked to run `"+excerpt(r.command, 80)+"`")
		}
	}
}

func hasAnySuffix(s string, suffixes []string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// maxCommandFence bounds the lines of a fence read as commands to run:
// a longer one is pasted output or code, not a command line.
const maxCommandFence = 3

// shortShellFences lists the bodies of the short fences of content that
// hold command lines: tagged as shell, or untagged with every line
// starting with a known program.
func shortShellFences(content string) []string {
	var out []string
	lines := strings.Split(content, "\n")
	for i := 0; i < len(lines); i++ {
		info, end, ok := fenceAt(lines, i)
		if !ok {
			continue
		}
		body := lines[i+1 : min(end, len(lines))]
		i = end
		if len(body) == 0 || len(body) > maxCommandFence || info != "" && languages[info] != "shell" {
			continue
		}
		commands := true
		for _, b := range body {
			f := strings.Fields(b)
			if len(f) > 0 && programTechnologies[programName(f[0])] == "" && !wrappers[programName(f[0])] {
				commands = false
			}
		}
		if commands {
			out = append(out, strings.Join(body, "\n"))
		}
	}
	return out
}

// preCommitHook is a line of pre-commit's report naming a hook that ran:
// "- hook id: ruff".
var preCommitHook = regexp.MustCompile(`(?m)^\s*- hook id: ([\w.-]+)`)

// preCommitResult is a line of pre-commit's report on one hook:
// "ruff.......Failed".
var preCommitResult = regexp.MustCompile(`(?m)^.{1,60}?\.{4,}\s*(Passed|Failed|Skipped)`)

// stewardPastedOutput adds what a tool's output that the steward pasted
// shows ran: pre-commit's report ("ruff....Failed", "- hook id: ruff")
// ran pre-commit and its hooks' programs.
func stewardPastedOutput(content string, te *techEvidence) {
	content = truncate(content, maxScanText)
	for _, t := range pyprojectTools(content) {
		te.add(t, evidenceNamed, "configured in the pyproject.toml the steward pasted")
	}
	if !preCommitResult.MatchString(content) {
		return
	}
	te.add("pre-commit", evidenceUsed, "ran pre-commit, whose report the steward pasted")
	for _, m := range preCommitHook.FindAllStringSubmatch(content, 16) {
		te.add(programTechnologies[m[1]], evidenceUsed, "ran the pre-commit hook "+m[1]+", whose report the steward pasted")
	}
}

// minMarkdownDocument is the fewest lines of a Markdown fence that make it
// a document the answer writes rather than a snippet.
const minMarkdownDocument = 8

// writesMarkdown reports an answer that writes a Markdown document: a
// fence tagged markdown or md of several lines (a task spec, a README
// section, a plan written for a file).
func writesMarkdown(content string) bool {
	lines := strings.Split(truncate(content, maxTurnText), "\n")
	for i := 0; i < len(lines); i++ {
		info := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "```")))
		if !strings.HasPrefix(strings.TrimSpace(lines[i]), "```") || info != "markdown" && info != "md" {
			continue
		}
		n := 0
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			n++
		}
		if n >= minMarkdownDocument {
			return true
		}
	}
	return false
}

// pyprojectTable is a pyproject.toml table of a tool's settings:
// "[tool.ruff.lint]", "[tool.hatch.version]".
var pyprojectTable = regexp.MustCompile(`(?m)^\s*\[+tool\.([a-z][\w-]*)`)

// pyprojectBackend is pyproject.toml's build backend: build-backend =
// "hatchling.build".
var pyprojectBackend = regexp.MustCompile(`(?m)^\s*build-backend\s*=\s*"([a-z][\w-]*)`)

// pyprojectBackends are the tools whose package a build backend names.
var pyprojectBackends = map[string]string{"hatchling": "Hatch", "poetry": "Poetry", "pdm": "PDM", "maturin": "maturin", "uv_build": "uv"}

// pyprojectTools lists the tools a pyproject.toml's text configures: its
// [tool.X] tables for known programs, and its build backend.
func pyprojectTools(text string) []string {
	var out []string
	for _, m := range pyprojectTable.FindAllStringSubmatch(text, 32) {
		if t := programTechnologies[m[1]]; t != "" {
			out = appendUniqueFold(out, t, 16)
		}
	}
	for _, m := range pyprojectBackend.FindAllStringSubmatch(text, 4) {
		if t := pyprojectBackends[m[1]]; t != "" {
			out = appendUniqueFold(out, t, 16)
		}
	}
	return out
}
