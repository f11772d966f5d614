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

// ImportLines imports new whole lines of a Codex CLI rollout that grows,
// continuing from state (what the reading of the lines before left, nil
// for the first lines) and returning the state after them: only the
// messages the lines make, or complete, are stored, in the session of the
// whole rollout. final says the rollout will not grow. Lines that cannot
// be read are reported by their line number in the rollout.
func (im *Importer) ImportLines(ctx context.Context, stewardID int64, path string, lines []byte, state json.RawMessage, final bool) ([]baton.ImportResult, json.RawMessage, error) {
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
	doc, ok, err := p.Document(final)
	var results []baton.ImportResult
	switch {
	case errors.Is(err, codex.ErrNoTime):
		// The messages wait for a time; the state keeps them.
		skipped = append(skipped, "messages wait for the rollout's first time")
	case err != nil:
		return nil, nil, err
	case ok:
		doc.Skipped = skipped
		if results, err = im.Documents(ctx, stewardID, []baton.ImportDocument{doc}, nil); err != nil {
			return results, nil, err
		}
		skipped = nil
	}
	if len(skipped) > 0 {
		results = append(results, baton.ImportResult{Key: filepath.Base(path), Status: baton.ImportDuplicate, Skipped: skipped})
	}
	next, err := json.Marshal(p.State())
	return results, next, err
}
