package demo

import (
	"context"
	"slices"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/store"
)

// Continuity passes the baton through the demo sessions once they are
// imported and analysed, as a steward who reviews handoffs would: every
// session is finalized in the order it started (linked to the previous
// session of its project, drafting its bridge, placing its markers, and
// measuring the bridge it received); each bridge is published before the
// next session starts — every third after an edit by the steward — except
// the newest, which stays a draft awaiting review, and the second-newest,
// which is edited again after publishing (unpublished changes); and a
// checkpoint is placed by hand on a message. The markers read each
// session's health and momentum from the analysis service an (the one
// that analysed the import); without it every marker would show the
// defaults.
func Continuity(ctx context.Context, st *store.Store, an continuity.Analyzer, stewardID int64, sessionIDs []string) error {
	cont := continuity.New(st, an)
	var sessions []*baton.Session
	for _, id := range sessionIDs {
		sess, err := st.Session(ctx, stewardID, id)
		if err != nil {
			return err
		}
		if !sess.Open() {
			sessions = append(sessions, sess)
		}
	}
	slices.SortStableFunc(sessions, func(a, b *baton.Session) int { return a.StartedAt.Compare(b.StartedAt) })
	for i, sess := range sessions {
		_, b, err := cont.Finalize(ctx, stewardID, sess.ID, nil)
		if err != nil {
			return err
		}
		if i == len(sessions)-1 {
			break // the newest awaits review
		}
		if i%3 == 0 || i == len(sessions)-2 {
			if b, err = review(ctx, cont, stewardID, b, "Reviewed by the steward: start with the open question before coding"); err != nil {
				return err
			}
		}
		if _, err := cont.Publish(ctx, stewardID, b.ID); err != nil {
			return err
		}
		if i == len(sessions)-2 {
			if _, err := review(ctx, cont, stewardID, b, "Ask Priya whether the Lua script needs a benchmark first"); err != nil {
				return err
			}
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

// review saves the steward's edit of a bridge: a line of key context.
func review(ctx context.Context, cont *continuity.Service, stewardID int64, b *baton.Bridge, note string) (*baton.Bridge, error) {
	content := b.BridgeContent
	content.Instructions.KeyContext = append(slices.Clip(content.Instructions.KeyContext), note)
	return cont.Save(ctx, stewardID, b.ID, b.Revision, StewardUsername, content)
}
