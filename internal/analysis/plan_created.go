package analysis

import (
	"encoding/json"
	"html"
	"strings"
)

// createdPlanCall is the line an editor's exported chat (Cursor's, through
// SpecStory) writes for the assistant's plan-mode call, its parameters in
// a JSON fence below it.
const createdPlanCall = "Tool use: **create_plan**"

// withCreatedPlans is content with the JSON parameters of each
// create_plan call replaced by the plan they hold, as Markdown: the plan
// (its approach, its options and the one it recommends) is what the
// assistant said to the steward, and a JSON fence is read as code, so
// without this the plan is never read. The export writes the plan's own
// backticks as "&#96;".
func withCreatedPlans(content string) string {
	if !strings.Contains(content, createdPlanCall) {
		return content
	}
	var b strings.Builder
	rest := content
	for {
		at := strings.Index(rest, createdPlanCall)
		if at < 0 {
			break
		}
		at += len(createdPlanCall)
		b.WriteString(rest[:at])
		rest = rest[at:]
		plan, end := createdPlanParameters(rest)
		if end > 0 {
			b.WriteString("\n\n")
			b.WriteString(plan)
			b.WriteString("\n")
			rest = rest[end:]
		}
	}
	b.WriteString(rest)
	return b.String()
}

// createdPlanParameters reads the parameters fence that follows a
// create_plan call line ("\n\nParameters:\n\n```json\n{…}\n```"): the
// plan's Markdown and the length of text it spans, or 0 when the text
// holds no such fence or no plan.
func createdPlanParameters(text string) (string, int) {
	rest := strings.TrimLeft(text, " \n")
	rest, ok := strings.CutPrefix(rest, "Parameters:")
	if !ok {
		return "", 0
	}
	rest = strings.TrimLeft(rest, " \n")
	rest, ok = strings.CutPrefix(rest, "```json\n")
	if !ok {
		return "", 0
	}
	body, _, ok := strings.Cut(rest, "\n```")
	if !ok {
		return "", 0
	}
	var in struct {
		Overview string `json:"overview"`
		Plan     string `json:"plan"`
	}
	if json.Unmarshal([]byte(body), &in) != nil || strings.TrimSpace(in.Plan) == "" {
		return "", 0
	}
	end := len(text) - len(rest) + len(body) + len("\n```")
	return html.UnescapeString(in.Plan), end
}
