package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	fastjson "github.com/segmentio/encoding/json"
	"github.com/uptrace/bun"
)

// How new message rows are written, for ingest speed.
//
// Bun writes a batch as one INSERT with every value inline: for 1,000
// messages SQLite parses a statement of about a megabyte, and building it
// and parsing it cost more than inserting the rows. Here the values are
// bound to a prepared multi-row INSERT instead (see bound.go).
//
// The values are what Bun would have written, byte for byte, so reads,
// search, the indexer and analysis see the same rows: times as Bun's time
// literal, JSON columns as Bun marshals them (a nil slice or map is the
// JSON null, a nil pointer is NULL), bools as 1/0 (SQLite) or booleans.
// TestMessageRowsAsBunWrites compares the two on both databases.

// messageColumns are the columns a new message fills, in the order
// messageValues gives them; the id is the database's.
var messageColumns = []string{
	"steward_id", "session_id", "conversation_id", "seq", "source_id",
	"role", "speaker", "content", "content_type", "thinking",
	"tool_calls", "tool_result", "model", "usage", "semantic",
	"code_context", "refs", "impact", "edit_history", "meta",
	"ts", "attributes", "analyzed", "arc_sentiment", "arc_emotion",
}

// messageInsertRows is the most messages one INSERT statement writes; a
// batch's remainder goes in statements of half as many rows, and half
// again, down to one, so a SQLite connection keeps at most seven of them
// prepared (on PostgreSQL the remainder is one statement). 64 rows cost
// the least CPU per message on SQLite (modernc) with 1,000-message
// batches (BenchmarkInsertMessages: 16 ms per batch from 50 rows per
// statement up, 20 ms one row at a time, 25 ms as Bun writes it).
const messageInsertRows = 64

// bunTimeFormat is how Bun writes a time.Time (schema.BaseDialect.AppendTime), in UTC.
const bunTimeFormat = "2006-01-02 15:04:05.999999-07:00"

// insertSQLs caches insertSQL by dialect, rows and shared columns.
var insertSQLs sync.Map // insertShape → string

type insertShape struct {
	dialect string
	rows    int
	shared  uint32 // bit c set: messageColumns[c] is bound once for every row
}

// sharedCandidates are the columns an INSERT on SQLite may bind once for
// all its rows when every row has the same value: a message's place but
// its sequence number, and the columns most messages leave empty or
// share with their neighbours (model, speaker, thinking, the tool, usage
// and other JSON columns, analysed). Binding a value is most of the one
// writer's cost of a column (database/sql converts it, the driver copies
// a text into C memory, SQLite copies it in and frees it again after the
// step). The columns that differ from message to message are always bound
// per row: sequence number, source id, role, content, time, and what the
// analysis fills in from the content (semantic, content type, code
// context, arc), which would only make more sets of shared columns.
var sharedCandidates = func() uint32 {
	var mask uint32
	for c, name := range messageColumns {
		switch name {
		case "seq", "source_id", "role", "content", "ts",
			"semantic", "content_type", "code_context", "arc_sentiment", "arc_emotion":
		default:
			mask |= 1 << c
		}
	}
	return mask
}()

// sharedShapesMax bounds how many sets of shared columns the process
// uses: each set is an INSERT statement of its own (of each row count),
// prepared on every connection that runs it. A set beyond these binds
// every value per row.
const sharedShapesMax = 16

var sharedShapes struct {
	sync.Mutex
	seen map[uint32]bool
}

// sharedShapeAllowed reports whether an INSERT may bind the columns of shared once.
func sharedShapeAllowed(shared uint32) bool {
	sharedShapes.Lock()
	defer sharedShapes.Unlock()
	if sharedShapes.seen[shared] {
		return true
	}
	if len(sharedShapes.seen) >= sharedShapesMax {
		return false
	}
	if sharedShapes.seen == nil {
		sharedShapes.seen = map[uint32]bool{}
	}
	sharedShapes.seen[shared] = true
	return true
}

// insertSQL is an INSERT of rows messages with bound values (? placeholders);
// on PostgreSQL it also returns the new ids. The shared columns (SQLite)
// come first, as ?1, ?2…, the same parameters in every row; each row's
// other values follow as plain ? (SQLite numbers them on from there), so
// the values are bound as the shared ones and then row after row.
func insertSQL(dialect string, rows int, shared uint32) string {
	shape := insertShape{dialect, rows, shared}
	if q, ok := insertSQLs.Load(shape); ok {
		return q.(string)
	}
	columns := make([]string, 0, len(messageColumns))
	nShared := 0
	for c, name := range messageColumns {
		if shared&(1<<c) != 0 {
			columns = append(columns, name)
			nShared++
		}
	}
	for c, name := range messageColumns {
		if shared&(1<<c) == 0 {
			columns = append(columns, name)
		}
	}
	var b strings.Builder
	b.WriteString("INSERT INTO messages (")
	b.WriteString(strings.Join(columns, ", "))
	b.WriteString(") VALUES ")
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := range columns {
			if c > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('?')
			if c < nShared {
				b.WriteString(strconv.Itoa(c + 1))
			}
		}
		b.WriteByte(')')
	}
	if dialect == Postgres {
		b.WriteString(" RETURNING id")
	}
	insertSQLs.Store(shape, b.String())
	return b.String()
}

// insertMessagesBy writes new message rows in tx, at most per messages
// per statement, and sets their ids; the values of a message built
// already (rows, may be nil) are not built again.
func (s *Store) insertMessagesBy(ctx context.Context, tx bun.Tx, msgs []*baton.Message, rows rowValues, per int) error {
	args := make([]any, 0, min(per, len(msgs))*len(messageColumns))
	values := make([][]any, 0, min(per, len(msgs)))
	for len(msgs) > 0 {
		n := per
		for n > len(msgs) {
			n /= 2
		}
		if s.dialect == Postgres {
			// The rest in one statement: each is a round to the server,
			// and pgx keeps any number of them prepared (an append of 20
			// was two INSERTs, of 16 and 4).
			n = min(per, len(msgs))
		}
		batch := msgs[:n]
		values = values[:0]
		for _, m := range batch {
			if err := refuseNUL("session_id", m.SessionID); err != nil {
				return err
			}
			if err := refuseNUL("conversation_id", m.ConversationID); err != nil {
				return err
			}
			v, ok := rows[m]
			if !ok {
				var err error
				if v, err = s.messageValues(m); err != nil {
					return err
				}
			}
			values = append(values, v)
		}
		var shared uint32
		if s.dialect == SQLite {
			shared = sharedColumns(batch, values)
			if shared != 0 && !sharedShapeAllowed(shared) {
				shared = 0
			}
		}
		args = args[:0]
		for c := range messageColumns {
			if shared&(1<<c) != 0 {
				args = append(args, columnValue(batch[0], values[0], c))
			}
		}
		for i, m := range batch {
			for c := range messageColumns {
				if shared&(1<<c) == 0 {
					args = append(args, columnValue(m, values[i], c))
				}
			}
		}
		if err := s.execInsert(ctx, tx, batch, shared, args); err != nil {
			return err
		}
		msgs = msgs[n:]
	}
	return nil
}

// sharedColumns are the sharedCandidates every one of the messages has
// the same value in (values are their messageValues).
func sharedColumns(msgs []*baton.Message, values [][]any) uint32 {
	if len(msgs) < 2 {
		return 0
	}
	shared := sharedCandidates
	first, firstValues := msgs[0], values[0]
	for i, m := range msgs[1:] {
		if m.StewardID != first.StewardID {
			shared &^= 1 << 0
		}
		if m.SessionID != first.SessionID {
			shared &^= 1 << 1
		}
		if m.ConversationID != first.ConversationID {
			shared &^= 1 << 2
		}
		for c := placeColumns; c < len(messageColumns); c++ {
			if shared&(1<<c) != 0 && !sameValue(values[i+1][c-placeColumns], firstValues[c-placeColumns]) {
				shared &^= 1 << c
			}
		}
		if shared == 0 {
			break
		}
	}
	return shared
}

// sameValue reports whether two of messageValues' values are equal.
func sameValue(a, b any) bool {
	switch a := a.(type) {
	case nil:
		return b == nil
	case string:
		b, ok := b.(string)
		return ok && a == b
	case int64:
		b, ok := b.(int64)
		return ok && a == b
	case float64:
		b, ok := b.(float64)
		return ok && a == b
	case bool:
		b, ok := b.(bool)
		return ok && a == b
	}
	return false
}

// placeColumns is how many of messageColumns are a message's place
// (steward, session, conversation, sequence number), which the write
// decides; messageValues gives the others.
const placeColumns = 4

// columnValue is m's value for messageColumns[c]; values are its messageValues.
func columnValue(m *baton.Message, values []any, c int) any {
	switch c {
	case 0:
		return m.StewardID
	case 1:
		return m.SessionID
	case 2:
		return m.ConversationID
	case 3:
		return m.Seq
	}
	return values[c-placeColumns]
}

// rowValues are messages' values for messageColumns (messageValues), built
// before the write transaction: on SQLite the one writer then only binds
// them. Building them (the JSON columns above all) was ~8% of the writer's
// CPU in the ingest burst of 4 writers, and runs on the second core here.
type rowValues map[*baton.Message][]any

// rowValuesOf builds the values of prepared messages.
func (s *Store) rowValuesOf(msgs []*baton.Message) (rowValues, error) {
	rows := make(rowValues, len(msgs))
	for _, m := range msgs {
		values, err := s.messageValues(m)
		if err != nil {
			return nil, err
		}
		rows[m] = values
	}
	return rows, nil
}

// execInsert runs the INSERT of len(batch) messages with args (the
// columns of shared once, then each row's others) and sets their ids.
func (s *Store) execInsert(ctx context.Context, tx bun.Tx, batch []*baton.Message, shared uint32, args []any) error {
	if s.dialect == Postgres {
		rs, err := s.queryBound(ctx, tx, insertSQL(Postgres, len(batch), shared), args...)
		if err != nil {
			return err
		}
		defer rs.Close()
		i := 0
		for rs.Next() {
			if i == len(batch) {
				return fmt.Errorf("insert messages: more ids than rows")
			}
			if err := rs.Scan(&batch[i].ID); err != nil {
				return err
			}
			i++
		}
		if err := rs.Err(); err != nil {
			return err
		}
		if i != len(batch) {
			return fmt.Errorf("insert messages: %d ids for %d rows", i, len(batch))
		}
		return nil
	}
	res, err := s.execBound(ctx, tx, insertSQL(SQLite, len(batch), shared), args...)
	if err != nil {
		return err
	}
	// One INSERT of n rows with AUTOINCREMENT ids, inside a write
	// transaction: SQLite gives them consecutive ids (each new row gets
	// one more than the largest ever used), the last being LastInsertId.
	last, err := res.LastInsertId()
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != int64(len(batch)) {
		return fmt.Errorf("insert messages: %d rows written of %d (%v)", n, len(batch), err)
	}
	for i, m := range batch {
		m.ID = last - int64(len(batch)-1-i)
	}
	return nil
}

// messageValues returns m's values for messageColumns after the first
// placeColumns, its place, which the write decides (columnValue reads it).
func (s *Store) messageValues(m *baton.Message) ([]any, error) {
	for _, f := range []struct {
		name, value string
	}{{"source_id", m.SourceID}, {"role", string(m.Role)}, {"speaker", m.Speaker}, {"content", m.Content},
		{"content_type", m.ContentType}, {"thinking", m.Thinking}, {"model", m.Model}, {"arc_emotion", m.ArcEmotion}} {
		if err := refuseNUL(f.name, f.value); err != nil {
			return nil, err
		}
	}
	toolCalls, err := jsonColumn(m.ToolCalls)
	if err != nil {
		return nil, err
	}
	toolResult, err := jsonPointerColumn(m.ToolResult)
	if err != nil {
		return nil, err
	}
	usage, err := jsonColumn(m.Usage)
	if err != nil {
		return nil, err
	}
	semantic, err := jsonColumn(m.Semantic)
	if err != nil {
		return nil, err
	}
	codeContext, err := jsonPointerColumn(m.CodeContext)
	if err != nil {
		return nil, err
	}
	refs, err := jsonColumn(m.References)
	if err != nil {
		return nil, err
	}
	impact, err := jsonColumn(m.Impact)
	if err != nil {
		return nil, err
	}
	edits, err := jsonColumn(m.EditHistory)
	if err != nil {
		return nil, err
	}
	meta, err := jsonColumn(m.Meta)
	if err != nil {
		return nil, err
	}
	attrs, err := jsonColumn(m.Attributes)
	if err != nil {
		return nil, err
	}
	return []any{
		m.SourceID,
		string(m.Role), m.Speaker, m.Content, m.ContentType, m.Thinking,
		toolCalls, toolResult, m.Model, usage, semantic,
		codeContext, refs, impact, edits, meta,
		m.Timestamp.UTC().Format(bunTimeFormat), attrs, s.boolValue(m.Analyzed), m.ArcSentiment, m.ArcEmotion,
	}, nil
}

// refuseNUL refuses a text value with a NUL byte, as Bun did (a bound
// value would be stored).
func refuseNUL(column, value string) error {
	if strings.IndexByte(value, 0) >= 0 {
		return baton.Invalid(column, "%s contains a NUL byte", column)
	}
	return nil
}

// boolValue is a bool as Bun writes it: TRUE/FALSE, which SQLite stores as 1/0.
func (s *Store) boolValue(b bool) any {
	if s.dialect == Postgres {
		return b
	}
	if b {
		return int64(1)
	}
	return int64(0)
}

// jsonPointerColumn is jsonColumn of what p points to, or NULL for a nil pointer, as Bun writes it.
func jsonPointerColumn[T any](p *T) (any, error) {
	if p == nil {
		return nil, nil
	}
	return jsonColumn(p)
}

// zeroJSON holds jsonColumn of each type's zero value: most messages leave
// most JSON columns empty, and marshalling them cost a third of building a
// row's values.
var zeroJSON sync.Map // reflect.Type → string

// jsonColumn is the text Bun writes for a JSON column (schema.AppendJSONValue
// and BaseDialect.AppendJSON): the marshalled value without its trailing
// newline, NUL bytes dropped and the escape \u0000 written as \\u0000
// (PostgreSQL's jsonb refuses \u0000).
func jsonColumn(v any) (string, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsZero() {
		return marshalColumn(v)
	}
	if s, ok := zeroJSON.Load(rv.Type()); ok {
		return s.(string), nil
	}
	s, err := marshalColumn(v)
	if err == nil {
		zeroJSON.Store(rv.Type(), s)
	}
	return s, err
}

// marshalColumn marshals with segmentio's encoder, which writes the same
// text as encoding/json (Bun's marshaller: HTML escaped, map keys sorted,
// raw JSON compacted; TestMarshalColumnAsEncodingJSON) in about a third of
// its CPU time: the JSON columns were a quarter of building a row.
func marshalColumn(v any) (string, error) {
	b, err := fastjson.Marshal(v)
	if err != nil {
		return "", err
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	if bytes.IndexByte(b, 0) < 0 && !bytes.Contains(b, []byte(`\u0000`)) {
		return string(b), nil
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == 0:
		case c == '\\' && bytes.HasPrefix(b[i+1:], []byte("u0000")):
			out = append(out, `\\u0000`...)
			i += len("u0000")
		case c == '\\' && i+1 < len(b):
			// Any other escape is kept whole: the backslash of an escaped
			// backslash does not start a \u0000 (text "\u0000", six
			// characters, is written \\u0000 and must stay so).
			out = append(out, c, b[i+1])
			i++
		default:
			out = append(out, c)
		}
	}
	return string(out), nil
}

// sourceIDsIn returns which of the messages' source ids the conversation
// already has (as a set the caller may add to). The ids are bound as one
// value: a JSON array on SQLite, an array on PostgreSQL.
func (s *Store) sourceIDsIn(ctx context.Context, tx bun.Tx, conversationID string, msgs []*baton.Message) (map[string]bool, error) {
	ids := make([]string, len(msgs))
	for i, m := range msgs {
		ids[i] = m.SourceID
	}
	var rs *sql.Rows
	var err error
	if s.dialect == Postgres {
		// Each id is looked up on its own in the (conversation_id,
		// source_id) index: a LATERAL subquery with a LIMIT runs once per
		// id, with both columns as the index's condition. With
		// source_id = ANY(?) the planner, which takes a conversation that
		// has grown since its statistics were gathered for a row or so,
		// walked all of the conversation's index entries and fetched each
		// row to filter them, on every append: an append of 2 to a
		// 5,000-message conversation read 1,619 buffers (10 ms) instead of 6.
		rs, err = s.queryBound(ctx, tx, `SELECT m.source_id FROM unnest(?::text[]) AS s(id),
			LATERAL (SELECT source_id FROM messages WHERE conversation_id = ? AND source_id = s.id LIMIT 1) m`, ids, conversationID)
	} else {
		list, jerr := json.Marshal(ids)
		if jerr != nil {
			return nil, jerr
		}
		rs, err = s.queryBound(ctx, tx, sqliteSourceIDsIn, string(list), conversationID)
	}
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	have := make(map[string]bool, 2*len(msgs))
	for rs.Next() {
		var id string
		if err := rs.Scan(&id); err != nil {
			return nil, err
		}
		have[id] = true
	}
	return have, rs.Err()
}

// sqliteSourceIDsIn looks the ids (a JSON array) up in a conversation
// one by one, each a seek in the (conversation_id, source_id) index. The
// CROSS JOIN keeps json_each outside: without statistics the planner
// walked the conversation's index entries instead. As source_id IN
// (SELECT value FROM json_each(?)), SQLite built a temporary index of the
// ids first, on every append in the one writer's transaction: a temporary
// database opened (its name under a mutex every connection shares) and
// filled, for a batch of 2 or 20 ids.
const sqliteSourceIDsIn = "SELECT m.source_id" + sqliteSourceIDsFrom

// sqliteSourceIDsFrom is sqliteSourceIDsIn's FROM clause.
const sqliteSourceIDsFrom = ` FROM json_each(?) AS j
	CROSS JOIN messages AS m ON m.conversation_id = ? AND m.source_id = j.value`

// sourceIDsAndLastSeq is sourceIDsIn and lastSeq in one statement (on
// PostgreSQL one round to the server fewer per append, on SQLite one
// statement fewer in the one writer's transaction).
func (s *Store) sourceIDsAndLastSeq(ctx context.Context, tx bun.Tx, conv *baton.Conversation, msgs []*baton.Message) (have map[string]bool, last int64, err error) {
	ids := make([]string, len(msgs))
	for i, m := range msgs {
		ids[i] = m.SourceID
	}
	if s.dialect != Postgres {
		return s.sqliteSourceIDsAndLastSeq(ctx, tx, conv, ids)
	}
	// Each row is the last sequence number beside one of the ids the
	// conversation has, or a single row with NULL beside it when it has
	// none of them.
	// The ids are looked up as sourceIDsIn does, one by one in the
	// (conversation_id, source_id) index.
	rs, err := s.queryBound(ctx, tx, `SELECT last.seq, have.source_id
		FROM (SELECT coalesce(max(seq), ?) AS seq FROM messages WHERE conversation_id = ?) last
		LEFT JOIN (SELECT m.source_id FROM unnest(?::text[]) AS s(id),
			LATERAL (SELECT source_id FROM messages WHERE conversation_id = ? AND source_id = s.id LIMIT 1) m) have ON true`,
		conv.ForkPointSeq, conv.ID, ids, conv.ID)
	if err != nil {
		return nil, 0, err
	}
	defer rs.Close()
	have = make(map[string]bool, 2*len(msgs))
	rows := 0
	for rs.Next() {
		var id sql.NullString
		if err := rs.Scan(&last, &id); err != nil {
			return nil, 0, err
		}
		if id.Valid {
			have[id.String] = true
		}
		rows++
	}
	if err := rs.Err(); err != nil {
		return nil, 0, err
	}
	if rows == 0 {
		return nil, 0, sql.ErrNoRows
	}
	return have, last, rs.Close()
}

// sqliteSourceIDsAndLastSeq is sourceIDsAndLastSeq on SQLite: the first
// row is the last sequence number (beside NULL), the others each an id
// the conversation has (beside NULL).
func (s *Store) sqliteSourceIDsAndLastSeq(ctx context.Context, tx bun.Tx, conv *baton.Conversation, ids []string) (have map[string]bool, last int64, err error) {
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, 0, err
	}
	rs, err := s.queryBound(ctx, tx, `SELECT coalesce(max(seq), ?), NULL FROM messages WHERE conversation_id = ?
		UNION ALL SELECT NULL, m.source_id`+sqliteSourceIDsFrom, conv.ForkPointSeq, conv.ID, string(list), conv.ID)
	if err != nil {
		return nil, 0, err
	}
	defer rs.Close()
	have = make(map[string]bool, 2*len(ids))
	seqs := 0
	for rs.Next() {
		var seq sql.NullInt64
		var id sql.NullString
		if err := rs.Scan(&seq, &id); err != nil {
			return nil, 0, err
		}
		if id.Valid {
			have[id.String] = true
		} else if seq.Valid {
			last = seq.Int64
			seqs++
		}
	}
	if err := rs.Err(); err != nil {
		return nil, 0, err
	}
	if seqs != 1 {
		return nil, 0, fmt.Errorf("conversation %s: %d last sequence numbers read", conv.ID, seqs)
	}
	return have, last, rs.Close()
}

// countAppended adds the messages just written to their conversation's and
// session's counts and token totals; with startAt (firstMessageAt, or nil)
// it also moves an open session's start back to it when it started later.
// On PostgreSQL that is one statement (one round to the server and one new
// version of the session's row); on SQLite see countAppendedSQLite.
func (s *Store) countAppended(ctx context.Context, tx bun.Tx, sess *baton.Session, conv *baton.Conversation, fresh []*baton.Message, startAt any) error {
	n := int64(len(fresh))
	const conversation = "UPDATE conversations SET message_count = message_count + ? WHERE id = ?"
	t := pricing.Totals(fresh)
	if s.dialect == SQLite {
		if _, err := s.execBound(ctx, tx, conversation, n, conv.ID); err != nil {
			return err
		}
		return s.countAppendedSQLite(ctx, tx, sess, n, t, startAt)
	}
	// Both counts are one statement (the conversation's UPDATE in a
	// WITH): one round to the server fewer per append.
	with, args := "WITH conversation AS ("+conversation+") ", []any{n, conv.ID}
	args = append(args, n, t.Input, t.Output, t.CacheRead, t.CacheWrite, t.Total, t.CostUSD, t.Unpriced)
	if startAt == nil {
		_, err := s.execBound(ctx, tx, with+sessionCounts+" WHERE id = ?", append(args, sess.ID)...)
		return err
	}
	_, err := s.execBound(ctx, tx, with+sessionCounts+", started_at = CASE WHEN started_at > ? AND ended_at IS NULL THEN ? ELSE started_at END WHERE id = ?",
		append(args, startAt, startAt, sess.ID)...)
	return err
}

// sessionCounts adds an append's messages and tokens to its session.
const sessionCounts = `UPDATE sessions SET message_count = message_count + ?, tokens_input = tokens_input + ?,
		tokens_output = tokens_output + ?, tokens_cache_read = tokens_cache_read + ?, tokens_cache_write = tokens_cache_write + ?,
		tokens_total = tokens_total + ?, tokens_cost_usd = tokens_cost_usd + ?, tokens_unpriced = tokens_unpriced + ?`

// countAppendedSQLite is countAppended's session part on SQLite, where an
// UPDATE rewrites the entry of every index holding a column it sets,
// changed or not: set as one statement, the session's start and token
// totals rewrote 7 of the sessions table's index entries (the list's
// sort and filter indexes hold started_at; tokens_total and
// tokens_cost_usd have theirs) on every append in the one writer's
// transaction, though an append rarely moves the start and appends
// without usage (a hook's, most API clients') add no tokens. So the
// tokens are set only when the batch has any, and the start by a second
// UPDATE that only rewrites anything when it moves (no round trip here:
// SQLite runs in this process).
func (s *Store) countAppendedSQLite(ctx context.Context, tx bun.Tx, sess *baton.Session, n int64, t baton.SessionTokens, startAt any) error {
	var err error
	if t == (baton.SessionTokens{}) {
		_, err = s.execBound(ctx, tx, "UPDATE sessions SET message_count = message_count + ? WHERE id = ?", n, sess.ID)
	} else {
		_, err = s.execBound(ctx, tx, sessionCounts+" WHERE id = ?", n, t.Input, t.Output, t.CacheRead, t.CacheWrite, t.Total, t.CostUSD, t.Unpriced, sess.ID)
	}
	if err != nil || startAt == nil {
		return err
	}
	_, err = s.execBound(ctx, tx, "UPDATE sessions SET started_at = ? WHERE id = ? AND started_at > ? AND ended_at IS NULL", startAt, sess.ID, startAt)
	return err
}
