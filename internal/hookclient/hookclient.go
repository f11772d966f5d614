// Package hookclient is `baton hook`: it reads one Claude Code hook payload,
// adds the transcript lines it has not sent yet, and sends both to a Baton
// server — without ever slowing or breaking the assistant.
//
// Everything it does fits in a budget (2 seconds): a request the server does
// not answer in time, or cannot take, waits in a spool (a JSONL file in the
// state folder) and the next hook sends it first, in order. A file lock keeps
// two hook processes from writing the spool or the offsets at once; a hook
// that cannot get the lock in time leaves its event in pending/ for the next
// one. The server is idempotent (request ids, byte offsets), so a request
// sent twice counts once, and when it misses lines (a capped spool) it says
// where it stands and the lines are read again from the transcript.
package hookclient

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/checkout"
	"github.com/baton-dev/baton/internal/client"
)

// Defaults of Config.
const (
	DefaultBudget         = 2 * time.Second
	DefaultRequestTimeout = 1500 * time.Millisecond
	// DefaultMaxChunk is the most transcript bytes one request carries; a
	// hook with more to send sends several while its budget lasts.
	DefaultMaxChunk = 16 << 20
	// DefaultMaxSpool caps the spool: past it the oldest requests are
	// dropped. Their events are lost; their transcript lines are not, since
	// the server says what it misses and they are read again.
	DefaultMaxSpool = 64 << 20
	// MaxSpoolEntries caps the number of requests the spool keeps.
	MaxSpoolEntries = 10000
	// maxLine is the longest transcript line sent (Claude Code writes whole
	// tool outputs on one line).
	maxLine = 40 << 20
	// maxPayload is the most of stdin read.
	maxPayload = 64 << 20
)

// Config says where to send and where to keep state.
type Config struct {
	// Client talks to the server; nil when BATON_URL or BATON_TOKEN is not
	// set, and then every request waits in the spool.
	Client *client.Client
	// Dir is the state folder: offsets, spool, lock.
	Dir            string
	Budget         time.Duration
	RequestTimeout time.Duration
	MaxChunk       int
	MaxSpool       int64
	// Log receives what went wrong; nil keeps quiet.
	Log io.Writer
}

func (c *Config) defaults() {
	if c.Budget <= 0 {
		c.Budget = DefaultBudget
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	if c.MaxChunk <= 0 {
		c.MaxChunk = DefaultMaxChunk
	}
	if c.MaxSpool <= 0 {
		c.MaxSpool = DefaultMaxSpool
	}
}

// idPattern is what the server accepts as a session id; it is also a safe
// file name.
var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)

// agentFile matches the subagent transcripts the server accepts.
var agentFile = regexp.MustCompile(`^agent-[A-Za-z0-9_-]{1,100}\.jsonl$`)

// Run handles one hook invocation: the payload on stdin, and, for a
// SessionStart, the continuity context on stdout. It returns what went
// wrong for the log; the hook must exit 0 whatever it returns.
func Run(ctx context.Context, cfg Config, stdin io.Reader, stdout io.Writer) (err error) {
	cfg.defaults()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("baton hook: panic: %v", r)
		}
		if err != nil && cfg.Log != nil {
			fmt.Fprintln(cfg.Log, "baton hook:", err)
		}
	}()
	start := time.Now()
	ctx, cancel := context.WithDeadline(ctx, start.Add(cfg.Budget))
	defer cancel()
	h := &hook{cfg: cfg, start: start}
	return h.run(ctx, stdin, stdout)
}

type hook struct {
	cfg   Config
	start time.Time
}

func (h *hook) logf(format string, args ...any) {
	if h.cfg.Log != nil {
		fmt.Fprintf(h.cfg.Log, "baton hook: "+format+"\n", args...)
	}
}

// payload is what the hook reads of Claude Code's payload; it sends all of it.
type payload struct {
	SessionID           string `json:"session_id"`
	Event               string `json:"hook_event_name"`
	TranscriptPath      string `json:"transcript_path"`
	AgentTranscriptPath string `json:"agent_transcript_path"`
	CWD                 string `json:"cwd"`
}

func (h *hook) run(ctx context.Context, stdin io.Reader, stdout io.Writer) error {
	raw, err := readStdin(ctx, stdin)
	if err != nil {
		return err
	}
	var p payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("the payload on stdin is not a JSON object: %w", err)
	}
	if !idPattern.MatchString(p.SessionID) {
		return fmt.Errorf("the payload has no usable session_id (%q)", baton.ClipMarked(p.SessionID, 80))
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return err
	}
	req := baton.HookRequest{RequestID: newRequestID(), OccurredAt: time.Now().UTC(), Event: compact.Bytes()}

	if err := os.MkdirAll(filepath.Join(h.cfg.Dir, "sessions"), 0o700); err != nil {
		return err
	}
	// Wait for another hook at most part of the budget: the rest is for sending.
	lockCtx, cancel := context.WithDeadline(ctx, h.start.Add(h.cfg.Budget*6/10))
	unlock, err := lockFile(lockCtx, filepath.Join(h.cfg.Dir, "lock"))
	cancel()
	if err != nil {
		// Another hook holds the state: leave the event (without transcript
		// lines, which the next hook reads) for it to send.
		if perr := h.leavePending(&req); perr != nil {
			return perr
		}
		return fmt.Errorf("state folder busy (%v); the event waits in pending/", err)
	}
	defer unlock()

	sp, err := h.openSpool()
	if err != nil {
		return err
	}
	st := h.loadState(p.SessionID)
	if p.TranscriptPath != "" {
		st.TranscriptPath = p.TranscriptPath
	}
	if p.AgentTranscriptPath != "" {
		if name := filepath.Base(p.AgentTranscriptPath); agentFile.MatchString(name) {
			if st.Paths == nil {
				st.Paths = map[string]string{}
			}
			st.Paths[name] = p.AgentTranscriptPath
		}
	}
	if p.Event == "SessionStart" {
		req.Git = checkout.Of(p.CWD)
	}
	if p.Event == "SessionEnd" {
		end := req
		st.End = &end
	}
	more := h.addLines(&req, p.SessionID, st)
	req.Partial = more
	if err := h.enqueue(sp, &req, p.SessionID, st); err != nil {
		return err
	}
	first := h.flush(ctx, sp, p.SessionID)[req.RequestID]
	h.sendRest(ctx, sp, p.SessionID, st, &req, first, more)
	if err := h.settle(p.SessionID, st, sp); err != nil {
		return err
	}
	// A session that ended while the server was away, or with more lines
	// than a hook could send, is finished by the hooks that come after.
	h.finishEnded(ctx, sp, p.SessionID)
	if p.Event == "SessionStart" && first != nil && first.Context != "" {
		if _, err := io.WriteString(stdout, first.Context); err != nil {
			return err
		}
	}
	if p.Event == "SessionStart" {
		h.prune()
	}
	if first == nil && len(sp.entries) > 0 {
		return fmt.Errorf("%d request(s) wait in the spool: %v", len(sp.entries), sp.lastErr)
	}
	return nil
}

// sendRest sends, while the budget lasts, follow-ups of a request whose
// lines did not all fit (partial) or that the server says it misses. A
// follow-up repeats the event and its request id, which the server counts
// once.
func (h *hook) sendRest(ctx context.Context, sp *spool, sessionID string, st *sessionState, req *baton.HookRequest,
	last *baton.HookResult, partial bool) {
	for range 8 {
		if last == nil || sp.pendingFor(sessionID) || ctx.Err() != nil {
			break
		}
		_, rewound := h.adopt(sessionID, st, last.Offsets)
		if !partial && !rewound {
			break
		}
		next := *req
		next.Transcripts = nil
		partial = h.addLines(&next, sessionID, st)
		next.Partial = partial
		if err := h.enqueue(sp, &next, sessionID, st); err != nil {
			h.logf("%v", err)
			break
		}
		last = h.flush(ctx, sp, sessionID)[next.RequestID]
	}
}

// settle records what is left to do for a session after its requests: an
// ended session the server has whole is forgotten; one it has not is
// marked in ending/ for the hooks that come after.
func (h *hook) settle(sessionID string, st *sessionState, sp *spool) error {
	ending := filepath.Join(h.cfg.Dir, "ending", sessionID)
	if st.End != nil && sp.hasWhole(sessionID, st) {
		os.Remove(ending)
		return os.Remove(h.statePath(sessionID))
	}
	if st.End != nil {
		if err := os.MkdirAll(filepath.Dir(ending), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(ending, nil, 0o600); err != nil {
			return err
		}
	}
	return h.saveState(sessionID, st)
}

// finishEnded sends what is left of sessions that ended earlier, while the
// budget lasts.
func (h *hook) finishEnded(ctx context.Context, sp *spool, current string) {
	entries, _ := os.ReadDir(filepath.Join(h.cfg.Dir, "ending"))
	for _, e := range entries {
		id := e.Name()
		if id == current || !idPattern.MatchString(id) || ctx.Err() != nil || time.Until(deadline(ctx)) < 300*time.Millisecond {
			continue
		}
		st := h.loadState(id)
		if st.End == nil {
			os.Remove(filepath.Join(h.cfg.Dir, "ending", id))
			continue
		}
		if !sp.pendingFor(id) && !sp.hasWhole(id, st) {
			next := *st.End
			more := h.addLines(&next, id, st)
			next.Partial = more
			if err := h.enqueue(sp, &next, id, st); err != nil {
				h.logf("%v", err)
				return
			}
			res := h.flush(ctx, sp, id)[next.RequestID]
			h.sendRest(ctx, sp, id, st, &next, res, more)
		}
		if err := h.settle(id, st, sp); err != nil {
			h.logf("%v", err)
		}
	}
}

func deadline(ctx context.Context) time.Time {
	d, ok := ctx.Deadline()
	if !ok {
		return time.Now().Add(time.Hour)
	}
	return d
}

// readStdin reads the payload, giving up when the budget ends (a hook run
// by hand with nothing on stdin must not hang).
func readStdin(ctx context.Context, r io.Reader) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(r, maxPayload))
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		return res.data, res.err
	case <-ctx.Done():
		return nil, errors.New("no payload on stdin")
	}
}

func newRequestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return time.Now().UTC().Format("20060102T150405") + "-" + hex.EncodeToString(b)
}

// sessionState is what the hook remembers of one session: where its
// transcripts are and how much of each it has sent.
type sessionState struct {
	TranscriptPath string            `json:"transcript_path,omitempty"`
	Offsets        map[string]int64  `json:"offsets"`
	Paths          map[string]string `json:"paths,omitempty"`
	// End is the SessionEnd request (without lines), kept until the server
	// has every line and has finalized the session.
	End *baton.HookRequest `json:"end,omitempty"`
}

func (h *hook) statePath(sessionID string) string {
	return filepath.Join(h.cfg.Dir, "sessions", sessionID+".json")
}

func (h *hook) loadState(sessionID string) *sessionState {
	st := &sessionState{}
	if data, err := os.ReadFile(h.statePath(sessionID)); err == nil {
		if err := json.Unmarshal(data, st); err != nil {
			h.logf("offsets of %s unreadable (%v); sending from the start, the server skips what it has", sessionID, err)
		}
	}
	if st.Offsets == nil {
		st.Offsets = map[string]int64{}
	}
	return st
}

func (h *hook) saveState(sessionID string, st *sessionState) error {
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return writeFileAtomic(h.statePath(sessionID), data)
}

// files lists the session's transcript files: the main one as "", and each
// subagent's by its file name.
func (st *sessionState) files(sessionID string) map[string]string {
	out := map[string]string{}
	if st.TranscriptPath == "" {
		return out
	}
	main := expandHome(st.TranscriptPath)
	out[""] = main
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(main), sessionID, "subagents", "agent-*.jsonl"))
	for _, m := range matches {
		out[filepath.Base(m)] = m
	}
	for name, p := range st.Paths {
		out[name] = expandHome(p)
	}
	for name := range out {
		// Compaction agents repeat the conversation they compact.
		if name != "" && (!agentFile.MatchString(name) || strings.HasPrefix(name, "agent-acompact-")) {
			delete(out, name)
		}
	}
	return out
}

func expandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return p
}

// addLines adds to req the complete lines of the session's transcripts
// after the offsets, at most MaxChunk bytes, and advances the offsets. It
// reports whether more lines wait.
func (h *hook) addLines(req *baton.HookRequest, sessionID string, st *sessionState) (more bool) {
	files := st.files(sessionID)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names) // "" (the main transcript) first
	room := h.cfg.MaxChunk
	for _, name := range names {
		off := st.Offsets[name]
		lines, left, err := readLines(files[name], off, room)
		if err != nil {
			if name == "" {
				// The main transcript: the server builds the session from
				// the events instead and shows why.
				req.TranscriptError = baton.Clip(err.Error(), 1000)
				h.logf("transcript %s cannot be read: %v (the session is built from the hook events)", files[name], err)
			} else if !errors.Is(err, os.ErrNotExist) {
				h.logf("%s: %v", files[name], err)
			}
			continue
		}
		more = more || left
		if len(lines) == 0 {
			continue
		}
		req.Transcripts = append(req.Transcripts, baton.TranscriptChunk{File: name, Offset: off, Lines: string(lines)})
		st.Offsets[name] = off + int64(len(lines))
		room -= len(lines)
		if room <= 0 {
			room = 0
		}
	}
	return more
}

// readLines reads the complete lines of path after offset, up to max bytes
// (more for a single longer line, up to maxLine), and reports whether
// complete lines are left.
func readLines(path string, offset int64, max int) (lines []byte, more bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	size := info.Size()
	switch {
	case size < offset:
		return nil, false, fmt.Errorf("shorter (%d bytes) than what was sent (%d): not sending it again", size, offset)
	case size == offset:
		return nil, false, nil
	}
	avail := size - offset
	n := min(avail, int64(max))
	if n == 0 {
		return nil, true, nil // no room left in this request
	}
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, offset); err != nil && err != io.EOF {
		return nil, false, err
	}
	cut := bytes.LastIndexByte(buf, '\n') + 1
	if cut == 0 && n < avail {
		// One line longer than the room: send it alone, if it is not absurd.
		buf = make([]byte, min(avail, maxLine))
		if _, err := f.ReadAt(buf, offset); err != nil && err != io.EOF {
			return nil, false, err
		}
		if cut = bytes.IndexByte(buf, '\n') + 1; cut == 0 {
			return nil, false, fmt.Errorf("a line at byte %d is longer than %d MB: not sent", offset, maxLine>>20)
		}
		return buf[:cut], int64(cut) < avail, nil
	}
	// More waits when the room ran out before the end of the file; an
	// incomplete last line is not more: Claude Code is still writing it.
	return buf[:cut], n < avail, nil
}

// adopt takes the server's offsets of the session: a file the server has
// less of is sent again from there, one it has more of is not sent twice.
// It reports whether an offset changed, and whether the hook now has lines
// to send again.
func (h *hook) adopt(sessionID string, st *sessionState, server map[string]int64) (changed, rewound bool) {
	files := st.files(sessionID)
	for name, path := range files {
		have, mine := server[name], st.Offsets[name]
		if have == mine {
			continue
		}
		if info, err := os.Stat(path); err != nil || have > info.Size() {
			continue
		}
		if have < mine {
			h.logf("the server has %d bytes of %s, not %d: sending again from there", have, path, mine)
			rewound = true
		}
		st.Offsets[name] = have
		changed = true
	}
	return changed, rewound
}

// leavePending leaves a request for the next hook to send. It carries no
// transcript lines, so it is partial: it settles nothing on the server (the
// next hook sends the lines, and finishes a SessionEnd, see openSpool).
func (h *hook) leavePending(req *baton.HookRequest) error {
	req.Partial = true
	dir := filepath.Join(h.cfg.Dir, "pending")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	data, err := json.Marshal(req)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("%020d-%d-%s.json", time.Now().UnixNano(), os.Getpid(), req.RequestID)
	return writeFileAtomic(filepath.Join(dir, name), data)
}

// prune forgets the offsets of sessions untouched for 30 days.
func (h *hook) prune() {
	entries, _ := os.ReadDir(filepath.Join(h.cfg.Dir, "sessions"))
	for _, e := range entries {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > 30*24*time.Hour {
			os.Remove(filepath.Join(h.cfg.Dir, "sessions", e.Name()))
		}
	}
}

// writeFileAtomic writes a file whole or not at all.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
