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
	tc, hi := &c.Transferred, &c.Instructions
	tc.Summary = strings.TrimSpace(tc.Summary)
	if utf8.RuneCountInString(tc.Summary) > maxSummaryChars {
		return baton.Invalid("transferred_context.summary", "the summary must be at most %d characters; it has %d", maxSummaryChars, utf8.RuneCountInString(tc.Summary))
	}
	text := func(field string, s *string) error {
		*s = strings.TrimSpace(*s)
		if utf8.RuneCountInString(*s) > maxItemChars {
			return baton.Invalid(field, "%s must be at most %d characters", field, maxItemChars)
		}
		return nil
	}
	list := func(field string, items []string) ([]string, error) {
		out := []string{}
		for i, s := range items {
			if err := text(fmt.Sprintf("%s[%d]", field, i), &s); err != nil {
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
	var err error
	tasks := []baton.BridgeTask{}
	for i, t := range tc.ActiveTasks {
		f := fmt.Sprintf("transferred_context.active_tasks[%d]", i)
		if err := text(f+".task", &t.Task); err != nil {
			return err
		}
		if err := text(f+".context", &t.Context); err != nil {
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
	tc.ActiveTasks = tasks
	decisions := []baton.BridgeDecision{}
	for i, d := range tc.RecentDecisions {
		f := fmt.Sprintf("transferred_context.recent_decisions[%d]", i)
		if err := text(f+".decision", &d.Decision); err != nil {
			return err
		}
		if err := text(f+".rationale", &d.Rationale); err != nil {
			return err
		}
		if d.AlternativesConsidered, err = list(f+".alternatives_considered", d.AlternativesConsidered); err != nil {
			return err
		}
		if d.Decision != "" {
			decisions = append(decisions, d)
		}
	}
	tc.RecentDecisions = decisions
	questions := []baton.OpenQuestion{}
	for i, q := range tc.OpenQuestions {
		f := fmt.Sprintf("transferred_context.open_questions[%d]", i)
		if err := text(f+".question", &q.Question); err != nil {
			return err
		}
		if err := text(f+".context", &q.Context); err != nil {
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
	tc.OpenQuestions = questions
	if len(tc.ActiveTasks) > maxListItems || len(tc.RecentDecisions) > maxListItems || len(tc.OpenQuestions) > maxListItems {
		return baton.Invalid("transferred_context", "a list may hold at most %d items", maxListItems)
	}
	st := &tc.StewardState
	if st.CurrentMood, err = list("transferred_context.steward_state.current_mood", st.CurrentMood); err != nil {
		return err
	}
	if st.EnergyLevel == "" {
		st.EnergyLevel = "normal"
	}
	if !slices.Contains(baton.EnergyLevels, st.EnergyLevel) {
		return baton.Invalid("transferred_context.steward_state.energy_level", "energy_level must be high, normal or low; got %q", st.EnergyLevel)
	}
	if st.FocusAreas, err = list("transferred_context.steward_state.focus_areas", st.FocusAreas); err != nil {
		return err
	}
	if st.RecentWins, err = list("transferred_context.steward_state.recent_wins", st.RecentWins); err != nil {
		return err
	}
	if st.RecentChallenges, err = list("transferred_context.steward_state.recent_challenges", st.RecentChallenges); err != nil {
		return err
	}
	ts := &tc.TechnicalState
	if err := text("transferred_context.technical_state.current_branch", &ts.CurrentBranch); err != nil {
		return err
	}
	if ts.ActiveErrors, err = list("transferred_context.technical_state.active_errors", ts.ActiveErrors); err != nil {
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
	if err := text("handoff_instructions.immediate_priority", &hi.ImmediatePriority); err != nil {
		return err
	}
	if err := text("handoff_instructions.communication_style", &hi.CommunicationStyle); err != nil {
		return err
	}
	if hi.AvoidRepeating, err = list("handoff_instructions.avoid_repeating", hi.AvoidRepeating); err != nil {
		return err
	}
	if hi.KeyContext, err = list("handoff_instructions.key_context", hi.KeyContext); err != nil {
		return err
	}
	return nil
}
