package frames

import (
	"bufio"
	"context"
	"io"
	"regexp"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// lexTimestamp is a timestamp Lex's import accepts as it is (its schema's
// ISO 8601 datetime: UTC, written with Z, seconds and any fraction).
var lexTimestamp = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$`)

// ExportJSON is a frame's JSON in an export: the bytes it came with (or
// Baton's writing of its fields). For Lex (lexBound), a timestamp Lex
// refuses — with an offset, or no zone — is written as the same instant in
// UTC with Z; nothing else changes.
func ExportJSON(f *baton.Frame, lexBound bool) ([]byte, error) {
	b, err := f.MarshalJSON()
	if err != nil || !lexBound || lexTimestamp.MatchString(f.Timestamp) {
		return b, err
	}
	fields, err := baton.FrameFields(b)
	if err != nil {
		return nil, err
	}
	utc := []byte(`"` + f.At.UTC().Format(time.RFC3339Nano) + `"`)
	for i := range fields {
		if fields[i].Name == "timestamp" {
			fields[i].Value = utc
		}
	}
	return baton.MarshalFrameFields(fields), nil
}

// Timelines reads a steward's frames a page at a time (the store).
type Timelines interface {
	FrameTimeline(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, error)
}

// ExportOptions shape an export.
type ExportOptions struct {
	Array bool // a JSON array (what Lex's import reads), else NDJSON
	// Start runs once the first page is read, before anything is written
	// (an HTTP handler sets its headers), so an error is still a clean one.
	Start func()
	// NextPage runs before each page after the first is read.
	NextPage func() error
}

// Export writes the steward's frames that f selects, newest first, in a
// form Lex's import reads as it is: a JSON array, else NDJSON (Lex's
// frames.ndjson). Each frame is the bytes it came with, its timestamp
// rewritten only where Lex would refuse it. It returns how many frames it
// wrote.
func Export(ctx context.Context, st Timelines, stewardID int64, f baton.FrameFilter, o ExportOptions, w io.Writer) (int, error) {
	array := o.Array
	f.Limit, f.Cursor = 500, ""
	f.IncludeSuperseded = true // an export holds every frame
	page, err := st.FrameTimeline(ctx, stewardID, f)
	if err != nil {
		return 0, err
	}
	if o.Start != nil {
		o.Start()
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	n := 0
	if array {
		bw.WriteByte('[')
	}
	for {
		for _, fr := range page.Frames {
			b, err := ExportJSON(fr, true)
			if err != nil {
				return n, err
			}
			if array && n > 0 {
				bw.WriteByte(',')
			}
			bw.Write(b)
			if !array {
				bw.WriteByte('\n')
			}
			n++
		}
		if page.NextCursor == "" {
			break
		}
		f.Cursor = page.NextCursor
		if o.NextPage != nil {
			if err := bw.Flush(); err != nil {
				return n, err
			}
			if err := o.NextPage(); err != nil {
				return n, err
			}
		}
		if page, err = st.FrameTimeline(ctx, stewardID, f); err != nil {
			bw.Flush()
			return n, err
		}
	}
	if array {
		bw.WriteString("]\n")
	}
	return n, bw.Flush()
}
