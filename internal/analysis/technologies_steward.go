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
//
// words is the steward's own words in the message (stewardWords): a
// command in what a program printed ("… use `sudo xcode-select --switch
// …`") is the program's hint, not the steward's to run. prompts are the
// commands typed at the prompts of a terminal they pasted: those ran.
func stewardCommands(v *view, words string, prompts []string, te *techEvidence) {
	for _, s := range sentences(words) {
		lower := strings.ToLower(s)
		if askedAbout(lower) {
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatchIndex(s, 8) {
			span := s[m[2]:m[3]]
			if before := " " + strings.TrimRight(lower[:m[0]], " "); hasAnySuffix(before, notTheirsBefore) {
				continue
			}
			if len(strings.Fields(span)) < 2 {
				// A lone word ("`make`", "`next`") may name a file or a
				// value; a library's package, written as code in a
				// request ("use `loguru` for all logging"), is the one
				// the steward's project is to use.
				if t := libraryTechnologies[strings.ToLower(strings.TrimSpace(span))]; t != "" {
					te.add(t, evidenceNamed, "named by the steward: “"+excerpt(s, 90)+"”")
				}
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
	for _, cmd := range prompts {
		for _, r := range commandTechnologies(cmd) {
			te.add(r.name, evidenceUsed, "ran `"+excerpt(r.command, 80)+"` at the prompt of the terminal the steward pasted")
		}
	}
	if cmd := pastedCommand(v.m.Content); cmd != "" {
		for _, r := range commandTechnologies(cmd) {
			te.add(r.name, evidenceUsed, "ran `"+excerpt(r.command, 80)+"`, whose output the steward pasted")
		}
	}
}

// minPastedOutput is the fewest lines under a steward's opening command
// line that make the message its terminal's record: the command, then
// what it printed.
const minPastedOutput = 3

// pastedCommand is the command line a steward's message opens with when
// the message is a terminal's record of it ("uv pip install -e .", then
// the build's error): a known program with arguments on the first line,
// output under it. A message that opens with prose, or a command alone,
// is a request or a question, and gives "".
func pastedCommand(content string) string {
	first, rest, ok := strings.Cut(strings.TrimSpace(truncate(content, maxScanText)), "\n")
	if !ok {
		return ""
	}
	first = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(first), "$%>❯ "))
	f := strings.Fields(first)
	if len(f) < 2 || programTechnologies[programName(f[0])] == "" || strings.ContainsAny(first, "?!") {
		return ""
	}
	n := 0
	for l := range strings.SplitSeq(rest, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	if n < minPastedOutput {
		return ""
	}
	return first
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

// eslintProblem is a line of ESLint's report on one problem: the line and
// column, the severity, the message and the rule, which a plugin's rules
// prefix with its name ("  28:11  error  Unsafe assignment of an `any`
// value  @typescript-eslint/no-unsafe-assignment").
var eslintProblem = regexp.MustCompile(`(?m)^\s*\d+:\d+\s+(?:error|warning)\s+\S.*?\s{2,}(@?[a-z0-9-]+(?:/[a-z0-9-]+)+|[a-z][a-z0-9-]+)\s*$`)

// eslintReportTechnologies adds what ESLint's report in output shows ran
// in the project: ESLint, and the plugin of a scoped plugin's rule when
// Baton knows it ("@typescript-eslint/no-unused-vars" is
// typescript-eslint's). where says whose output it was.
func eslintReportTechnologies(content, where string, te *techEvidence) {
	if !strings.Contains(content, "error  ") && !strings.Contains(content, "warning  ") {
		return
	}
	for _, m := range eslintProblem.FindAllStringSubmatch(content, 32) {
		te.add("ESLint", evidenceUsed, "ran ESLint, whose report "+where+" shows")
		scope, _, ok := strings.Cut(m[1], "/")
		if !ok || !strings.HasPrefix(scope, "@") {
			continue
		}
		if t := productOfPackage(strings.TrimPrefix(scope, "@")); t != "" {
			te.add(t, evidenceUsed, "ran ESLint with "+t+"'s rules, whose report "+where+" shows")
		}
	}
}

// stewardPastedOutput adds what a tool's output that the steward pasted
// shows ran: pre-commit's report ("ruff....Failed", "- hook id: ruff")
// ran pre-commit and its hooks' programs.
func stewardPastedOutput(content string, te *techEvidence) {
	// A pasted pyproject.toml is read whole: its tools' tables come after
	// the metadata and the dependencies, well past the first screenful.
	for _, t := range pyprojectTools(truncate(content, maxTurnText)) {
		te.add(t, evidenceNamed, "configured in the pyproject.toml the steward pasted")
	}
	for _, pkg := range installedPackages(content) {
		te.add(packageTechnology(pkg), evidenceNamed, "installed: "+pkg+" in the output the steward pasted")
	}
	content = truncate(content, maxScanText)
	eslintReportTechnologies(content, "the steward pasted", te)
	// The pattern needs a run of dots: text without one is not scanned.
	if !strings.Contains(content, "....") || !preCommitResult.MatchString(content) {
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
	content = truncate(content, maxTurnText)
	if !strings.Contains(content, "```") {
		// No fence: most answers, which were split and lower-cased line by line.
		return false
	}
	return markdownFenceIn(content)
}

// markdownFenceIn is writesMarkdown's reading of every line of content:
// a fence tagged markdown or md with minMarkdownDocument lines or more.
func markdownFenceIn(content string) bool {
	lines := strings.Split(content, "\n")
	for i := 0; i < len(lines); i++ {
		fence, ok := strings.CutPrefix(strings.TrimSpace(lines[i]), "```")
		if !ok {
			continue
		}
		if info := strings.ToLower(strings.TrimSpace(fence)); info != "markdown" && info != "md" {
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

// pyprojectBackends are the tools whose package a build backend names:
// hatchling is a package of its own, which builds without the Hatch
// program.
var pyprojectBackends = map[string]string{"hatchling": "Hatchling", "poetry": "Poetry", "pdm": "PDM", "maturin": "maturin", "uv_build": "uv"}

// pyprojectTools lists the tools a pyproject.toml's text configures: its
// [tool.X] tables for known programs, and its build backend.
func pyprojectTools(text string) []string {
	// Every table's match holds "[tool.", every backend's "build-backend":
	// text without them (nearly all text) is spared the line scans.
	var out []string
	if strings.Contains(text, "[tool.") {
		for _, m := range pyprojectTable.FindAllStringSubmatch(text, 32) {
			if t := programTechnologies[m[1]]; t != "" {
				out = appendUniqueFold(out, t, 16)
			}
		}
	}
	if strings.Contains(text, "build-backend") {
		for _, m := range pyprojectBackend.FindAllStringSubmatch(text, 4) {
			if t := pyprojectBackends[m[1]]; t != "" {
				out = appendUniqueFold(out, t, 16)
			}
		}
	}
	return out
}

// gitOperations are the words, by stem, that name what a steward does
// with Git: the version control they work in, whatever the tool that ran
// it.
var gitOperations = map[string]string{
	"commit": "commit", "commits": "commit", "committed": "commit", "committing": "commit",
	"branch": "branch", "branches": "branch", "stash": "stash", "stashed": "stash", "rebase": "rebase",
	"rebased": "rebase", "rebasing": "rebase", "cherry": "cherry-pick", "amend": "amend", "amended": "amend",
	"push": "push", "pushed": "push", "pull": "pull", "pulled": "pull",
}

// gitNounHeads are the nouns an operation's word names something else
// before: a pull request is a review on a forge, a push notification a
// phone's message, neither work in Git.
var gitNounHeads = set("request", "requests", "notification", "notifications")

// fieldAround is the run of text between blanks that holds lower[start:end].
func fieldAround(lower string, start, end int) string {
	from := strings.LastIndexAny(lower[:start], " \t\n") + 1
	to := strings.IndexAny(lower[end:], " \t\n")
	if to < 0 {
		return lower[from:]
	}
	return lower[from : end+to]
}

// minGitOperations is how many different Git operations a steward's
// words must name before they make Git theirs: one ("push the button",
// "a branch of the tree") says nothing.
const minGitOperations = 2

// stewardGit adds Git when the steward's own words describe their work in
// it: commits, branches, stashes and pulls ("I want to commit, realize I
// need to pull first, so I stash"), whether or not the session ran git
// itself.
func stewardGit(vs []view, te *techEvidence) {
	seen := map[string]string{}
	for i := range vs {
		v := &vs[i]
		if !v.steward() || !v.text || continuationSummary(v.m.Content) {
			// The summary of the conversation before is the agent's
			// account of its own work ("I removed the feature,
			// committed and pushed"), not the steward's words.
			continue
		}
		for _, s := range sentences(v.prose) {
			lower := lowerText(s)
			for start, end := nextWord(lower, 0); start >= 0; start, end = nextWord(lower, end) {
				w := lower[start:end]
				op := gitOperations[w]
				// A word joined to another ("pre-commit", "git-branch")
				// names a tool or a file, not an operation.
				if op == "" || seen[op] != "" || hyphenated(lower, w) {
					continue
				}
				// Nor does one in a link or a path (a pull request's
				// address, "github.com/o/r/pull/7697"), or one that
				// names a thing of its own ("pull request", "push
				// notifications").
				if field := fieldAround(lower, start, end); isPathWord(field) || strings.Contains(field, "://") {
					continue
				}
				if next, nextEnd := nextWord(lower, end); next >= 0 && gitNounHeads[lower[next:nextEnd]] {
					continue
				}
				seen[op] = s
			}
		}
	}
	if len(seen) < minGitOperations {
		return
	}
	var ev string
	for _, op := range []string{"commit", "branch", "stash", "rebase", "cherry-pick", "amend", "push", "pull"} {
		if s := seen[op]; s != "" {
			ev = s
			break
		}
	}
	te.add("Git", evidenceNamed, "the steward works in Git: “"+excerpt(ev, 90)+"”")
}

// hyphenated reports whether word w stands in lower joined to another
// word by a hyphen, at its first place.
func hyphenated(lower, w string) bool {
	i := strings.Index(lower, w)
	return i > 0 && lower[i-1] == '-' || i >= 0 && i+len(w) < len(lower) && lower[i+len(w)] == '-'
}

// toolNames maps the lower-case names of the programs and libraries Baton
// knows (programTechnologies, libraryTechnologies), and of the
// technologies they belong to, to that technology: the steward naming one
// of them as theirs ("Add scipy", "switch to `uv`", "new TypeORM
// entities") names a technology as surely as a language's name does.
var toolNames = func() map[string]string {
	m := map[string]string{}
	capitalised := map[string]bool{}
	for w := range caseTechnologies {
		capitalised[strings.ToLower(w)] = true
	}
	add := func(form, name string) {
		form = strings.ToLower(form)
		if strings.ContainsAny(form, " /@") || len(form) < 2 || technologies[form] != "" {
			return // a language's or a service's name is stewardNamed's
		}
		if capitalised[form] {
			return // a common word but written as a name ("Hugo", "Remix"): stewardNamed's
		}
		if _, ok := m[form]; !ok {
			m[form] = name
		}
	}
	for form, name := range programTechnologies {
		add(form, name)
		add(name, name)
	}
	for form, name := range libraryTechnologies {
		add(form, name)
		add(name, name)
	}
	return m
}()

// toolPhrases maps the names of toolNames' technologies written as two
// words ("github cli", "tailwind css", "docker compose") to the
// technology, but those the entity scan reads already (techPhrases).
var toolPhrases = func() map[string]string {
	m := map[string]string{}
	for _, names := range []map[string]string{programTechnologies, libraryTechnologies} {
		for _, name := range names {
			form := strings.ToLower(name)
			if len(strings.Fields(form)) == 2 && techPhrases[form] == "" {
				m[form] = name
			}
		}
	}
	return m
}()

// toolPhraseFirst holds the first word of each of toolPhrases.
var toolPhraseFirst = func() map[string]bool {
	m := map[string]bool{}
	for form := range toolPhrases {
		m[form[:strings.IndexByte(form, ' ')]] = true
	}
	return m
}()

// commonWordTools are the names of toolNames that are also English words,
// two letters long, or the assistant the session runs in ("make sure",
// "just", "a rich text", "ask Claude"): in prose they name no tool.
var commonWordTools = set("act", "air", "atlas", "black", "bundle", "click", "composer", "express", "fire", "gem",
	"goose", "just", "kind", "make", "mix", "next", "parallel", "requests", "rich", "three", "swift", "dart",
	"react", "rails", "go", "node", "prettier", "hatch", "torch", "jest", "bun", "tofu", "polars", "mamba",
	"twine", "rake", "commander", "electron", "biome", "bandit", "julia", "claude", "gemini", "codex",
	"anthropic", "flask", "watch", "redux", "command", "time", "env", "exec", "nohup", "timeout", "nice", "echo",
	"aider", "gh", "az", "ng", "rg", "fd", "pg", "jq", "yq", "snap", "sam", "fly", "serverless", "railway",
	"amplify", "sls", "ant", "grunt", "parcel", "pod", "tilt", "packer", "vault", "nomad", "flux", "orb", "dot",
	"convert", "code", "cursor", "copilot", "amp", "cap", "consul", "turbo", "expo", "eas", "wg", "zed", "ninja",
	"supervisor", "volta", "conan", "mongo", "kiro", "lima", "delve", "multipass", "ionic", "capacitor",
	"airflow", "nx", "hf", "neon", "gulp", "nvm", "dash", "bottle", "tornado", "ray", "motor", "prefect", "replicate",
	"whisper", "instructor", "altair", "hypothesis", "datasets", "transformers", "lightning", "sharp", "moment",
	"yup", "immer", "lit", "ws", "chai", "karma", "enzyme", "babel", "warp", "hyper", "tracing", "rocket", "tonic",
	"prost", "passport", "winston", "pino", "leaflet", "stripe", "convex", "textual", "fitz", "wx", "emotion",
	"kong", "huh", "zap", "ent", "haystack", "marshmallow", "joi", "cohere", "nock", "pillow",
	"temporal", "fiber", "gin", "cobra", "viper", "clap", "chi", "rpm", "diesel")

// minListedValues is how many code spans make a sentence a list of
// values rather than words of the steward's.
const minListedValues = 5

// valueListing reports a sentence that lists values in code spans, as an
// error lists the fields or options it accepts ("expected one of
// `isort`, `pylint`, `pyupgrade`, …"): a name among them is one of the
// values, not a tool the steward names as theirs.
func valueListing(s string) bool {
	return strings.Count(s, "`") >= 2*minListedValues
}

// stewardSentence is a sentence of a steward's prose as stewardNamedTools
// and stewardNamedProducts read it: its text, lower-cased, and whether it
// asks about what it names (askedAbout).
type stewardSentence struct {
	text, lower string
	asked       bool
}

// stewardSentences are the sentences of a steward's own words (out of
// what they pasted, stewardWords) in the first maxScanText bytes of their
// prose: split, lower-cased and asked about once for the two readers.
func stewardSentences(words string) []stewardSentence {
	var out []stewardSentence
	for _, s := range sentences(words) {
		lower := strings.ToLower(s)
		out = append(out, stewardSentence{text: s, lower: lower, asked: askedAbout(lower)})
	}
	return out
}

// stewardNamedTools adds the programs and libraries the steward names as
// theirs in prose (toolNames), under the same cues as stewardNamed: not
// asked about, not an example, an alternative or something to do without.
// A word inside a path, or in a line of pasted code or configuration
// ("style = [\"ruff check\"]", "\"I\", # isort"), is no such naming.
func stewardNamedTools(ss []stewardSentence, te *techEvidence) {
	for _, st := range ss {
		s := st.text
		if st.asked || strings.ContainsAny(s, "={}#") || valueListing(s) {
			continue // a question, a line of code or configuration, or a list of values
		}
		// A command written as code ("`uv pip install -e .`") is
		// stewardCommands' to read: its words are not named one by one.
		words := codeSpan.ReplaceAllStringFunc(s, func(span string) string {
			if len(strings.Fields(span)) < 2 {
				return span
			}
			return strings.Repeat(" ", len(span))
		})
		at := 0
		fields := strings.Fields(words)
		for i, raw := range fields {
			pos := at + strings.Index(words[at:], raw)
			at = pos + len(raw)
			if strings.ContainsAny(raw, `/\=<>|$#`) {
				continue
			}
			if !isASCII(raw) {
				// Chinese or Japanese prose runs a name into the words
				// around it ("用pytest跑测试"): each run of ASCII the other
				// script bounds is a word.
				for _, run := range scriptBoundedRuns(raw) {
					w := trimChunk(raw[run[0]:run[1]])
					if name := toolNames[strings.ToLower(w)]; name != "" && !commonWordTools[strings.ToLower(w)] &&
						namedAsTheirs(s, name, pos+run[0]+max(0, strings.Index(raw[run[0]:], w))) {
						te.add(name, evidenceNamed, "named by the steward: “"+excerpt(s, 90)+"”")
					}
				}
				continue
			}
			w := trimChunk(raw)
			lw := strings.ToLower(w)
			name := toolNames[lw]
			if i+1 < len(fields) && toolPhraseFirst[lw] { // most words open no phrase: no key is built for them
				if long := toolPhrases[strings.ToLower(w+" "+trimChunk(fields[i+1]))]; long != "" {
					name, w = long, "" // the phrase names it, its first word a common one or not
				}
			}
			if name == "" {
				continue
			}
			if w != "" && commonWordTools[strings.ToLower(w)] {
				continue
			}
			if lw == "pre-commit" && i+1 < len(fields) && strings.ToLower(trimChunk(fields[i+1])) == "hook" {
				// Git's hook that runs before a commit, which any tool or
				// script installs (.git/hooks/pre-commit): not the
				// pre-commit framework, which its command or its
				// configuration shows.
				continue
			}
			if namedAsTheirs(s, name, pos+max(0, strings.Index(raw, w))) {
				te.add(name, evidenceNamed, "named by the steward: “"+excerpt(s, 90)+"”")
			}
		}
	}
}
