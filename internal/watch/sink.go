package watch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/client"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
	"github.com/baton-dev/baton/internal/store"
)

// LocalSink imports into the local database, as one steward.
type LocalSink struct {
	Importer  *ingest.Importer
	Store     *store.Store
	StewardID int64
}

// Flush has nothing to send: the database takes every file at once.
func (s LocalSink) Flush(context.Context) ([]Flushed, error) { return nil, nil }

// ImportFile imports the file as `baton import PATH` does.
func (s LocalSink) ImportFile(ctx context.Context, path string) ([]baton.ImportResult, error) {
	return s.Importer.ImportPath(ctx, s.StewardID, path, nil)
}

// ImportLines imports a rollout's new lines.
func (s LocalSink) ImportLines(ctx context.Context, req LinesRequest) (LinesResult, error) {
	results, state, err := s.Importer.ImportLines(ctx, s.StewardID, req.Path, req.Lines, req.State,
		ingest.LinesOptions{Final: req.Final, More: req.More})
	if err != nil {
		return LinesResult{}, err
	}
	return LinesResult{Results: results, State: state, Sent: req.Offset + int64(len(req.Lines))}, nil
}

// ImportTranscript imports the new lines of a Claude Code session's files.
func (s LocalSink) ImportTranscript(ctx context.Context, req TranscriptRequest) (TranscriptResult, error) {
	results, err := s.Importer.ImportTranscriptLines(ctx, s.StewardID, req.Path, req.Parts,
		ingest.TranscriptOptions{More: req.More, Idle: req.Idle})
	if errors.Is(err, ingest.ErrRestart) {
		return TranscriptResult{Restart: true}, nil
	}
	return TranscriptResult{Results: results}, err
}

// Report records the files' states.
func (s LocalSink) Report(ctx context.Context, files []baton.WatchedFile) error {
	return s.Store.ReportWatchedFiles(ctx, s.StewardID, files)
}

// RemoteSink sends files to a Baton server. A file the server cannot take
// now (down, unreachable) is copied into the spool folder first, so it is
// stored even if the agent deletes it before the server is back: the next
// call sends the spool, oldest first, before anything new.
type RemoteSink struct {
	Client *client.Client
	// SpoolDir keeps the files not yet sent; "" keeps none.
	SpoolDir string
	// MaxSpoolBytes caps the spool (default 512 MiB); past it a file is
	// not spooled, and is read again from its folder once the server is
	// back, if it is still there.
	MaxSpoolBytes int64
	// MaxRequestBytes bounds the lines of a rollout sent in one request
	// (default 16 MiB, well under the server's 64 MB body limit); a server
	// that still answers "too large" gets parts half the size.
	MaxRequestBytes int
}

// ImportFile reads the transcript (and a Claude Code session's subagent
// files) and sends it.
func (s RemoteSink) ImportFile(ctx context.Context, path string) ([]baton.ImportResult, error) {
	req, err := ReadFileRequest(path)
	if err != nil {
		return nil, err
	}
	res, err := s.Client.ImportFile(ctx, req)
	if err != nil && retryable(err) {
		s.spool(req)
	}
	return res.Results, err
}

// ImportTranscript sends the new lines of a Claude Code session's files.
// What the server cannot take now is kept as the whole files in the spool
// (so the session is stored even if the agent deletes them meanwhile); the
// lines are sent again, from where the server's reading stands, once it
// is back.
func (s RemoteSink) ImportTranscript(ctx context.Context, req TranscriptRequest) (TranscriptResult, error) {
	res, err := s.Client.ImportFile(ctx, baton.ImportFileRequest{Path: req.Path, Parts: req.Parts, More: req.More, Idle: req.Idle})
	var ce *client.Error
	switch {
	case errors.As(err, &ce) && ce.Status == http.StatusConflict && ce.Field == "offset":
		return TranscriptResult{Restart: true}, nil
	case err != nil && retryable(err):
		if whole, rerr := ReadFileRequest(req.Path); rerr == nil {
			s.spool(whole)
		}
	}
	return TranscriptResult{Results: res.Results}, err
}

// Report sends the files' states.
func (s RemoteSink) Report(ctx context.Context, files []baton.WatchedFile) error {
	return s.Client.ReportWatchedFiles(ctx, files)
}

// retryable reports whether an error may pass by itself: the server not
// answering, or answering that it is busy or failing. A refusal of the file
// (4xx) will not.
func retryable(err error) bool {
	var ce *client.Error
	if errors.As(err, &ce) {
		return ce.Retryable()
	}
	return true
}

// ReadFileRequest reads a transcript, with a Claude Code session's
// subagent files, into the request the server's file import takes.
func ReadFileRequest(path string) (baton.ImportFileRequest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return baton.ImportFileRequest{}, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return baton.ImportFileRequest{}, err
	}
	req := baton.ImportFileRequest{Path: path, Data: data, ModTime: info.ModTime().UTC()}
	if strings.HasSuffix(path, ".jsonl") && !ingest.IsAgentFileName(path) {
		sessions, err := claudecode.Discover(path)
		if err == nil && len(sessions) == 1 {
			for _, p := range sessions[0].Subagents {
				sub, err := os.ReadFile(p)
				if err != nil {
					continue
				}
				req.Subagents = append(req.Subagents, baton.ImportFileSubagent{Name: filepath.Base(p), Data: sub})
			}
		}
	}
	return req, nil
}

func (s RemoteSink) spoolBytes() int64 {
	if s.MaxSpoolBytes > 0 {
		return s.MaxSpoolBytes
	}
	return 512 << 20
}

// spool keeps a request the server could not take. A newer copy of the
// same file replaces the older one (it holds everything the older did).
func (s RemoteSink) spool(req baton.ImportFileRequest) {
	if s.SpoolDir == "" {
		return
	}
	if err := os.MkdirAll(s.SpoolDir, 0o700); err != nil {
		return
	}
	var used int64
	entries, _ := os.ReadDir(s.SpoolDir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			used += info.Size()
		}
	}
	data, err := json.Marshal(req)
	if err != nil || used+int64(len(data)) > s.spoolBytes() {
		return
	}
	sum := sha256.Sum256([]byte(req.Path))
	name := filepath.Join(s.SpoolDir, hex.EncodeToString(sum[:12])+".json")
	tmp := name + ".tmp"
	if os.WriteFile(tmp, data, 0o600) == nil {
		_ = os.Rename(tmp, name)
	}
}

// Flush sends what the spool holds, oldest first, removing each file the
// server took; it stops at the first the server cannot take now.
func (s RemoteSink) Flush(ctx context.Context) ([]Flushed, error) {
	if s.SpoolDir == "" {
		return nil, nil
	}
	done, err := s.flushLines(ctx)
	if err != nil {
		return done, err
	}
	entries, err := os.ReadDir(s.SpoolDir)
	if err != nil {
		return done, nil
	}
	type spooled struct {
		path string
		mod  int64
	}
	var files []spooled
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") || strings.HasSuffix(e.Name(), linesHeader) {
			continue
		}
		if info, err := e.Info(); err == nil {
			files = append(files, spooled{filepath.Join(s.SpoolDir, e.Name()), info.ModTime().UnixNano()})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod < files[j].mod })
	for _, f := range files {
		data, err := os.ReadFile(f.path)
		if err != nil {
			continue
		}
		var req baton.ImportFileRequest
		if err := json.Unmarshal(data, &req); err != nil {
			_ = os.Remove(f.path) // damaged: its file is read again from its folder
			continue
		}
		res, err := s.Client.ImportFile(ctx, req)
		if err != nil && retryable(err) {
			return done, fmt.Errorf("the server cannot take the spooled files now: %w", err)
		}
		if err != nil {
			// Refused for good (too large, not a transcript): say so on the
			// file rather than keep sending it.
			res.Results = []baton.ImportResult{{Key: filepath.Base(req.Path), Status: baton.ImportRejected, Error: baton.ErrorMessage(err)}}
		}
		done = append(done, Flushed{Path: req.Path, Results: res.Results})
		_ = os.Remove(f.path)
	}
	return done, nil
}
