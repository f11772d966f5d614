package views

import (
	"github.com/baton-dev/baton/internal/baton"
)

// BridgesPage lists the steward's bridges: drafts awaiting review first.
type BridgesPage struct {
	Page
	Bridges []*baton.Bridge
	// Effectiveness is the measured bridges, oldest first, for the chart.
	Effectiveness []EffectivenessPoint
	// EffectivenessRule says how effectiveness is measured.
	EffectivenessRule string
}

// EffectivenessPoint is one measured bridge on the effectiveness chart.
type EffectivenessPoint struct {
	BridgeID string
	Label    string
	Score    float64
	Edited   bool
}

// BridgePage is the bridge editor.
type BridgePage struct {
	Page
	Bridge    *baton.Bridge
	Revisions []*baton.BridgeRevision
	// Markdown is this bridge's latest revision as a session would receive it.
	Markdown string
	Rules    QualityRules
	Next     NextReceives
}

// NextReceives is what the next session of the bridge's project receives:
// the Markdown GET /api/v1/context/next and the SessionStart hook return
// for that project, built by the same function.
type NextReceives struct {
	// Project names the project ("any project" when the session has none).
	Project string
	// Query is the project as context/next's parameters (cwd, repo, branch).
	Query string
	Why   string
	// Received is the bridge handed over (nil when none); ThisBridge says
	// whether it is the one being edited.
	Received   *baton.Bridge
	ThisBridge bool
	Markdown   string
	// Rule says how the bridge is chosen.
	Rule string
}

// QualityRules are the documented rules behind the quality figures.
type QualityRules struct {
	Completeness, Clarity, Relevance, Effectiveness string
}

// BridgeSaved is the answer to an autosave: the pieces of the page that
// follow the saved revision (swapped out of band, so no field the steward
// is typing in is touched).
type BridgeSaved struct {
	Bridge    *baton.Bridge
	Revisions []*baton.BridgeRevision
	Markdown  string
	Rules     QualityRules
	Next      NextReceives
	CSRF      string
}

// BridgeConflict is the answer to a stale save: both versions.
type BridgeConflict struct {
	Current        *baton.Bridge
	Message        string
	MineMarkdown   string
	TheirsMarkdown string
}

// BridgeDiff is the difference between two revisions, line by line.
type BridgeDiff struct {
	Page
	Bridge   *baton.Bridge
	From, To int
	Lines    []DiffLine
}

// DiffLine is one line of a diff: Op is "+", "-" or " ".
type DiffLine struct {
	Op   string
	Text string
}

// ContinuityPage is the timeline of markers across sessions.
type ContinuityPage struct {
	Page
	Markers []*baton.Marker
}

// SummaryPage is the cross-conversational summary.
type SummaryPage struct {
	Page
	Summary *baton.CrossSummary
	Rule    string
	Budget  [2]int
}
