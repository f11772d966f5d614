package demo

import (
	"context"
	"slices"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/store"
)

// Continuity passes the baton through the demo sessions once they are
// imported and analysed: every session is finalized in the order it
// started (linking each to the one before, drafting its bridge, placing
// its markers); the bridge of the second-newest session is edited and
// published, the newest stays a draft awaiting review; and a checkpoint
// is placed by hand on a message.
func Continuity(ctx context.Context, st *store.Store, stewardID int64, sessionIDs []string) error {
	cont := continuity.New(st, nil) // the import has analysed them
	var sessions []*baton.Session
	for _, id := range sessionIDs {
		sess, err := st.Session(ctx, stewardID, id)
		if err != nil {
			return err
		}
		sessions = append(sessions, sess)
	}
	slices.SortStableFunc(sessions, func(a, b *baton.Session) int { return a.StartedAt.Compare(b.StartedAt) })
	var bridges []*baton.Bridge
	for _, sess := range sessions {
		if sess.Open() {
			continue
		}
		_, b, err := cont.Finalize(ctx, stewardID, sess.ID, nil)
		if err != nil {
			return err
		}
		bridges = append(bridges, b)
	}
	if len(bridges) >= 2 {
		b := bridges[len(bridges)-2]
		content := b.BridgeContent
		content.Instructions.KeyContext = append(content.Instructions.KeyContext, "Reviewed by the steward: start with the open question before coding")
		edited, err := cont.Save(ctx, stewardID, b.ID, b.Revision, "demo", content)
		if err != nil {
			return err
		}
		if _, err := cont.Publish(ctx, stewardID, edited.ID); err != nil {
			return err
		}
		// The newest session starts from that published handoff.
		if err := cont.StartAfter(ctx, stewardID, bridges[len(bridges)-1].FromSession, edited.FromSession); err != nil {
			return err
		}
	}
	if len(sessions) > 0 {
		msgs, err := st.LastMessages(ctx, stewardID, sessions[len(sessions)-1].ID, 3)
		if err != nil {
			return err
		}
		if len(msgs) > 0 {
			if _, err := cont.MarkMessage(ctx, stewardID, msgs[0].ID, baton.MarkerCheckpoint, "A good place to pick up from"); err != nil {
				return err
			}
		}
	}
	_, err := cont.RefreshSummary(ctx, stewardID)
	return err
}
