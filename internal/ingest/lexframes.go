package ingest

import (
	"context"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
)

// importFrames imports a Lex frame file (one frame, an array, or NDJSON)
// found by `baton import` or the import page: each frame is one result.
func (im *Importer) importFrames(ctx context.Context, stewardID int64, data []byte) ([]baton.ImportResult, error) {
	res, err := frames.Import(ctx, im.store, stewardID, data)
	if err != nil {
		return nil, err
	}
	out := make([]baton.ImportResult, len(res))
	for i, r := range res {
		out[i] = baton.ImportResult{Key: "frame " + r.ID, Status: baton.ImportStored, Error: r.Error}
		switch r.Status {
		case baton.FrameDuplicate:
			out[i].Status = baton.ImportDuplicate
		case baton.FrameConflict:
			out[i].Status = baton.ImportRejected
			out[i].Error = r.Field + ": " + r.Error
		case baton.FrameInvalid:
			out[i].Status = baton.ImportRejected
			if r.ID == "" {
				out[i].Key = "frame #" + strconv.Itoa(r.Index+1)
			}
			if r.Field != "" {
				out[i].Error = r.Field + ": " + r.Error
			}
		}
	}
	return out, nil
}
