package continuity

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// ShortTermSize is the seed's short-term memory: the last 10 messages.
const ShortTermSize = 10

// shortTermChars bounds one remembered message: it goes into a model's context.
const shortTermChars = 600

// branchFrames is how many of the branch's newest frames the next session
// starts with: enough to see where the work stands, few enough to read.
const branchFrames = 5

// NextContext is what a new session starts with.
type NextContext struct {
	GeneratedAt time.Time `json:"generated_at"`
	// Bridge is the handoff of the steward's latest session: published, or
	// the latest draft with Unreviewed set. Nil when there is none.
	Bridge     *baton.Bridge `json:"bridge"`
	Unreviewed bool          `json:"bridge_unreviewed"`
	// Summary is the cross-conversational summary.
	Summary *baton.CrossSummary `json:"summary"`
	// MediumTerm is the medium-term memory of the session handed over
	// from: a summary of its main conversation, refreshed every
	// baton.MemoryEvery messages. Nil when it has none yet.
	MediumTerm *baton.ConversationMemory `json:"medium_term"`
	// ShortTerm is the last messages of the session handed over from.
	ShortTerm        []ShortTermMessage `json:"short_term"`
	ShortTermSession string             `json:"short_term_session,omitempty"`
	// Frames are the newest Lex frames of the branch being worked on (the
	// new session's branch, else the previous session's), newest first.
	Frames       []FrameNote `json:"frames"`
	FramesBranch string      `json:"frames_branch,omitempty"`
	Markdown     string      `json:"markdown"`
}

// FrameNote is what the next session needs of one frame.
type FrameNote struct {
	ID             string    `json:"id"`
	Timestamp      time.Time `json:"timestamp"`
	ReferencePoint string    `json:"reference_point"`
	SummaryCaption string    `json:"summary_caption"`
	NextAction     string    `json:"next_action"`
	Blockers       []string  `json:"blockers,omitempty"`
}

// ShortTermMessage is one remembered message.
type ShortTermMessage struct {
	Seq       int64      `json:"sequence_number"`
	Role      baton.Role `json:"role"`
	Content   string     `json:"content"`
	Timestamp time.Time  `json:"timestamp"`
}

// Next assembles what a new session starts with, leaving out the session
// being started (exclude, "" for none): the latest bridge, the
// cross-conversational summary and the short-term memory of the session it
// comes from.
func (s *Service) Next(ctx context.Context, stewardID int64, exclude string) (*NextContext, error) {
	nc := &NextContext{GeneratedAt: s.now().UTC(), ShortTerm: []ShortTermMessage{}, Frames: []FrameNote{}}
	b, err := s.store.LatestBridge(ctx, stewardID, exclude)
	switch {
	case err == nil:
		nc.Bridge, nc.Unreviewed = b, b.Status != baton.BridgePublished
	case baton.ErrorCode(err) != baton.ENOTFOUND:
		return nil, err
	}
	if nc.Summary, err = s.Summary(ctx, stewardID); err != nil {
		return nil, err
	}
	from := ""
	if b != nil {
		from = b.FromSession
	} else {
		page, err := s.store.ListSessions(ctx, stewardID, baton.SessionFilter{Sort: baton.SortStartedDesc, Limit: 2})
		if err != nil {
			return nil, err
		}
		for _, sess := range page.Sessions {
			if sess.ID != exclude && from == "" {
				from = sess.ID
			}
		}
	}
	if from != "" {
		msgs, err := s.store.LastMessages(ctx, stewardID, from, ShortTermSize)
		if err != nil {
			return nil, err
		}
		nc.ShortTermSession = from
		memory, err := s.store.ConversationMemory(ctx, stewardID, from, "")
		switch {
		case err == nil:
			nc.MediumTerm = memory
		case baton.ErrorCode(err) != baton.ENOTFOUND:
			return nil, err
		}
		for _, m := range msgs {
			nc.ShortTerm = append(nc.ShortTerm, ShortTermMessage{Seq: m.Seq, Role: m.Role, Content: clipN(m.Content, shortTermChars), Timestamp: m.Timestamp})
		}
	}
	if err := s.addBranchFrames(ctx, stewardID, nc, exclude, from); err != nil {
		return nil, err
	}
	nc.Markdown = nc.markdown()
	return nc, nil
}

// addBranchFrames adds the newest frames of the branch being worked on:
// the branch of the session being started when it is known and has one,
// else the branch of the session handed over from.
func (s *Service) addBranchFrames(ctx context.Context, stewardID int64, nc *NextContext, sessionIDs ...string) error {
	for _, id := range sessionIDs {
		if id == "" || nc.FramesBranch != "" {
			continue
		}
		sess, err := s.store.Session(ctx, stewardID, id)
		switch {
		case err == nil:
			nc.FramesBranch = sess.Branch
		case baton.ErrorCode(err) != baton.ENOTFOUND: // a session not stored yet has no branch
			return err
		}
	}
	if nc.FramesBranch == "" {
		return nil
	}
	frames, err := s.store.LatestFrames(ctx, stewardID, nc.FramesBranch, branchFrames)
	if err != nil {
		return err
	}
	for _, f := range frames {
		nc.Frames = append(nc.Frames, FrameNote{ID: f.ID, Timestamp: f.At, ReferencePoint: f.ReferencePoint,
			SummaryCaption: f.SummaryCaption, NextAction: f.StatusSnapshot.NextAction, Blockers: f.StatusSnapshot.Blockers})
	}
	return nil
}

// markdown is the seed's "New Conversation Context".
func (nc *NextContext) markdown() string {
	var b strings.Builder
	b.WriteString("# New Conversation Context\n\n")
	if nc.Bridge != nil {
		if nc.Unreviewed {
			b.WriteString("The handoff below is a draft the steward has not reviewed yet.\n\n")
		}
		b.WriteString(demote(BridgeMarkdown(nc.Bridge)))
		b.WriteString("\n")
	} else {
		b.WriteString("No earlier sessions with a handoff yet.\n\n")
	}
	if nc.Summary != nil {
		b.WriteString(demote(nc.Summary.Markdown))
		b.WriteString("\n")
	}
	b.WriteString("## Medium-term memory\n")
	if nc.MediumTerm == nil || nc.MediumTerm.Summary == "" {
		b.WriteString("Empty: the previous session has fewer than 10 messages.\n\n")
	} else {
		fmt.Fprintf(&b, "A summary of the first %d messages of the previous session:\n\n%s\n\n", nc.MediumTerm.Covered, oneLine(nc.MediumTerm.Summary))
	}
	if len(nc.Frames) > 0 {
		fmt.Fprintf(&b, "## Latest frames on %s\n", nc.FramesBranch)
		for _, f := range nc.Frames {
			fmt.Fprintf(&b, "- %s — %s (%s). Next: %s", f.Timestamp.Format("2006-01-02 15:04"), oneLine(f.SummaryCaption), f.ReferencePoint, oneLine(f.NextAction))
			if len(f.Blockers) > 0 {
				fmt.Fprintf(&b, " Blocked by: %s.", strings.Join(f.Blockers, "; "))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("## Short-term memory\n")
	if len(nc.ShortTerm) == 0 {
		b.WriteString("Empty: no earlier messages.\n")
	} else {
		fmt.Fprintf(&b, "The last %d messages of the previous session:\n\n", len(nc.ShortTerm))
		for _, m := range nc.ShortTerm {
			fmt.Fprintf(&b, "- **%s** (#%d): %s\n", m.Role, m.Seq, oneLine(m.Content))
		}
	}
	return b.String()
}

// demote turns a document's headings one level down, so it nests under
// the context's own title.
func demote(md string) string {
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") {
			lines[i] = "#" + l
		}
	}
	return strings.Join(lines, "\n")
}
