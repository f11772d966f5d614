package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Frames are immutable: this file writes them once (CreateFrames) and
// deletes them (DeleteFrame); nothing updates a frame.

// frameColumns are the frames table's columns in the order frameRow and
// the inserts use.
const frameColumns = `rid, steward_id, id, timestamp, branch, module_scope, summary_caption, reference_point,
	status_snapshot, jira, keywords, atlas_frame_id, feature_flags, permissions, image_ids, run_id, plan_hash,
	spend, user_id, executor_role, tool_calls, guardrail_profile, extra, created_at, raw, superseded_by`

// frameRow is one row of frames; JSON columns are text, nil when the frame
// did not have the field.
type frameRow struct {
	RID              int64     `bun:"rid"`
	StewardID        int64     `bun:"steward_id"`
	ID               string    `bun:"id"`
	Timestamp        string    `bun:"timestamp"`
	Branch           string    `bun:"branch"`
	ModuleScope      string    `bun:"module_scope"`
	SummaryCaption   string    `bun:"summary_caption"`
	ReferencePoint   string    `bun:"reference_point"`
	StatusSnapshot   string    `bun:"status_snapshot"`
	Jira             *string   `bun:"jira"`
	Keywords         *string   `bun:"keywords"`
	AtlasFrameID     *string   `bun:"atlas_frame_id"`
	FeatureFlags     *string   `bun:"feature_flags"`
	Permissions      *string   `bun:"permissions"`
	ImageIDs         *string   `bun:"image_ids"`
	RunID            *string   `bun:"run_id"`
	PlanHash         *string   `bun:"plan_hash"`
	Spend            *string   `bun:"spend"`
	UserID           *string   `bun:"user_id"`
	ExecutorRole     *string   `bun:"executor_role"`
	ToolCalls        *string   `bun:"tool_calls"`
	GuardrailProfile *string   `bun:"guardrail_profile"`
	Extra            *string   `bun:"extra"`
	CreatedAt        time.Time `bun:"created_at"`
	Raw              *string   `bun:"raw"`
	SupersededBy     *string   `bun:"superseded_by"`
}

func jsonList(v []string) *string {
	if v == nil {
		return nil
	}
	b, _ := json.Marshal(v)
	s := string(b)
	return &s
}

// rowOf is the frame's row. A frame kept as it came (Raw: another key
// order, number spelling or escaping than Canonical's) is read back from
// its raw JSON alone, so its row holds that and the columns queries
// filter on (branch, jira, run_id, spend, superseded_by); the other
// columns stay empty (empty text or NULL) instead of holding the frame a second
// time (100k frames: 90 MB less to bind and write).
func rowOf(f *baton.Frame, rid int64) (*frameRow, error) {
	if f.Raw != nil {
		return rawRowOf(f, rid)
	}
	status, err := f.StatusSnapshot.MarshalJSON()
	if err != nil {
		return nil, err
	}
	modules, _ := json.Marshal(f.ModuleScope)
	r := &frameRow{
		RID: rid, StewardID: f.StewardID, ID: f.ID, Timestamp: f.Timestamp, Branch: f.Branch,
		ModuleScope: string(modules), SummaryCaption: f.SummaryCaption, ReferencePoint: f.ReferencePoint,
		StatusSnapshot: string(status), Jira: f.Jira, Keywords: jsonList(f.Keywords), AtlasFrameID: f.AtlasFrameID,
		FeatureFlags: jsonList(f.FeatureFlags), Permissions: jsonList(f.Permissions), ImageIDs: jsonList(f.ImageIDs),
		RunID: f.RunID, PlanHash: f.PlanHash, UserID: f.UserID, ExecutorRole: f.ExecutorRole,
		ToolCalls: jsonList(f.ToolCalls), GuardrailProfile: f.GuardrailProfile, CreatedAt: f.CreatedAt,
	}
	spend, err := spendColumn(f)
	if err != nil {
		return nil, err
	}
	r.Spend = spend
	if f.Extra != nil {
		s := string(baton.MarshalFrameFields(f.Extra))
		r.Extra = &s
	}
	if f.Raw != nil {
		s := string(f.Raw)
		r.Raw = &s
	}
	if by := f.SupersededBy(); by != "" {
		r.SupersededBy = &by
	}
	return r, nil
}

// spendColumn is a frame's spend as its column holds it (nil when absent).
func spendColumn(f *baton.Frame) (*string, error) {
	if f.Spend == nil {
		return nil, nil
	}
	b, err := f.Spend.MarshalJSON()
	if err != nil {
		return nil, err
	}
	s := string(b)
	return &s, nil
}

func rawRowOf(f *baton.Frame, rid int64) (*frameRow, error) {
	raw := string(f.Raw)
	r := &frameRow{
		RID: rid, StewardID: f.StewardID, ID: f.ID, Timestamp: f.Timestamp, Branch: f.Branch, Jira: f.Jira, RunID: f.RunID,
		CreatedAt: f.CreatedAt, Raw: &raw,
	}
	spend, err := spendColumn(f)
	if err != nil {
		return nil, err
	}
	r.Spend = spend
	if by := f.SupersededBy(); by != "" {
		r.SupersededBy = &by
	}
	return r, nil
}

// frame is the row's frame: from its raw JSON when it has that (a row
// written before rawRowOf has its columns too; they say the same).
func (r *frameRow) frame() (*baton.Frame, error) {
	if r.Raw != nil {
		f, err := baton.DecodeFrame([]byte(*r.Raw))
		if err != nil {
			return nil, fmt.Errorf("frame %s: %w", r.ID, err)
		}
		f.Raw = []byte(*r.Raw)
		f.StewardID, f.CreatedAt = r.StewardID, r.CreatedAt.UTC()
		return f, nil
	}
	f := &baton.Frame{
		ID: r.ID, Timestamp: r.Timestamp, Branch: r.Branch, SummaryCaption: r.SummaryCaption,
		ReferencePoint: r.ReferencePoint, Jira: r.Jira, AtlasFrameID: r.AtlasFrameID, RunID: r.RunID,
		PlanHash: r.PlanHash, UserID: r.UserID, ExecutorRole: r.ExecutorRole, GuardrailProfile: r.GuardrailProfile,
		StewardID: r.StewardID, CreatedAt: r.CreatedAt.UTC(),
	}
	var err error
	if f.At, err = baton.ParseFrameTime(r.Timestamp); err != nil {
		return nil, fmt.Errorf("frame %s: %w", r.ID, err)
	}
	lists := []struct {
		col *string
		dst *[]string
	}{{&r.ModuleScope, &f.ModuleScope}, {r.Keywords, &f.Keywords}, {r.FeatureFlags, &f.FeatureFlags},
		{r.Permissions, &f.Permissions}, {r.ImageIDs, &f.ImageIDs}, {r.ToolCalls, &f.ToolCalls}}
	for _, l := range lists {
		if l.col != nil {
			if err := json.Unmarshal([]byte(*l.col), l.dst); err != nil {
				return nil, fmt.Errorf("frame %s: %w", r.ID, err)
			}
		}
	}
	if err := json.Unmarshal([]byte(r.StatusSnapshot), &f.StatusSnapshot); err != nil {
		return nil, fmt.Errorf("frame %s: status_snapshot: %w", r.ID, err)
	}
	if r.Spend != nil {
		f.Spend = &baton.FrameSpend{}
		if err := json.Unmarshal([]byte(*r.Spend), f.Spend); err != nil {
			return nil, fmt.Errorf("frame %s: spend: %w", r.ID, err)
		}
	}
	if r.Extra != nil {
		if f.Extra, err = baton.FrameFields([]byte(*r.Extra)); err != nil {
			return nil, fmt.Errorf("frame %s: extra: %w", r.ID, err)
		}
		if f.Extra == nil {
			f.Extra = []baton.FrameField{}
		}
	}
	return f, nil
}

// CreateFrames stores validated frames for the steward, in one transaction.
// A frame whose id the steward already has is not written again: its
// result is FrameDuplicate when it is the stored frame, FrameConflict when
// its content differs (frames are immutable; the first one stays).
func (s *Store) CreateFrames(ctx context.Context, stewardID int64, frames []*baton.Frame) ([]baton.FrameImportResult, error) {
	results := make([]baton.FrameImportResult, len(frames))
	now := s.clock()
	for _, f := range frames {
		f.StewardID, f.CreatedAt = stewardID, now
	}
	// The frames are prepared on the other cores while the transaction
	// looks up their ids and picks their rids.
	var prep []framePrep
	var prepErr error
	prepared := make(chan struct{})
	go func() {
		defer close(prepared)
		prep, prepErr = prepareFrames(frames)
	}()
	waitPrep := func() ([]framePrep, error) {
		<-prepared
		return prep, prepErr
	}
	var err error
	run := s.inTx
	if s.dialect == SQLite && len(frames) > 100 {
		run = func(ctx context.Context, fn func(tx bun.Tx) error) error { return s.inBulkTx(ctx, stewardID, fn) }
	}
	for attempt := 0; attempt < 3; attempt++ {
		err = run(ctx, func(tx bun.Tx) error { return s.createFrames(ctx, tx, stewardID, frames, waitPrep, results) })
		// Two instances may pick the same free rid at once; the loser tries again.
		if !isUniqueViolation(err) {
			break
		}
	}
	if isUniqueViolation(err) {
		return nil, baton.Errorf(baton.ECONFLICT, "frames were being written at the same moment; send them again")
	}
	return results, err
}

// inBulkTx is inTx for a large write of the steward's on SQLite, on a
// connection kept for such writes (bulkConn), set for them once:
//   - a 32 MB page cache, kept from one write to the next: the postings
//     take a row per word, spread over the whole index, and an import
//     comes as many writes of a few thousand frames; with the default
//     cache (2 MB), or a large one emptied after each write, every write
//     read the index's pages from the file again (100k frames: 700 MB
//     read);
//   - statement journals in memory: each multi-row INSERT keeps the pages
//     it changes, to undo itself alone, and past 64 kB SQLite writes them
//     to a temporary file (a write for nearly every page the postings
//     touch). SQLite decides where when the transaction begins;
//   - a checkpoint once the WAL holds 8,192 pages (32 MB) instead of
//     1,000: each write changes a few thousand pages, so the default
//     copied them into the database after every write, and the pages the
//     next write changes again were copied each time;
//   - foreign keys not checked: every row the write makes (frames,
//     frame_text, frame_segments, frame_vocab) names the steward, and
//     SQLite looked the steward up again for each (some 850,000 look-ups
//     for 100k frames). The transaction checks once that the steward
//     exists instead; it holds the write lock, so no one deletes the
//     steward meanwhile, and frame_text's rows name frames it writes.
//     SQLite sets foreign_keys only outside a transaction.
//
// The connection is the store's alone (the pool never hands it out), so
// its cache and its missing foreign keys never reach another query; it is
// one of the pool's connections, its cache the one that stays large.
func (s *Store) inBulkTx(ctx context.Context, stewardID int64, fn func(tx bun.Tx) error) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	conn, err := s.bulkConn(ctx)
	if err != nil {
		return err
	}
	err = conn.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var n int
		if err := tx.NewRaw("SELECT count(*) FROM stewards WHERE id = ?", stewardID).Scan(ctx, &n); err != nil {
			return err
		}
		if n == 0 {
			return baton.NotFound("steward")
		}
		return fn(tx)
	})
	if err != nil && baton.ErrorCode(err) == baton.EINTERNAL {
		// A connection a failed write may have left in a bad state is not
		// used again; the next large write opens another.
		s.closeBulk()
	}
	return err
}

// bulkConn returns the connection large writes run on, opening and setting
// it the first time (see inBulkTx). The caller holds writeMu.
func (s *Store) bulkConn(ctx context.Context) (bun.Conn, error) {
	if s.bulk != nil {
		return *s.bulk, nil
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return bun.Conn{}, err
	}
	for _, p := range []string{"PRAGMA cache_size = -32768", "PRAGMA temp_store = MEMORY", "PRAGMA wal_autocheckpoint = 8192", "PRAGMA foreign_keys = OFF"} {
		if _, err := conn.ExecContext(ctx, p); err != nil {
			conn.Close()
			return bun.Conn{}, err
		}
	}
	s.bulk = &conn
	return conn, nil
}

// closeBulk closes the connection of large writes, if open. The caller
// holds writeMu, or the store is closing.
func (s *Store) closeBulk() {
	if s.bulk != nil {
		_ = s.bulk.Close()
		s.bulk = nil
	}
}

// createFrames writes the frames not stored yet; waitPrep gives their
// preparation (framePrep), made meanwhile.
func (s *Store) createFrames(ctx context.Context, tx bun.Tx, stewardID int64, frames []*baton.Frame, waitPrep func() ([]framePrep, error), results []baton.FrameImportResult) error {
	// Which ids are taken: by the steward already, or earlier in this batch.
	ids := make([]string, 0, len(frames))
	for _, f := range frames {
		ids = append(ids, f.ID)
	}
	stored := map[string]*baton.Frame{}
	for start := 0; start < len(ids); start += 500 {
		chunk := ids[start:min(start+500, len(ids))]
		var rows []frameRow
		if err := tx.NewRaw("SELECT "+frameColumns+" FROM frames WHERE steward_id = ? AND id IN (?)", stewardID, bun.List(chunk)).
			Scan(ctx, &rows); err != nil {
			return err
		}
		for i := range rows {
			f, err := rows[i].frame()
			if err != nil {
				return err
			}
			stored[f.ID] = f
		}
	}
	var fresh []*baton.Frame
	var where []int // fresh's indexes in frames
	for i, f := range frames {
		results[i] = baton.FrameImportResult{Index: i, ID: f.ID, Status: baton.FrameCreated}
		if prev, ok := stored[f.ID]; ok {
			results[i].Status = baton.FrameDuplicate
			if !sameFrame(prev, f) {
				results[i].Status, results[i].Field = baton.FrameConflict, "id"
				results[i].Error = "a different frame with id " + strconv.Quote(f.ID) + " is already stored; frames are immutable, so give this one its own id"
			}
			continue
		}
		stored[f.ID] = f
		fresh = append(fresh, f)
		where = append(where, i)
	}
	if len(fresh) == 0 {
		return nil
	}
	rids, err := freeRIDs(ctx, tx, fresh)
	if err != nil {
		return err
	}
	if err := s.ensurePostings(ctx, tx, stewardID); err != nil {
		return err
	}
	prep, err := waitPrep()
	if err != nil {
		return err
	}
	freshPrep := make([]framePrep, len(fresh))
	for j, i := range where {
		freshPrep[j] = prep[i]
	}
	built := s.startPostings(stewardID, fresh, rids, freshPrep)
	if err := s.insertFrames(ctx, tx, fresh, freshPrep, rids); err != nil {
		return err
	}
	return s.writePostings(ctx, tx, stewardID, fresh, rids, freshPrep, built)
}

// sameFrame tells whether two frames say the same: the same fields with the
// same values, whatever their key order or spelling, and the same instant
// however written (an export for Lex writes an offset time in UTC).
func sameFrame(a, b *baton.Frame) bool {
	ac, bc := *a, *b
	ac.Timestamp, bc.Timestamp = a.At.UTC().Format(time.RFC3339Nano), b.At.UTC().Format(time.RFC3339Nano)
	x, err1 := ac.Canonical()
	y, err2 := bc.Canonical()
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// freeRIDs gives each frame its rid: its time in microseconds, moved on
// past any rid already taken.
func freeRIDs(ctx context.Context, tx bun.Tx, frames []*baton.Frame) ([]int64, error) {
	rids := make([]int64, len(frames))
	taken := map[int64]bool{}
	for i, f := range frames {
		r := f.At.UnixMicro()
		for taken[r] {
			r++
		}
		taken[r] = true
		rids[i] = r
	}
	// A large import of frames newer than any stored (the usual case: a
	// history sent in time order) clashes with nothing: one look at the
	// stored rids within the frames' span says so, instead of a look-up
	// per frame.
	lo, hi := slices.Min(rids), slices.Max(rids)
	var within int
	if err := tx.NewRaw("SELECT count(*) FROM (SELECT 1 FROM frames WHERE rid BETWEEN ? AND ? LIMIT 1) AS span", lo, hi).Scan(ctx, &within); err != nil {
		return nil, err
	}
	if within == 0 {
		return rids, nil
	}
	for {
		var clash []int64
		for start := 0; start < len(rids); start += 500 {
			var got []int64
			if err := tx.NewRaw("SELECT rid FROM frames WHERE rid IN (?)", bun.List(rids[start:min(start+500, len(rids))])).
				Scan(ctx, &got); err != nil {
				return nil, err
			}
			clash = append(clash, got...)
		}
		if len(clash) == 0 {
			return rids, nil
		}
		for _, c := range clash {
			taken[c] = true
		}
		for i, r := range rids {
			if !taken[r] || !containsRID(clash, r) {
				continue
			}
			for taken[r] {
				r++
			}
			taken[r] = true
			rids[i] = r
		}
	}
}

func containsRID(list []int64, r int64) bool {
	for _, x := range list {
		if x == r {
			return true
		}
	}
	return false
}

// rawFrameColumns are the columns of a raw row (rawRowOf) that hold a
// value, in the order insertFrames binds them; rawFrameRow is its row
// of values, the NOT NULL columns it leaves empty written as empty text.
const (
	rawFrameColumns = `rid, steward_id, id, timestamp, branch, jira, run_id, spend, created_at, raw, superseded_by,
	module_scope, summary_caption, reference_point, status_snapshot`
	rawFrameRow = "(?,?,?,?,?,?,?,?,?,?,?,'','','','')"
)

// insertFrames writes the frames' rows with prepared multi-row INSERTs
// (insertBound): raw rows with the few columns they fill, the others
// with every column. A frame's modules are in its postings
// (frame_segments).
func (s *Store) insertFrames(ctx context.Context, tx bun.Tx, frames []*baton.Frame, prep []framePrep, rids []int64) error {
	var full, raw []any
	for i, f := range frames {
		r := prep[i].row
		r.RID, r.StewardID, r.CreatedAt = rids[i], f.StewardID, f.CreatedAt
		created := r.CreatedAt.UTC().Format(bunTimeFormat)
		if r.Raw != nil {
			if raw == nil {
				raw = make([]any, 0, 11*len(frames))
			}
			raw = append(raw, r.RID, r.StewardID, r.ID, r.Timestamp, r.Branch, text(r.Jira), text(r.RunID), text(r.Spend),
				created, *r.Raw, text(r.SupersededBy))
			continue
		}
		full = append(full, r.RID, r.StewardID, r.ID, r.Timestamp, r.Branch, r.ModuleScope, r.SummaryCaption,
			r.ReferencePoint, r.StatusSnapshot, text(r.Jira), text(r.Keywords), text(r.AtlasFrameID), text(r.FeatureFlags),
			text(r.Permissions), text(r.ImageIDs), text(r.RunID), text(r.PlanHash), text(r.Spend), text(r.UserID),
			text(r.ExecutorRole), text(r.ToolCalls), text(r.GuardrailProfile), text(r.Extra),
			created, text(r.Raw), text(r.SupersededBy))
	}
	if err := s.insertRows(ctx, tx, "INSERT INTO frames ("+rawFrameColumns+")", rawFrameRow, "", 11, raw); err != nil {
		return err
	}
	return s.insertBound(ctx, tx, "INSERT INTO frames ("+frameColumns+")", "", 26, full)
}

// text is a nullable text column's value: the string, or nil for NULL.
// database/sql takes a string or nil as it is, and a *string through
// reflection (1.6 million of them for 100k frames).
func text(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

// Frame returns one of the steward's frames by its id.
func (s *Store) Frame(ctx context.Context, stewardID int64, id string) (*baton.Frame, error) {
	var rows []frameRow
	if err := s.db.NewRaw("SELECT "+frameColumns+" FROM frames WHERE steward_id = ? AND id = ?", stewardID, id).
		Scan(ctx, &rows); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, baton.NotFound("frame")
	}
	return rows[0].frame()
}

// DeleteFrame deletes one of the steward's frames and its index entries:
// the one change a frame allows, for privacy.
func (s *Store) DeleteFrame(ctx context.Context, stewardID int64, id string) error {
	return s.inTx(ctx, func(tx bun.Tx) error {
		var rows []frameRow
		if err := tx.NewRaw("SELECT "+frameColumns+" FROM frames WHERE steward_id = ? AND id = ?", stewardID, id).Scan(ctx, &rows); err != nil {
			return err
		}
		if len(rows) == 0 {
			return baton.NotFound("frame")
		}
		f, err := rows[0].frame()
		if err != nil {
			return err
		}
		rids := []int64{rows[0].RID}
		if err := s.ensurePostings(ctx, tx, stewardID); err != nil {
			return err
		}
		if err := s.deletePostings(ctx, tx, stewardID, f, rids[0]); err != nil {
			return err
		}
		_, err = tx.NewRaw("DELETE FROM frames WHERE rid = ? AND steward_id = ?", rids[0], stewardID).Exec(ctx)
		return err
	})
}

// framesByRID loads the steward's frames with these rids, keyed by rid.
func (s *Store) framesByRID(ctx context.Context, stewardID int64, rids []int64) (map[int64]*baton.Frame, error) {
	out := make(map[int64]*baton.Frame, len(rids))
	for start := 0; start < len(rids); start += 512 {
		chunk := rids[start:min(start+512, len(rids))]
		rows, err := s.queryRead(ctx, "SELECT "+frameColumns+" FROM frames WHERE steward_id = ? AND rid IN ("+placeholders(len(chunk))+")",
			append([]any{stewardID}, ridArgs(chunk)...)...)
		if err != nil {
			return nil, err
		}
		err = scanFrames(rows, out)
		if err := errors.Join(err, rows.Close()); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// scanFrames reads rows of frameColumns into out, by rid.
func scanFrames(rows *sql.Rows, out map[int64]*baton.Frame) error {
	for rows.Next() {
		var r frameRow
		if err := rows.Scan(&r.RID, &r.StewardID, &r.ID, &r.Timestamp, &r.Branch, &r.ModuleScope, &r.SummaryCaption,
			&r.ReferencePoint, &r.StatusSnapshot, &r.Jira, &r.Keywords, &r.AtlasFrameID, &r.FeatureFlags, &r.Permissions,
			&r.ImageIDs, &r.RunID, &r.PlanHash, &r.Spend, &r.UserID, &r.ExecutorRole, &r.ToolCalls, &r.GuardrailProfile,
			&r.Extra, (*scannedTime)(&r.CreatedAt), &r.Raw, &r.SupersededBy); err != nil {
			return err
		}
		f, err := r.frame()
		if err != nil {
			return err
		}
		out[r.RID] = f
	}
	return rows.Err()
}

// frameCursor is a timeline page's keyset: the last rid shown.
func frameCursor(rid int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(rid, 10)))
}

func parseFrameCursor(c string) (int64, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err == nil {
		if rid, err := strconv.ParseInt(string(b), 10, 64); err == nil {
			return rid, nil
		}
	}
	return 0, baton.Invalid("cursor", "cursor is not one this server gave out; start from the first page")
}

// microsRange turns since/until into an inclusive rid range.
func microsRange(since, until *time.Time) (lo, hi int64, ok bool) {
	lo, hi, ok = -1<<62, 1<<62, false
	if since != nil {
		lo, ok = since.UnixMicro(), true
		if since.Nanosecond()%1000 != 0 {
			lo++
		}
	}
	if until != nil {
		hi, ok = until.UnixMicro(), true
	}
	return lo, hi, ok
}

// FrameTimeline returns a page of the steward's frames, newest first, of a
// branch or a module (or all), within since/until.
func (s *Store) FrameTimeline(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, error) {
	if f.Limit <= 0 || f.Limit > 1000 {
		f.Limit = 50
	}
	lo, hi, _ := microsRange(f.Since, f.Until)
	// A rid bumped past a collision can be a microsecond late; until stays inclusive of it.
	if f.Cursor != "" {
		c, err := parseFrameCursor(f.Cursor)
		if err != nil {
			return nil, err
		}
		hi = min(hi, c-1)
	}
	var q strings.Builder
	q.WriteString("SELECT rid FROM frames WHERE steward_id = ?")
	args := []any{stewardID}
	if f.Branch != "" {
		q.WriteString(" AND branch = ?")
		args = append(args, f.Branch)
	}
	if f.Jira != "" {
		q.WriteString(" AND jira = ?")
		args = append(args, f.Jira)
	}
	if !f.IncludeSuperseded {
		q.WriteString(" AND superseded_by IS NULL")
	}
	var rids []int64
	if f.Module != "" {
		var err error
		if rids, err = s.moduleTimeline(ctx, stewardID, f.Module, lo, hi, f.Limit+1, q.String(), args); err != nil {
			return nil, err
		}
	} else {
		q.WriteString(" AND rid BETWEEN ? AND ? ORDER BY rid DESC LIMIT ?")
		args = append(args, lo, hi, f.Limit+1)
		if err := s.db.NewRaw(q.String(), args...).Scan(ctx, &rids); err != nil {
			return nil, err
		}
	}
	page := &baton.FramePage{Frames: []*baton.Frame{}}
	if len(rids) > f.Limit {
		rids = rids[:f.Limit]
		page.NextCursor = frameCursor(rids[len(rids)-1])
	}
	byRID, err := s.framesByRID(ctx, stewardID, rids)
	if err != nil {
		return nil, err
	}
	for _, r := range rids {
		if fr := byRID[r]; fr != nil {
			page.Frames = append(page.Frames, fr)
		}
	}
	return page, nil
}

// moduleTimeline answers the newest n frames of the module within lo..hi
// that the query (frames of the steward, with the other filters) keeps:
// the module's frames from its postings, newest first, checked a chunk
// at a time.
func (s *Store) moduleTimeline(ctx context.Context, stewardID int64, module string, lo, hi int64, n int, query string, args []any) ([]int64, error) {
	if err := s.postingsReady(ctx, stewardID); err != nil {
		return nil, err
	}
	inModule, err := s.moduleRIDs(ctx, stewardID, module, lo, hi)
	if err != nil {
		return nil, err
	}
	var out []int64
	for start, size := 0, 64; start < len(inModule) && len(out) < n; start, size = start+size, min(size*2, 512) {
		chunk := inModule[start:min(start+size, len(inModule))]
		var kept []int64
		if err := s.db.NewRaw(query+" AND rid IN (?) ORDER BY rid DESC", append(slices.Clip(args), bun.List(chunk))...).Scan(ctx, &kept); err != nil {
			return nil, err
		}
		out = append(out, kept...)
	}
	return out[:min(n, len(out))], nil
}

// moduleRIDs returns the steward's frames of the module within lo..hi,
// newest first, from the module's segments in frame_segments.
func (s *Store) moduleRIDs(ctx context.Context, stewardID int64, module string, lo, hi int64) ([]int64, error) {
	levels, err := s.readLevels(ctx, moduleImpact, moduleImpact, lo, hi, nil, "SELECT "+segmentPostings+" WHERE s.steward_id = ? AND s.word = ?",
		stewardID, moduleWord(module))
	if err != nil || len(levels) == 0 {
		return []int64{}, err
	}
	return levels[0].rids, nil
}

// LatestFrames returns the steward's newest frames of a branch (any branch
// when branch is ""), newest first: what a next session on that branch may
// start with. The continuity context calls it.
func (s *Store) LatestFrames(ctx context.Context, stewardID int64, branch string, limit int) ([]*baton.Frame, error) {
	page, err := s.FrameTimeline(ctx, stewardID, baton.FrameFilter{Branch: branch, Limit: max(limit, 1)})
	if err != nil {
		return nil, err
	}
	return page.Frames, nil
}

// FrameCount returns how many frames the steward has.
func (s *Store) FrameCount(ctx context.Context, stewardID int64) (int, error) {
	var n int
	err := s.db.NewRaw("SELECT count(*) FROM frames WHERE steward_id = ?", stewardID).Scan(ctx, &n)
	return n, err
}

// FramesSuperseding returns the ids of the steward's frames whose
// superseded_by names id: the frames id replaces, oldest first.
func (s *Store) FramesSuperseding(ctx context.Context, stewardID int64, id string) ([]string, error) {
	var ids []string
	if err := s.db.NewRaw("SELECT id FROM frames WHERE steward_id = ? AND superseded_by = ? ORDER BY rid", stewardID, id).Scan(ctx, &ids); err != nil {
		return nil, err
	}
	return ids, nil
}

// FrameStats counts the steward's frames, and those at or after since
// (all of them when since is nil) with the prompts and tokens their spend
// records; detailed adds every module's frame count, most first.
func (s *Store) FrameStats(ctx context.Context, stewardID int64, since *time.Time, detailed bool) (*baton.FrameStats, error) {
	st := &baton.FrameStats{Since: since}
	var agg struct {
		N      int    `bun:"n"`
		Oldest *int64 `bun:"oldest"`
		Newest *int64 `bun:"newest"`
	}
	if err := s.db.NewRaw("SELECT count(*) AS n, min(rid) AS oldest, max(rid) AS newest FROM frames WHERE steward_id = ?", stewardID).Scan(ctx, &agg); err != nil {
		return nil, err
	}
	st.Total = agg.N
	if agg.Oldest != nil && agg.Newest != nil {
		o, n := time.UnixMicro(*agg.Oldest).UTC(), time.UnixMicro(*agg.Newest).UTC()
		st.Oldest, st.Newest = &o, &n
	}
	lo, _, _ := microsRange(since, nil)
	var spends []*string
	if err := s.db.NewRaw("SELECT spend FROM frames WHERE steward_id = ? AND rid >= ?", stewardID, lo).Scan(ctx, &spends); err != nil {
		return nil, err
	}
	st.SinceFrames = len(spends)
	for _, sp := range spends {
		if sp == nil {
			continue
		}
		var v baton.FrameSpend
		if json.Unmarshal([]byte(*sp), &v) != nil {
			continue
		}
		if v.Prompts != nil {
			st.Prompts += *v.Prompts
		}
		if v.TokensEstimated != nil {
			st.TokensEstimated += *v.TokensEstimated
		}
	}
	if detailed {
		var err error
		if st.Modules, err = s.moduleCounts(ctx, stewardID, -1); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// FrameBranches returns the steward's branches with frames, most frames first.
func (s *Store) FrameBranches(ctx context.Context, stewardID int64, limit int) ([]string, error) {
	var out []string
	err := s.db.NewRaw(`SELECT branch FROM frames WHERE steward_id = ? GROUP BY branch ORDER BY count(*) DESC, branch LIMIT ?`,
		stewardID, limit).Scan(ctx, &out)
	return out, err
}

// FrameModules returns the steward's modules with frames, most frames first.
func (s *Store) FrameModules(ctx context.Context, stewardID int64, limit int) ([]string, error) {
	counts, err := s.moduleCounts(ctx, stewardID, limit)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, c := range counts {
		out = append(out, c.Module)
	}
	return out, nil
}

// moduleCounts counts the frames of each of the steward's modules (at
// most limit of them; all when limit < 0), most first, from the modules'
// segments: their words are U+0001 and the name, between "\x01" and "\x02".
func (s *Store) moduleCounts(ctx context.Context, stewardID int64, limit int) ([]baton.ModuleCount, error) {
	if err := s.postingsReady(ctx, stewardID); err != nil {
		return nil, err
	}
	if limit < 0 {
		limit = math.MaxInt32
	}
	var rows []struct {
		Word   string `bun:"word"`
		Frames int    `bun:"frames"`
	}
	err := s.db.NewRaw(`SELECT word, CAST(sum(n) AS BIGINT) AS frames FROM frame_segments WHERE steward_id = ? AND word >= ? AND word < ?
		GROUP BY word HAVING sum(n) > 0 ORDER BY sum(n) DESC, word LIMIT ?`, stewardID, "\x01", "\x02", limit).Scan(ctx, &rows)
	out := []baton.ModuleCount{}
	for _, r := range rows {
		out = append(out, baton.ModuleCount{Module: r.Word[1:], Frames: r.Frames})
	}
	return out, err
}
