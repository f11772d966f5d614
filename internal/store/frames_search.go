package store

import (
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/fulltext"
)

// Frame recall indexes the words internal/fulltext makes of a frame's
// fields, the same on SQLite and PostgreSQL:
//
//	keywords (weight 3) · reference_point (2) · summary_caption (1.5)
//	· status_snapshot.next_action (1) · jira, module_scope, branch (0.5)
//
// in impact-ordered postings, and checks candidates against frame_text;
// the module filter reads the module's frames from the postings, the
// time filter is a range of rid, which is the frame's real instant.
//
// Ranking: see frames_rank.go.
const recencyHalfLife = 30 * 24 * time.Hour

// frameIndexText is a frame's text for each indexed field.
type frameIndexText struct {
	keywords, reference, summary, next, other string
}

func frameText(f *baton.Frame) frameIndexText {
	other := []string{f.Branch}
	if f.Jira != nil {
		other = append(other, *f.Jira)
	}
	other = append(other, f.ModuleScope...)
	return frameIndexText{
		keywords:  fulltext.Text(f.Keywords...),
		reference: fulltext.Text(f.ReferencePoint),
		summary:   fulltext.Text(f.SummaryCaption),
		next:      fulltext.Text(f.StatusSnapshot.NextAction),
		other:     fulltext.Text(other...),
	}
}
