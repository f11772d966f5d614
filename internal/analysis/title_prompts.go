package analysis

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/baton-dev/baton/internal/baton"
)

// Which steward messages a title may be written from: the prompts that ask
// for work or an answer in words, not the commands typed around them.

// shellInput reports a steward message that is a shell command typed at
// the assistant's prompt (Claude Code's "!git switch main"): a command
// line, which a title never holds, and not a request.
func shellInput(v *view) bool {
	if ev, _ := v.m.Attributes["event"].(string); ev == "shell_command" {
		return true
	}
	return v.m.ContentType == baton.ContentCommand && strings.HasPrefix(strings.TrimSpace(v.m.Content), "!")
}

// titlePrompt reports a steward message a title may be written from: one
// with prose that neither manages the session (/clear, /model) nor runs a
// shell command.
func titlePrompt(v *view) bool {
	return v.steward() && v.text && !sessionCommand(v) && !shellInput(v)
}

// setupCommands are Claude Code's commands named by words that set up the
// tool, not the work: they name no subject.
var setupCommands = set("privacy-settings", "install-github-app", "migrate-installer", "install-slack-app",
	"allowed-tools")

// slashCommandWords are the words a title keeps of a slash command's name,
// which says what the steward asked for: a name made of words says it in
// them ("/gsd:execute-phase 14" → "execute phase 14"), a verb says it
// alone ("/review the retry logic") or, after a namespace, with the
// namespace as its object ("/security:review all of it" → "security
// review: all of it"). Any other command ("/prime"), and the commands
// that manage the session, leave no word.
func slashCommandWords(name string) []string {
	ns, cmd := "", name
	if i := strings.LastIndex(name, ":"); i >= 0 {
		ns, cmd = name[:i], name[i+1:]
		if j := strings.LastIndex(ns, ":"); j >= 0 {
			ns = ns[j+1:]
		}
	}
	if cmd == "" || sessionCommands[cmd] || setupCommands[cmd] {
		return nil
	}
	if parts := strings.FieldsFunc(cmd, func(r rune) bool { return r == '-' || r == '_' }); len(parts) > 1 {
		return parts
	}
	if !verbCommands[cmd] {
		return nil
	}
	if ns == "" || strings.ContainsFunc(ns, func(r rune) bool { return !unicode.IsLetter(r) }) {
		return []string{cmd}
	}
	return []string{ns, cmd + ":"}
}

// replyShare multiplies the score of a prompt that answers the
// assistant's question once an earlier prompt named the subject: the
// answer works out a detail of the request.
const replyShare = 0.5

// answersQuestion reports a steward prompt at vs[i] that answers a
// question: the assistant's last message before it ends in a question,
// or asked one with a tool (Claude Code's AskUserQuestion).
func answersQuestion(vs []view, i int) bool {
	for j := i - 1; j >= 0; j-- {
		v := &vs[j]
		if v.steward() && v.text {
			return false
		}
		for _, c := range v.calls {
			if strings.Contains(c.Name, "AskUserQuestion") {
				return true
			}
		}
		if v.assistant() && v.text {
			return strings.HasSuffix(strings.TrimRight(v.prose, " \n*_`)"), "?")
		}
	}
	return false
}

// asksWhatToWorkOn reports a steward prompt at vs[i] that answers the
// assistant's question asking what to work on: the last sentence of its
// last message asks, with a question word, what the steward wants done
// ("What would you like help with?", "Which part of the site should we
// start with?", "How can I help?").
func asksWhatToWorkOn(vs []view, i int) bool {
	for j := i - 1; j >= 0; j-- {
		v := &vs[j]
		if v.steward() && v.text {
			return false
		}
		if !v.assistant() || !v.text {
			continue
		}
		q := strings.TrimRight(v.prose, " \n*_`)")
		if !strings.HasSuffix(q, "?") {
			return false
		}
		if k := strings.LastIndexAny(q[:len(q)-1], ".!?\n"); k >= 0 {
			q = q[k+1:]
		}
		words := strings.Fields(strings.ToLower(q))
		if len(words) < 3 || !questionWords[bareWord(words[0])] {
			return false
		}
		q = " " + strings.Join(words, " ") + " "
		for _, ask := range askingForWork {
			if strings.Contains(q, ask) {
				return true
			}
		}
		return false
	}
	return false
}

// askingForWork are the phrases with which an assistant's question asks
// the steward what the work is, not a detail of it ("What would you like
// to clarify?").
var askingForWork = []string{" help ", " help? ", " work on ", " work on? ", " working on ", " working on? ",
	" to do ", " to do? ", " start with ", " start with? ", " focus on ", " focus on? ", " tackle ", " tackle? "}

// refTitle is the title the first sentence of a referenced text makes,
// scored as a heading, and its score: "" when ref is empty.
func refTitle(ref string, weights map[string]float64) (string, float64) {
	for _, s := range titleSentences(ref) {
		s.heading = true
		return s.best(weights)
	}
	return "", 0
}

var (
	// pickableItem is an item of a numbered list ("3. Add a test-login
	// endpoint", "**3.** …") or a row of a table keyed by its number
	// ("| 3 | Add a test-login endpoint | testing |").
	pickableItem = regexp.MustCompile(`^\s*(?:(?:\*\*|__)?(\d{1,2})[.)](?:\*\*|__)?\s+(.+)|\|\s*(\d{1,2})\s*\|\s*([^|]+)\|.*)$`)
	// numberPick opens a reply that picks an item by its number: "3",
	// "#3", "option 3", "3 but on this branch", "3, please".
	numberPick = regexp.MustCompile(`(?i)^\s*(?:(?:option|number|item)\s+|#)?(\d{1,2})(?:[\s,.:;)!]|$)`)
)

// pickedItem is the text of the item a steward's prompt at vs[i] picks by
// its number from the list the assistant's last message gave ("Reply
// with a number to view details" → "3 but apply it to this branch"): ""
// when the prompt picks none.
func pickedItem(vs []view, i int) string {
	m := numberPick.FindStringSubmatch(vs[i].prose)
	if m == nil {
		return ""
	}
	for j := i - 1; j >= 0; j-- {
		v := &vs[j]
		if v.steward() && v.text {
			return ""
		}
		if !v.assistant() || !v.text {
			continue
		}
		for line := range strings.SplitSeq(v.prose, "\n") {
			item := pickableItem.FindStringSubmatch(line)
			switch {
			case item == nil:
			case item[1] == m[1]:
				return item[2]
			case item[3] == m[1]:
				return item[4]
			}
		}
		return ""
	}
	return ""
}

// personaOpenings open a clause that gives the assistant a role ("You are
// an expert on the current code base", "Act as a senior engineer"): it
// says who should answer, not what the session is about.
var personaOpenings = [][]string{{"you", "are"}, {"you're"}, {"act", "as"}, {"acting", "as"}, {"imagine", "you", "are"},
	{"imagine", "you're"}, {"pretend", "you", "are"}, {"pretend", "you're"}, {"pretend", "to", "be"}, {"as", "an"}, {"as", "a"}}

// personaRoles follow a persona opening: an article or a possessive, then
// the role.
var personaRoles = set("a", "an", "the", "my", "our")

// withoutPersona is words without the clause that opens them by giving the
// assistant a role, up to the end of that clause (a comma, colon,
// semicolon or the sentence's end): nothing when the whole sentence is
// the role.
func withoutPersona(words []string) []string {
	for _, p := range personaOpenings {
		if len(words) <= len(p) || !openingMatches(words, p) || !personaRoles[bareWord(words[len(p)])] {
			continue
		}
		for i := len(p); i < len(words); i++ {
			end := words[i][len(words[i])-1:]
			if !strings.ContainsAny(end, ",:;.!") {
				continue
			}
			// A comma may part the items of the role ("an expert in
			// front-end and backend, UI and UX"): the request after it
			// opens with its verb or its asking ("find the bug", "can
			// you …").
			if end == "," && i+1 < len(words) && !requestVerb(words[i+1]) && len(dropFiller(words[i+1:])) == len(words[i+1:]) {
				continue
			}
			return words[i+1:]
		}
		return nil
	}
	return words
}
