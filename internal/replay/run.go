package replay

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// RunStore is what running a replay reads and writes.
type RunStore interface {
	Replay(ctx context.Context, stewardID int64, id string) (*baton.Replay, error)
	ConversationByID(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	ConversationMessages(ctx context.Context, stewardID int64, conversationID string, upTo int64) ([]*baton.Message, error)
	AppendMessages(ctx context.Context, stewardID int64, sessionID, conversationID string, msgs []*baton.Message) (baton.AppendResult, error)
	SetReplayStatus(ctx context.Context, stewardID int64, id, status, reason string) (*baton.Replay, error)
}

// RunReplay runs one of the steward's prepared replays: running while the
// model works, then completed, or failed with the reason. The messages the
// run produced are kept either way.
func RunReplay(ctx context.Context, st RunStore, rn *Runner, stewardID int64, id string) (*baton.Replay, error) {
	r, err := st.Replay(ctx, stewardID, id)
	if err != nil {
		return nil, err
	}
	fork, err := st.ConversationByID(ctx, stewardID, r.ConversationID)
	if err != nil {
		return nil, err
	}
	prefix, err := st.ConversationMessages(ctx, stewardID, fork.ID, fork.ForkPointSeq)
	if err != nil {
		return nil, err
	}
	recorded, err := st.ConversationMessages(ctx, stewardID, r.SourceConversationID, 0)
	if err != nil {
		return nil, err
	}
	if _, err := st.SetReplayStatus(ctx, stewardID, id, baton.ReplayRunning, ""); err != nil {
		return nil, err
	}
	res := rn.Run(ctx, r, fork.ForkPointSeq, prefix, recorded)
	if len(res.Messages) > 0 {
		if _, err := st.AppendMessages(ctx, stewardID, fork.SessionID, fork.ID, res.Messages); err != nil {
			res.Failure = "the run's messages could not be stored: " + baton.ErrorMessage(err)
		}
	}
	if res.Failure != "" {
		return st.SetReplayStatus(ctx, stewardID, id, baton.ReplayFailed, res.Failure)
	}
	return st.SetReplayStatus(ctx, stewardID, id, baton.ReplayCompleted, "")
}
