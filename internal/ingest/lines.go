package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/codex"
)

// IsRolloutName reports whether a path is named as a Codex CLI rollout:
// the transcripts that are imported a few new lines at a time (ImportLines).
func IsRolloutName(p string) bool {
	name := filepath.Base(p)
	return strings.HasPrefix(name, "rollout-") && strings.HasSuffix(name, ".jsonl")
}

// LinesOptions say what follows the lines ImportLines is given.
type LinesOptions struct {
	// Final says the rollout will not grow (deleted upstream).
	Final bool
	// More says more lines follow soon (the rollout is being written, or
	// read in parts): the session's analysis, which reads the whole
	// session, waits for a call without More — one with no lines when the
	// rollout has stopped growing.
	More bool
}

// ImportLines imports new whole lines of a Codex CLI rollout that grows,
// continuing from state (what the reading of the lines before left, nil
// for the first lines) and returning the state after them: only the
// messages the lines make, or complete, are stored, in the session of the
// whole rollout. Lines that cannot be read are reported by their line
// number in the rollout.
func (im *Importer) ImportLines(ctx context.Context, stewardID int64, path string, lines []byte, state json.RawMessage, opts LinesOptions) ([]baton.ImportResult, json.RawMessage, error) {
	if !IsRolloutName(path) {
		return nil, nil, baton.Invalid("path", "%s: only Codex CLI rollouts (rollout-*.jsonl) are imported a few lines at a time; send the whole file instead", filepath.Base(path))
	}
	if len(lines) > 0 && lines[len(lines)-1] != '\n' {
		return nil, nil, baton.Invalid("data", "data must be whole lines, each ending in a newline")
	}
	st, err := codex.DecodeState(state)
	if err != nil {
		return nil, nil, baton.Invalid("state", "state must be what the previous import of the rollout answered: %v", err)
	}
	p := codex.Resume(path, st)
	lineErrs := p.Feed(lines)
	var skipped []string
	for _, le := range lineErrs {
		skipped = append(skipped, le.Error())
	}
	doc, ok, err := p.Document(opts.Final)
	var results []baton.ImportResult
	switch {
	case errors.Is(err, codex.ErrNoTime):
		// The messages wait for a time; the state keeps them.
		skipped = append(skipped, "messages wait for the rollout's first time")
	case err != nil:
		return nil, nil, err
	case ok && opts.More:
		doc.Skipped = skipped
		im.analyseMessages(&doc)
		res, err := im.store.Import(ctx, stewardID, &doc)
		if err != nil {
			return nil, nil, err
		}
		results, skipped = []baton.ImportResult{res}, nil
	case ok:
		doc.Skipped = skipped
		if results, err = im.Documents(ctx, stewardID, []baton.ImportDocument{doc}, nil); err != nil {
			return results, nil, err
		}
		skipped = nil
	case !opts.More && st != nil:
		// Nothing new: the rollout has stopped growing, and its session
		// is analysed once for all the lines that came with More.
		if ref := p.SourceRef(); ref != "" {
			sess, err := im.store.SessionBySource(ctx, stewardID, codex.Source, ref)
			if err == nil {
				err = im.analysis.AnalyzeSession(ctx, stewardID, sess.ID)
			}
			if err != nil && baton.ErrorCode(err) != baton.ENOTFOUND {
				return nil, nil, err
			}
		}
	}
	if len(skipped) > 0 {
		results = append(results, baton.ImportResult{Key: filepath.Base(path), Status: baton.ImportDuplicate, Skipped: skipped})
	}
	next, err := json.Marshal(p.State())
	return results, next, err
}
