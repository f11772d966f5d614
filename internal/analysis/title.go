package analysis

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxTitleWords is the most words a written title has.
const maxTitleWords = 8

// maxTitleRunes bounds a title in a language written without spaces.
const maxTitleRunes = 30

var (
	// A tag of Claude Code's markup (<command-name>, <system-reminder>…)
	// with what it holds when that is markup too.
	markupBlock = regexp.MustCompile(`(?s)<(system-reminder|command-message|command-name|local-command-stdout|local-command-stderr|task-notification|user-prompt-submit-hook|ide_opened_file|ide_selection)\b[^>]*>.*?</(?:system-reminder|command-message|command-name|local-command-stdout|local-command-stderr|task-notification|user-prompt-submit-hook|ide_opened_file|ide_selection)>`)
	// Any other tag of that shape: its marks go, its text stays.
	markupTag = regexp.MustCompile(`</?[a-zA-Z][a-zA-Z0-9_-]*(?:\s[^<>]*)?/?>`)
	titleURL  = regexp.MustCompile(`(?i)\b(?:https?|ftp|file)://\S+`)
	codeSpan  = regexp.MustCompile("`([^`\n]*)`")
)

// withoutURLs is s with each URL titleURL finds replaced by a space. A
// URL holds "://": text without it, most text, is spared the pattern's
// scan of every word.
func withoutURLs(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	return titleURL.ReplaceAllString(s, " ")
}

// Title writes a session's title from the prompt that opened it (or a
// summary of it): the subject in at most eight words, with no slash
// command, path, URL, command line or markup, never cut inside a word.
//
// Greetings and requests' politeness go first ("hi", "can you",
// "please", "help me"); a slash command that is a verb ("/review")
// becomes the word, any other ("/prime") is dropped; a code span of one
// word stays as the word, a longer one (a command) goes. When the rest
// is longer than eight words the title keeps the first sentence, then
// cuts at the first clause boundary (a comma, "so", "because", "when"…)
// that leaves three words or more, then drops articles, and at last keeps
// the first eight words; the function words left at the end go. Text
// without spaces (Japanese, Chinese) keeps its first sentence, cut at a
// comma when longer than 30 characters. The result is "" when nothing
// of a subject is left.
func Title(prompt string) string {
	s := stripMarkup(prompt)
	s = withoutURLs(s)
	s = titleCodeSpans(s)
	// The first paragraph that says something: a pasted log or code
	// after it is not the subject.
	var para string
	for p := range strings.SplitSeq(strings.ReplaceAll(s, "\r", ""), "\n") {
		if p = cleanTitleLine(p); len(titleWords(p)) > 0 {
			para = p
			break
		}
	}
	if para == "" {
		return ""
	}
	if cjkText(para) {
		return cjkTitle(para)
	}
	words := titleWords(para)
	asked := askedOfYou(words)
	words = dropFiller(words)
	if len(words) == 0 {
		return ""
	}
	if len(words) > maxTitleWords {
		// Cut: the words it ends with may be left dangling ("… in").
		all := words
		words = firstSentenceWords(words)
		if len(words) > maxTitleWords {
			words = cutAtClause(words)
		}
		if len(trimFunctionWords(words)) < 3 {
			words = all // the clause said too little ("can it be")
		}
		if len(words) > maxTitleWords {
			words = dropArticles(words)
		}
		if len(words) > maxTitleWords {
			words = words[:maxTitleWords]
		}
		words = trimFunctionWords(words)
	} else if !strings.HasSuffix(words[len(words)-1], "?") {
		// A removed path or command may leave one too; a question
		// ("what does it do?") ends as it was asked.
		words = trimFunctionWords(words)
	}
	if len(words) == 0 {
		return ""
	}
	out := strings.Join(words, " ")
	// "Can you look at the handler?" is a request once "can you" is gone,
	// not a question: "Look at the handler".
	question := strings.HasSuffix(out, "?") && !asked
	out = strings.TrimRight(out, ".,;:!?-–—&")
	if question {
		out += "?"
	}
	r, n := utf8.DecodeRuneInString(out)
	return string(unicode.ToUpper(r)) + out[n:]
}

// titleCodeSpans replaces the code spans of text by the words a title may
// keep of them: a span of one word stays as the word ("`settings`"), a
// command named as a thing stays as its words ("the `git push` command"),
// any other (a command line, a path, an expression) goes.
//
// A path or command that goes after a preposition takes the preposition
// with it ("the skill from `.agents/skills/commit/SKILL.md` and …", "the
// checkpoint in `entire/sessions` now …"), unless the path ends in a
// file's name, which stays as the noun the sentence goes on with, as a
// path written without backquotes does (cleanTitleLine).
func titleCodeSpans(s string) string {
	if !strings.Contains(s, "`") {
		return s
	}
	var b strings.Builder
	last := 0
	for _, loc := range codeSpan.FindAllStringIndex(s, -1) {
		before := s[last:loc[0]]
		last = loc[1]
		inner := strings.TrimSpace(s[loc[0]+1 : loc[1]-1])
		switch {
		case !strings.ContainsAny(inner, " /\\=|"):
			b.WriteString(before)
			b.WriteString(inner)
		case namedAsThing(inner, s[loc[1]:]):
			b.WriteString(before)
			b.WriteString(inner)
		default:
			trimmed := strings.TrimRight(before, " ")
			prep := trimmed[strings.LastIndexAny(trimmed, " \n")+1:]
			if !leadsToSpan[strings.ToLower(prep)] || len(trimmed) == len(prep) {
				b.WriteString(before)
			} else if name := pathFileName(inner); name != "" && !strings.Contains(inner, " ") {
				b.WriteString(before)
				b.WriteString(name)
			} else {
				b.WriteString(trimmed[:len(trimmed)-len(prep)])
			}
			b.WriteString(" ")
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// namedAsThing reports a code span of two or three plain words followed by
// a noun that says what it is ("`git push` command", "`make lint` target").
func namedAsThing(inner, after string) bool {
	words := strings.Fields(inner)
	if len(words) > 3 || strings.ContainsAny(inner, "/\\=|$&;<>\"'") {
		return false
	}
	for _, w := range words {
		if strings.HasPrefix(w, "-") {
			return false
		}
	}
	next, _, _ := strings.Cut(strings.TrimLeft(after, " "), " ")
	return thingNouns[bareWord(next)]
}

// thingNouns say what a code span names: a command, a step of a build.
var thingNouns = set("command", "commands", "subcommand", "subcommands", "target", "targets", "task", "script", "step",
	"job", "hook", "alias", "recipe")

// stripMarkup removes Claude Code's markup from text: blocks whose
// content is markup go whole, other tags lose their marks.
func stripMarkup(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	s = markupBlock.ReplaceAllString(s, " ")
	return markupTag.ReplaceAllString(s, " ")
}

// verbCommands are slash commands named by a verb: "/review the retry
// logic" reads as "Review the retry logic".
var verbCommands = set("review", "fix", "plan", "test", "refactor", "explain", "debug", "implement", "build", "deploy",
	"document", "optimize", "analyze", "analyse", "design", "write", "add", "create", "update", "migrate", "audit",
	"investigate", "summarize", "summarise", "research", "release", "check")

// cleanTitleLine drops a line's list marker, heading marks, slash
// commands, paths, @-mentions and stray symbols.
func cleanTitleLine(line string) string {
	line = stripListMarker(strings.TrimSpace(line))
	line = conventionalType.ReplaceAllString(line, "")
	if strings.Contains(line, "@") {
		line = withMentionedNames(line)
	}
	fields := strings.Fields(line)
	var out []string
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		switch {
		case strings.HasPrefix(f, "/") && i == 0 && slashWord(f) != "":
			out = append(out, slashCommandWords(slashWord(f))...)
			// A console transcript echoes the command it runs
			// ("/hi is running…"): the echo is not the request.
			if i+2 < len(fields) && strings.EqualFold(fields[i+1], "is") && strings.HasPrefix(strings.ToLower(fields[i+2]), "running") {
				i += 2
			}
		case flagWord(f) != "":
			// A flag named as a thing ("the --user parameter") keeps
			// its name; a flag of a command line goes.
			if i+1 < len(fields) && flagNouns[bareWord(fields[i+1])] {
				out = append(out, flagWord(f))
			}
		case len(out) > 0 && pathPrepositions[bareWord(out[len(out)-1])] && pathFileName(f) != "":
			// A file named by its path after a preposition ("in
			// src/ui/Header.tsx the logo …") is the noun the sentence
			// goes on with: its name stays, its directories go.
			out = append(out, pathFileName(f))
		case isPathWord(f), strings.HasPrefix(f, "@") && len(f) > 1, strings.HasPrefix(f, "$"),
			strings.IndexByte(f, '#') >= 0 && issueNumber.MatchString(f): // "#" first: most words lack it
			if isPathWord(f) && len(out) > 1 && leadsToSpan[strings.ToLower(out[len(out)-1])] {
				// The preposition that led to the path goes with it
				// ("look in /etc/nginx first" → "look first").
				out = out[:len(out)-1]
			}
			// The sentence a path ends still ends ("… will be
			// /home/x/server.py. Why does it hang"): its full stop
			// goes to the word before it.
			if end := f[len(strings.TrimRight(f, ".!?")):]; end != "" && len(out) > 0 &&
				strings.TrimRight(out[len(out)-1], ".!?") == out[len(out)-1] {
				out[len(out)-1] += end[:1]
			}
		case (f == "&" || f == "-" || f == "–" || f == "—") && len(out) > 0:
			out = append(out, f) // a dash between words ends a clause (titleWords)
		case strings.Trim(f, "&|#*>=+~_-–—`") == "":
		default:
			if w := unquoteWord(f); w != "" {
				out = append(out, w)
			}
		}
	}
	return strings.Join(out, " ")
}

var (
	// conventionalType opens the subject of a conventional commit or pull
	// request ("ref: use fs.checksum…", "feat(ui)!: …"): its type, which
	// says what kind of change, not what it changes.
	conventionalType = regexp.MustCompile(`^(?:feat|fix|refactor|ref|chore|docs|test|tests|perf|build|ci|style|revert)(?:\([^)]*\))?!?:\s+`)
	// fileMention is an editor's mention of a file, with the lines it
	// points at ("@README.md:48", "@zh.json 463-470", "@IaoPool.tsx
	// (51-58)"), wherever it stands in a line, glued to the text before
	// it too ("多语言用不了了@zh.json"); an e-mail address is not one. A
	// mention of a folder's files ends in a glob ("@pipeline/api/**",
	// "@src/*.ts"): the glob is the mention's, not a word of the prose.
	fileMention = regexp.MustCompile(`(^|[^\w.@])@` + mentionPath + `(?::\d+(?:-\d+)?)?(?:\s+\(?\d+-\d+\)?)?`)
	// mentionName is the file a fileMention names, after its "@".
	mentionName = regexp.MustCompile(`@(` + mentionPath + `)`)
	// issueNumber is a reference to an issue or pull request by number
	// ("#6495"): the number, not its subject.
	issueNumber = regexp.MustCompile(`^\(?#\d+\)?[.,;:)]*$`)
)

// mentionPath is the path of an editor's mention: a folder and a glob
// of its files, or a file.
const mentionPath = `(?:[\w./\[\]-]*/\*[\w.*/-]*|[\w./\[\]-]+)`

// mentionedFile is the name of the file or folder a mention's path
// names: its last part, without the glob ("@pipeline/api/layers/**"
// names layers).
func mentionedFile(path string) string {
	name := strings.Trim(path, "./*")
	return name[strings.LastIndexByte(name, '/')+1:]
}

// withMentionedNames is a line with its editor's mentions of files
// ("@TODO.md", "@src/cache/decorators.py:48") read as a sentence reads
// them: a mention inside the prose, after a word of it, is the file's own
// name, a noun the sentence is about ("read @TODO.md and update @LOG.md"
// asks to update LOG.md), without its directories and the lines it
// points at, which a title never holds. A mention that opens the line,
// follows another mention or is glued to text without spaces attaches a
// file as context ("@README.md @TODO.md read the goals", "多语言用不了了
// @zh.json"): it goes.
//
// An export may garble the run of attached files: a stray key glued
// before its first mention ("F@NOTES.md @README.md …"), or a piece of a
// file's name left after two mentions or more ("@VARIA.md @twat_cache
// O.md read the goals"). The letter and the piece are of the run too.
func withMentionedNames(line string) string {
	line = strayKeyMention.ReplaceAllString(line, "$1@$2")
	var b strings.Builder
	last := 0
	for _, loc := range fileMention.FindAllStringIndex(line, -1) {
		if loc[0] < last {
			continue // the file name after a mention, already dropped
		}
		m := line[loc[0]:loc[1]]
		at := strings.IndexByte(m, '@')
		b.WriteString(line[last : loc[0]+at])
		last = loc[1]
		before := strings.Fields(line[:loc[0]+at])
		prev := ""
		if len(before) > 0 {
			prev = before[len(before)-1]
		}
		r, _ := utf8.DecodeLastRuneInString(prev)
		glued, particle := particleAfter(line[loc[1]:])
		if (prev == "" || strings.Contains(prev, "@") || r >= 0x3000) && !particle {
			if strings.Contains(prev, "@") {
				last += attachedFileAfter(line[last:])
			}
			b.WriteString(" ")
			continue
		}
		name := mentionName.FindStringSubmatch(m)[1]
		end := name[len(strings.TrimRight(name, ".")):]
		name = mentionedFile(name)
		if glued {
			end = ""
		} else {
			end += " "
		}
		b.WriteString(name + end)
	}
	b.WriteString(line[last:])
	return b.String()
}

// strayKeyMention is a letter glued before a mention that opens a
// line ("F@NOTES.md"): a key pressed before the editor inserted the
// mention, not an address's name.
var strayKeyMention = regexp.MustCompile(`^(\s*)\pL@(` + mentionPath + `\.\w+(?:\s|$))`)

// attachedFileAfter is how many bytes of after, the text after a
// mention that attaches a file, are one more file of the run: a file's
// name ("O.md", "notes.txt") that more words follow. 0 when after goes
// on otherwise.
func attachedFileAfter(after string) int {
	rest := strings.TrimLeft(after, " ")
	if len(rest) == len(after) {
		return 0
	}
	end := strings.IndexByte(rest, ' ')
	if end < 0 {
		return 0
	}
	name := rest[:end]
	if strings.ContainsAny(name, "@/") || !knownExt(name) || strings.TrimSpace(rest[end:]) == "" {
		return 0
	}
	return len(after) - len(rest) + end
}

// particleAfter reports the particle that follows a mention, glued to it
// ("@docs/system-rules.md을 …") or after a space ("@spec-design/ 에 …"):
// Korean and Japanese mark a noun's role by a particle after it, so a
// mention a particle follows is a noun of the sentence wherever it
// stands, even opening the line.
func particleAfter(after string) (glued, particle bool) {
	if r, _ := utf8.DecodeRuneInString(after); particleRune(r) {
		return true, true
	}
	next, _, _ := strings.Cut(strings.TrimLeft(after, " "), " ")
	return false, particles[strings.TrimRight(next, ".,")]
}

// particles are the Korean and Japanese particles written apart from the
// noun they follow.
var particles = set("은", "는", "이", "가", "을", "를", "에", "에서", "의", "으로", "로", "와", "과", "도", "만", "까지", "부터",
	"에게", "を", "は", "が", "に", "の", "で", "と", "も", "へ", "から", "まで")

// flagNouns follow a flag that the sentence names as a thing.
var flagNouns = set("flag", "flags", "option", "options", "parameter", "parameters", "param", "argument", "arguments",
	"switch", "setting")

// flagWord is the name of a command-line flag ("--user" → "user", "-m" →
// "m"), or "" when f is not one.
func flagWord(f string) string {
	f = strings.TrimRight(f, ".,;:!?)")
	name := strings.TrimLeft(f, "-")
	if len(f)-len(name) == 0 || len(f)-len(name) > 2 || name == "" {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(name)
	if !unicode.IsLetter(r) {
		return "" // "-1", "--"
	}
	if i := strings.IndexAny(name, "=["); i >= 0 {
		name = name[:i]
	}
	return name
}

// unquoteWord is a word without the quotes, brackets and emphasis around
// it, keeping the punctuation that ends it ("backend\"." → "backend.").
func unquoteWord(f string) string {
	const marks = "*_\"“”'‘’()[]{}`"
	core := strings.TrimRight(f, ".,;:!?")
	end := f[len(core):]
	core = strings.TrimLeft(core, marks)
	for {
		r, size := utf8.DecodeLastRuneInString(core)
		// The parenthesis that closes one the word opens is the
		// word's ("refactor(website)" of a quoted commit subject).
		if size == 0 || !strings.ContainsRune(marks, r) ||
			r == ')' && strings.Count(core, "(") >= strings.Count(core, ")") {
			break
		}
		core = core[:len(core)-size]
	}
	if core == "" {
		return strings.Trim(f, marks)
	}
	return core + end
}

// slashWord is the name of a slash command ("/review" → "review"), or "".
func slashWord(f string) string {
	name := strings.TrimRight(strings.TrimPrefix(f, "/"), ".,:;!?")
	if name == "" || strings.ContainsAny(name, "/.\\") {
		return ""
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' && r != ':' {
			return ""
		}
	}
	return strings.ToLower(name)
}

// pathPrepositions come before a file's path used as a noun.
var pathPrepositions = set("in", "to", "from", "of", "on", "at", "into", "inside", "within")

// leadsToSpan are the prepositions that lead to a path or a command ("in
// /etc/nginx", "with `make test -j4`"): a title that leaves the path or
// command out leaves them out too.
var leadsToSpan = set("in", "to", "from", "of", "on", "at", "into", "inside", "within", "with", "via", "using", "through")

// pathFileName is the file name a relative path with a directory ends
// in ("src/ui/Header.tsx," → "Header.tsx,"), with the punctuation after
// it: "" for any other word, or a name with no extension.
func pathFileName(f string) string {
	core := strings.TrimRight(f, ".,;:!?)")
	if !isPathWord(core) || strings.HasPrefix(core, "/") || strings.HasPrefix(core, "~") || strings.Contains(core, ":") {
		return ""
	}
	name := core[strings.LastIndexByte(core, '/')+1:]
	dot := strings.LastIndexByte(name, '.')
	if dot < 1 || dot == len(name)-1 || strings.ContainsAny(name, "*`'\"") {
		return ""
	}
	return name + f[len(core):]
}

// isPathWord reports a word that is a file path: absolute, home-relative,
// relative with a directory ("./x", "src/app.go"), or a Windows path.
func isPathWord(f string) bool {
	f = strings.Trim(f, "\"'`(),;:")
	switch {
	case f == "", strings.ContainsFunc(f, func(r rune) bool { return r >= 0x3040 }):
		return false
	case strings.HasPrefix(f, "/") && len(f) > 1, strings.HasPrefix(f, "~/"), strings.HasPrefix(f, "./"), strings.HasPrefix(f, "../"):
		return true
	case len(f) > 2 && f[1] == ':' && (f[2] == '\\' || f[2] == '/'):
		return true
	case strings.Count(f, "/") >= 1 && strings.ContainsAny(f, ".") && !strings.Contains(f, "//"):
		return true // src/app.go
	case strings.Count(f, "/") >= 2:
		return true
	}
	return false
}

// titleWords splits a line into words, keeping their punctuation; the
// inverted marks that open a Spanish question or exclamation ("¿Cómo")
// go, its closing mark says it asks.
func titleWords(s string) []string {
	var out []string
	for _, f := range strings.Fields(s) {
		f = strings.TrimLeft(f, "¿¡")
		if strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			out = append(out, f)
		} else if len(out) > 0 && (f == "-" || f == "–" || f == "—" || f == ":") {
			out[len(out)-1] += ":"
		} else if len(out) > 0 && (f == "." || f == "?" || f == "!" || f == "," || f == ";") {
			// A mark set apart ("read @TODO.md , update …", "use
			// `uv pip` not `pip` . Read …") still ends its clause or
			// sentence.
			out[len(out)-1] += f
		}
	}
	return out
}

// fillerOpenings are what a request opens with before its subject, in
// lower case; the longest that matches goes, then again.
var fillerOpenings = [][]string{
	{"hey"}, {"hi"}, {"hello"}, {"ok"}, {"okay"}, {"so"}, {"now"}, {"please"}, {"pls"}, {"alright"}, {"great"}, {"thanks"},
	{"can", "you"}, {"could", "you"}, {"would", "you"}, {"will", "you"}, {"can", "we"}, {"could", "we"},
	{"i", "want", "you", "to"}, {"i'd", "like", "you", "to"}, {"i", "would", "like", "you", "to"}, {"i", "need", "you", "to"},
	{"i", "want", "to"}, {"i'd", "like", "to"}, {"i", "would", "like", "to"}, {"i", "need", "to"},
	{"i'm", "trying", "to"}, {"i", "am", "trying", "to"}, {"i'm", "looking", "to"}, {"i", "was", "trying", "to"},
	{"we're", "trying", "to"}, {"we", "want", "to"}, {"we", "need", "you", "to"}, {"trying", "to"},
	{"i'm", "working", "on"}, {"i", "am", "working", "on"}, {"we're", "working", "on"},
	{"is", "it", "possible", "to"}, {"how", "do", "i"}, {"how", "can", "i"}, {"how", "do", "we"}, {"how", "can", "we"},
	{"how", "to"}, {"i", "wonder", "if"}, {"i", "was", "wondering", "if"},
	{"help", "me"}, {"let's"}, {"lets"}, {"let", "us"}, {"we", "need", "to"}, {"we", "should"}, {"you", "should"},
	{"go", "ahead", "and"}, {"and"}, {"also"}, {"then"}, {"basically"}, {"actually"}, {"just"}, {"quickly"},
	{"tell", "me"}, {"works"}, {"perfect"}, {"nice"}, {"cool"}, {"good"}, {"yes"}, {"question"},
	{"bitte"}, {"kannst", "du"}, {"könntest", "du"}, {"lass", "uns"}, {"hallo"},
	{"como", "faço", "para"}, {"como", "faco", "para"}, {"como", "fazer", "para"}, {"como", "posso"}, {"me", "ajude", "a"},
	{"me", "ajuda", "a"}, {"por", "favor"}, {"preciso"}, {"eu", "preciso"}, {"quero"}, {"eu", "quero"}, {"você", "pode"},
	{"pode"}, {"olá"}, {"oi"}, {"cómo", "puedo"}, {"cómo", "hago", "para"}, {"ayúdame", "a"}, {"necesito"}, {"quiero"},
	{"puedes"}, {"hola"}, {"comment", "faire", "pour"}, {"comment"}, {"je", "veux"}, {"peux-tu"}, {"pouvez-vous"},
	{"aide-moi", "à"}, {"j'aimerais"}, {"bonjour"}, {"salut"},
	{"и"}, {"а"}, {"ну"}, {"теперь"}, {"пожалуйста"}, {"помоги"}, {"помогите"}, {"хочу"}, {"я", "хочу"},
	{"хочу", "попробовать"}, {"я", "хочу", "попробовать"}, {"мне", "нужно"}, {"можешь"}, {"можете"},
	{"ты", "можешь"}, {"вы", "можете"}, {"привет"}, {"здравствуйте"}, {"y"}, {"ahora"}, {"e"}, {"agora"},
	{"et"}, {"maintenant"}, {"und"}, {"jetzt"},
	{"necesito", "que"}, {"quiero", "que"}, {"preciso", "que"}, {"quero", "que"},
	{"cześć"}, {"hej"}, {"teraz"}, {"proszę"}, {"prosze"}, {"czy", "możesz"}, {"czy", "mógłbyś"}, {"możesz"},
	{"pomóż", "mi"},
}

// dropFiller removes the openings of a request, keeping at least two
// words.
func dropFiller(words []string) []string {
	for len(words) > 2 {
		best := 0
		// Only the openings whose first word is the request's can match:
		// the first word is put in the openings' form once, not once per
		// opening.
		for _, f := range fillerOpeningsByFirst[openingWord(words[0])] {
			if len(f) > best && len(words)-len(f) >= 2 && openingMatches(words, f) {
				best = len(f)
			}
		}
		if best == 0 {
			return words
		}
		words = words[best:]
	}
	return words
}

// fillerOpeningsByFirst is fillerOpenings by their first word.
var fillerOpeningsByFirst = func() map[string][][]string {
	by := map[string][][]string{}
	for _, f := range fillerOpenings {
		by[f[0]] = append(by[f[0]], f)
	}
	return by
}()

// openingWord is a word in the form openings are written in: lower case,
// without the punctuation that may follow it, with a typographic
// apostrophe made plain.
func openingWord(w string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimRight(w, ",.!:;")), "’", "'")
}

// askedOfYou reports whether words open by asking the reader to do
// something ("can you", "could you", "would you", "will you"): the
// question mark such a sentence ends with belongs to the politeness.
func askedOfYou(words []string) bool {
	if len(words) < 3 || bareWord(words[1]) != "you" {
		return false
	}
	switch bareWord(words[0]) {
	case "can", "could", "would", "will":
		return true
	}
	return false
}

func openingMatches(words, f []string) bool {
	for i, w := range f {
		if openingWord(words[i]) != w {
			return false
		}
		// Punctuation inside the opening ("ok, so") is fine; after a
		// word the opening needs to continue, not end a sentence.
		if i < len(f)-1 && strings.ContainsAny(words[i], ".!?") {
			return false
		}
	}
	return true
}

// firstSentenceWords keeps the words of the first sentence.
func firstSentenceWords(words []string) []string {
	for i, w := range words[:len(words)-1] {
		if strings.HasSuffix(w, ".") || strings.HasSuffix(w, "!") || strings.HasSuffix(w, "?") {
			if i >= 2 {
				return words[:i+1]
			}
		}
	}
	return words
}

var articles = set("a", "an", "the", "our", "my", "your", "their", "der", "die", "das", "den", "dem", "ein", "eine", "einen", "einem")

func dropArticles(words []string) []string {
	var out []string
	for _, w := range words {
		if !articles[strings.ToLower(w)] {
			out = append(out, w)
		}
	}
	return out
}

// clauseOpeners start a clause that a title can leave out.
var clauseOpeners = set("so", "because", "since", "when", "while", "which", "where", "but", "although", "though",
	"after", "before", "until", "unless", "if", "as", "that", "without", "using", "via", "whether",
	"weil", "damit", "wenn", "aber", "dass")

// cutAtClause ends the words before the first clause boundary that
// leaves three words or more: a word ending in a comma, colon or dash,
// or a word opening a clause.
func cutAtClause(words []string) []string {
	for i := 3; i < len(words) && i <= maxTitleWords; i++ {
		if strings.HasSuffix(words[i-1], ",") || strings.HasSuffix(words[i-1], ";") || strings.HasSuffix(words[i-1], ":") {
			return words[:i]
		}
		if clauseOpeners[strings.ToLower(words[i])] {
			return words[:i]
		}
	}
	return words
}

// functionWords may not end a title.
var functionWords = set("a", "an", "the", "to", "of", "in", "on", "at", "for", "from", "with", "by", "and", "or", "but",
	"is", "are", "was", "were", "be", "so", "as", "that", "this", "it", "its", "our", "my", "your", "their", "when",
	"while", "which", "where", "if", "about", "into", "after", "before", "than", "then", "because", "since", "i", "we",
	"you", "me", "whether", "what", "who", "how", "why", "can", "could", "should", "would", "will", "do", "does", "not", "all", "some", "any", "also", "just", "very",
	"under", "over", "across", "through", "within", "between", "without", "via",
	"der", "die", "das", "den", "dem", "ein", "eine", "einen", "und", "oder", "mit", "für", "von", "zu", "im", "in", "auf",
	// Spanish, Portuguese, French, Russian.
	"de", "del", "la", "el", "los", "las", "un", "una", "y", "o", "en", "con", "para", "por", "mi", "su", "que", "do", "da",
	"dos", "das", "os", "um", "uma", "e", "em", "na", "com", "meu", "minha", "le", "les", "une", "des", "du", "et",
	"ou", "dans", "avec", "pour", "par", "sur", "mon", "ma", "mes", "à", "au", "aux", "и", "в", "на", "с", "к", "по",
	"для", "из", "от", "до", "о", "об", "что", "как", "или", "мой", "моя", "мне")

// wantsItsPreposition are the words that say nothing without the
// preposition after them ("according to", "due to", "instead of"): a
// phrase cut after one ends before it.
var wantsItsPreposition = set("according", "due", "prior", "regardless", "instead", "rather", "owing")

func trimFunctionWords(words []string) []string {
	for len(words) > 1 {
		w := strings.ToLower(strings.TrimRight(words[len(words)-1], ",.;:!?"))
		if w == "sure" && len(words) > 2 && strings.EqualFold(words[len(words)-2], "make") {
			words = words[:len(words)-2] // "… and make sure": what to make sure of is cut
			continue
		}
		if !functionWords[w] && !wantsItsPreposition[w] {
			break
		}
		words = words[:len(words)-1]
	}
	if len(words) == 1 && functionWords[strings.ToLower(strings.TrimRight(words[0], ",.;:!?"))] {
		return nil
	}
	return words
}

// cjkText reports text written mostly without spaces.
func cjkText(s string) bool {
	if isASCII(s) {
		return false // most text: no letter needs decoding to say so
	}
	cjk, other := 0, 0
	for _, r := range s {
		switch {
		case r >= 0x3040 && r <= 0x9fff, r >= 0xac00 && r <= 0xd7af, r >= 0xff00 && r <= 0xffef:
			cjk++
		case unicode.IsLetter(r):
			other++
		}
	}
	return cjk > 0 && cjk >= other/3
}

// cjkTitle keeps the first sentence of text without spaces, cut at a
// comma when longer than maxTitleRunes.
func cjkTitle(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "。！？!?\n"); i >= 0 {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == '？' || r == '?' {
			s = s[:i+n]
		} else {
			s = s[:i]
		}
	}
	if utf8.RuneCountInString(s) <= maxTitleRunes {
		return strings.TrimSpace(s)
	}
	for _, sep := range []string{"、", "，", ",", " "} {
		if i := strings.Index(s, sep); i > 0 && utf8.RuneCountInString(s[:i]) >= 4 && utf8.RuneCountInString(s[:i]) <= maxTitleRunes {
			return strings.TrimSpace(s[:i])
		}
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:maxTitleRunes]))
}
