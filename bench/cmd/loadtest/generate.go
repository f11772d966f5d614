package main

import (
	"context"
	"fmt"
	"time"

	"github.com/baton-dev/baton/bench/corpus"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
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
func generate(ctx context.Context, st *store.Store, l layout, c *corpus.Corpus, from, to int) error {
	const messagesPerTx = 10000
	per := l.perSession
	for first := from; first < to; {
		last := min(to, first+max(per, messagesPerTx/per*per))
		sessions, convs, msgs := generatedRows(l, c, first, last)
		err := st.DB().RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if _, err := tx.NewInsert().Model(&sessions).Exec(ctx); err != nil {
				return err
			}
			if _, err := tx.NewInsert().Model(&convs).Exec(ctx); err != nil {
				return err
			}
			if st.Dialect() == store.Postgres {
				return nil // copied below
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
		if err == nil && st.Dialect() == store.Postgres {
			err = copyMessages(ctx, st, msgs)
		}
		if err != nil {
			return err
		}
		first = last
	}
	st.Kick()
	return nil
}

// generatedRows builds messages [first, last) of the corpus as whole
// sessions: the sessions, their main conversations and the messages.
func generatedRows(l layout, c *corpus.Corpus, first, last int) ([]*baton.Session, []*baton.Conversation, []*baton.Message) {
	per := l.perSession
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
				Content: c.Message(j), ContentType: baton.ContentText, Timestamp: started.Add(time.Duration(k) * time.Second)}
			m.SyncArc()
			msgs = append(msgs, m)
		}
	}
	return sessions, convs, msgs
}

// copyMessages writes generated messages into PostgreSQL with COPY: the
// columns a message written through the API has set (the others keep
// their defaults), the tsvector computed by its generated column: the
// bulk-load path, not statements of a thousand rows' values for the server
// to parse. COPY runs on a connection of its own (a
// database/sql transaction does not give its connection out), after the
// messages' sessions and conversations are committed.
func copyMessages(ctx context.Context, st *store.Store, msgs []*baton.Message) error {
	conn, err := st.DB().DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	cols := []string{"steward_id", "session_id", "conversation_id", "seq", "source_id", "role",
		"arc_sentiment", "arc_emotion", "content", "content_type", "ts", "analyzed"}
	return conn.Raw(func(dc any) error {
		pc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("copy messages: the PostgreSQL connection is a %T, not pgx's", dc)
		}
		_, err := pc.Conn().CopyFrom(ctx, pgx.Identifier{"messages"}, cols, pgx.CopyFromSlice(len(msgs), func(i int) ([]any, error) {
			m := msgs[i]
			return []any{m.StewardID, m.SessionID, m.ConversationID, m.Seq, m.SourceID, string(m.Role),
				m.ArcSentiment, m.ArcEmotion, m.Content, string(m.ContentType), m.Timestamp, m.Analyzed}, nil
		}))
		return err
	})
}
