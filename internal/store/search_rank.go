package store

import (
	"context"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// SQLite ranking. FTS5's bm25() asks, once per query, how many rows hold
// each phrase, and FTS5 answers by walking every match of the phrase in the
// whole index: a word in nearly every message costs a walk over a million
// postings however small the LIMIT. So the window of the steward's newest
// matches is ranked here instead, with the same BM25 formula: term
// frequencies and lengths read from the window's text, and each word's
// document frequency estimated from a sample of its newest matches.
const (
	// rankChars is how much of each message the ranking reads: enough for
	// the words' frequencies, bounded for messages of megabytes.
	rankChars = 1000
	// idfSample is how many of a word's newest matches estimate how common
	// it is among the steward's messages.
	idfSample = 200
	bm25K1    = 1.2
	bm25B     = 0.75
)

// ownerToken is a steward's token in the index's owner column.
func ownerToken(stewardID int64) string { return "s" + strconv.FormatInt(stewardID, 10) }

// ownerTokenBelow is the steward's share of the newest messages under which
// a search names the steward's owner token all the way (newestMatches).
const ownerTokenBelow = 0.25

// ftsMatch is the FTS5 expression for messages holding every term, each in
// the content column; withOwner narrows it to the steward's owner token.
// Terms are letters and digits only (searchTerms), so quoting them is
// enough to keep the match syntax out of reach.
func ftsMatch(stewardID int64, terms []string, withOwner bool) string {
	parts := make([]string, 0, len(terms)+1)
	if withOwner {
		parts = append(parts, `owner : "`+ownerToken(stewardID)+`"`)
	}
	for _, t := range terms {
		parts = append(parts, `content : "`+t+`"`)
	}
	return strings.Join(parts, " AND ")
}

// windowDoc is one message of the window: its id and the start of its text.
type windowDoc struct {
	ID     int64  `bun:"id"`
	Text   string `bun:"text"`
	Length int    `bun:"length"` // the whole content's length in characters
}

// rankDocs orders the window best first by BM25 with the given word weights
// (inverse document frequencies); equal scores keep the window's order,
// newest first.
func rankDocs(docs []windowDoc, terms []string, idf []float64) []int64 {
	folded := make([]string, len(terms))
	for i, t := range terms {
		folded[i] = foldToken(t)
	}
	type scored struct {
		id     int64
		tf     []int
		length float64
		score  float64
	}
	all := make([]scored, len(docs))
	total := 0.0
	for i, d := range docs {
		tf := make([]int, len(terms))
		n := 0
		eachToken(d.Text, func(tok string) {
			n++
			for k, t := range folded {
				if tok == t {
					tf[k]++
				}
			}
		})
		// The text is cut at rankChars: scale the words counted to the
		// whole message, so a long message is as long as it is.
		length := float64(n)
		if read := utf8.RuneCountInString(d.Text); read > 0 && d.Length > read {
			length *= float64(d.Length) / float64(read)
		}
		all[i] = scored{id: d.ID, tf: tf, length: length}
		total += length
	}
	avg := max(total/float64(max(len(docs), 1)), 1)
	for i := range all {
		s := &all[i]
		for k, f := range s.tf {
			tf := float64(f)
			s.score += idf[k] * tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*s.length/avg))
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	ids := make([]int64, len(all))
	for i, s := range all {
		ids[i] = s.id
	}
	return ids
}

// eachToken calls fn with each word of text as FTS5's unicode61 tokenizer
// sees it: runs of letters and digits, lower-cased, diacritics removed.
// The text is lower-cased once; only words with non-ASCII letters are
// copied to be folded.
func eachToken(text string, fn func(string)) {
	text = strings.ToLower(text)
	start, ascii := -1, true
	for i, r := range text {
		word := r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') ||
			r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsNumber(r))
		switch {
		case word && start < 0:
			start, ascii = i, r < utf8.RuneSelf
		case word:
			ascii = ascii && r < utf8.RuneSelf
		case start >= 0:
			fn(foldWord(text[start:i], ascii))
			start = -1
		}
	}
	if start >= 0 {
		fn(foldWord(text[start:], ascii))
	}
}

func foldWord(w string, ascii bool) string {
	if ascii {
		return w
	}
	return foldToken(w)
}

// foldToken lower-cases a word and removes its diacritics (é → e).
func foldToken(w string) string {
	out, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), w)
	if err != nil {
		out = w
	}
	return strings.ToLower(out)
}

// indexSample describes the steward's newest messages in the index, read
// from at most idfSample postings of the steward's owner token.
type indexSample struct {
	newest int64   // the largest message id
	own    int     // how many of the steward's messages the sample holds
	span   float64 // how many message ids they span
	// sessionShare is the steward's part of every steward's sessions, 0
	// to 1: the whole index's, where the sample is its newest corner.
	sessionShare float64
}

func sampleSteward(ctx context.Context, s *Store, stewardID int64) (indexSample, error) {
	var smp indexSample
	if err := s.readBound(ctx, &smp.newest, "SELECT coalesce(max(id), 0) FROM messages"); err != nil {
		return smp, err
	}
	// One row per steward (kept by triggers, migration 0040).
	if err := s.readBound(ctx, &smp.sessionShare, `SELECT coalesce(sum(CASE WHEN steward_id = ? THEN sessions END), 0) * 1.0
		/ max(coalesce(sum(sessions), 0), 1) FROM steward_session_counts`, stewardID); err != nil {
		return smp, err
	}
	var err error
	smp.own, smp.span, err = smp.sample(ctx, s, `owner : "`+ownerToken(stewardID)+`"`)
	return smp, err
}

// sample returns how many of a match's newest idfSample postings there are
// and how many message ids they span.
func (smp indexSample) sample(ctx context.Context, s *Store, match string) (int, float64, error) {
	var ids []int64
	if err := s.readBound(ctx, &ids, "SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT ?",
		match, idfSample); err != nil {
		return 0, 0, err
	}
	if len(ids) < idfSample {
		return len(ids), float64(max(smp.newest, 1)), nil
	}
	return len(ids), float64(smp.newest - ids[len(ids)-1] + 1), nil
}

// share is the steward's part of the newest messages, 0 to 1.
func (smp indexSample) share() float64 {
	if smp.span <= 0 {
		return 0
	}
	return min(float64(smp.own)/smp.span, 1)
}

// termWeights estimates each word's inverse document frequency among the
// steward's messages from its newest idfSample matches: how densely they
// lie among the message ids, against how densely the steward's own newest
// messages lie. A word with fewer matches than the sample is counted
// exactly. Every estimate reads at most idfSample postings per word.
func termWeights(ctx context.Context, s *Store, smp indexSample, stewardID int64, terms []string) ([]float64, error) {
	idf := make([]float64, len(terms))
	if len(terms) == 1 || smp.own == 0 {
		for i := range idf {
			idf[i] = 1 // one word: its weight scales every score alike
		}
		return idf, nil
	}
	ownDensity := smp.share()
	// The steward's messages: exact below the sample, else extrapolated
	// over every id.
	docs := float64(smp.own)
	if smp.own == idfSample {
		docs = max(ownDensity*float64(smp.newest), docs)
	}
	for i, t := range terms {
		n, span, err := smp.sample(ctx, s, ftsMatch(stewardID, []string{t}, true))
		if err != nil {
			return nil, err
		}
		df := float64(n)
		if n == idfSample {
			// The share of the steward's messages that hold the word.
			df = min(docs, docs*(float64(n)/span)/ownDensity)
		}
		idf[i] = math.Log(1 + (docs-df+0.5)/(df+0.5))
	}
	return idf, nil
}
