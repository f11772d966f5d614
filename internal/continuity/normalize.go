package continuity

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Limits on an edited bridge.
const (
	maxListItems  = 50
	maxItemChars  = 1000
	maxEnvEntries = 30
)

// Normalize checks a steward's edit of a bridge and tidies it: text
// trimmed, empty list items dropped, statuses and priorities checked. An
// error names the field (as in transferred_context.active_tasks[2].status).
func Normalize(c *baton.BridgeContent) error {
	tc := &c.Transferred
	tc.Summary = strings.TrimSpace(tc.Summary)
	if utf8.RuneCountInString(tc.Summary) > maxSummaryChars {
		return baton.Invalid("transferred_context.summary", "the summary must be at most %d characters; it has %d", maxSummaryChars, utf8.RuneCountInString(tc.Summary))
	}
	for _, step := range []func(*baton.BridgeContent) error{
		normalizeTasks, normalizeDecisions, normalizeQuestions, checkListSizes,
		normalizeStewardState, normalizeTechnicalState, normalizeInstructions,
	} {
		if err := step(c); err != nil {
			return err
		}
	}
	return nil
}

// tidyText trims a text field and checks its length.
func tidyText(field string, s *string) error {
	*s = strings.TrimSpace(*s)
	if utf8.RuneCountInString(*s) > maxItemChars {
		return baton.Invalid(field, "%s must be at most %d characters", field, maxItemChars)
	}
	return nil
}

// tidyList trims the items of a list field, drops the empty ones and
// checks what is left.
func tidyList(field string, items []string) ([]string, error) {
	out := []string{}
	for i, s := range items {
		if err := tidyText(fmt.Sprintf("%s[%d]", field, i), &s); err != nil {
			return nil, err
		}
		if s != "" {
			out = append(out, s)
		}
	}
	if len(out) > maxListItems {
		return nil, baton.Invalid(field, "%s may hold at most %d items", field, maxListItems)
	}
	return out, nil
}

// listField is a list field of a bridge and its name.
type listField struct {
	name  string
	items *[]string
}

// tidyLists tidies list fields in turn (tidyList), each under its name.
func tidyLists(fields ...listField) error {
	for _, f := range fields {
		var err error
		if *f.items, err = tidyList(f.name, *f.items); err != nil {
			return err
		}
	}
	return nil
}

// normalizeTasks tidies the active tasks, drops those with no task and
// checks each status.
func normalizeTasks(c *baton.BridgeContent) error {
	tasks := []baton.BridgeTask{}
	for i, t := range c.Transferred.ActiveTasks {
		f := fmt.Sprintf("transferred_context.active_tasks[%d]", i)
		if err := tidyText(f+".task", &t.Task); err != nil {
			return err
		}
		if err := tidyText(f+".context", &t.Context); err != nil {
			return err
		}
		if t.Task == "" {
			continue
		}
		if !slices.Contains(baton.TaskStatuses, t.Status) {
			return baton.Invalid(f+".status", "status must be in_progress, blocked or planned; got %q", t.Status)
		}
		tasks = append(tasks, t)
	}
	c.Transferred.ActiveTasks = tasks
	return nil
}

// normalizeDecisions tidies the recent decisions and drops those with no
// decision.
func normalizeDecisions(c *baton.BridgeContent) error {
	decisions := []baton.BridgeDecision{}
	for i, d := range c.Transferred.RecentDecisions {
		f := fmt.Sprintf("transferred_context.recent_decisions[%d]", i)
		if err := tidyText(f+".decision", &d.Decision); err != nil {
			return err
		}
		if err := tidyText(f+".rationale", &d.Rationale); err != nil {
			return err
		}
		var err error
		if d.AlternativesConsidered, err = tidyList(f+".alternatives_considered", d.AlternativesConsidered); err != nil {
			return err
		}
		if d.Decision != "" {
			decisions = append(decisions, d)
		}
	}
	c.Transferred.RecentDecisions = decisions
	return nil
}

// normalizeQuestions tidies the open questions, drops those with no
// question and checks each priority.
func normalizeQuestions(c *baton.BridgeContent) error {
	questions := []baton.OpenQuestion{}
	for i, q := range c.Transferred.OpenQuestions {
		f := fmt.Sprintf("transferred_context.open_questions[%d]", i)
		if err := tidyText(f+".question", &q.Question); err != nil {
			return err
		}
		if err := tidyText(f+".context", &q.Context); err != nil {
			return err
		}
		if q.Question == "" {
			continue
		}
		if !slices.Contains(baton.Priorities, q.Priority) {
			return baton.Invalid(f+".priority", "priority must be high, medium or low; got %q", q.Priority)
		}
		questions = append(questions, q)
	}
	c.Transferred.OpenQuestions = questions
	return nil
}

// checkListSizes bounds the tasks, decisions and questions kept.
func checkListSizes(c *baton.BridgeContent) error {
	tc := &c.Transferred
	if len(tc.ActiveTasks) > maxListItems || len(tc.RecentDecisions) > maxListItems || len(tc.OpenQuestions) > maxListItems {
		return baton.Invalid("transferred_context", "a list may hold at most %d items", maxListItems)
	}
	return nil
}

// normalizeStewardState tidies the steward's state; an energy level left
// out is normal.
func normalizeStewardState(c *baton.BridgeContent) error {
	st := &c.Transferred.StewardState
	var err error
	if st.CurrentMood, err = tidyList("transferred_context.steward_state.current_mood", st.CurrentMood); err != nil {
		return err
	}
	if st.EnergyLevel == "" {
		st.EnergyLevel = "normal"
	}
	if !slices.Contains(baton.EnergyLevels, st.EnergyLevel) {
		return baton.Invalid("transferred_context.steward_state.energy_level", "energy_level must be high, normal or low; got %q", st.EnergyLevel)
	}
	return tidyLists(
		listField{"transferred_context.steward_state.focus_areas", &st.FocusAreas},
		listField{"transferred_context.steward_state.recent_wins", &st.RecentWins},
		listField{"transferred_context.steward_state.recent_challenges", &st.RecentChallenges},
	)
}

// normalizeTechnicalState tidies the branch, the errors and the
// environment entries (blank names dropped).
func normalizeTechnicalState(c *baton.BridgeContent) error {
	ts := &c.Transferred.TechnicalState
	if err := tidyText("transferred_context.technical_state.current_branch", &ts.CurrentBranch); err != nil {
		return err
	}
	var err error
	if ts.ActiveErrors, err = tidyList("transferred_context.technical_state.active_errors", ts.ActiveErrors); err != nil {
		return err
	}
	env := map[string]string{}
	for k, v := range ts.EnvironmentState {
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if k == "" {
			continue
		}
		if len(k) > 100 || utf8.RuneCountInString(v) > maxItemChars {
			return baton.Invalid("transferred_context.technical_state.environment_state", "an environment entry is too long: %q", clipN(k, 40))
		}
		env[k] = v
	}
	if len(env) > maxEnvEntries {
		return baton.Invalid("transferred_context.technical_state.environment_state", "at most %d environment entries", maxEnvEntries)
	}
	ts.EnvironmentState = env
	return nil
}

// normalizeInstructions tidies the handoff instructions.
func normalizeInstructions(c *baton.BridgeContent) error {
	hi := &c.Instructions
	if err := tidyText("handoff_instructions.immediate_priority", &hi.ImmediatePriority); err != nil {
		return err
	}
	if err := tidyText("handoff_instructions.communication_style", &hi.CommunicationStyle); err != nil {
		return err
	}
	return tidyLists(
		listField{"handoff_instructions.avoid_repeating", &hi.AvoidRepeating},
		listField{"handoff_instructions.key_context", &hi.KeyContext},
	)
}
