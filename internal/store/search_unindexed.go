package store

import (
	"context"
	"encoding/json"
	"strings"
)

// Search over what the full-text index has not reached yet. The write
// groups do not index what they write (append_group.go): the indexer adds
// it in its own, larger transactions a few tens of milliseconds later. So
// that an answered append is searchable at once, a search reads the
// steward's messages above the index's watermark from the table and
// matches their words here, as FTS5's tokenizer splits them (eachToken).
// Under sustained writes that is the last few hundred messages; after a
// burst of thousands, a few milliseconds of reading.

// unindexedSpan bounds the messages a search reads past the index: the
// newest unindexedSpan ids at most (~0.75 µs each when they do not hold
// the words: 6 ms for 8,000). A larger backlog (an import's rows, an index
// being rebuilt) is searchable once the indexer reaches it, as it always
// was. Under an ingest burst the indexer keeps closer than that (indexSoon).
const unindexedSpan = 2 * indexBatch

// indexSoon is how many appended messages send the indexer to the write
// lock at once rather than after a pause in the writes (RunIndexer), so a
// burst's backlog, which every search reads, stays a few thousand.
const indexSoon = 2000

// unindexedFrom is the id above which a search reads messages from the
// table rather than the index; ids up to it are the index's.
func (smp indexSample) unindexedFrom() int64 {
	return max(smp.indexed, smp.newest-unindexedSpan)
}

// unindexedMatches returns columns ("m.id, …" of messages AS m) of the
// steward's messages above the index's watermark (unindexedFrom) holding
// every term, at most limit, newest first.
func unindexedMatches[T any](ctx context.Context, s *Store, smp indexSample, stewardID int64, terms []string, columns string, limit int) ([]T, error) {
	from := smp.unindexedFrom()
	if from >= smp.newest {
		return nil, nil
	}
	folded := make([]string, len(terms))
	for i, t := range terms {
		folded[i] = foldToken(t)
	}
	// SQLite's LIKE ignores the case of ASCII letters, so a message
	// without a plain word of the query, and without any letter beyond
	// ASCII that the index would fold to one (é is e), is passed over
	// without reading it out; holdsEvery then decides.
	query := "SELECT id, content FROM messages WHERE id > ? AND id <= ? AND steward_id = ?"
	args := []any{from, smp.newest, stewardID}
	var like []string
	for _, w := range folded {
		if isASCII(w) {
			like = append(like, "content LIKE ?")
			args = append(args, "%"+w+"%")
		}
	}
	if len(like) > 0 {
		query += " AND (" + strings.Join(like, " AND ") + " OR length(CAST(content AS BLOB)) <> length(content))"
	}
	st, err := s.sharedStmt(ctx, query+" ORDER BY id DESC")
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for len(ids) < limit && rows.Next() {
		var id int64
		var content string
		if err := rows.Scan(&id, &content); err != nil {
			return nil, err
		}
		if holdsEvery(content, folded) {
			ids = append(ids, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := rows.Close(); err != nil || len(ids) == 0 {
		return nil, err
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	var out []T
	err = s.readBound(ctx, &out, "SELECT "+columns+` FROM messages m
		WHERE m.id IN (SELECT value FROM json_each(?)) AND m.steward_id = ? ORDER BY m.id DESC`, string(list), stewardID)
	return out, err
}

// holdsEvery reports whether text has every word of folded (folded as
// foldToken does) among its words as FTS5's tokenizer splits them.
func holdsEvery(text string, folded []string) bool {
	// Most messages hold none of the words: a word of plain letters and
	// digits must then be in the lower-cased text, unless the text has
	// letters with diacritics (é is the index's e).
	lower := strings.ToLower(text)
	if isASCII(lower) {
		for _, w := range folded {
			if isASCII(w) && !strings.Contains(lower, w) {
				return false
			}
		}
	}
	found := make([]bool, len(folded))
	left := len(folded)
	eachToken(lower, func(tok string) {
		for k, w := range folded {
			if !found[k] && tok == w {
				found[k] = true
				left--
			}
		}
	})
	return left == 0
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
