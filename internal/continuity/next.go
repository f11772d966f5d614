package continuity

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// ShortTermSize is the short-term memory: the last 10 messages.
const ShortTermSize = 10

// shortTermChars bounds one remembered message: it goes into a model's context.
const shortTermChars = 600

// branchFrames is how many of the branch's newest frames the next session
// starts with: enough to see where the work stands, few enough to read.
const branchFrames = 5

// NextRequest says which session is starting: its project (repository or
// working directory, and branch), and the session itself when it exists
// already (Exclude: a resumed session is not its own predecessor).
type NextRequest struct {
	Project baton.ProjectQuery
	Exclude string
}

// NextContext is what a new session starts with.
type NextContext struct {
	GeneratedAt time.Time `json:"generated_at"`
	// Project is the project the context is for; empty parts are unknown
	// (with neither repository nor directory, any project).
	Project baton.ProjectQuery `json:"project"`
	// Bridge is the handoff the project's next session receives
	// (BridgeRule): the one published for the project, as published (its
	// PublishedRevision, even when later edits wait), or else the newest
	// draft with Unreviewed set. Nil when there is none.
	Bridge     *baton.Bridge `json:"bridge"`
	Unreviewed bool          `json:"bridge_unreviewed"`
	// Why says why this bridge, in a sentence.
	Why string `json:"bridge_why"`
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
	// FramesLeftOut says the branch's frames were not handed on because
	// sessions of other projects work on a branch of the same name, and
	// a frame names no repository to tell them apart.
	FramesLeftOut bool   `json:"frames_left_out,omitempty"`
	Markdown      string `json:"markdown"`
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

// BridgeRule is how the bridge a new session receives is chosen.
const BridgeRule = "A new session receives the bridge of its project — sessions of the same repository or working directory: " +
	"the bridge the steward published for that project (as published, even while later edits wait to be published), " +
	"from the same branch when there is one, else the newest; when none is published, the newest draft, flagged as not reviewed. " +
	"A session that names no project receives the newest across all sessions."

// Next assembles what a new session of a project starts with (BridgeRule):
// the bridge it receives, the cross-conversational summary, and the
// medium- and short-term memory of the session that bridge comes from
// (else of the project's latest session). The API's context/next, the
// SessionStart hook, MCP and the bridge editor's preview all show this.
func (s *Service) Next(ctx context.Context, stewardID int64, req NextRequest) (*NextContext, error) {
	return s.next(ctx, stewardID, req)
}

func (s *Service) next(ctx context.Context, stewardID int64, req NextRequest) (*NextContext, error) {
	nc := &NextContext{GeneratedAt: s.now().UTC(), Project: req.Project, ShortTerm: []ShortTermMessage{}, Frames: []FrameNote{}}
	exclude := req.Exclude
	if !nc.Project.Known() && exclude != "" {
		// A session that exists already is of its own project.
		sess, err := s.store.Session(ctx, stewardID, exclude)
		switch {
		case err == nil:
			q := baton.QueryOf(sess)
			if nc.Project.Branch != "" {
				q.Branch = nc.Project.Branch
			}
			nc.Project = q
		case baton.ErrorCode(err) != baton.ENOTFOUND:
			return nil, err
		}
	}
	b, err := s.store.ProjectBridge(ctx, stewardID, nc.Project, exclude, nil)
	switch {
	case err == nil:
		if b, err = s.inForce(ctx, stewardID, b); err != nil {
			return nil, err
		}
		nc.Bridge, nc.Unreviewed = b, b.Status != baton.BridgePublished
		nc.Why = bridgeWhy(nc.Project, b)
	case baton.ErrorCode(err) == baton.ENOTFOUND:
		nc.Why = "No bridge for " + nc.Project.String() + " yet."
	default:
		return nil, err
	}
	if nc.Summary, err = s.summaryFor(ctx, stewardID, nc.Project, nc.Bridge); err != nil {
		return nil, err
	}
	from := ""
	if nc.Bridge != nil {
		from = nc.Bridge.FromSession
	} else if id, err := s.store.LatestInProject(ctx, stewardID, nc.Project, exclude, nil); err == nil {
		from = id
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		return nil, err
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
	nc.FramesBranch = nc.Project.Branch
	if err := s.addBranchFrames(ctx, stewardID, nc, exclude, from); err != nil {
		return nil, err
	}
	nc.Markdown = nc.markdown()
	return nc, nil
}

// addBranchFrames adds the newest frames of the branch being worked on:
// the branch the request named, else the branch of the session being
// started when it is known and has one, else the branch of the session
// handed over from; none when sessions of other projects work on a
// branch of that name (frames name no repository to tell them apart).
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
	if err != nil || len(frames) == 0 {
		return err
	}
	shared, err := s.store.BranchInOtherProjects(ctx, stewardID, baton.ProjectQuery{Project: nc.Project.Project, Branch: nc.FramesBranch})
	if err != nil {
		return err
	}
	if shared {
		// Another project's frames on its own "main" are not this
		// project's state: none is handed on rather than the wrong one.
		nc.FramesLeftOut = true
		return nil
	}
	for _, f := range frames {
		nc.Frames = append(nc.Frames, FrameNote{ID: f.ID, Timestamp: f.At, ReferencePoint: f.ReferencePoint,
			SummaryCaption: f.SummaryCaption, NextAction: f.StatusSnapshot.NextAction, Blockers: f.StatusSnapshot.Blockers})
	}
	return nil
}

// markdown is the "New Conversation Context" document.
func (nc *NextContext) markdown() string {
	var b strings.Builder
	b.WriteString("# New Conversation Context\n\n")
	fmt.Fprintf(&b, "Project: %s. %s\n\n", nc.Project, nc.Why)
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
	if nc.FramesLeftOut {
		fmt.Fprintf(&b, "## Frames\nThe frames of %s are left out: other projects have a branch of that name, and frames name no repository.\n\n", nc.FramesBranch)
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

// inForce is a bridge as the next session receives it: a published bridge
// with unpublished changes hands over its published revision.
func (s *Service) inForce(ctx context.Context, stewardID int64, b *baton.Bridge) (*baton.Bridge, error) {
	if !b.UnpublishedChanges || b.PublishedRevision == 0 {
		return b, nil
	}
	rev, err := s.store.BridgeRevision(ctx, stewardID, b.ID, b.PublishedRevision)
	if err != nil {
		return nil, err
	}
	out := *b
	out.BridgeContent = rev.BridgeContent
	out.Revision = rev.Revision
	q := Quality(rev.BridgeContent)
	q.Effectiveness = b.Quality.Effectiveness
	if e, ok := b.Quality.Why["effectiveness"]; ok {
		q.Why["effectiveness"] = e
	}
	out.Quality = q
	return &out, nil
}

// bridgeWhy says why the next session of a project receives a bridge.
func bridgeWhy(q baton.ProjectQuery, b *baton.Bridge) string {
	from := orUntitled(b.FromTitle)
	if b.Status == baton.BridgePublished {
		why := fmt.Sprintf("The bridge published for this project, from %s (revision %d)", from, b.Revision)
		if b.UnpublishedChanges {
			why += "; later edits are not published yet"
		}
		return why + "."
	}
	if !q.Known() {
		return fmt.Sprintf("No bridge is published; the newest draft, from %s, not reviewed by the steward.", from)
	}
	return fmt.Sprintf("No bridge is published for this project; the newest draft, from %s, not reviewed by the steward.", from)
}

// summaryFor is the cross-conversational summary a new session of a
// project starts with: of that project's completed sessions, with the
// bridge it receives as the open work (so another project's sessions or
// drafts never reach it); with no project, the steward's kept summary.
func (s *Service) summaryFor(ctx context.Context, stewardID int64, q baton.ProjectQuery, received *baton.Bridge) (*baton.CrossSummary, error) {
	if !q.Known() {
		return s.Summary(ctx, stewardID)
	}
	done, err := s.store.ProjectSessions(ctx, stewardID, q, summaryCandidates)
	if err != nil {
		return nil, err
	}
	var bridges []*baton.Bridge
	if received != nil {
		bridges = append(bridges, received)
	}
	return BuildSummary(done, bridges, s.now().UTC()), nil
}
