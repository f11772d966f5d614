package views

import (
	"fmt"

	"github.com/baton-dev/baton/internal/baton"
)

// SideSection names one section of the session page's side panel, for its
// table of contents. Add a feature's section here and in sideSections.
type SideSection struct{ ID, Title string }

// sideSectionsOf lists the side panel's sections in the order they show.
func sideSectionsOf(p SessionPage) []SideSection {
	out := []SideSection{
		{"side-review", "Review"}, {"side-summary", "Summary"}, {"side-arc", "Arc"},
		{"side-progress", "Progress"}, {"side-technical", "Technical"},
	}
	if p.Session.Tokens.Total > 0 {
		out = append(out, SideSection{"side-tokens", "Tokens"})
	}
	out = append(out, SideSection{"side-quality", "Quality"})
	if p.Analysis.Model != nil {
		out = append(out, SideSection{"side-model", "Model"})
	}
	out = append(out, []SideSection{
		{"side-memory", "Memory"},
		{"side-continuity", "Continuity"}, {"side-relationship", "Relationship"}, {"side-assistant", "Assistant"},
	}...)
	if len(p.Conversations) > 1 {
		out = append(out, SideSection{"side-conversations", "Conversations"})
	}
	return append(out, SideSection{"side-frames", "Frames"}, SideSection{"side-share", "Share"})
}

// sideHint is the folded side panel's one line on a phone: what it holds.
func sideHint(p SessionPage) string {
	return fmt.Sprintf("quality %s · %s", score(p.Session.QualityScore), reviewSummary(p))
}

// reviewSummary is the review status with how many annotations the
// session and its messages carry, e.g. "Pending · 3 annotations".
func reviewSummary(p SessionPage) string {
	s := humanize(string(p.Session.ReviewStatus))
	if s == "" {
		s = "Pending"
	}
	if n := reviewCount(p); n > 0 {
		s += " · " + countOf(int64(n), "annotation")
	}
	return s
}

// reviewCount is the number of annotations on the session and its messages.
func reviewCount(p SessionPage) int {
	return len(p.Analysis.Review.Annotations) + p.Analysis.Review.MessageAnnotations
}

func summaryCount(s baton.Summary) int {
	return len(s.KeyTopics) + len(s.MainOutcomes) + len(s.Decisions)
}

func progressCount(pr baton.Progress) int {
	return len(pr.TasksCompleted) + len(pr.TasksRemaining) + len(pr.Blockers) + len(pr.TasksDiscussed)
}

func technicalCount(t baton.TechnicalContext) int {
	return len(t.Repositories) + len(t.Technologies) + len(t.CodeChanges) + len(t.Errors)
}

func qualityCount(p SessionPage) int { return len(p.Analysis.Patterns) }

func continuityCount(c baton.Continuity) int {
	n := len(c.OpenThreads)
	if c.PreviousSession != nil {
		n++
	}
	if c.NextSession != nil {
		n++
	}
	return n
}
