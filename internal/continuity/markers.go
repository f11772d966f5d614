package continuity

import (
	"github.com/baton-dev/baton/internal/baton"
)

// MarkerStateOf is the state block at a marker: progress from the
// session's tasks, the next steps and blockers from its bridge, insights
// from its outcomes and fixed errors, and the collaboration's health and
// momentum from its analysis.
func MarkerStateOf(sess *baton.Session, stored *baton.StoredAnalysis, b *baton.Bridge) baton.MarkerState {
	a := analysisOf(sess, stored)
	st := baton.MarkerState{NextSteps: []string{}, RecentInsights: firstN(a.Summary.MainOutcomes, 3), LearnedPatterns: []string{},
		CollaborationHealth: a.Health, Momentum: a.Momentum}
	if !a.HasHealth {
		st.CollaborationHealth = 0.5
	}
	if st.Momentum == "" {
		st.Momentum = "steady"
	}
	if n := len(a.Progress.TasksDiscussed); n > 0 {
		st.CompletedPercentage = round2(100 * float64(len(a.Progress.TasksCompleted)) / float64(n))
	}
	for _, e := range a.Technical.Errors {
		if e.Learned != "" {
			st.LearnedPatterns = appendUnique(st.LearnedPatterns, clip(e.Learned))
		}
	}
	st.LearnedPatterns = firstN(st.LearnedPatterns, 3)
	st.WorkingOn = oneLine(sess.Title)
	st.CurrentPhase = phaseOf(sess, a, b)
	if b != nil {
		tc := b.Transferred
		for _, t := range tc.ActiveTasks {
			if len(st.NextSteps) < 3 {
				st.NextSteps = append(st.NextSteps, t.Task)
			}
			if t.Status == baton.TaskBlocked && st.BlockedBy == "" {
				st.BlockedBy = t.Task
			}
		}
		if len(tc.ActiveTasks) > 0 && tc.ActiveTasks[0].Status != baton.TaskPlanned {
			st.WorkingOn = tc.ActiveTasks[0].Task
		}
		for _, q := range tc.OpenQuestions {
			if q.Priority == "high" && st.WaitingFor == "" {
				st.WaitingFor = "an answer: " + q.Question
			}
		}
	}
	return st
}

// phaseOf names where the work stands: blocked or debugging when errors
// are open, wrapping up when every task is done, otherwise by type.
func phaseOf(sess *baton.Session, a sessionAnalysis, b *baton.Bridge) string {
	if b != nil && len(b.Transferred.TechnicalState.ActiveErrors) > 0 {
		return "debugging"
	}
	if n := len(a.Progress.TasksDiscussed); n > 0 && len(a.Progress.TasksCompleted) == n {
		return "wrapping up"
	}
	switch sess.Type {
	case baton.SessionCode:
		return "implementation"
	case baton.SessionPlanning:
		return "planning"
	case baton.SessionAnalysis:
		return "analysis"
	case baton.SessionReflection:
		return "reflection"
	}
	return "conversation"
}
