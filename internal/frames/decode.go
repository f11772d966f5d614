package frames

import (
	"bytes"
	"encoding/json"

	"github.com/baton-dev/baton/internal/baton"
)

// MaxBatch is the most frames one request or file may hold.
const MaxBatch = 100000

// Document is one frame of a file or request body, before validation.
type Document struct {
	Raw json.RawMessage
	// valid tells that Raw was found valid JSON already.
	valid bool
	// line is an NDJSON line, whose JSON is checked when it is parsed (on
	// every core for a large batch) rather than as the body is split.
	line bool
}

// errLine is an NDJSON line's error when it is not JSON.
var errLine = baton.Invalid("(frame)", "line is not valid JSON; NDJSON holds one frame per line")

// Split reads Lex JSON in any of the forms Lex writes: one frame (its
// `frame-<id>.json` files), an array of frames, or NDJSON (one frame a
// line, its `frames.ndjson`). A broken NDJSON line is one bad document,
// not a broken file.
func Split(data []byte) ([]Document, error) {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(data) == 0 {
		return nil, baton.Invalid("body", "no frames: send one frame, an array of frames, or NDJSON")
	}
	if data[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(data, &items); err != nil {
			return nil, baton.Invalid("body", "the array of frames is not valid JSON: %v", err)
		}
		if len(items) > MaxBatch {
			return nil, baton.Invalid("body", "at most %d frames at once; got %d", MaxBatch, len(items))
		}
		docs := make([]Document, len(items))
		for i, it := range items {
			docs[i] = Document{Raw: it, valid: true}
		}
		return docs, nil
	}
	if json.Valid(data) {
		return []Document{{Raw: data, valid: true}}, nil
	}
	var docs []Document
	for line := range bytes.Lines(data) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if len(docs) == MaxBatch {
			return nil, baton.Invalid("body", "at most %d frames at once", MaxBatch)
		}
		docs = append(docs, Document{Raw: line, line: true})
	}
	return docs, nil
}

// LooksLikeFrames reports whether data is Lex frame JSON: its first object
// has the fields every frame has. `baton import` uses it to tell a frame
// file from the other formats it reads.
func LooksLikeFrames(data []byte) bool {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(data) > 0 && data[0] == '[' {
		var items []json.RawMessage
		if json.Unmarshal(data, &items) != nil || len(items) == 0 {
			return false
		}
		data = items[0]
	} else if !json.Valid(data) {
		line, _, _ := bytes.Cut(data, []byte("\n"))
		data = line
	}
	var probe struct {
		ID             *string         `json:"id"`
		SummaryCaption *string         `json:"summary_caption"`
		ReferencePoint *string         `json:"reference_point"`
		StatusSnapshot json.RawMessage `json:"status_snapshot"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return false
	}
	return probe.SummaryCaption != nil && probe.ReferencePoint != nil && probe.StatusSnapshot != nil
}
