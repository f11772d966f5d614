// Package watch is `baton watch`: it keeps the transcript folders of the
// agents (Claude Code, Codex CLI, Gemini CLI, and any folder named)
// mirrored into Baton, so a session the agent later deletes is still kept.
//
// One pass (Scan) lists every transcript in the folders, imports each file
// that is new or has changed since the last pass (by size and modification
// time, kept in a state file across restarts), notes the files that have
// disappeared upstream, and reports every file's state to the sink: the
// local database, or a Baton server. Run repeats passes when a folder
// changes (filesystem notifications) and at an interval regardless (the
// fallback where notifications are missing or lost).
//
// A changed file is read whole and imported the way `baton import` does,
// which stores only the messages it does not hold yet: the importers are
// idempotent, so a file imported twice counts once, and a pass that fails
// (the server down) is simply retried by the next one. Nothing here ever
// writes to the agents' folders.
package watch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
)

// Agents a folder can belong to.
const (
	AgentClaudeCode = "claude-code"
	AgentCodex      = "codex-cli"
	AgentGemini     = "gemini-cli"
	AgentAny        = "any" // a folder named with --dir: every format
)

// Folder is one watched folder.
type Folder struct {
	Agent string
	Path  string
}

// DefaultFolders are the agents' own transcript folders under home.
func DefaultFolders(home string) []Folder {
	return []Folder{
		{AgentClaudeCode, filepath.Join(home, ".claude", "projects")},
		{AgentCodex, filepath.Join(home, ".codex", "sessions")},
		{AgentGemini, filepath.Join(home, ".gemini", "tmp")},
	}
}

// Sink stores what the watcher reads: the local database or a server.
type Sink interface {
	// ImportFile imports one transcript file (a Claude Code transcript
	// with its subagents' files), as `baton import PATH` would.
	ImportFile(ctx context.Context, path string) ([]baton.ImportResult, error)
	// Report records the files' states, for the Sources page.
	Report(ctx context.Context, files []baton.WatchedFile) error
	// Flush sends what waits from earlier passes (a server's spool) and
	// says what became of each file sent; an error says it still waits.
	Flush(ctx context.Context) ([]Flushed, error)
}

// Flushed is a file a sink stored late, from what it kept while it could
// not store it.
type Flushed struct {
	Path    string
	Results []baton.ImportResult
}

// Config says what to watch and where to keep state.
type Config struct {
	Folders []Folder
	Sink    Sink
	// StateDir holds state.json, what the last pass saw of each file.
	StateDir string
	// Interval is the longest time between two passes (default 30 s);
	// notifications start one sooner.
	Interval time.Duration
	// Now is the clock (time.Now when nil).
	Now  func() time.Time
	Logf func(format string, args ...any)
}

// Watcher mirrors the configured folders; see the package comment.
type Watcher struct {
	cfg   Config
	mu    sync.Mutex // one pass at a time
	files map[string]*fileState
}

// fileState is what the watcher knows of one file; the embedded
// WatchedFile is what it reports.
type fileState struct {
	baton.WatchedFile
	// Stored says the size and time in the WatchedFile are stored; false
	// while a change still waits to be imported.
	Stored bool `json:"stored"`
	// Reported says the sink has this state.
	Reported bool `json:"reported"`
}

// New returns a watcher with the state its last run left in StateDir.
func New(cfg Config) (*Watcher, error) {
	if cfg.Sink == nil {
		return nil, errors.New("watch: no sink")
	}
	if cfg.Interval <= 0 {
		cfg.Interval = 30 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	w := &Watcher{cfg: cfg, files: map[string]*fileState{}}
	if cfg.StateDir != "" {
		if err := os.MkdirAll(cfg.StateDir, 0o700); err != nil {
			return nil, fmt.Errorf("watch: state folder: %w", err)
		}
		data, err := os.ReadFile(w.statePath())
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("watch: read state: %w", err)
		default:
			if err := json.Unmarshal(data, &w.files); err != nil {
				// A damaged state costs one full re-read, never data:
				// the imports are idempotent.
				cfg.Logf("watch: state %s unreadable (%v); reading every file again", w.statePath(), err)
				w.files = map[string]*fileState{}
			}
		}
	}
	return w, nil
}

func (w *Watcher) statePath() string { return filepath.Join(w.cfg.StateDir, "state.json") }

// PassResult sums up one pass.
type PassResult struct {
	Seen, Imported, Failed, Deleted int
}

// Scan makes one pass over every folder.
func (w *Watcher) Scan(ctx context.Context) (PassResult, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	var res PassResult
	now := w.cfg.Now().UTC()
	flushed, err := w.cfg.Sink.Flush(ctx)
	if err != nil {
		w.cfg.Logf("watch: %v (kept for the next pass)", err)
	}
	for _, f := range flushed {
		if st := w.files[f.Path]; st != nil {
			w.noteResults(st, f.Results, now)
			if !fileExists(f.Path) {
				st.Stored = true // what was kept is all there will be
			}
		}
	}
	seen := map[string]bool{}
	listed := map[string]bool{} // folders read whole this pass
	for _, f := range w.cfg.Folders {
		files, err := listFolder(f)
		if err != nil {
			if !errors.Is(err, os.ErrNotExist) {
				w.cfg.Logf("watch: %s: %v", f.Path, err)
			}
			continue
		}
		listed[f.Path] = true
		for _, tf := range files {
			seen[tf.path] = true
			res.Seen++
			st := w.files[tf.path]
			if st == nil {
				st = &fileState{WatchedFile: baton.WatchedFile{Path: tf.path, Agent: f.Agent, Folder: f.Path}}
				w.files[tf.path] = st
			}
			if st.DeletedAt != nil { // back after a rotation or a restore
				st.DeletedAt, st.Reported = nil, false
			}
			changed := !st.Stored || st.Size != tf.size || !st.ModTime.Equal(tf.modTime)
			st.Size, st.ModTime, st.SeenAt = tf.size, tf.modTime, now
			if !changed {
				continue
			}
			st.Stored, st.Reported = false, false
			if err := w.importFile(ctx, st, now); err != nil {
				res.Failed++
				if ctx.Err() != nil {
					return res, ctx.Err()
				}
				continue
			}
			res.Imported++
		}
	}
	for path, st := range w.files {
		if seen[path] || st.DeletedAt != nil || !listed[st.Folder] {
			continue
		}
		// Gone upstream (the agent's clean-up, or a rotation): its
		// sessions are kept by Baton alone from now on.
		t := now
		st.DeletedAt, st.Reported = &t, false
		res.Deleted++
	}
	w.report(ctx)
	return res, w.save()
}

// importFile imports one changed file and notes the outcome on st.
func (w *Watcher) importFile(ctx context.Context, st *fileState, now time.Time) error {
	results, err := w.cfg.Sink.ImportFile(ctx, st.Path)
	if err != nil {
		st.Error = "not stored yet: " + baton.ErrorMessage(err)
		w.cfg.Logf("watch: %s: %v (retried on the next pass)", st.Path, err)
		return err
	}
	w.noteResults(st, results, now)
	st.Stored = true
	return nil
}

// noteResults notes what an import of the file did: its sessions (added
// to those it had), and what it could not read.
func (w *Watcher) noteResults(st *fileState, results []baton.ImportResult, now time.Time) {
	var problems []string
	ids := map[string]bool{}
	for _, r := range results {
		if r.SessionID != "" {
			ids[r.SessionID] = true
		}
		if r.Status == baton.ImportRejected {
			problems = append(problems, r.Error)
		}
		problems = append(problems, r.Skipped...)
	}
	for _, id := range st.SessionIDs {
		ids[id] = true
	}
	st.SessionIDs = st.SessionIDs[:0]
	for id := range ids {
		st.SessionIDs = append(st.SessionIDs, id)
	}
	sort.Strings(st.SessionIDs)
	st.Error = strings.Join(problems, "; ")
	if len(st.Error) > 2000 {
		st.Error = baton.ClipMarked(st.Error, 2000)
	}
	t := now
	st.SyncedAt, st.Reported = &t, false
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// report sends the states the sink does not have yet; a sink that fails
// gets them again after the next pass.
func (w *Watcher) report(ctx context.Context) {
	var out []baton.WatchedFile
	var sent []*fileState
	for _, st := range w.files {
		if !st.Reported {
			out = append(out, st.WatchedFile)
			sent = append(sent, st)
		}
	}
	if len(out) == 0 {
		return
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	for start := 0; start < len(out); start += 1000 {
		end := min(start+1000, len(out))
		if err := w.cfg.Sink.Report(ctx, out[start:end]); err != nil {
			w.cfg.Logf("watch: report: %v (sent again after the next pass)", err)
			return
		}
	}
	for _, st := range sent {
		st.Reported = true
	}
}

// save writes the state atomically: a crash leaves the old one whole.
func (w *Watcher) save() error {
	if w.cfg.StateDir == "" {
		return nil
	}
	data, err := json.Marshal(w.files)
	if err != nil {
		return err
	}
	tmp := w.statePath() + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return fmt.Errorf("watch: save state: %w", err)
	}
	return os.Rename(tmp, w.statePath())
}

// Files returns what the watcher knows of each file, by path.
func (w *Watcher) Files() []baton.WatchedFile {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]baton.WatchedFile, 0, len(w.files))
	for _, st := range w.files {
		out = append(out, st.WatchedFile)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// transcriptFile is a file a pass found: its size and time, a Claude Code
// transcript's including its subagents' files (they grow with it).
type transcriptFile struct {
	path    string
	size    int64
	modTime time.Time
}

// listFolder lists the transcripts of one folder by its agent's layout.
func listFolder(f Folder) ([]transcriptFile, error) {
	if _, err := os.Stat(f.Path); err != nil {
		return nil, err
	}
	var out []transcriptFile
	if f.Agent == AgentClaudeCode || f.Agent == AgentAny {
		sessions, err := claudecode.Discover(f.Path)
		if err != nil {
			return nil, err
		}
		for _, sf := range sessions {
			if ingest.IsAgentFileName(sf.Path) {
				continue // a Codex rollout in a mixed folder: listed below
			}
			tf, ok := statFile(sf.Path)
			if !ok {
				continue
			}
			for _, p := range sf.Subagents {
				if sub, ok := statFile(p); ok {
					tf.size += sub.size
					if sub.modTime.After(tf.modTime) {
						tf.modTime = sub.modTime
					}
				}
			}
			out = append(out, tf)
		}
	}
	if f.Agent != AgentClaudeCode {
		paths, err := ingest.AgentFiles(f.Path)
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			if filepath.Base(p) == "logs.json" && isDir(filepath.Join(filepath.Dir(p), "chats")) {
				// The prompt log of a project whose chats are recorded
				// repeats their prompts: the recordings are kept instead.
				continue
			}
			if tf, ok := statFile(p); ok {
				out = append(out, tf)
			}
		}
	}
	return out, nil
}

func statFile(p string) (transcriptFile, bool) {
	info, err := os.Stat(p)
	if err != nil || !info.Mode().IsRegular() {
		return transcriptFile{}, false
	}
	return transcriptFile{path: p, size: info.Size(), modTime: info.ModTime().UTC()}, true
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}
