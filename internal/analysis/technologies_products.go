package analysis

import (
	"regexp"
	"strings"
	"unicode"
)

// A product Baton has no entry for is still named as one when the steward
// writes its name before "API", "CLI" or "SDK" ("create it with the Gemini
// API", "see how entire CLI works", "call e-conomic's API"): those words
// follow the names of products, and a vocabulary, however long, misses
// most of them.

// productKinds are the words after a product's name that make the name
// before them a product's, with what the technology is called: the
// product itself for its API or SDK, "X CLI" for a command-line tool (the
// name people give such a tool).
var productKinds = map[string]string{"api": "", "apis": "", "sdk": "", "cli": " CLI"}

// genericProductWords are words that stand before "API", "CLI" or "SDK"
// as a kind or a part, not a product's name ("the REST API", "our own
// CLI", "the search API", "a new SDK").
var genericProductWords = set("rest", "restful", "http", "https", "json", "xml", "web", "public", "private",
	"internal", "external", "new", "old", "main", "own", "same", "whole", "full", "official", "custom",
	"native", "local", "remote", "cloud", "backend", "frontend", "server", "client", "search", "admin",
	"graph", "data", "user", "users", "auth", "payment", "payments", "chat", "completion", "completions",
	"responses", "messages", "assistants", "batch", "streaming", "files", "embeddings", "embedding", "vision",
	"realtime", "v1", "v2", "v3", "an", "a", "the", "this", "that", "these", "those", "our", "my", "your",
	"their", "its", "his", "her", "any", "some", "each", "every", "which", "what", "to", "of", "and", "or",
	"in", "on", "with", "via", "by", "for", "from", "through", "is", "are", "was", "be", "it", "open",
	"project", "app", "application", "service", "platform", "company", "team", "go", "python", "node",
	"simple", "small", "single", "separate", "standalone", "unified", "existing", "current", "proper",
	"real", "fake", "mock", "test", "dev", "prod", "production", "legacy", "modern", "basic", "core",
	"upstream", "downstream", "underlying", "third-party", "3rd-party", "llm", "ai", "model", "models",
	"wrapper", "bash", "shell", "command", "terminal", "interactive", "headless", "agent", "agents")

// stewardNamedProducts adds the products the steward names before "API",
// "CLI" or "SDK" in prose that names them as theirs (namedAsTheirs): a
// name Baton knows is stewardNamed's already.
func stewardNamedProducts(ss []stewardSentence, te *techEvidence) {
	for _, st := range ss {
		s, lower := st.text, st.lower
		if st.asked || !strings.Contains(lower, "api") && !strings.Contains(lower, "cli") && !strings.Contains(lower, "sdk") {
			continue
		}
		fields := strings.Fields(s)
		at := 0
		pos := make([]int, len(fields))
		for i, f := range fields {
			pos[i] = at + strings.Index(s[at:], f)
			at = pos[i] + len(f)
		}
		for i := 1; i < len(fields); i++ {
			kind, ok := productKinds[strings.ToLower(trimChunk(fields[i]))]
			if !ok || strings.ContainsAny(fields[i-1], "`/\\=<>|$#()[]{},;:") {
				continue
			}
			name := strings.TrimSuffix(strings.TrimSuffix(trimChunk(fields[i-1]), "'s"), "’s")
			if !productName(name) {
				continue
			}
			if known := technologyNamed(name); known != "" {
				continue // stewardNamed's, or a language ("the Python API")
			}
			// A capitalised word opening the sentence ("Create CLI
			// commands") may be any word; a word in lower case names a
			// product only when it is written as one ("mem0",
			// "e-conomic").
			if i == 1 || isLowerWord(name) && !strings.ContainsAny(name, "0123456789-.") {
				continue
			}
			if namedAsTheirs(s, name+kind, pos[i-1]) {
				te.add(name+kind, evidenceNamed, "named by the steward: “"+excerpt(s, 90)+"”")
			}
		}
	}
}

// productName reports whether w has the shape of a product's name: two
// letters or more, letters and digits with inner dots or hyphens, not a
// generic word nor an acronym of four letters or fewer ("REST", "LLM").
func productName(w string) bool {
	if len(w) < 2 || len(w) > 30 || genericProductWords[strings.ToLower(w)] {
		return false
	}
	letters, upper := 0, 0
	for i, r := range w {
		switch {
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		case unicode.IsDigit(r):
		case (r == '.' || r == '-') && i > 0 && i < len(w)-1:
		default:
			return false
		}
	}
	if letters < 2 || !unicode.IsLetter([]rune(w)[0]) {
		return false
	}
	if upper == letters && letters <= 4 {
		return false
	}
	// A compound adjective ("Bun-compiled", "AI-powered") describes a
	// product; it does not name one.
	if i := strings.LastIndexByte(w, '-'); i > 0 {
		last := strings.ToLower(w[i+1:])
		if strings.HasSuffix(last, "ed") || compoundAdjectiveEnds[last] {
			return false
		}
	}
	return true
}

// compoundAdjectiveEnds end compound adjectives: "Go-based", "CI-only".
var compoundAdjectiveEnds = set("based", "like", "style", "only", "first", "side", "level", "ready", "free",
	"friendly", "facing", "specific", "native", "compatible", "aware", "driven", "backed", "wide")

// isLowerWord reports whether w has no upper-case letter.
func isLowerWord(w string) bool { return strings.ToLower(w) == w }

// technologyNamed is the technology Baton knows by the word w, in any of
// its tables, or "".
func technologyNamed(w string) string {
	l := strings.ToLower(w)
	if t := technologies[l]; t != "" {
		return t
	}
	if t := caseTechnologies[w]; t != "" {
		return t
	}
	if t := toolNames[l]; t != "" {
		return t
	}
	return ""
}

// installedPackagePath is a file of an installed package in a path a
// traceback or a build error prints: Python's "site-packages/hatchling/
// build.py", Node's "node_modules/@astrojs/starlight/index.ts" (pnpm's
// store, "node_modules/.pnpm/…/node_modules/pkg/", ends in the package's
// own folder).
var installedPackagePath = regexp.MustCompile(`(?:site-packages|dist-packages|node_modules)[/\\]((?:@[\w.-]+[/\\])?[\w.-]+)[/\\]`)

// installedPackages lists the packages whose own files a pasted traceback
// or error names: code of theirs ran in the steward's environment, so the
// project has them installed. Only packages Baton knows count (most
// frames are the dependencies of dependencies); pnpm's store folder and
// Python's own caches are no package.
func installedPackages(content string) []string {
	content = truncate(content, maxScanText)
	if !strings.Contains(content, "-packages") && !strings.Contains(content, "node_modules") {
		return nil
	}
	var out []string
	for _, m := range installedPackagePath.FindAllStringSubmatch(content, 64) {
		pkg := strings.ReplaceAll(m[1], `\`, "/")
		if strings.HasPrefix(pkg, ".") || strings.HasPrefix(pkg, "_") || strings.HasSuffix(pkg, ".py") ||
			strings.HasSuffix(pkg, ".js") || strings.Contains(pkg, ".dist-info") {
			continue
		}
		out = appendUniqueFold(out, pkg, 16)
	}
	return out
}

// diagnosticLine is a line a program printed: its name and a colon
// ("zsh: command not found: python", "xcode-select: note: …"), a log
// record's timestamp ("2025-02-27 17:32:51,142 - INFO - …"). A line that
// opens with a quoted string and a comma or a colon is code or data
// pasted (a manifest's "\"numpy>=1.24\", # needed by pandas", a JSON
// object's "\"redis\": {"): the names in it are its items.
var diagnosticLine = regexp.MustCompile(`^(?:[a-z][\w.-]*: |\d{4}-\d\d-\d\d[T ]\d\d:\d\d|"[^"]*"\s*[,:])`)

// stewardWords is the steward's prose without the lines they pasted from a
// terminal or a log: a program's name in its own output ("zsh: command not
// found") is not the steward naming it as theirs.
//
// A line that holds a closing tag ("</body></html>") is markup pasted, and
// the text under a line that introduces another's review ("I got this
// feedback:", "CodeRabbit's comments:") is the reviewer's words: a name
// in them is the reviewer's, not the steward's.
//
// A terminal pasted with its prompts ("… on a fresh macOS: me@air ~ %
// python3 --version", then what it printed) is the terminal's from the
// prompt on, down to the next blank line: the lines a program printed
// under its command ("If developer tools are located …, use `sudo
// xcode-select …`") are its output, whatever their words.
func stewardWords(prose string) string {
	words, _ := stewardText(prose)
	return words
}

// stewardText is stewardWords of prose, and the commands typed at the
// prompts of the terminal it leaves out.
func stewardText(prose string) (words string, prompts []string) {
	var b strings.Builder
	terminal := false // under a prompt, before a blank line
	output := false   // under a line a program printed, before a blank line
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			output = false
		}
		if at, command := promptAt(line); at >= 0 {
			prompts = append(prompts, command)
			if !terminal {
				b.WriteString(line[:at])
				b.WriteByte('\n')
			}
			terminal = true
			continue
		}
		if terminal {
			if t != "" {
				continue
			}
			terminal = false
		}
		if output {
			continue
		}
		if diagnosticLine.MatchString(t) || t != "" && looksLikeOutput(t) || strings.Contains(t, "</") && closingTag.MatchString(t) {
			// What a program printed runs to the next blank line, its
			// lines in words too ("DEPRECATION: … pip 25.1 will …" under
			// a build's banner); a rule, a line of code or data pasted,
			// or markup is only itself.
			output = !ruleLine(t) && !strings.HasPrefix(t, "\"") && !strings.HasPrefix(t, "<")
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
		if strings.HasSuffix(t, ":") && reviewLeadIn.MatchString(t) {
			break
		}
	}
	return b.String(), prompts
}

// ruleLine reports a line of one mark repeated ("-----", "=====", "***"):
// a rule that sets a pasted prompt or a note apart, which opens no
// program's output.
func ruleLine(t string) bool {
	t = strings.ReplaceAll(t, " ", "")
	return len(t) >= 3 && strings.Count(t, t[:1]) == len(t) && strings.Contains("-=*_~#", t[:1])
}

// closingTag is an HTML or XML closing tag: "</div>", "</context>".
var closingTag = regexp.MustCompile(`</[A-Za-z][\w:-]*>`)

// reviewLeadIn is a line that introduces a review pasted under it: it
// names the feedback, review or comments and ends with a colon.
var reviewLeadIn = regexp.MustCompile(`(?i)\b(?:feedback|reviews?|comments?|suggestions?|remarks)\b[^.!?]*:$`)

// terminalPrompt is a terminal's prompt and the command typed at it: zsh's
// "me@air ~ % git status", bash's "me@box:~/app$ make", PowerShell's "PS
// C:\app> npm test". The command is the first group.
var terminalPrompt = regexp.MustCompile(`(?:^|\s)(?:[\w.-]+@[\w.-]+(?::\S*|\s+\S+)\s?[%$#]|PS [A-Za-z]:\\[^>]*>)\s+(\S.*)$`)

// promptAt is where a shell prompt with a command after it stands in
// line, and the command; or -1.
func promptAt(line string) (int, string) {
	if !strings.Contains(line, "@") && !strings.Contains(line, "PS ") {
		return -1, "" // every prompt holds one or the other
	}
	m := terminalPrompt.FindStringSubmatchIndex(line)
	if m == nil {
		return -1, ""
	}
	at := m[0]
	if line[at] == ' ' || line[at] == '\t' {
		at++
	}
	return at, strings.TrimSpace(line[m[2]:m[3]])
}
