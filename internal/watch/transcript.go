package watch

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// TranscriptRequest is new whole lines of a Claude Code session's files:
// Parts[i].File is "" for the main transcript (Path) and agent-<id>.jsonl
// for a subagent's; Offset is where its lines start in that file. More says
// the files are still growing: what may still change waits, and so does
// the session's analysis (a request without More — with no lines once
// the files stop growing — settles both).
type TranscriptRequest struct {
	Path  string
	Parts []baton.TranscriptChunk
	More  bool
	// Idle says the files have not grown for idleAfter or more (a first
	// sync's old transcripts), or no pass follows (--once): the sink need
	// not hold their reading once a request without More settles them.
	Idle bool
}

// idleAfter is how long a transcript must not have grown for its reading
// to be let go once settled: one the agent takes up again after that is
// read again from its start, once, as after the watcher's restart.
const idleAfter = 10 * time.Minute

// TranscriptResult is what became of a TranscriptRequest. Restart says
// the sink does not hold the reading of the lines before (it restarted):
// the files are sent again from their first byte.
type TranscriptResult struct {
	Results []baton.ImportResult
	Restart bool
}

// readTranscript reads what a Claude Code session's files (the main
// transcript and its subagents') have that the watcher has not read yet,
// whole lines only, and sends it in parts of about ChunkBytes. A file
// that is not the one read before (shorter than what was read, another
// inode, other first bytes) is read again from its start, and the sessions
// it held are noted as kept (replaced). Once the files have not grown for
// a while, the session is settled: the lines held back are stored and it
// is analysed.
func (w *Watcher) readTranscript(ctx context.Context, st *fileState, tf transcriptFile, now time.Time) (grew bool, err error) {
	f, size, dev, ino, err := openListed(tf.path)
	if f == nil {
		return false, err
	}
	defer f.Close()
	subs := map[string]int64{}
	for _, p := range tf.subs {
		if si, err := os.Stat(p); err == nil {
			subs[filepath.Base(p)] = si.Size()
		}
	}
	unchanged := size == st.Offset && dev == st.Dev && ino == st.Ino && st.ModTime.Equal(tf.modTime)
	for name, n := range subs {
		unchanged = unchanged && st.Subs[name] == n
	}
	if unchanged {
		st.Stored = st.Sent == st.Offset
		if st.Stored && st.Unsettled && now.Sub(st.ModTime) >= quiet {
			idle := w.cfg.Once || now.Sub(st.ModTime) >= idleAfter
			if _, err := w.sendTranscript(ctx, st, tf, f, subs, size, false, idle, now); err == nil {
				st.Unsettled = false
			}
		}
		return false, nil
	}
	same := st.Offset == 0 || (size >= st.Offset && dev == st.Dev && ino == st.Ino && w.sameHead(f, st))
	for name, n := range st.Subs {
		if got, ok := subs[name]; ok && got < n {
			same = false // a subagent's file shrank
		}
	}
	if !same {
		w.cfg.Logf("watch: %s was replaced or truncated; reading it from its start", tf.path)
		w.replaced(st, now)
	}
	st.Dev, st.Ino = dev, ino
	if st.Size != tf.size || !st.ModTime.Equal(tf.modTime) {
		st.Size, st.ModTime, st.Reported = tf.size, tf.modTime, false
	}
	// When no pass follows (--once), or the files have not grown for a
	// while (a first sync's), the last part goes without More: the session
	// is settled and analysed from the lines just read, not read back for
	// it later; otherwise a later pass that finds the files unchanged for
	// a while does it (above). Settling a transcript that is still growing
	// places its subagents' conversations early, so it waits for the files
	// to be quiet when it can.
	more := !w.cfg.Once && now.Sub(tf.modTime) < quiet
	idle := w.cfg.Once || now.Sub(tf.modTime) >= idleAfter
	sent, err := w.sendTranscript(ctx, st, tf, f, subs, size, more, idle, now)
	if err != nil {
		st.Error = "not stored yet: " + baton.ErrorMessage(err)
		st.Stored, st.Reported = false, false
		w.cfg.Logf("watch: %s: %v (retried on the next pass)", tf.path, err)
		return sent, err
	}
	st.Stored = st.Sent == st.Offset
	return sent, nil
}

// replaced starts the reading of a file over: the sessions it held stay
// in Baton, noted as kept since the file no longer holds them all.
func (w *Watcher) replaced(st *fileState, now time.Time) {
	t := now
	st.ReplacedAt = &t
	kept := map[string]bool{}
	for _, id := range st.KeptSessionIDs {
		kept[id] = true
	}
	for _, id := range st.SessionIDs {
		if !kept[id] {
			st.KeptSessionIDs = append(st.KeptSessionIDs, id)
		}
	}
	st.SessionIDs = nil
	st.Offset, st.Sent, st.State, st.HeadLen, st.HeadSum, st.Problems, st.Subs = 0, 0, nil, 0, "", nil, nil
	st.Sum = ""
	st.Reported = false
}

// sendTranscript sends the new whole lines of the session's files from
// where their reading stands; with settle (more false) the last request
// goes without More, with no lines when there are none; every request
// says idle. A sink that no longer holds the reading gets the files again
// from their start, once.
// sent says lines were stored.
func (w *Watcher) sendTranscript(ctx context.Context, st *fileState, tf transcriptFile, main *os.File, subs map[string]int64, size int64, more, idle bool, now time.Time) (sent bool, err error) {
	for attempt := 0; ; attempt++ {
		sent, restart, err := w.sendTranscriptFrom(ctx, st, tf, main, subs, size, more, idle, now)
		if err != nil || !restart {
			return sent, err
		}
		if attempt > 0 || st.Offset == 0 && len(st.Subs) == 0 {
			return sent, fmt.Errorf("the sink asked for %s from its start again", filepath.Base(tf.path))
		}
		st.Offset, st.Sent, st.Subs, st.HeadLen, st.HeadSum = 0, 0, nil, 0, ""
	}
}

func (w *Watcher) sendTranscriptFrom(ctx context.Context, st *fileState, tf transcriptFile, main *os.File, subs map[string]int64, size int64, more, idle bool, now time.Time) (sent, restart bool, err error) {
	if st.Subs == nil {
		st.Subs = map[string]int64{}
	}
	// The files in the order the parse reads them: the main one, then
	// the subagents' by name (tf.subs is sorted).
	type source struct {
		name string // "" for the main file
		path string
		size int64
	}
	sources := []source{{"", tf.path, size}}
	for _, p := range tf.subs {
		name := filepath.Base(p)
		if n, ok := subs[name]; ok {
			sources = append(sources, source{name, p, n})
		}
	}
	offset := func(name string) int64 {
		if name == "" {
			return st.Offset
		}
		return st.Subs[name]
	}
	buf := make([]byte, 0, 64<<10)
	for {
		var parts []baton.TranscriptChunk
		budget := w.cfg.ChunkBytes
		left := false // lines left after this request
		for _, s := range sources {
			at := offset(s.name)
			if at >= s.size {
				continue
			}
			if budget <= 0 {
				left = true
				break
			}
			lines, err := w.readFrom(main, s.path, s.name == "", at, s.size, &buf, int64(budget))
			if err != nil {
				st.Error = fmt.Sprintf("%s: line after byte %d: %v", filepath.Base(s.path), at, err)
				return sent, false, err
			}
			if len(lines) == 0 {
				continue // a partial last line: it waits for its newline
			}
			if s.name == "" && at == 0 {
				st.HeadLen = min(len(lines), headBytes)
				st.HeadSum = headSum(lines[:st.HeadLen])
			}
			if at+int64(len(lines)) < s.size {
				left = true
			}
			parts = append(parts, baton.TranscriptChunk{File: s.name, Offset: at, Lines: string(lines)})
			budget -= len(lines)
		}
		last := !left
		if len(parts) == 0 {
			if more {
				return sent, false, nil
			}
			parts = []baton.TranscriptChunk{{Offset: st.Offset}} // the files stopped growing
		}
		r, err := w.cfg.Sink.ImportTranscript(ctx, TranscriptRequest{Path: tf.path, Parts: parts, More: more || !last, Idle: idle})
		if err != nil {
			return sent, false, err
		}
		if r.Restart {
			return sent, true, nil
		}
		for _, p := range parts {
			if p.File == "" {
				st.Offset += int64(len(p.Lines))
			} else {
				st.Subs[p.File] += int64(len(p.Lines))
			}
		}
		st.Sent = st.Offset
		w.noteResults(st, r.Results, now)
		if len(parts[0].Lines) > 0 || len(parts) > 1 {
			sent, st.Unsettled = true, more || !last
		} else {
			st.Unsettled = false
		}
		if last {
			return sent, false, nil
		}
	}
}

// readFrom reads the whole lines of a file from byte at, up to want bytes
// (more for one line longer than that): the main transcript from its open
// file, a subagent's opened here.
func (w *Watcher) readFrom(main *os.File, path string, isMain bool, at, size int64, buf *[]byte, want int64) ([]byte, error) {
	f := main
	if !isMain {
		sf, err := os.Open(path)
		if err != nil {
			return nil, nil // gone: what was read of it is stored
		}
		defer sf.Close()
		f = sf
	}
	if _, err := f.Seek(at, io.SeekStart); err != nil {
		return nil, err
	}
	return w.nextLines(f, buf, size-at, want)
}
