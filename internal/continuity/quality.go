package continuity

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// The rules behind a bridge's quality figures; the bridge page shows them.
const (
	CompletenessRule = "Completeness: the share of the seven parts that are filled — summary, active tasks, steward state " +
		"(a mood other than neutral, or focus areas), technical state (branch, errors or environment), recent decisions, " +
		"open questions, immediate priority."
	ClarityRule = "Clarity: the share of list items (tasks, decisions, open questions, avoid-repeating, key context) " +
		"that say one thing in 3 to 40 words; a decision counts only with its rationale, an item that is a command, raw " +
		"error output or holds markup never counts, and markup in the summary counts as one more unclear item."
	RelevanceRule = "Relevance: the share of active tasks and open questions that name something the session was about " +
		"(a focus area, a file or stack of the key context, an active error, a word of the summary); 100% when none is handed on."
	EffectivenessRule = "Effectiveness (measured in the next session of the same project, the one that received the bridge): " +
		"each active task and open question handed over counts 1 when that session finished it (a completed todo, or a message " +
		"saying it is fixed or done that names it), ½ when it picked it up (named it), 0 when it ignored it; the score is " +
		"their sum over the number handed over, less 0.1 for each avoid-repeating item it repeated (the same error again, a " +
		"done task back on its todo list) and each settled decision it asked about again. A bridge that hands over no task " +
		"or question has nothing to measure."
)

// Quality computes a bridge content's completeness, clarity and relevance
// by the rules above, each with the reason for its figure.
func Quality(c baton.BridgeContent) baton.BridgeQuality {
	q := baton.BridgeQuality{Why: map[string]string{}}
	q.Completeness, q.Why["completeness"] = completeness(c)
	q.Clarity, q.Why["clarity"], q.Noise = clarity(c)
	q.Relevance, q.Why["relevance"] = relevance(c)
	return q
}

// completeness is the share of a bridge's seven parts that are filled,
// and why.
func completeness(c baton.BridgeContent) (float64, string) {
	tc, hi := c.Transferred, c.Instructions
	parts := []struct {
		name   string
		filled bool
	}{
		{"summary", strings.TrimSpace(tc.Summary) != ""},
		{"active tasks", len(tc.ActiveTasks) > 0},
		{"steward state", len(tc.StewardState.FocusAreas) > 0 || (len(tc.StewardState.CurrentMood) > 0 && !(len(tc.StewardState.CurrentMood) == 1 && tc.StewardState.CurrentMood[0] == "neutral"))},
		{"technical state", tc.TechnicalState.CurrentBranch != "" || len(tc.TechnicalState.ActiveErrors) > 0 || len(tc.TechnicalState.EnvironmentState) > 0},
		{"recent decisions", len(tc.RecentDecisions) > 0},
		{"open questions", len(tc.OpenQuestions) > 0},
		{"immediate priority", strings.TrimSpace(hi.ImmediatePriority) != ""},
	}
	filled, missing := 0, []string{}
	for _, p := range parts {
		if p.filled {
			filled++
		} else {
			missing = append(missing, p.name)
		}
	}
	why := fmt.Sprintf("%d of %d parts filled", filled, len(parts))
	if len(missing) > 0 {
		why += "; missing: " + strings.Join(missing, ", ")
	}
	return round2(float64(filled) / float64(len(parts))), why
}

// clarity is the share of a bridge's items that say one thing in 3 to 40
// words, why, and the items that are noise (markup, a command, raw error
// output, a decision with no rationale).
func clarity(c baton.BridgeContent) (score float64, why string, noise []string) {
	tc, hi := c.Transferred, c.Instructions
	clear, total := 0, 0
	count := func(kind, s string, ok bool) {
		total++
		switch {
		case markup.MatchString(s):
			noise = append(noise, fmt.Sprintf("%s %q holds markup", kind, clipItem(s)))
		case isCommand(s):
			noise = append(noise, fmt.Sprintf("%s %q is a command, not a %s", kind, clipItem(s), kind))
		case isErrorOutput(s):
			noise = append(noise, fmt.Sprintf("%s %q is raw error output", kind, clipItem(s)))
		case !ok:
			noise = append(noise, fmt.Sprintf("%s %q gives no rationale", kind, clipItem(s)))
		default:
			if n := len(strings.Fields(s)); n >= 3 && n <= 40 {
				clear++
			}
		}
	}
	for _, t := range tc.ActiveTasks {
		count("task", t.Task, true)
	}
	for _, d := range tc.RecentDecisions {
		count("decision", d.Decision, strings.TrimSpace(d.Rationale) != "")
	}
	for _, oq := range tc.OpenQuestions {
		count("question", oq.Question, true)
	}
	for _, s := range hi.AvoidRepeating {
		count("avoid-repeating item", s, true)
	}
	for _, s := range hi.KeyContext {
		count("key context", s, true)
	}
	if markup.MatchString(tc.Summary) {
		total++
		noise = append(noise, "the summary holds markup")
	}
	if total > 0 {
		score = round2(float64(clear) / float64(total))
	}
	why = fmt.Sprintf("%d of %d items say one thing in 3 to 40 words", clear, total)
	if n := len(noise); n == 1 {
		why += "; 1 item is noise"
	} else if n > 1 {
		why += fmt.Sprintf("; %d items are noise", n)
	}
	return score, why, noise
}

// relevance is the share of a bridge's tasks and questions that name a
// word of what the session was about (its focus, key context, errors,
// summary and branch), and why.
func relevance(c baton.BridgeContent) (float64, string) {
	tc, hi := c.Transferred, c.Instructions
	focus := map[string]bool{}
	for _, s := range slicesOf(tc.StewardState.FocusAreas, hi.KeyContext, tc.TechnicalState.ActiveErrors, []string{tc.Summary, tc.TechnicalState.CurrentBranch}) {
		for _, w := range contentWords(s) {
			focus[w] = true
		}
	}
	relevant, items := 0, 0
	judge := func(s string) {
		items++
		for _, w := range contentWords(s) {
			if focus[w] {
				relevant++
				return
			}
		}
	}
	for _, t := range tc.ActiveTasks {
		judge(t.Task + " " + t.Context)
	}
	for _, oq := range tc.OpenQuestions {
		judge(oq.Question)
	}
	if items == 0 {
		// A session that left nothing open hands on nothing off its
		// subject: its bridge is not less relevant for it.
		return 1, "no task or question handed on, so none strays from what the session was about"
	}
	return round2(float64(relevant) / float64(items)), fmt.Sprintf("%d of %d tasks and questions name what the session was about", relevant, items)
}

// markup is a tag left from a transcript: <summary>, <command-name>,
// <system-reminder>, </task-notification>.
var markup = regexp.MustCompile(`</?[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*(?:\s[^<>]*)?/?>`)

// commandText is a shell command standing for an item: pipes, "&&",
// redirections, a prompt sign, an agent's shell-mode "!" ("!git status"),
// or a common program (and a sub-command)
// with flags or a path ("go vet ./...", "git log --oneline").
var commandText = regexp.MustCompile(`&&|\|\||\s\|\s|2>|>/dev/null|^\$ |^![a-z][\w.-]*(?:\s|$)|(?:^|\s)(?:sudo|cd|ls|cat|grep|rg|find|git|gh|npm|npx|pnpm|yarn|go|cargo|make|mise|docker|kubectl|curl|wget|pip|python3?|node|bash|sh|rm|mv|cp|mkdir|chmod)(?:\s+[a-z][a-z0-9-]*)?\s+(?:-{1,2}[a-zA-Z]|[./~][^\s]*)`)

func isCommand(s string) bool { return commandText.MatchString(s) }

// errorOutput is a tool's error output pasted as an item: a stack frame,
// an exit status, a Go test failure, "error:" lines, a file:line:col
// position, or "command not found".
var errorOutput = regexp.MustCompile(`(?i)(?:^|\s)(?:exit (?:code|status) \d+|--- FAIL:|panic:|traceback \(most recent call last\)|command not found|no such file or directory|fatal:|error\[E\d+\]|\w+Error:|\w+Exception:)|\S+\.\w+:\d+(?::\d+)?:|(?:^|: )(?:error|Error|ERROR):|\n\s+at \S+ \(`)

func isErrorOutput(s string) bool { return errorOutput.MatchString(s) }

// clipItem shortens an item quoted in a reason.
func clipItem(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= 60 {
		return s
	}
	cut := 60
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func slicesOf(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }
