package main

import (
	"context"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// layout says how generated messages are spread: sessions of perSession
// messages, dealt to the stewards in turn (session n belongs to
// stewards[n % len(stewards)]).
type layout struct {
	stewards   []int64
	perSession int
	t0         time.Time
}

// owner returns the steward of message i.
func (l layout) owner(i int) int64 { return l.stewards[(i/l.perSession)%len(l.stewards)] }

// generate writes messages [from, to) of the corpus as whole sessions, rows
// straight into the tables in transactions of about 10,000 messages. It is
// how the benchmarks build large data sets quickly; it is NOT the ingest
// path and its rate is not an ingest figure (the API ingest step and the
// growth step's appends measure that). The rows are what the store writes
// for a session created and filled through the API: the session with its
// main conversation, the messages numbered from 1, both counters kept; the
// search indexer and the analysis worker pick the messages up as usual.
// from and to are multiples of l.perSession.
func generate(ctx context.Context, st *store.Store, l layout, c *corpus, from, to int) error {
	const messagesPerTx = 10000
	per := l.perSession
	for first := from; first < to; {
		last := min(to, first+max(per, messagesPerTx/per*per))
		err := st.DB().RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			var sessions []*baton.Session
			var convs []*baton.Conversation
			var msgs []*baton.Message
			for i := first; i < last; i += per {
				n := i / per
				started := l.t0.Add(time.Duration(n) * time.Minute)
				ended := started.Add(time.Duration(per) * time.Second)
				s := &baton.Session{ID: uuid.NewString(), StewardID: l.owner(i), Title: fmt.Sprintf("session %d", n),
					Type: baton.SessionCode, Source: "api", StartedAt: started, EndedAt: &ended, DurationSeconds: int64(per),
					Version: "2.0", ReviewStatus: baton.ReviewPending, MessageCount: per, CreatedAt: started, UpdatedAt: ended}
				cv := &baton.Conversation{ID: uuid.NewString(), StewardID: s.StewardID, SessionID: s.ID,
					Kind: baton.ConversationOriginal, Title: s.Title, MessageCount: per, CreatedAt: started}
				sessions, convs = append(sessions, s), append(convs, cv)
				for k := 0; k < per; k++ {
					j := i + k
					m := &baton.Message{StewardID: s.StewardID, SessionID: s.ID, ConversationID: cv.ID, Seq: int64(k + 1),
						SourceID: fmt.Sprint(j), Role: []baton.Role{baton.RoleSteward, baton.RoleAssistant}[j%2],
						Content: c.message(j), ContentType: baton.ContentText, Timestamp: started.Add(time.Duration(k) * time.Second)}
					m.SyncArc()
					msgs = append(msgs, m)
				}
			}
			if _, err := tx.NewInsert().Model(&sessions).Exec(ctx); err != nil {
				return err
			}
			if _, err := tx.NewInsert().Model(&convs).Exec(ctx); err != nil {
				return err
			}
			// Inserts of 1,000 rows keep each statement a few hundred KB.
			for k := 0; k < len(msgs); k += 1000 {
				part := msgs[k:min(k+1000, len(msgs))]
				if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		first = last
	}
	st.Kick()
	return nil
}
