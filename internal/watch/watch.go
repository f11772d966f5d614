// Package watch is `baton watch`: it keeps the transcript folders of the
// agents (Claude Code, Codex CLI, Gemini CLI, and any folder named)
// mirrored into Baton, so a session the agent later deletes is still kept.
//
// One pass (Scan) lists every transcript in the folders, stores what is new
// in each, notes the files that have disappeared upstream, and reports
// every file's state to the sink: the local database, or a Baton server.
// Run repeats passes when a folder changes (filesystem notifications) and
// at an interval regardless (the fallback where notifications are missing
// or lost).
//
// A Codex CLI rollout is only ever appended to, so the watcher reads only
// its new bytes: it keeps, across restarts (state.json), how far it has
// read, the file's identity (device, inode and a hash of its first bytes,
// so a file truncated, replaced or rotated is noticed), and the state of
// the reading the importer answered. Each pass sends the complete new
// lines (a partial last line waits for its newline), in parts of at most
// ChunkBytes, and only their messages are stored. A Claude Code
// transcript is read the same way, its subagents' files each from its own
// offset (transcript.go); the sink holds the reading of the earlier lines,
// which later ones hang on, and asks for the files from their start when
// it does not. Gemini CLI's JSON files, which the agent rewrites whole,
// are read whole when they change and imported when their bytes did, the
// way `baton import` does, which stores only the messages it does not
// hold yet. A file truncated or replaced is read again from its start; the
// sessions it no longer holds stay, noted as kept. Nothing here ever
// writes to the agents' folders.
package watch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
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
	// ImportLines imports the new whole lines of a Codex CLI rollout.
	ImportLines(ctx context.Context, req LinesRequest) (LinesResult, error)
	// ImportTranscript imports the new whole lines of a Claude Code
	// session's files.
	ImportTranscript(ctx context.Context, req TranscriptRequest) (TranscriptResult, error)
	// Report records the files' states, for the Sources page.
	Report(ctx context.Context, files []baton.WatchedFile) error
	// Flush sends what waits from earlier passes (a server's spool) and
	// says what became of each file sent; an error says it still waits.
	Flush(ctx context.Context) ([]Flushed, error)
}

// LinesRequest is new lines of a rollout: Lines start at byte Offset of
// the file and follow those that State (the answer to the previous
// lines; nil for the first) was read from.
type LinesRequest struct {
	Path   string
	Offset int64
	Lines  []byte
	State  json.RawMessage
	// Final says the file will not grow (deleted upstream).
	Final bool
	// More says more lines follow soon: the session's analysis waits for
	// a request without it (sent with no lines once the file stops
	// growing).
	More bool
}

// LinesResult is what became of a LinesRequest: State is where the
// reading stands after byte Sent of the file. A sink that could not store
// the lines now but kept them (a server's spool) says Spooled, with
// Sent and State where they were; Flush later answers the rest.
type LinesResult struct {
	Results []baton.ImportResult
	State   json.RawMessage
	Sent    int64
	Spooled bool
}

// Flushed is a file a sink stored late, from what it kept while it could
// not store it. For a rollout's lines, State is the reading's state after
// byte End of the file.
type Flushed struct {
	Path    string
	Results []baton.ImportResult
	Lines   bool
	State   json.RawMessage
	End     int64
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
	// ChunkBytes bounds the new lines read and sent at once (default
	// 8 MiB): a rollout of any size is read in parts of about that size.
	ChunkBytes int
	// Once says no pass follows (`baton watch --once`): a file read whole
	// is imported even while it is still changing.
	Once bool
	// Now is the clock (time.Now when nil).
	Now  func() time.Time
	Logf func(format string, args ...any)
}

// Watcher mirrors the configured folders; see the package comment.
type Watcher struct {
	cfg   Config
	mu    sync.Mutex // one pass at a time
	files map[string]*fileState
	read  atomic.Int64 // bytes read from the agents' files
	// caughtUp says the last pass read a backlog (catchUpBytes or more):
	// Settle's analyses of its sessions are part of catching up.
	caughtUp bool
}

// BytesRead is how many bytes the watcher has read from the agents' files
// since it started.
func (w *Watcher) BytesRead() int64 { return w.read.Load() }

// fileState is what the watcher knows of one file; the embedded
// WatchedFile is what it reports.
type fileState struct {
	baton.WatchedFile
	// Stored says the size and time in the WatchedFile are stored; false
	// while a change still waits to be imported.
	Stored bool `json:"stored"`
	// Reported says the sink has this state.
	Reported bool `json:"reported"`
	// What the reading of a rollout (read a few lines at a time) has
	// reached: Offset bytes read (stored or spooled), Sent bytes stored,
	// State the importer's state after Sent; the file's identity (Dev,
	// Ino, and the hash of its first HeadLen bytes) says whether the file
	// is still the one read.
	Offset  int64           `json:"offset,omitempty"`
	Sent    int64           `json:"sent,omitempty"`
	State   json.RawMessage `json:"state,omitempty"`
	Dev     uint64          `json:"dev,omitempty"`
	Ino     uint64          `json:"ino,omitempty"`
	HeadLen int             `json:"head_len,omitempty"`
	HeadSum string          `json:"head_sum,omitempty"`
	// Problems are the lines of the rollout that could not be read, as
	// found part by part (the newest maxProblems).
	Problems []string `json:"problems,omitempty"`
	// Unsettled says lines were stored with More: the session is analysed
	// at the first pass that finds the file no longer growing.
	Unsettled bool `json:"unsettled,omitempty"`
	// Subs is how far each subagent file of a Claude Code session was
	// read (its main file's is Offset), by file name.
	Subs map[string]int64 `json:"subs,omitempty"`
	// Sum is the hash of a file read whole (a Gemini CLI file) as last
	// stored: a file written again with the same bytes is not imported.
	Sum string `json:"sum,omitempty"`
}

// quiet is how long a rollout must not have grown before its session is
// analysed: an agent pausing between two lines is not done.
const quiet = 3 * time.Second

// Bounds of what the watcher keeps per rollout.
const (
	headBytes   = 1024
	maxProblems = 20
	// maxLineBytes is the longest line a rollout may have (its importer's).
	maxLineBytes = 64 << 20
)

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
	// A pass reads files on several goroutines: their logs take turns.
	var logMu sync.Mutex
	logf := cfg.Logf
	cfg.Logf = func(format string, args ...any) {
		logMu.Lock()
		defer logMu.Unlock()
		logf(format, args...)
	}
	if cfg.ChunkBytes <= 0 {
		cfg.ChunkBytes = 8 << 20
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

// PassResult sums up one pass: files seen, files whose new content was
// stored, files whose new content waits (the server down: in the spool,
// or still in the file), files found deleted.
type PassResult struct {
	Seen, Imported, Failed, Deleted int
	// Waiting are the files that changed but wait for the agent to stop
	// writing them (to be imported, or their sessions analysed): a pass
	// once they have been quiet a while finishes them.
	Waiting int
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
	w.noteFlushed(flushed, now)
	found, folderOf, seen, listed := w.list()
	// A rollout renamed (rotated) is the same file under another name: its
	// reading goes on where it was.
	moved := map[[2]uint64]*fileState{}
	for path, st := range w.files {
		if !seen[path] && st.DeletedAt == nil && st.Ino != 0 && listed[st.Folder] {
			moved[[2]uint64{st.Dev, st.Ino}] = st
		}
	}
	states := make([]*fileState, len(found))
	for i, tf := range found {
		st := w.stateOf(tf, folderOf[i], moved)
		if st.DeletedAt != nil { // back after a rotation or a restore
			st.DeletedAt, st.Reported = nil, false
		}
		states[i] = st
	}
	if w.caughtUp = backlog(found, states) >= catchUpBytes; w.caughtUp {
		defer ingest.CatchUpGC()()
	}
	// The files are read a few at a time, one per core: each file's reading
	// touches its own state only, and one file's parsing and analysis then
	// overlap another's writes (a first sync of many files used little
	// more than one core when they were read one after another).
	outcomes := make([]readOutcome, len(found))
	inParallel(ctx, len(found), func(i int) { outcomes[i] = w.readFile(ctx, states[i], found[i], now) })
	for _, o := range outcomes {
		res.Seen++
		switch o {
		case readImported:
			res.Imported++
		case readFailed:
			res.Failed++
		case readWaiting:
			res.Waiting++
		}
	}
	if ctx.Err() != nil {
		return res, ctx.Err()
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
		w.finish(ctx, st, now)
	}
	for _, st := range w.files {
		if st.Unsettled && st.DeletedAt == nil {
			res.Waiting++
		}
	}
	w.report(ctx)
	return res, w.save()
}

// What a pass did with a file.
type readOutcome int

const (
	readNothing readOutcome = iota
	readImported
	readFailed
	readWaiting
)

// readFile reads what is new in one listed file and stores it.
func (w *Watcher) readFile(ctx context.Context, st *fileState, tf transcriptFile, now time.Time) readOutcome {
	// A file read by lines: a rollout, or a Claude Code transcript.
	rollout := ingest.IsRolloutName(tf.path)
	if read := w.readTranscript; rollout || tf.claude {
		if rollout {
			read = w.readLines
		}
		grew, err := read(ctx, st, tf, now)
		st.SeenAt = now
		switch {
		case err != nil:
			return readFailed
		case grew && rollout && st.Sent != st.Offset:
			return readFailed // kept in the spool until the server is back
		case grew:
			return readImported
		}
		return readNothing
	}
	switch err := w.readWhole(ctx, st, tf, now); {
	case errors.Is(err, errWaiting):
		return readWaiting
	case errors.Is(err, errUnchanged):
		return readNothing
	case err != nil:
		return readFailed
	}
	return readImported
}

// inParallel calls do for 0 … n-1, on one goroutine per core; once ctx is
// done no further call starts.
func inParallel(ctx context.Context, n int, do func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// What readWhole did instead of importing a file.
var (
	errWaiting   = errors.New("still being written")
	errUnchanged = errors.New("unchanged")
)

// readWhole reads a file read whole (Gemini CLI rewrites its files
// whole): read when its size or time changed, imported only when its
// bytes did, and once it has stopped changing (errWaiting until then);
// errUnchanged when there was nothing to import.
func (w *Watcher) readWhole(ctx context.Context, st *fileState, tf transcriptFile, now time.Time) error {
	changed := !st.Stored || st.Size != tf.size || !st.ModTime.Equal(tf.modTime)
	if changed && now.Sub(tf.modTime) < quiet && !w.cfg.Once {
		// Gemini CLI writes a response, then its tool calls' results
		// and its tokens into the same message: a file is imported once
		// it has stopped changing, so no message is stored half-written.
		st.SeenAt = now
		if !st.Stored && st.ModTime.IsZero() {
			st.Size, st.ModTime = tf.size, tf.modTime // new: reported as found
		}
		return errWaiting
	}
	if changed && st.Stored && tf.size < st.Size {
		w.cfg.Logf("watch: %s was written anew, shorter; its earlier sessions are kept", tf.path)
		w.replaced(st, now)
	}
	if st.Size != tf.size || !st.ModTime.Equal(tf.modTime) {
		st.Reported = false
	}
	st.Size, st.ModTime, st.SeenAt = tf.size, tf.modTime, now
	if !changed {
		return errUnchanged
	}
	sum := w.fileSum(tf.path)
	if st.Stored && sum != "" && sum == st.Sum {
		return errUnchanged // the same bytes written again
	}
	st.Stored, st.Reported = false, false
	if err := w.importFile(ctx, st, now); err != nil {
		return err
	}
	st.Sum = sum
	return nil
}

// noteFlushed records what the spool sent to the server this pass.
func (w *Watcher) noteFlushed(flushed []Flushed, now time.Time) {
	for _, f := range flushed {
		st := w.files[f.Path]
		if st == nil {
			continue
		}
		w.noteResults(st, f.Results, now)
		if f.Lines {
			// The spool held everything read after End: reading goes on
			// from there (from End itself when some lines were refused).
			st.State, st.Sent, st.Offset = f.State, f.End, f.End
			st.Stored, st.Reported = false, false
			continue
		}
		if !fileExists(f.Path) {
			st.Stored = true // what was kept is all there will be
		}
	}
}

// list reads the watched folders: the files found, the folder of each,
// the paths seen and the folders read whole (a folder that could not be
// read says nothing of its files).
func (w *Watcher) list() (found []transcriptFile, folderOf []Folder, seen, listed map[string]bool) {
	seen, listed = map[string]bool{}, map[string]bool{}
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
			found = append(found, tf)
			folderOf = append(folderOf, f)
		}
	}
	return found, folderOf, seen, listed
}

// stateOf is what the watcher knows of a listed file: new, or taken over
// from the rollout it was renamed from (moved, by device and inode).
func (w *Watcher) stateOf(tf transcriptFile, f Folder, moved map[[2]uint64]*fileState) *fileState {
	if st := w.files[tf.path]; st != nil {
		return st
	}
	st := &fileState{WatchedFile: baton.WatchedFile{Path: tf.path, Agent: f.Agent, Folder: f.Path}}
	if old := moved[[2]uint64{tf.dev, tf.ino}]; old != nil && ingest.IsRolloutName(tf.path) && tf.ino != 0 {
		st.Offset, st.Sent, st.State, st.Dev, st.Ino = old.Offset, old.Sent, old.State, old.Dev, old.Ino
		st.HeadLen, st.HeadSum, st.Problems = old.HeadLen, old.HeadSum, old.Problems
		st.SessionIDs = append([]string(nil), old.SessionIDs...)
		st.Stored = old.Stored
		old.State = nil // its reading moved with it
	}
	w.files[tf.path] = st
	return st
}

// finish tells the importer that a rollout gone upstream will not grow,
// so reasoning no message followed is kept as a message of its own.
func (w *Watcher) finish(ctx context.Context, st *fileState, now time.Time) {
	if len(st.State) == 0 || st.Sent != st.Offset {
		return
	}
	r, err := w.cfg.Sink.ImportLines(ctx, LinesRequest{Path: st.Path, Offset: st.Offset, State: st.State, Final: true})
	if err != nil || r.Spooled {
		return // the messages it had are stored; only that reasoning is not
	}
	st.State = nil
	w.noteResults(st, r.Results, now)
}

// settle has the session of a rollout whose lines were stored with More
// analysed.
func (w *Watcher) settle(ctx context.Context, st *fileState, now time.Time) {
	if !st.Unsettled {
		return
	}
	r, err := w.cfg.Sink.ImportLines(ctx, LinesRequest{Path: st.Path, Offset: st.Offset, State: st.State})
	if err == nil && !r.Spooled {
		st.Unsettled = false
		w.noteResults(st, r.Results, now)
	}
}

// Settle has the sessions of the rollouts stored by the last passes
// analysed now, rather than at the next pass that finds them no longer
// growing: what a single pass (`baton watch --once`) ends with.
//
// The sessions are analysed a few at a time, one per core: each analysis
// reads its whole session, and after a first sync of many rollouts one
// after another they were most of its time on one core.
func (w *Watcher) Settle(ctx context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.caughtUp {
		defer ingest.CatchUpGC()()
	}
	now := w.cfg.Now().UTC()
	var due []*fileState
	for _, st := range w.files {
		// Rollouts only: a Claude Code transcript's last part goes
		// without More when no pass follows (readTranscript).
		if st.DeletedAt == nil && st.Sent == st.Offset && st.Unsettled && ingest.IsRolloutName(st.Path) {
			due = append(due, st)
		}
	}
	type settled struct {
		r   LinesResult
		err error
	}
	out := make([]settled, len(due))
	inParallel(ctx, len(due), func(i int) {
		st := due[i] // read here, changed only below, after every call
		out[i].r, out[i].err = w.cfg.Sink.ImportLines(ctx, LinesRequest{Path: st.Path, Offset: st.Offset, State: st.State})
	})
	for i, st := range due {
		if out[i].err == nil && !out[i].r.Spooled {
			st.Unsettled = false
			w.noteResults(st, out[i].r.Results, now)
		}
	}
	w.report(ctx)
	return w.save()
}

// openListed opens a listed file and reads its size and identity. A file
// gone since it was listed is nil with no error: the next pass says so.
func openListed(path string) (f *os.File, size int64, dev, ino uint64, err error) {
	if f, err = os.Open(path); err != nil {
		return nil, 0, 0, 0, nil
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, 0, 0, err
	}
	dev, ino = identityOf(info)
	return f, info.Size(), dev, ino, nil
}

// readLines reads what a rollout has that the watcher has not read yet,
// whole lines only, and sends it in parts. grew says new lines were
// stored or spooled. A file that is not the one read before (shorter
// than what was read, another inode, other first bytes) is read from its
// start: its messages are new, or stored already (the store keeps each
// message once).
func (w *Watcher) readLines(ctx context.Context, st *fileState, tf transcriptFile, now time.Time) (grew bool, err error) {
	f, size, dev, ino, err := openListed(tf.path)
	if f == nil {
		return false, err
	}
	defer f.Close()
	if size == st.Offset && dev == st.Dev && ino == st.Ino && st.ModTime.Equal(tf.modTime) {
		st.Stored = st.Sent == st.Offset
		if st.Stored && now.Sub(st.ModTime) >= quiet {
			w.settle(ctx, st, now) // it has stopped growing
		}
		return false, nil // as it was: nothing is read
	}
	same := st.Offset == 0 || (size >= st.Offset && dev == st.Dev && ino == st.Ino && w.sameHead(f, st))
	if !same {
		w.cfg.Logf("watch: %s was replaced or truncated; reading it from its start", tf.path)
		w.replaced(st, now)
	}
	st.Dev, st.Ino = dev, ino
	if st.Size != size || !st.ModTime.Equal(tf.modTime) {
		st.Size, st.ModTime, st.Reported = size, tf.modTime, false
	}
	if size <= st.Offset {
		st.Stored = st.Sent == st.Offset
		return false, nil
	}
	if _, err := f.Seek(st.Offset, io.SeekStart); err != nil {
		return false, err
	}
	buf := make([]byte, 0, min(int64(w.cfg.ChunkBytes), size-st.Offset))
	for st.Offset < size {
		lines, err := w.nextLines(f, &buf, size-st.Offset, int64(w.cfg.ChunkBytes))
		if err != nil {
			st.Error = fmt.Sprintf("line after byte %d: %v", st.Offset, err)
			st.Reported = false
			return grew, err
		}
		if len(lines) == 0 {
			break // a partial last line: it waits for its newline
		}
		if st.Offset == 0 {
			st.HeadLen = min(len(lines), headBytes)
			st.HeadSum = headSum(lines[:st.HeadLen])
		}
		// The last part of a rollout that has stopped growing (a first
		// sync's old files), or of any rollout when no pass follows
		// (--once), goes without More: its session is analysed from the
		// messages just read, beside their writes, not read back from the
		// store by a later pass or by Settle.
		more := st.Offset+int64(len(lines)) < size || (now.Sub(tf.modTime) < quiet && !w.cfg.Once)
		r, err := w.cfg.Sink.ImportLines(ctx, LinesRequest{Path: tf.path, Offset: st.Offset, Lines: lines, State: st.State, More: more})
		if err != nil {
			st.Offset = st.Sent // read again from what is stored
			st.Error = "not stored yet: " + baton.ErrorMessage(err)
			st.Stored, st.Reported = false, false
			w.cfg.Logf("watch: %s: %v (retried on the next pass)", tf.path, err)
			return grew, err
		}
		grew, st.Unsettled = true, more
		st.Offset += int64(len(lines))
		st.State, st.Sent = r.State, r.Sent
		w.noteResults(st, r.Results, now)
		if _, err := f.Seek(st.Offset, io.SeekStart); err != nil {
			return grew, err
		}
	}
	st.Stored = st.Sent == st.Offset
	return grew, nil
}

// nextLines reads up to want bytes of the file from where it stands and
// returns its whole lines (none when only a partial line is left); a line
// longer than want is read whole, up to maxLineBytes. left is how
// much the file has past where it stands.
func (w *Watcher) nextLines(f *os.File, buf *[]byte, left, want int64) ([]byte, error) {
	for {
		n := min(want, left)
		if int64(cap(*buf)) < n {
			*buf = make([]byte, 0, n)
		}
		b := (*buf)[:n]
		got, err := io.ReadFull(f, b)
		w.read.Add(int64(got))
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		b = b[:got]
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return b[:i+1], nil
		}
		if int64(got) >= left {
			return nil, nil
		}
		if want >= maxLineBytes {
			return nil, fmt.Errorf("a line longer than %d MiB", maxLineBytes>>20)
		}
		// One line longer than a part: read it again with room for it.
		if _, err := f.Seek(-int64(got), io.SeekCurrent); err != nil {
			return nil, err
		}
		want *= 4
	}
}

// sameHead reports whether the file still begins as it did when it was
// first read.
func (w *Watcher) sameHead(f *os.File, st *fileState) bool {
	if st.HeadLen == 0 {
		return true
	}
	head := make([]byte, st.HeadLen)
	n, err := f.ReadAt(head, 0)
	w.read.Add(int64(n))
	return err == nil && headSum(head) == st.HeadSum
}

// fileSum is the hash of a whole file ("" when it cannot be read).
func (w *Watcher) fileSum(p string) string {
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	w.read.Add(n)
	if err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func headSum(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
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
	kept := st.KeptSessionIDs[:0]
	for _, id := range st.KeptSessionIDs {
		if !ids[id] {
			kept = append(kept, id) // not back in the file
		}
	}
	st.KeptSessionIDs = kept
	if ingest.IsRolloutName(st.Path) || st.Subs != nil {
		// Read part by part: each part names its own lines.
		st.Problems = append(st.Problems, problems...)
		if len(st.Problems) > maxProblems {
			st.Problems = st.Problems[len(st.Problems)-maxProblems:]
		}
		problems = st.Problems
	}
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
	path     string
	size     int64
	modTime  time.Time
	dev, ino uint64
	// claude says it is a Claude Code transcript; subs are its subagents'
	// files, sorted.
	claude bool
	subs   []string
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
			tf.claude = true
			tf.subs = append([]string(nil), sf.Subagents...)
			sort.Strings(tf.subs)
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
	dev, ino := identityOf(info)
	return transcriptFile{path: p, size: info.Size(), modTime: info.ModTime().UTC(), dev: dev, ino: ino}, true
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}
