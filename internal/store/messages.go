package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
)

// MaxBatch is how many messages one write may carry (baton.MaxBatch).
const MaxBatch = baton.MaxBatch

// prepareMessage checks one incoming message and fills its defaults. field
// and index name it in errors: "messages[3]" (index -1: field alone). The
// name is made only for an error: made for every message, it was most of
// checking an imported transcript's.
func prepareMessage(m *baton.Message, field string, index int, now time.Time) error {
	name := func() string {
		if index < 0 {
			return field
		}
		return field + "[" + strconv.Itoa(index) + "]"
	}
	m.Role = baton.Role(strings.TrimSpace(string(m.Role)))
	if m.Role == "" {
		return baton.Invalid(name()+".role", "%s.role is required", name())
	}
	if !m.Role.Valid() {
		return baton.Invalid(name()+".role", "%s.role must be steward, assistant, system, tool_call or tool_result; got %q", name(), m.Role)
	}
	// A source id is matched against stored ones, so a NUL is refused, not
	// dropped: PostgreSQL cannot take it as text and failed the duplicate
	// check with a 500.
	if strings.ContainsRune(m.SourceID, 0) {
		return baton.Invalid(name()+".source_id", "%s.source_id contains a NUL byte", name())
	}
	m.Content = stripNUL(m.Content)
	m.Thinking = stripNUL(m.Thinking)
	m.Speaker = stripNUL(m.Speaker)
	if len(m.Content) > baton.MaxContentBytes {
		return baton.Invalid(name()+".content", "%s.content is %d bytes; the limit is %d", name(), len(m.Content), baton.MaxContentBytes)
	}
	if m.ContentType == "" {
		m.ContentType = baton.ContentText
	}
	valid := false
	for _, ct := range baton.ContentTypes {
		valid = valid || ct == m.ContentType
	}
	if !valid {
		return baton.Invalid(name()+".content_type", "%s.content_type must be one of %s; got %q", name(), strings.Join(baton.ContentTypes, ", "), m.ContentType)
	}
	if n := len(m.Semantic.Embedding); n != 0 && n != baton.EmbeddingDims {
		return baton.Invalid(name()+".semantic.embedding", "%s.semantic.embedding must have %d numbers; got %d", name(), baton.EmbeddingDims, n)
	}
	if m.Semantic.Sentiment < -1 || m.Semantic.Sentiment > 1 {
		return baton.Invalid(name()+".semantic.sentiment", "%s.semantic.sentiment must be between -1 and 1", name())
	}
	if m.Impact.Significance < 0 || m.Impact.Significance > 1 {
		return baton.Invalid(name()+".impact.significance", "%s.impact.significance must be between 0 and 1", name())
	}
	m.SyncArc()
	if m.Timestamp.IsZero() {
		m.Timestamp = now
	}
	if !baton.ValidTime(m.Timestamp) {
		return baton.CheckTime(name()+".timestamp", m.Timestamp)
	}
	m.Timestamp = m.Timestamp.UTC()
	m.SourceID = strings.TrimSpace(m.SourceID)
	if len(m.SourceID) > baton.MaxSourceIDBytes {
		return baton.Invalid(name()+".source_id", "%s.source_id must be at most %d characters", name(), baton.MaxSourceIDBytes)
	}
	if m.SourceID == "" {
		// Without a client id, the same message sent twice still counts once.
		h := sha256.New()
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s", m.Role, m.Speaker, m.Timestamp.Format(time.RFC3339Nano), m.Content)
		m.SourceID = "h:" + hex.EncodeToString(h.Sum(nil)[:16])
	}
	return nil
}

// PrepareMessages checks a batch as AppendMessages will, without writing.
// Importers call it to reject a document before any write.
func PrepareMessages(msgs []*baton.Message, field string, now time.Time) error {
	for i, m := range msgs {
		if err := prepareMessage(m, field, i, now); err != nil {
			return err
		}
	}
	return nil
}

// AppendMessages adds a batch of messages to a conversation of one of the
// steward's sessions (its main conversation when conversationID is "").
// A message whose source id the conversation already has is a duplicate
// and changes nothing, so re-sending a batch is safe. The batch is written
// whole or not at all.
func (s *Store) AppendMessages(ctx context.Context, stewardID int64, sessionID, conversationID string, msgs []*baton.Message) (baton.AppendResult, error) {
	return s.AppendAnalysed(ctx, stewardID, sessionID, conversationID, msgs, nil)
}

// AppendAnalysed is AppendMessages with each message analysed by analyze
// (when not nil) once the batch has passed its checks and before it is
// written. The analysis runs on the caller's goroutine while the one
// SQLite writer stores other batches, so it takes the second core rather
// than the writer's time, and the analysis worker neither reads the
// messages back nor writes them again. A message analyze leaves
// unanalysed (Analyzed false) is the worker's, as with AppendMessages.
func (s *Store) AppendAnalysed(ctx context.Context, stewardID int64, sessionID, conversationID string, msgs []*baton.Message, analyze func([]*baton.Message)) (baton.AppendResult, error) {
	var res baton.AppendResult
	if len(msgs) > MaxBatch {
		return res, baton.Invalid("messages", "a batch holds at most %d messages; got %d", MaxBatch, len(msgs))
	}
	if err := PrepareMessages(msgs, "messages", s.clock()); err != nil {
		return res, err
	}
	release, err := s.appendTurn(ctx)
	if err != nil {
		return res, err
	}
	defer func() { release() }()
	if analyze != nil {
		analyze(msgs)
		for _, m := range msgs {
			// The arc columns follow the analysed sentiment and emotion,
			// as the worker's save makes them.
			m.SyncArc()
		}
	}
	rows, err := s.rowValuesOf(msgs)
	if err != nil {
		return res, err
	}
	if s.dialect == SQLite {
		// The turn was for the analysis: the write group takes any
		// number of appends at once.
		release()
		release = func() {}
		// Concurrent appends share one write transaction (append_group.go).
		err = s.inGroup(ctx, len(msgs), func(ctx context.Context, tx bun.Tx) error {
			r, err := s.appendInSession(ctx, tx, stewardID, sessionID, conversationID, msgs, rows)
			res = r
			return err
		}, func() { res = baton.AppendResult{} })
	} else {
		err = s.inTx(ctx, func(tx bun.Tx) error {
			res, err = s.appendInSession(ctx, tx, stewardID, sessionID, conversationID, msgs, rows)
			return err
		})
	}
	if err == nil && res.Stored > 0 {
		s.Kick()
	}
	return res, err
}

// appendInSession is AppendMessages inside a transaction the caller holds:
// the batch goes to a conversation of one of the steward's sessions.
// Messages must be prepared, and rows their values (rowValuesOf).
//
// Its reads and the session's start are statements with bound values
// (bound.go): each group runs them once per append in the one write
// transaction, where parsing them anew cost ~10% of the writer's CPU
// under the realistic mix (64 clients).
func (s *Store) appendInSession(ctx context.Context, tx bun.Tx, stewardID int64, sessionID, conversationID string, msgs []*baton.Message, rows rowValues) (baton.AppendResult, error) {
	// A conversation found with the steward's id and the session's is of
	// the steward's session, so the session is checked on its own only
	// when none is found: which of the two is missing decides the error.
	// (One statement fewer per append: on PostgreSQL each costs the server
	// a round of its own.)
	sess := &baton.Session{ID: sessionID, StewardID: stewardID}
	conv, err := s.conversationBound(ctx, tx, stewardID, sessionID, conversationID)
	if err != nil {
		if serr := s.sessionExistsBound(ctx, tx, stewardID, sessionID); serr != nil {
			return baton.AppendResult{}, serr
		}
		return baton.AppendResult{}, err
	}
	stored, dups, fresh, err := s.appendNewRowsInTx(ctx, tx, sess, conv, msgs, rows, s.firstMessageAt(msgs))
	if err == nil && !fresh {
		stored, dups, err = s.appendLockedRowsInTx(ctx, tx, sess, conv, msgs, rows, s.firstMessageAt(msgs))
	}
	res := baton.AppendResult{Stored: stored, Duplicates: dups}
	if err != nil || stored == 0 {
		return res, err
	}
	if appendFault != nil {
		return res, appendFault(sessionID)
	}
	return res, nil
}

// conversationInTx returns a conversation of the steward's session; "" means the main one.
func conversationInTx(ctx context.Context, db bun.IDB, stewardID int64, sessionID, conversationID string) (*baton.Conversation, error) {
	conv := new(baton.Conversation)
	q := db.NewSelect().Model(conv).Where("session_id = ? AND steward_id = ?", sessionID, stewardID)
	if conversationID == "" {
		q = q.Where("parent_conversation_id IS NULL").Order("created_at", "id").Limit(1)
	} else {
		q = q.Where("id = ?", conversationID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err, "conversation")
	}
	return conv, nil
}

// sessionExistsBound checks, with a bound statement, that the session is
// the steward's.
func (s *Store) sessionExistsBound(ctx context.Context, tx bun.Tx, stewardID int64, sessionID string) error {
	rows, err := s.queryBound(ctx, tx, "SELECT id FROM sessions WHERE id = ? AND steward_id = ?", sessionID, stewardID)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return err
		}
		return notFound(sql.ErrNoRows, "session")
	}
	return rows.Close()
}

// conversationBound is conversationInTx with bound statements, for an
// append: on PostgreSQL it also takes lockConversation's lock, in the
// same statement (one round to the server fewer per append).
func (s *Store) conversationBound(ctx context.Context, tx bun.Tx, stewardID int64, sessionID, conversationID string) (*baton.Conversation, error) {
	const columns = `SELECT id, steward_id, session_id, kind, title, source_ref, parent_conversation_id,
		fork_point_message_id, fork_point_seq, message_count, created_at FROM conversations
		WHERE session_id = ? AND steward_id = ?`
	var lock string
	if s.dialect == Postgres {
		lock = " FOR UPDATE"
	}
	var rows *sql.Rows
	var err error
	if conversationID == "" {
		rows, err = s.queryBound(ctx, tx, columns+" AND parent_conversation_id IS NULL ORDER BY created_at, id LIMIT 1"+lock, sessionID, stewardID)
	} else {
		rows, err = s.queryBound(ctx, tx, columns+" AND id = ?"+lock, sessionID, stewardID, conversationID)
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, err
		}
		return nil, notFound(sql.ErrNoRows, "conversation")
	}
	conv := new(baton.Conversation)
	var parent sql.NullString
	var forkPoint sql.NullInt64
	if err := rows.Scan(&conv.ID, &conv.StewardID, &conv.SessionID, &conv.Kind, &conv.Title, &conv.SourceRef, &parent,
		&forkPoint, &conv.ForkPointSeq, &conv.MessageCount, (*scannedTime)(&conv.CreatedAt)); err != nil {
		return nil, err
	}
	if parent.Valid {
		conv.ParentConversationID = &parent.String
	}
	if forkPoint.Valid {
		conv.ForkPointMessageID = &forkPoint.Int64
	}
	return conv, rows.Close()
}

// firstMessageAt is the time of the batch's earliest message, as the
// session's start is compared with it (countAppended): an open session
// created through the API before its messages arrive (or with no
// started_at at all) starts when its conversation did, not when the
// request came.
func (s *Store) firstMessageAt(msgs []*baton.Message) any {
	first := msgs[0].Timestamp
	for _, m := range msgs[1:] {
		if m.Timestamp.Before(first) {
			first = m.Timestamp
		}
	}
	// As Bun writes a time (bunTimeFormat): SQLite compares the text.
	if s.dialect == Postgres {
		return first.UTC()
	}
	return first.UTC().Format(bunTimeFormat)
}

// appendInTx writes the messages the conversation does not have yet, with
// the next sequence numbers, and keeps the counters. Messages must be prepared.
func (s *Store) appendInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message) (stored, dups int, err error) {
	return s.appendRowsInTx(ctx, tx, sess, conv, msgs, nil)
}

// appendRowsInTx is appendInTx with the values of messages built already
// (rows, may be nil: rowValuesOf).
func (s *Store) appendRowsInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message, rows rowValues) (stored, dups int, err error) {
	return s.appendRowsStartingInTx(ctx, tx, sess, conv, msgs, rows, nil)
}

// appendRowsStartingInTx is appendRowsInTx that also moves an open
// session's start back to startAt (firstMessageAt; nil: it stays) when
// messages are stored, in the same UPDATE as the session's counters.
func (s *Store) appendRowsStartingInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message, rows rowValues, startAt any) (stored, dups int, err error) {
	if len(msgs) == 0 {
		return 0, 0, nil
	}
	if err := s.lockConversationBound(ctx, tx, conv.ID); err != nil {
		return 0, 0, err
	}
	return s.appendLockedRowsInTx(ctx, tx, sess, conv, msgs, rows, startAt)
}

// appendNewRowsInTx is appendLockedRowsInTx on SQLite for a batch whose
// messages the conversation does not have yet, the usual API batch: it
// writes them without first looking their source ids up, and the unique
// (conversation_id, source_id) index, which the INSERT checks anyway,
// refuses any the conversation has. Then the rows it wrote are deleted
// and it reports fresh false: the caller appends with the lookup
// (appendLockedRowsInTx), which skips the duplicates. The lookup, a
// json_each of the ids and a seek per id, was ~4% of the one writer's CPU
// in the ingest burst. On PostgreSQL it reports fresh false at once.
func (s *Store) appendNewRowsInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message, rows rowValues, startAt any) (stored, dups int, fresh bool, err error) {
	if s.dialect != SQLite || len(msgs) == 0 {
		return 0, 0, false, nil
	}
	// What the attempt sets on each message, to give back if it fails.
	type place struct {
		id, steward, seq      int64
		session, conversation string
	}
	was := make([]place, len(msgs))
	for i, m := range msgs {
		was[i] = place{m.ID, m.StewardID, m.Seq, m.SessionID, m.ConversationID}
	}
	_, maxSeq, err := s.sqliteSourceIDsAndLastSeq(ctx, tx, conv, []string{})
	if err != nil {
		return 0, 0, false, err
	}
	// Repeats within the batch are duplicates, as appendLockedRowsInTx counts them.
	seen := make(map[string]bool, len(msgs))
	batch := make([]*baton.Message, 0, len(msgs))
	for _, m := range msgs {
		if seen[m.SourceID] {
			dups++
			continue
		}
		seen[m.SourceID] = true
		maxSeq++
		m.ID, m.Seq = 0, maxSeq
		m.StewardID, m.SessionID, m.ConversationID = sess.StewardID, sess.ID, conv.ID
		batch = append(batch, m)
	}
	err = s.insertMessagesBy(ctx, tx, batch, rows, messageInsertRows)
	if isUniqueViolation(err) {
		// The INSERT that met the duplicate wrote nothing, and those
		// before it the batch's first messages, with consecutive ids (one
		// writer): those rows go again.
		if first := batch[0].ID; first != 0 {
			last := first
			for _, m := range batch[1:] {
				if m.ID == 0 {
					break
				}
				last = m.ID
			}
			if _, err := s.execBound(ctx, tx, "DELETE FROM messages WHERE conversation_id = ? AND id BETWEEN ? AND ?", conv.ID, first, last); err != nil {
				return 0, 0, false, err
			}
		}
		for i, m := range msgs {
			p := was[i]
			m.ID, m.StewardID, m.Seq, m.SessionID, m.ConversationID = p.id, p.steward, p.seq, p.session, p.conversation
		}
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	if err := s.countAppended(ctx, tx, sess, conv, batch, startAt); err != nil {
		return 0, 0, false, err
	}
	return len(batch), dups, true, nil
}

// appendLockedRowsInTx is appendRowsStartingInTx once tx holds the
// conversation's lock (lockConversation, or conversationBound's).
func (s *Store) appendLockedRowsInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message, rows rowValues, startAt any) (stored, dups int, err error) {
	if len(msgs) == 0 {
		return 0, 0, nil
	}
	have, maxSeq, err := s.sourceIDsAndLastSeq(ctx, tx, conv, msgs)
	if err != nil {
		return 0, 0, err
	}
	return s.appendUnknownRowsInTx(ctx, tx, sess, conv, msgs, rows, startAt, have, maxSeq)
}

// appendToNewConversationInTx is appendInTx for a conversation inserted
// in tx, which has no messages yet: none of msgs' source ids is there to
// look up, and its last sequence number is its fork point's. The lookup
// (a json_each of every id and a seek for each) was ~1% of a first
// sync's CPU, for nothing found. No other transaction sees the
// conversation before tx commits, so it needs no lock either.
func (s *Store) appendToNewConversationInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message) (stored, dups int, err error) {
	if len(msgs) == 0 {
		return 0, 0, nil
	}
	return s.appendUnknownRowsInTx(ctx, tx, sess, conv, msgs, nil, nil, make(map[string]bool, 2*len(msgs)), conv.ForkPointSeq)
}

// appendUnknownRowsInTx writes those of msgs whose source ids are not in
// have (the conversation's, which it adds them to), numbered on from
// maxSeq, the conversation's last sequence number.
func (s *Store) appendUnknownRowsInTx(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message, rows rowValues, startAt any, have map[string]bool, maxSeq int64) (stored, dups int, err error) {
	fresh := make([]*baton.Message, 0, len(msgs))
	for _, m := range msgs {
		if have[m.SourceID] {
			dups++
			continue
		}
		have[m.SourceID] = true
		maxSeq++
		m.ID = 0
		m.Seq = maxSeq
		m.StewardID = sess.StewardID
		m.SessionID = sess.ID
		m.ConversationID = conv.ID
		fresh = append(fresh, m)
	}
	if len(fresh) == 0 {
		return 0, dups, nil
	}
	if err := s.insertMessagesBy(ctx, tx, fresh, rows, messageInsertRows); err != nil {
		return 0, 0, err
	}
	n := len(fresh)
	if err := s.countAppended(ctx, tx, sess, conv, fresh, startAt); err != nil {
		return 0, 0, err
	}
	return n, dups, nil
}

// lockConversation serialises the appends to one conversation until the
// transaction ends: the next sequence number and the duplicate check read
// what the previous append wrote. On SQLite one writer at a time already
// does that; on PostgreSQL two appends would both read the same max(seq)
// (4 clients on one session: 81 of 120 batches failed) without this row lock.
func lockConversation(ctx context.Context, tx bun.IDB, conversationID string) error {
	if tx.Dialect().Name() != dialect.PG {
		return nil
	}
	_, err := tx.NewRaw("SELECT id FROM conversations WHERE id = ? FOR UPDATE", conversationID).Exec(ctx)
	return err
}

// lockConversationBound is lockConversation with a bound statement: the
// server parses and plans it once per connection, not on every append
// (Bun wrote the id into the text).
func (s *Store) lockConversationBound(ctx context.Context, tx bun.Tx, conversationID string) error {
	if s.dialect != Postgres {
		return nil
	}
	_, err := s.execBound(ctx, tx, "SELECT id FROM conversations WHERE id = ? FOR UPDATE", conversationID)
	return err
}

// Conversations lists the threads of one of the steward's sessions, oldest first.
func (s *Store) Conversations(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Conversation, error) {
	var out []*baton.Conversation
	err := s.readBound(ctx, &out, s.selectOf((*baton.Conversation)(nil))+" WHERE session_id = ? AND steward_id = ? ORDER BY created_at, id",
		sessionID, stewardID)
	return out, err
}

// Conversation returns one conversation of one of the steward's sessions
// ("" is the main conversation).
func (s *Store) Conversation(ctx context.Context, stewardID int64, sessionID, conversationID string) (*baton.Conversation, error) {
	return conversationInTx(ctx, s.db, stewardID, sessionID, conversationID)
}

// segment is the part of a transcript one conversation contributes: its
// messages with lo < seq <= hi.
type segment struct {
	conversationID string
	lo, hi         int64
}

// transcriptSegments walks from a conversation up to its root and returns
// the segments of its transcript, root first. A fork reads its parent up
// to the fork point, then its own messages.
func (s *Store) transcriptSegments(ctx context.Context, stewardID int64, conv *baton.Conversation) ([]segment, error) {
	chain := []*baton.Conversation{conv}
	for c := conv; c.ParentConversationID != nil; {
		if len(chain) > 64 {
			return nil, fmt.Errorf("conversation %s: fork chain deeper than 64", conv.ID)
		}
		parent := new(baton.Conversation)
		if err := s.db.NewSelect().Model(parent).Where("id = ? AND steward_id = ?", *c.ParentConversationID, stewardID).Scan(ctx); err != nil {
			return nil, notFound(err, "conversation")
		}
		chain = append(chain, parent)
		c = parent
	}
	segs := make([]segment, len(chain))
	hi := int64(1<<62 - 1)
	for i := 0; i < len(chain); i++ {
		c := chain[i]
		segs[len(chain)-1-i] = segment{conversationID: c.ID, lo: c.ForkPointSeq, hi: hi}
		hi = c.ForkPointSeq
	}
	return segs, nil
}

// Transcript returns up to limit messages of a conversation (its fork
// ancestry included) with sequence numbers after afterSeq, in order.
func (s *Store) Transcript(ctx context.Context, stewardID int64, sessionID, conversationID string, afterSeq int64, limit int) ([]*baton.Message, error) {
	if limit <= 0 || limit > MaxBatch {
		limit = 100
	}
	conv, err := s.Conversation(ctx, stewardID, sessionID, conversationID)
	if err != nil {
		return nil, err
	}
	return s.TranscriptOf(ctx, stewardID, conv, afterSeq, limit)
}

// TranscriptOf is Transcript of a conversation the caller has read with
// the steward's id (Conversation).
func (s *Store) TranscriptOf(ctx context.Context, stewardID int64, conv *baton.Conversation, afterSeq int64, limit int) ([]*baton.Message, error) {
	return s.transcriptColumnsOf(ctx, s.selectOf((*baton.Message)(nil)), stewardID, conv, afterSeq, limit)
}

// transcriptShownSelect reads the message columns the transcript view
// shows (its text, thinking, tool calls and result, model, usage, time,
// impact, attributes). The analysis's semantic fields, the code context,
// the references, the edit history and the metadata are left out: they
// are most of a message's JSON, and on PostgreSQL turning jsonb into text
// for the 40 messages of a page was over half the CPU of the page's
// largest read (and decoding them half of the page's JSON decoding here).
const transcriptShownSelect = `SELECT "message"."id", "message"."steward_id", "message"."session_id", "message"."conversation_id",
	"message"."seq", "message"."source_id", "message"."role", "message"."speaker", "message"."content", "message"."content_type",
	"message"."thinking", "message"."tool_calls", "message"."tool_result", "message"."model", "message"."usage", "message"."impact",
	"message"."ts", "message"."attributes", "message"."analyzed", "message"."arc_sentiment", "message"."arc_emotion"
	FROM "messages" AS "message"`

// TranscriptShownOf is TranscriptOf for the transcript view: each message
// with the columns it shows, the others left empty (transcriptShownSelect).
// The session page reads it once, not once per part of the page.
func (s *Store) TranscriptShownOf(ctx context.Context, stewardID int64, conv *baton.Conversation, afterSeq int64, limit int) ([]*baton.Message, error) {
	return s.transcriptColumnsOf(ctx, transcriptShownSelect, stewardID, conv, afterSeq, limit)
}

// transcriptColumnsOf is TranscriptOf reading messages with selectFrom
// ("SELECT columns FROM messages AS message").
func (s *Store) transcriptColumnsOf(ctx context.Context, selectFrom string, stewardID int64, conv *baton.Conversation, afterSeq int64, limit int) ([]*baton.Message, error) {
	if limit <= 0 || limit > MaxBatch {
		limit = 100
	}
	segs, err := s.transcriptSegments(ctx, stewardID, conv)
	if err != nil {
		return nil, err
	}
	out := make([]*baton.Message, 0, limit)
	for _, sg := range segs {
		if afterSeq >= sg.hi {
			continue
		}
		lo := max(afterSeq, sg.lo)
		// The limit is in the text, and is the whole page's: SQLite reads a
		// bound LIMIT's value when it plans, so a statement with LIMIT ? is
		// parsed again each time it runs. A fork's later segment reads at
		// most a page more than it keeps.
		var part []*baton.Message
		if err := s.readBoundPlannedEach(ctx, &part, selectFrom+
			" WHERE conversation_id = ? AND steward_id = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT "+strconv.Itoa(limit),
			sg.conversationID, stewardID, lo, sg.hi); err != nil {
			return nil, err
		}
		out = append(out, part[:min(len(part), limit-len(out))]...)
		if len(out) >= limit {
			break
		}
	}
	return out, nil
}

// TranscriptLength is the number of messages in a conversation's transcript, ancestry included.
func (s *Store) TranscriptLength(ctx context.Context, stewardID int64, sessionID, conversationID string) (int64, error) {
	conv, err := s.Conversation(ctx, stewardID, sessionID, conversationID)
	if err != nil {
		return 0, err
	}
	return s.TranscriptLengthOf(ctx, stewardID, conv)
}

// TranscriptLengthOf is TranscriptLength of a conversation the caller has
// read with the steward's id (Conversation).
func (s *Store) TranscriptLengthOf(ctx context.Context, stewardID int64, conv *baton.Conversation) (int64, error) {
	if conv.ParentConversationID == nil {
		// A main conversation's transcript is its own messages, which its
		// message_count keeps (every write that adds or removes messages
		// moves it in the same transaction). Counting them walked the whole
		// conversation's index: on PostgreSQL, for a 2,000-message session,
		// about two thirds of the session page's database CPU.
		return int64(conv.MessageCount), nil
	}
	segs, err := s.transcriptSegments(ctx, stewardID, conv)
	if err != nil {
		return 0, err
	}
	var total int64
	for _, sg := range segs {
		var n int64
		// The segments' conversations are the steward's (transcriptSegments
		// reads each with the steward id), so the count can leave
		// steward_id out and read the (conversation_id, seq) index alone
		// instead of every message row: 10,000 row reads on a long session.
		if err := s.readBound(ctx, &n, "SELECT count(*) FROM messages WHERE conversation_id = ? AND seq > ? AND seq <= ?",
			sg.conversationID, sg.lo, sg.hi); err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

// Message returns one of the steward's messages by id.
func (s *Store) Message(ctx context.Context, stewardID, id int64) (*baton.Message, error) {
	m := new(baton.Message)
	err := s.db.NewSelect().Model(m).Where("id = ? AND steward_id = ?", id, stewardID).Scan(ctx)
	return m, notFound(err, "message")
}

// SessionMessages returns every message of a session's main conversation, in
// order, for analysis and export.
func (s *Store) SessionMessages(ctx context.Context, stewardID int64, sessionID string) ([]*baton.Message, error) {
	conv, err := s.Conversation(ctx, stewardID, sessionID, "")
	if err != nil {
		return nil, err
	}
	var out []*baton.Message
	err = s.db.NewSelect().Model(&out).Where("conversation_id = ? AND steward_id = ?", conv.ID, stewardID).Order("seq").Scan(ctx)
	return out, err
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
