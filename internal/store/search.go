package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/background"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Search ranking: relevance is computed over the newest rankWindow matches
// only. Scoring every match of a common word (bm25 or ts_rank over a
// million rows) costs seconds; the newest few hundred hold what a steward
// is looking for, and ranking them costs a few milliseconds. (SQLite;
// PostgreSQL's window is pgRankWindow.)
const rankWindow = 500

// searcher is the one place where the two dialects' full-text search differ.
type searcher interface {
	// matches returns the ids of the steward's newest messages matching the
	// terms, at most rankWindow, best first.
	matches(ctx context.Context, s *Store, stewardID int64, terms []string, limit int) ([]int64, error)
	// sessionIDs returns the distinct sessions of the newest matches.
	sessionIDs(ctx context.Context, s *Store, stewardID int64, q string, limit int) ([]string, error)
	// forget removes a session's messages from the index.
	forget(ctx context.Context, db bun.IDB, stewardID int64, sessionID string) error
}

// searchTerms splits a query into the words the index holds. Hyphens,
// quotes and every other punctuation separate words, so no query can break
// the match syntax.
func searchTerms(q string) []string {
	var terms []string
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		f = strings.ToLower(f)
		if !seen[f] {
			seen[f] = true
			terms = append(terms, f)
		}
		if len(terms) == 16 {
			break
		}
	}
	return terms
}

// Search returns the steward's messages that contain every word of q,
// best first among the newest matches.
func (s *Store) Search(ctx context.Context, stewardID int64, q string, limit int) ([]baton.SearchHit, error) {
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	terms := searchTerms(q)
	if len(terms) == 0 {
		return []baton.SearchHit{}, nil
	}
	ids, err := s.search.matches(ctx, s, stewardID, terms, limit)
	if err != nil || len(ids) == 0 {
		return []baton.SearchHit{}, err
	}
	type row struct {
		ID        int64      `bun:"id"`
		SessionID string     `bun:"session_id"`
		Title     string     `bun:"title"`
		Seq       int64      `bun:"seq"`
		Role      baton.Role `bun:"role"`
		Content   string     `bun:"content"`
		TS        time.Time  `bun:"ts"`
	}
	var rows []row
	// The steward filter here is the rule, not a formality: the index is
	// only trusted to narrow the search. A bound statement per number of
	// ids (at most 200), parsed once.
	args := make([]any, 0, len(ids)+1)
	for _, id := range ids {
		args = append(args, id)
	}
	args = append(args, stewardID)
	if err := s.readBound(ctx, &rows, `SELECT m.id, m.session_id, s.title, m.seq, m.role, m.content, m.ts
		FROM messages m JOIN sessions s ON s.id = m.session_id AND s.steward_id = m.steward_id
		WHERE m.id IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`) AND m.steward_id = ?`, args...); err != nil {
		return nil, err
	}
	byID := make(map[int64]row, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	hits := make([]baton.SearchHit, 0, len(ids))
	for _, id := range ids {
		r, ok := byID[id]
		if !ok {
			continue
		}
		hits = append(hits, baton.SearchHit{
			MessageID: r.ID, SessionID: r.SessionID, SessionTitle: r.Title, Seq: r.Seq,
			Role: r.Role, Snippet: Snippet(r.Content, terms, 160), Timestamp: r.TS,
		})
	}
	return hits, nil
}

// Snippet returns about width characters of content around the first term it contains.
func Snippet(content string, terms []string, width int) string {
	lower := strings.ToLower(content)
	at := -1
	for _, t := range terms {
		if i := strings.Index(lower, t); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		at = 0
	}
	start := max(at-width/3, 0)
	for start > 0 && !utf8.RuneStart(content[start]) {
		start--
	}
	end := min(start+width, len(content))
	for end < len(content) && !utf8.RuneStart(content[end]) {
		end++
	}
	out := strings.Join(strings.Fields(content[start:end]), " ")
	if start > 0 {
		out = "…" + out
	}
	if end < len(content) {
		out += "…"
	}
	return out
}

// sqliteSearch is FTS5 over a contentless index filled by the indexer.
type sqliteSearch struct{}

func (sqliteSearch) matches(ctx context.Context, s *Store, stewardID int64, terms []string, limit int) ([]int64, error) {
	smp, err := sampleSteward(ctx, s, stewardID)
	if err != nil || smp.own == 0 {
		return nil, err
	}
	docs, err := newestMatches[windowDoc](ctx, s, smp, stewardID, terms,
		"m.id, substr(m.content, 1, "+strconv.Itoa(rankChars)+") AS text, length(m.content) AS length", rankWindow)
	if err != nil || len(docs) == 0 {
		return nil, err
	}
	idf, err := termWeights(ctx, s, smp, stewardID, terms)
	if err != nil {
		return nil, err
	}
	ids := rankDocs(docs, terms, idf)
	return ids[:min(limit, len(ids))], nil
}

// newestMatches returns columns of the steward's newest messages holding
// every term, at most limit, newest first. FTS5 walks the matches newest
// first and stops at the limit; the join keeps the steward filter in SQL,
// where the rule lives, and the owner token narrows the walk to the
// steward's postings. Where the steward wrote most of the newest messages
// the token gains nothing and costs an intersection with postings that
// hold nearly every message, so the newest matches are walked without it,
// as far back as about 4·limit/share matches reach (bounded by the
// matches, not by a range of ids: a word in 1 of 100 messages reaches
// 100 times further back than a word in every one); older ones, if the
// limit is not reached, with it. That walk reads every match's row to
// check its steward, so it also asks that the steward hold as large a
// share of all sessions: one of 100 stewards appending right now wrote
// the newest messages, but a word's 2,000 newest matches reach back past
// them to everyone's, and reading their rows to find the steward's ~150
// cost twice the token's walk over all of the steward's ("flamegraph" at
// 1,000,000 messages of 100 stewards: 7.4–8.4 → 4.2–4.3 ms of CPU a
// search, the same answers). Whatever the share, terms of which one
// has fewer than fewMatches matches in all (a rare word) are walked
// without the token: FTS5 walks an AND newest first by stepping the
// token's postings back to the word's one by one, which grew with the
// index (a word in one message: 0.3 ms at 10,000 messages, 0.8 ms at
// 1,000,000), while the word's few postings and rows cost the same at
// every size.
func newestMatches[T any](ctx context.Context, s *Store, smp indexSample, stewardID int64, terms []string, columns string, limit int) ([]T, error) {
	query := "SELECT " + columns + ` FROM messages_fts f JOIN messages m ON m.id = f.rowid
		WHERE messages_fts MATCH ? AND m.steward_id = ? AND f.rowid >= ? AND f.rowid < ?
		ORDER BY f.rowid DESC LIMIT ?`
	var out []T
	split := smp.newest + 1 // ids from split up are walked without the owner token
	var err error
	if share := smp.share(); share >= ownerTokenBelow && smp.sessionShare >= ownerTokenBelow {
		split, err = nthNewestMatch(ctx, s, terms, int(4*float64(limit)/share))
	} else {
		// Any term with few matches bounds the AND's. Each term is looked
		// at alone: the AND of two common words walks thousands of
		// postings to find fewMatches of its own (2 ms for "the goroutine").
		for _, t := range terms {
			var many bool
			if many, err = hasMatches(ctx, s, t, fewMatches); err != nil || !many {
				split = 0
				break
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if split <= smp.newest {
		if err := s.readBound(ctx, &out, query, ftsMatch(stewardID, terms, false), stewardID, split, smp.newest+1, limit); err != nil {
			return nil, err
		}
	}
	if len(out) < limit && split > 0 {
		var older []T
		if err := s.readBound(ctx, &older, query, ftsMatch(stewardID, terms, true), stewardID, 0, split, limit-len(out)); err != nil {
			return nil, err
		}
		out = append(out, older...)
	}
	return out, nil
}

// fewMatches is how many matches in all a search's terms may have and
// still be walked without the owner token whatever the steward's share:
// at most this many postings and rows read (under half a millisecond).
const fewMatches = 200

// nthNewestMatch returns the id of the n-th newest message holding every
// term, whoever wrote it, or 0 when fewer hold them. It reads n postings
// and no rows.
func nthNewestMatch(ctx context.Context, s *Store, terms []string, n int) (int64, error) {
	var ids []int64
	if err := s.readBound(ctx, &ids, "SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
		ftsMatch(0, terms, false), max(n-1, 0)); err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}

// hasMatches reports whether at least n messages hold term, whoever wrote
// them. It reads at most n postings, oldest first: which ones does not
// matter here, and FTS5 opens a walk newest first by reading the term's
// last page in every segment whole (for a word in every message, over half
// of nthNewestMatch's CPU: 0.6 → 0.25 ms at 1,000,000 messages).
func hasMatches(ctx context.Context, s *Store, term string, n int) (bool, error) {
	var found int
	if err := s.readBound(ctx, &found, "SELECT count(*) FROM (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? LIMIT ?)",
		ftsMatch(0, []string{term}, false), n); err != nil {
		return false, err
	}
	return found >= n, nil
}

func (sqliteSearch) sessionIDs(ctx context.Context, s *Store, stewardID int64, q string, limit int) ([]string, error) {
	terms := searchTerms(q)
	if len(terms) == 0 {
		return nil, nil
	}
	smp, err := sampleSteward(ctx, s, stewardID)
	if err != nil || smp.own == 0 {
		return nil, err
	}
	newest, err := newestMatches[string](ctx, s, smp, stewardID, terms, "m.session_id", limit)
	if err != nil {
		return nil, err
	}
	var ids []string
	seen := map[string]bool{}
	for _, id := range newest {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}

func (sqliteSearch) forget(ctx context.Context, db bun.IDB, stewardID int64, sessionID string) error {
	_, err := db.NewRaw(`DELETE FROM messages_fts WHERE rowid IN
		(SELECT id FROM messages WHERE session_id = ? AND steward_id = ?)`, sessionID, stewardID).Exec(ctx)
	return err
}

// pgSearch is PostgreSQL's tsvector, kept by a generated column.
type pgSearch struct{}

// pgRankWindow is PostgreSQL's window of newest matches. Its planner walks
// the steward's messages newest first and tests each one's tsvector until
// the window is full, so a word in 1 of 100 messages costs window × 100
// rows read: with 500, 50,000 rows and over 100 ms at 1,000,000 messages
// of one steward; with 100, a fifth of that.
const pgRankWindow = 100

// pgRecentScan bounds matches' first pass: the steward's newest
// pgRecentScan messages, read on the (steward_id, id) index. A common word
// fills the window there in a few milliseconds; left to the planner, "the"
// at 100,000 messages of one steward took a GIN bitmap of every match
// (p95 290 ms) once a writer had made its statistics stale.
const pgRecentScan = 5000

// pgFirstScan is the first pass's first look: the steward's newest
// pgFirstScan messages. A word that fills the window within pgRecentScan
// shows at least window·pgFirstScan/pgRecentScan matches here; one that
// shows fewer goes to the index without reading the other 4,000 rows (a
// word in 1 of 100 messages, or a rare one, read all 5,000 for nothing:
// 12 ms of the server's time in its statistics, against 2 ms for 1,000).
const pgFirstScan = 1000

func (pgSearch) matches(ctx context.Context, s *Store, stewardID int64, terms []string, limit int) ([]int64, error) {
	db := s.db
	q := strings.Join(terms, " ")
	window := max(pgRankWindow, limit)
	recent, err := pgNewestMatches(ctx, db, stewardID, q, pgFirstScan, window)
	if err != nil {
		return nil, err
	}
	if len(recent) < window && len(recent)*pgRecentScan >= window*pgFirstScan {
		if recent, err = pgNewestMatches(ctx, db, stewardID, q, pgRecentScan, window); err != nil {
			return nil, err
		}
	}
	if len(recent) == window {
		// The window is the newest matches either way: rank it here.
		sort.SliceStable(recent, func(i, j int) bool { return recent[i].Rank > recent[j].Rank })
		ids := make([]int64, 0, limit)
		for _, h := range recent[:limit] {
			ids = append(ids, h.ID)
		}
		return ids, nil
	}
	var ids []int64
	err = db.NewRaw(`SELECT id FROM (
			SELECT id, content_tsv FROM messages
			WHERE steward_id = ? AND content_tsv @@ plainto_tsquery('simple', ?)
			ORDER BY id DESC LIMIT ?) newest
		ORDER BY ts_rank(content_tsv, plainto_tsquery('simple', ?)) DESC, id DESC LIMIT ?`,
		stewardID, q, window, q, limit).Scan(ctx, &ids)
	return ids, err
}

// pgHit is a match of the first pass and its rank.
type pgHit struct {
	ID   int64   `bun:"id"`
	Rank float64 `bun:"rank"`
}

// pgNewestMatches returns the matches among the steward's newest scan
// messages, at most window, newest first, read on the (steward_id, id)
// index.
func pgNewestMatches(ctx context.Context, db bun.IDB, stewardID int64, q string, scan, window int) ([]pgHit, error) {
	var recent []pgHit
	err := db.NewRaw(`SELECT id, ts_rank(content_tsv, plainto_tsquery('simple', ?)) AS rank FROM (
			SELECT id, content_tsv FROM messages WHERE steward_id = ? ORDER BY id DESC LIMIT ?) newest
		WHERE content_tsv @@ plainto_tsquery('simple', ?) ORDER BY id DESC LIMIT ?`,
		q, stewardID, scan, q, window).Scan(ctx, &recent)
	return recent, err
}

func (pgSearch) sessionIDs(ctx context.Context, s *Store, stewardID int64, q string, limit int) ([]string, error) {
	terms := searchTerms(q)
	if len(terms) == 0 {
		return nil, nil
	}
	var ids []string
	err := s.db.NewRaw(`SELECT DISTINCT session_id FROM (
			SELECT session_id FROM messages
			WHERE steward_id = ? AND content_tsv @@ plainto_tsquery('simple', ?)
			ORDER BY id DESC LIMIT ?) newest`, stewardID, strings.Join(terms, " "), limit).Scan(ctx, &ids)
	return ids, err
}

func (pgSearch) forget(context.Context, bun.IDB, int64, string) error { return nil }

// indexBatch is how many messages the indexer adds to FTS5 per transaction:
// small enough that writers never wait long for the lock (8,000 messages
// take about 150 ms), large enough that under sustained ingest one
// transaction takes what arrived since the last: each transaction queues
// for the write lock behind the writers' batches, and with 2,000 a burst's
// backlog needed several turns in that queue before it was searchable.
const indexBatch = 8000

// IndexPending adds messages written since the last run to the full-text
// index, in batches, and returns how many it added. Its watermark lives in
// the database, so any number of instances may run it. PostgreSQL indexes
// on write and has nothing pending.
func (s *Store) IndexPending(ctx context.Context) (int, error) {
	if s.dialect != SQLite {
		return 0, nil
	}
	// The write groups index their own messages (indexWritten), so the
	// indexer woken after an append mostly finds nothing to do: a read
	// says so without a turn at the write lock, which the appends queue
	// for (under sustained appends the indexer woke every 10–60 ms,
	// RunIndexer's wait for quiet, and took a turn for nothing).
	var behind bool
	if err := s.db.NewRaw(`SELECT EXISTS (SELECT 1 FROM messages
		WHERE id > (SELECT last_id FROM watermarks WHERE name = 'messages_fts'))`).Scan(ctx, &behind); err != nil || !behind {
		return 0, err
	}
	total := 0
	for {
		n := 0
		err := s.inTx(ctx, func(tx bun.Tx) error {
			var last int64
			if err := tx.NewRaw("SELECT last_id FROM watermarks WHERE name = 'messages_fts'").Scan(ctx, &last); err != nil {
				return err
			}
			var upto int64
			if err := tx.NewRaw("SELECT coalesce(max(id), 0) FROM (SELECT id FROM messages WHERE id > ? ORDER BY id LIMIT ?) b",
				last, indexBatch).Scan(ctx, &upto); err != nil {
				return err
			}
			if upto <= last {
				return nil
			}
			var err error
			n, err = s.indexRange(ctx, tx, last, upto)
			if n == 0 {
				n = 1 // an id range of deleted rows still moves the watermark; go on
			}
			return err
		})
		if err != nil {
			return total, err
		}
		if n == 0 {
			break
		}
		total += n
	}
	// A backlog this size (an import, a rebuilt index) is no append's to
	// wait for: merge what it added now rather than when writes pause,
	// which under steady writes may be never (RunIndexer).
	for total >= indexBatch {
		more, err := s.mergeIndexStep(ctx)
		if err != nil || !more {
			return total, err
		}
	}
	return total, nil
}

// indexRange adds the messages with ids after last up to upto to the
// full-text index and moves its watermark to upto, in tx; it returns how
// many it added.
//
// Its statements have bound values (bound.go): every write group runs
// them (indexWritten), so each is parsed once per connection.
func (s *Store) indexRange(ctx context.Context, tx bun.Tx, last, upto int64) (int, error) {
	res, err := s.execBound(ctx, tx, `INSERT INTO messages_fts (rowid, content, owner)
		SELECT id, content, 's' || steward_id FROM messages WHERE id > ? AND id <= ?`, last, upto)
	if err != nil {
		return 0, err
	}
	rows, _ := res.RowsAffected()
	_, err = s.execBound(ctx, tx, "UPDATE watermarks SET last_id = ? WHERE name = 'messages_fts'", upto)
	return int(rows), err
}

// int64Bound reads one integer with a bound statement in tx.
func (s *Store) int64Bound(ctx context.Context, tx bun.Tx, query string, args ...any) (int64, error) {
	rows, err := s.queryBound(ctx, tx, query, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return 0, err
		}
		return 0, sql.ErrNoRows
	}
	var n int64
	if err := rows.Scan(&n); err != nil {
		return 0, err
	}
	return n, rows.Close()
}

// indexWritten indexes, in a group's write transaction (append_group.go),
// what was written since the index's watermark when that is at most
// indexBatch messages (the group's own, and what the indexer has not
// reached yet), so a message is searchable once its append is answered
// rather than after the indexer's next pass, which queued for the write
// lock behind the next groups. A larger backlog (an import's rows) is the
// indexer's. A failure here is rolled back alone and left to the indexer:
// the group's writes stand.
//
// Taking the indexing off the group was measured (the loadtest's ingest
// burst, 4 writers, runs alternated at load 12–19 on 2 cores) and lost
// both ways. In a later transaction of the same file it still waits for
// the one write lock: a new message was searchable p95 0.75–1.15 s after
// its append instead of 0.12–0.13 s, for no more messages a second. In a
// file of its own, written by its own connection while the next group
// writes, the CPU a message costs did not fall, and that CPU is what
// bounds ingest on 2 cores: the indexer read each message back from the
// other file and committed on its own (26 against 21 µs a message), ingest
// fell from 5.3–5.4k to 3.3–3.7k messages/s and searchable p95 rose from
// 0.14–0.21 to 0.32–0.34 s.
func (s *Store) indexWritten(ctx context.Context, tx bun.Tx) error {
	if _, err := tx.ExecContext(ctx, "SAVEPOINT index_written"); err != nil {
		return err
	}
	var newest int64
	last, err := s.int64Bound(ctx, tx, "SELECT last_id FROM watermarks WHERE name = 'messages_fts'")
	if err == nil {
		newest, err = s.int64Bound(ctx, tx, "SELECT coalesce(max(id), 0) FROM messages")
	}
	if err == nil && newest > last && newest-last <= indexBatch {
		_, err = s.indexRange(ctx, tx, last, newest)
	}
	if err != nil {
		if _, err := tx.ExecContext(ctx, "ROLLBACK TO index_written"); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, "RELEASE index_written")
	return err
}

// Kick tells the background workers that messages were written.
func (s *Store) Kick() {
	for _, c := range []chan struct{}{s.kick, s.kickAnalysis} {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// mergeQuiet is how long writes must pause before the indexer merges the
// full-text index's segments: longer than the gaps between a burst's write
// groups, so a burst pays for little merging (see mergeIndexStep).
const mergeQuiet = 250 * time.Millisecond

// mergeEvery is how many wakes by writes the indexer lets pass without a
// merge step when writes do not pause: each write group adds a segment,
// and a search reads every segment (with only FTS5's crisis merge, at 16 a
// level, steady writes every 50 ms doubled common-word search's p95 at a
// million messages).
const mergeEvery = 8

// mergePages is how many pages of the full-text index one merge step
// writes: a write that arrives meanwhile waits for the step.
const mergePages = 200

// RunIndexer keeps the full-text index current until ctx ends: right after
// writes, and every second in case another instance wrote. It merges the
// index's segments a step at a time once writes pause, or after every
// mergeEvery-th wake while they do not, until a step finds nothing to
// merge; a failed step is logged and tried again a second later.
func (s *Store) RunIndexer(ctx context.Context, logError func(error)) {
	if s.dialect != SQLite {
		return
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	// An index just opened may hold what another run left unmerged.
	unmerged, wakes := true, 0
	for {
		if err := background.Recovered(func() {
			if n, err := s.IndexPending(ctx); err != nil && ctx.Err() == nil {
				logError(err)
			} else if n > 0 {
				unmerged = true
			}
		}); err != nil {
			logError(err)
		}
		if unmerged && wakes < mergeEvery {
			quiet := time.NewTimer(mergeQuiet)
			select {
			case <-ctx.Done():
				quiet.Stop()
				return
			case <-s.kick:
				quiet.Stop()
				wakes++
				background.WaitForQuiet(ctx, s.kick, 10*time.Millisecond, 60*time.Millisecond)
				continue
			case <-quiet.C:
			}
		}
		if unmerged {
			wakes = 0
			failed := false
			if err := background.Recovered(func() {
				more, err := s.mergeIndexStep(ctx)
				if err != nil {
					failed = ctx.Err() == nil
					if failed {
						logError(fmt.Errorf("merge the search index: %w", err))
					}
					return
				}
				unmerged = more
			}); err != nil {
				logError(err)
				failed = true
			}
			if !failed {
				continue
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-s.kick:
			unmerged = true
			wakes++
			// Let a burst of writes land before indexing them together,
			// but not long: under sustained ingest the wait always runs
			// to its end, and a write then waits for the batch being
			// indexed, this wait and its own batch, which together should
			// stay near a tenth of a second.
			background.WaitForQuiet(ctx, s.kick, 10*time.Millisecond, 60*time.Millisecond)
		case <-tick.C:
		}
	}
}

// mergeIndexStep merges up to mergePages pages of the full-text index's
// segments in a transaction of its own and reports whether it found any to
// merge. The write groups' transactions do not merge (automerge is 0,
// migration 0048): in the ingest burst that merging was 13–15% of the CPU,
// spent while appends waited for their answer. A step merges only a level
// of at least 4 segments, or a merge already begun (FTS5's 'usermerge', the
// shape automerge kept), and did work when it changed 2 rows or more
// (FTS5's documented test).
func (s *Store) mergeIndexStep(ctx context.Context) (bool, error) {
	if s.dialect != SQLite {
		return false, nil
	}
	var changed int64
	err := s.inTx(ctx, func(tx bun.Tx) error {
		var before, after int64
		if err := tx.NewRaw("SELECT total_changes()").Scan(ctx, &before); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO messages_fts (messages_fts, rank) VALUES ('merge', ?)", mergePages); err != nil {
			return err
		}
		if err := tx.NewRaw("SELECT total_changes()").Scan(ctx, &after); err != nil {
			return err
		}
		changed = after - before
		return nil
	})
	return changed >= 2, err
}
