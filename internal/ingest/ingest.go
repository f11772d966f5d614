// Package ingest takes sessions in from every source — the API, files of
// each supported format — analyses them, and stores each document whole
// or not at all. The format parsers live in the sub-packages.
package ingest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/chatgpt"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
	"github.com/baton-dev/baton/internal/ingest/structured"
	"github.com/baton-dev/baton/internal/store"
)

// Importer analyses and stores what comes in. Analysis itself belongs to
// the analysis service: the importer has it fill each message before the
// document is stored and analyse the session once it is.
type Importer struct {
	store    *store.Store
	analysis *analysis.Service
}

// New returns an Importer over the store, with its own analysis service.
func New(st *store.Store) *Importer {
	return NewWithAnalysis(st, analysis.NewService(st))
}

// NewWithAnalysis returns an Importer that analyses with svc, the one the
// rest of the server reads analyses through.
func NewWithAnalysis(st *store.Store, svc *analysis.Service) *Importer {
	return &Importer{store: st, analysis: svc}
}

// Analysis is the analysis service the importer analyses with.
func (im *Importer) Analysis() *analysis.Service { return im.analysis }

// Documents analyses and stores documents one by one, each whole or not at
// all, reporting progress after each.
func (im *Importer) Documents(ctx context.Context, stewardID int64, docs []baton.ImportDocument, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	results := make([]baton.ImportResult, 0, len(docs))
	for i := range docs {
		doc := &docs[i]
		for c := range doc.Conversations {
			for m := range doc.Conversations[c].Messages {
				im.analysis.AnalyzeMessage(&doc.Conversations[c].Messages[m])
			}
		}
		res, err := im.store.Import(ctx, stewardID, doc)
		if err != nil {
			return results, err
		}
		if res.Status == baton.ImportStored || res.Status == baton.ImportUpdated {
			if err := im.analysis.AnalyzeSession(ctx, stewardID, res.SessionID); err != nil {
				return results, fmt.Errorf("analyse %s: %w", doc.Key, err)
			}
		}
		results = append(results, res)
		if progress != nil {
			progress(baton.ImportProgress{Done: i + 1, Total: len(docs), Current: doc.Key})
		}
	}
	return results, nil
}

// ImportStructured imports structured conversation JSON (one document, an
// array, or NDJSON). A document that fails validation is rejected with the
// seed's message; the others are stored.
func (im *Importer) ImportStructured(ctx context.Context, stewardID int64, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	parsed, err := structured.Parse(data)
	if err != nil {
		return nil, err
	}
	results := make([]baton.ImportResult, len(parsed))
	var docs []baton.ImportDocument
	var slots []int
	for i := range parsed {
		key := parsed[i].ID
		if strings.TrimSpace(key) == "" {
			key = fmt.Sprintf("document %d", i)
		}
		if err := structured.Validate(&parsed[i]); err != nil {
			results[i] = baton.ImportResult{Key: key, Status: baton.ImportRejected, Error: baton.ErrorMessage(err)}
			continue
		}
		docs = append(docs, structured.ToImport(&parsed[i]))
		slots = append(slots, i)
	}
	stored, err := im.Documents(ctx, stewardID, docs, progress)
	for j, r := range stored {
		results[slots[j]] = r
	}
	return results, err
}

// Import detects a file's format by its content and imports it.
func (im *Importer) Import(ctx context.Context, stewardID int64, name string, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	switch format := Detect(name, data); format {
	case FormatStructured:
		return im.ImportStructured(ctx, stewardID, data, progress)
	case FormatClaudeCode:
		doc, lineErrs, err := claudecode.Parse(bytes.NewReader(data), filepath.Base(name), claudecode.Options{})
		if err != nil {
			return nil, err
		}
		for _, le := range lineErrs {
			doc.Skipped = append(doc.Skipped, fmt.Sprintf("line %d: %v", le.Line, le.Err))
		}
		return im.Documents(ctx, stewardID, []baton.ImportDocument{doc}, progress)
	case FormatChatGPT:
		docs, err := chatgpt.Parse(data)
		results, ierr := im.Documents(ctx, stewardID, docs, progress)
		if ierr != nil {
			return results, ierr
		}
		// Conversations that could not be read at all are reported, not fatal.
		for _, e := range unwrapJoined(err) {
			var ce *chatgpt.ConversationError
			key := "conversations.json"
			if errors.As(e, &ce) {
				key = fmt.Sprintf("conversation %d (%s)", ce.Index, ce.ID)
			}
			results = append(results, baton.ImportResult{Key: key, Status: baton.ImportRejected, Error: e.Error()})
		}
		return results, nil
	default:
		return nil, baton.Invalid("file", "%s: the format was not recognised; Baton imports structured conversation JSON (one document, an array, or NDJSON), Claude Code transcripts (.jsonl) and ChatGPT conversations.json", filepath.Base(name))
	}
}

// ImportPath imports a file or a folder: a Claude Code projects folder, one
// project's folder, or any other file Import recognises.
func (im *Importer) ImportPath(ctx context.Context, stewardID int64, path string, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() && !strings.HasSuffix(path, ".jsonl") {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return im.Import(ctx, stewardID, path, data, progress)
	}
	sessions, err := claudecode.Discover(path)
	if err != nil {
		return nil, err
	}
	var results []baton.ImportResult
	for i, sf := range sessions {
		doc, lineErrs, err := claudecode.ParseFiles(sf, claudecode.Options{})
		if err != nil {
			results = append(results, baton.ImportResult{Key: sf.Path, Status: baton.ImportRejected, Error: baton.ErrorMessage(err)})
			continue
		}
		for _, le := range lineErrs {
			doc.Skipped = append(doc.Skipped, fmt.Sprintf("line %d: %v", le.Line, le.Err))
		}
		res, err := im.Documents(ctx, stewardID, []baton.ImportDocument{doc}, nil)
		if err != nil {
			return results, err
		}
		results = append(results, res...)
		if progress != nil {
			progress(baton.ImportProgress{Done: i + 1, Total: len(sessions), Current: sf.Path})
		}
	}
	return results, nil
}

// unwrapJoined lists the errors an errors.Join holds.
func unwrapJoined(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// Formats Detect recognises.
const (
	FormatUnknown    = ""
	FormatStructured = "structured"
	FormatClaudeCode = "claude-code"
	FormatChatGPT    = "chatgpt"
)

// Detect tells a file's format from its first JSON value.
func Detect(name string, data []byte) string {
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(data) == 0 {
		return FormatUnknown
	}
	var first map[string]json.RawMessage
	switch data[0] {
	case '[':
		var arr []json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(data))
		if dec.Decode(&arr) != nil || len(arr) == 0 || json.Unmarshal(arr[0], &first) != nil {
			return FormatUnknown
		}
	case '{':
		line := data
		if i := bytes.IndexByte(data, '\n'); i > 0 {
			line = data[:i]
		}
		if json.Unmarshal(line, &first) != nil && json.NewDecoder(bytes.NewReader(data)).Decode(&first) != nil {
			return FormatUnknown
		}
	default:
		return FormatUnknown
	}
	switch {
	case first["mapping"] != nil:
		return FormatChatGPT
	case first["conversation"] != nil:
		return FormatStructured
	case first["sessionId"] != nil || first["leafUuid"] != nil || (first["type"] != nil && first["uuid"] != nil):
		return FormatClaudeCode
	}
	return FormatUnknown
}
