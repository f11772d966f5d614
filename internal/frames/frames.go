package frames

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// Store is what frames need of storage (internal/store.Store).
type Store interface {
	CreateFrames(ctx context.Context, stewardID int64, frames []*baton.Frame) ([]baton.FrameImportResult, error)
	RecallFrames(ctx context.Context, stewardID int64, q baton.FrameRecall) ([]*baton.FrameHit, int, error)
}

// Import validates and stores Lex JSON (one frame, an array, or NDJSON) for
// the steward. Each frame is all or nothing on its own: an invalid one is
// reported and the others are stored; a frame whose id the steward already
// has is reported as a duplicate, never overwritten.
func Import(ctx context.Context, st Store, stewardID int64, data []byte) ([]baton.FrameImportResult, error) {
	docs, err := Split(data)
	if err != nil {
		return nil, err
	}
	return ImportDocuments(ctx, st, stewardID, docs)
}

// ImportDocuments is Import for documents already split.
func ImportDocuments(ctx context.Context, st Store, stewardID int64, docs []Document) ([]baton.FrameImportResult, error) {
	results := make([]baton.FrameImportResult, len(docs))
	parsed := parseAll(docs)
	var valid []*baton.Frame
	var where []int
	for i, d := range docs {
		results[i] = baton.FrameImportResult{Index: i}
		f, err := parsed[i].frame, parsed[i].err
		if err != nil {
			results[i].Status = baton.FrameInvalid
			results[i].Error = baton.ErrorMessage(err)
			results[i].Field = baton.ErrorField(err)
			results[i].ID = idOf(d.Raw)
			continue
		}
		valid = append(valid, f)
		where = append(where, i)
	}
	if len(valid) > 0 {
		stored, err := st.CreateFrames(ctx, stewardID, valid)
		if err != nil {
			return nil, err
		}
		for j, r := range stored {
			r.Index = where[j]
			results[where[j]] = r
		}
	}
	return results, nil
}

// parsedDoc is one document parsed: its frame or why it is not one.
type parsedDoc struct {
	frame *baton.Frame
	err   error
}

// parseAll parses the documents, on every core for a large batch: each
// frame's parsing is its own.
func parseAll(docs []Document) []parsedDoc {
	out := make([]parsedDoc, len(docs))
	parse := func(i int) {
		d := docs[i]
		if d.line && !json.Valid(d.Raw) {
			out[i].err = errLine
			return
		}
		out[i].frame, out[i].err = parse(d.Raw, d.valid || d.line)
	}
	workers := min(runtime.GOMAXPROCS(0), len(docs)/256)
	if workers < 2 {
		for i := range docs {
			parse(i)
		}
		return out
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(docs); i += workers {
				parse(i)
			}
		})
	}
	wg.Wait()
	return out
}

// idOf finds an invalid frame's id for its report, when it has a string one.
func idOf(raw []byte) string {
	fields, err := baton.FrameFields(raw)
	if err != nil {
		return ""
	}
	for _, f := range fields {
		if f.Name == "id" && len(f.Value) > 0 && f.Value[0] == '"' {
			return strings.Trim(string(f.Value), `"`)
		}
	}
	return ""
}

// Summary counts import results, for a one-line report.
func Summary(results []baton.FrameImportResult) string {
	var created, dup, conflict, invalid int
	for _, r := range results {
		switch r.Status {
		case baton.FrameCreated:
			created++
		case baton.FrameDuplicate:
			dup++
		case baton.FrameConflict:
			conflict++
		case baton.FrameInvalid:
			invalid++
		}
	}
	if conflict > 0 {
		return fmt.Sprintf("%d created, %d duplicates, %d conflicts, %d invalid", created, dup, conflict, invalid)
	}
	return fmt.Sprintf("%d created, %d duplicates, %d invalid", created, dup, invalid)
}

// Recall normalises and runs a recall for the steward, timing it. A query
// with no words in it finds nothing and says why.
func Recall(ctx context.Context, st Store, stewardID int64, r RecallRequest) (*baton.FrameRecallResult, error) {
	start := time.Now()
	n, err := Normalise(r)
	if err != nil {
		return nil, err
	}
	res := &baton.FrameRecallResult{Query: r.Q, Terms: n.Terms, Ignored: n.Ignored, Mode: n.Recall.Mode, Hits: []*baton.FrameHit{}}
	if res.Terms == nil {
		res.Terms = []string{}
	}
	if len(n.Recall.Terms) == 0 {
		res.Message = "The query has no words to search for (only punctuation, spaces or AND/OR/NOT), so nothing was searched. Type a word, a ticket id or a path."
		if strings.TrimSpace(r.Q) == "" {
			res.Message = "Type something to recall: a word, a ticket id (AUTH-456) or a module path (memory/store)."
		}
		res.TookMS = ms(time.Since(start))
		return res, nil
	}
	hits, checked, err := st.RecallFrames(ctx, stewardID, n.Recall)
	if err != nil {
		return nil, err
	}
	res.Hits, res.Count, res.Checked = hits, len(hits), checked
	if len(hits) == 0 {
		res.Message = "No frame matches."
		if n.Recall.Mode == baton.RecallAll && len(n.Recall.Terms) > 1 {
			res.Message += " Every term must match; mode=any finds frames with any of them."
		}
	}
	res.TookMS = ms(time.Since(start))
	return res, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
