package demo

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Annotations gives the demo steward's review something to show (issue
// 12): on the first two chat sessions (never a code session, which the
// replay's comparison scores), a comment on the session and, on the last
// answer, a comment, a label and scores, one with a long dimension and a
// note with a long URL, as a reviewer writes them. The review page and the
// session's review block show them at every width.
func Annotations(ctx context.Context, st *store.Store, stewardID int64, sessionIDs []string) error {
	chats := 0
	for _, id := range sessionIDs {
		if chats == 2 {
			break
		}
		sess, err := st.Session(ctx, stewardID, id)
		if err != nil {
			return err
		}
		if sess.Type != baton.SessionChat {
			continue
		}
		msgs, err := st.LastMessages(ctx, stewardID, id, 4)
		if err != nil {
			return err
		}
		var answer *baton.Message
		for _, m := range msgs {
			if m.Role == baton.RoleAssistant {
				answer = m
			}
		}
		if answer == nil {
			continue
		}
		chats++
		if err := st.AddAnnotations(ctx, stewardID, id, 0, []*baton.Annotation{
			{Kind: baton.AnnotationComment, Note: "Worth keeping: the reasoning holds up when re-read a week later."},
		}); err != nil {
			return err
		}
		if err := st.AddAnnotations(ctx, stewardID, id, answer.ID, []*baton.Annotation{
			{Kind: baton.AnnotationScore, Dimension: "accuracy", Value: score(0.9), Note: "Checked against https://www.postgresql.org/docs/current/transaction-iso.html#XACT-READ-COMMITTED-AND-REPEATABLE-READ"},
			{Kind: baton.AnnotationScore, Dimension: "clarity of the explanation for a newcomer", Value: score(0.7)},
			{Kind: baton.AnnotationLabel, Label: "keep-for-onboarding"},
			{Kind: baton.AnnotationComment, Note: "The example at the end is the part to reuse."},
		}); err != nil {
			return err
		}
	}
	return nil
}
