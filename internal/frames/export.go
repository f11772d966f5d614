package frames

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/url"
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

// LexFile is a frame as `lex frames export` writes it by default: a file
// of its own, frame-<id>.json, holding the frame's JSON indented by two
// spaces as JSON.stringify(frame, null, 2) writes it, with no newline at
// the end. An id that is not a plain file name is escaped as a URL path
// segment is (a slash as %2F), so every name stays inside the folder.
func LexFile(f *baton.Frame) (name string, data []byte, err error) {
	b, err := ExportJSON(f, true)
	if err != nil {
		return "", nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return "", nil, err
	}
	return "frame-" + url.PathEscape(f.ID) + ".json", out.Bytes(), nil
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
	// Flush runs before NextPage: what was written so far goes out.
	Flush func() error
}

// EachFrame calls fn with each of the steward's frames that f selects,
// superseded ones too, newest first, a page of 500 at a time. It returns
// how many frames fn took.
func EachFrame(ctx context.Context, st Timelines, stewardID int64, f baton.FrameFilter, o ExportOptions, fn func(*baton.Frame) error) (int, error) {
	f.Limit, f.Cursor = 500, ""
	f.IncludeSuperseded = true // an export holds every frame
	page, err := st.FrameTimeline(ctx, stewardID, f)
	if err != nil {
		return 0, err
	}
	if o.Start != nil {
		o.Start()
	}
	n := 0
	for {
		for _, fr := range page.Frames {
			if err := fn(fr); err != nil {
				return n, err
			}
			n++
		}
		if page.NextCursor == "" {
			return n, nil
		}
		f.Cursor = page.NextCursor
		if o.Flush != nil {
			if err := o.Flush(); err != nil {
				return n, err
			}
		}
		if o.NextPage != nil {
			if err := o.NextPage(); err != nil {
				return n, err
			}
		}
		if page, err = st.FrameTimeline(ctx, stewardID, f); err != nil {
			return n, err
		}
	}
}

// Export writes the steward's frames that f selects, newest first, in a
// form Lex's import reads as it is: a JSON array, else NDJSON (Lex's
// frames.ndjson). Each frame is the bytes it came with, its timestamp
// rewritten only where Lex would refuse it. It returns how many frames it
// wrote.
func Export(ctx context.Context, st Timelines, stewardID int64, f baton.FrameFilter, o ExportOptions, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	start := o.Start
	o.Start = func() {
		if start != nil {
			start()
		}
		if o.Array {
			bw.WriteByte('[')
		}
	}
	o.Flush = bw.Flush
	written := 0
	_, err := EachFrame(ctx, st, stewardID, f, o, func(fr *baton.Frame) error {
		b, err := ExportJSON(fr, true)
		if err != nil {
			return err
		}
		if o.Array && written > 0 {
			bw.WriteByte(',')
		}
		bw.Write(b)
		if !o.Array {
			bw.WriteByte('\n')
		}
		written++
		return nil
	})
	if err != nil {
		bw.Flush()
		return written, err
	}
	if o.Array {
		bw.WriteString("]\n")
	}
	return written, bw.Flush()
}

// ExportZip writes the steward's frames that f selects as a zip archive
// of Lex's per-frame files (LexFile): the folder `lex frames export`
// writes by default, which `lex frames import --from-dir` reads once
// unpacked. It returns how many frames it wrote.
func ExportZip(ctx context.Context, st Timelines, stewardID int64, f baton.FrameFilter, o ExportOptions, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	zw := zip.NewWriter(bw)
	o.Flush = func() error {
		if err := zw.Flush(); err != nil {
			return err
		}
		return bw.Flush()
	}
	n, err := EachFrame(ctx, st, stewardID, f, o, func(fr *baton.Frame) error {
		name, data, err := LexFile(fr)
		if err != nil {
			return err
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: fr.At.UTC()})
		if err != nil {
			return err
		}
		_, err = fw.Write(data)
		return err
	})
	if err != nil {
		o.Flush()
		return n, err
	}
	if err := zw.Close(); err != nil {
		return n, err
	}
	return n, bw.Flush()
}
