package hookclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/client"
)

// spool is the requests not sent yet, oldest first, as kept in spool.jsonl
// (one request's JSON per line). It is read and written under the lock.
type spool struct {
	path    string
	entries []spoolEntry
	lastErr error
	// last is the server's last answer per session in this run, with the
	// request it answered.
	last map[string]answered
}

type spoolEntry struct {
	raw       []byte
	requestID string
	sessionID string
	event     string
	partial   bool
}

type answered struct {
	req spoolEntry
	res *baton.HookResult
}

func parseEntry(raw []byte) (spoolEntry, bool) {
	var r struct {
		RequestID string `json:"request_id"`
		Partial   bool   `json:"partial"`
		Event     struct {
			SessionID string `json:"session_id"`
			Name      string `json:"hook_event_name"`
		} `json:"event"`
	}
	if json.Unmarshal(raw, &r) != nil || r.RequestID == "" {
		return spoolEntry{}, false
	}
	return spoolEntry{raw: raw, requestID: r.RequestID, sessionID: r.Event.SessionID, event: r.Event.Name, partial: r.Partial}, true
}

// openSpool reads the spool and takes in the events other hooks left in
// pending/ while they could not get the lock.
func (h *hook) openSpool() (*spool, error) {
	sp := &spool{path: filepath.Join(h.cfg.Dir, "spool.jsonl"), last: map[string]answered{}}
	data, err := os.ReadFile(sp.path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if e, ok := parseEntry(line); ok {
			sp.entries = append(sp.entries, e)
		} else {
			h.logf("spool: dropped an unreadable line (%d bytes)", len(line))
		}
	}
	pendingDir := filepath.Join(h.cfg.Dir, "pending")
	names, _ := os.ReadDir(pendingDir)
	var taken []string
	for _, n := range names { // named by time: oldest first
		if !strings.HasSuffix(n.Name(), ".json") {
			continue
		}
		p := filepath.Join(pendingDir, n.Name())
		raw, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if e, ok := parseEntry(bytes.TrimSpace(raw)); ok {
			sp.entries = append(sp.entries, e)
			if e.event == "SessionEnd" && idPattern.MatchString(e.sessionID) {
				h.remember(e)
			}
		}
		taken = append(taken, p)
	}
	if len(taken) > 0 {
		if err := h.writeSpool(sp); err != nil {
			return nil, err
		}
		for _, p := range taken {
			os.Remove(p)
		}
	}
	return sp, nil
}

// remember takes note of a SessionEnd left in pending/: its lines are still
// to be read and sent, which finishEnded does.
func (h *hook) remember(e spoolEntry) {
	var req baton.HookRequest
	var p payload
	if json.Unmarshal(e.raw, &req) != nil || json.Unmarshal(req.Event, &p) != nil {
		return
	}
	req.Transcripts, req.Partial = nil, false
	st := h.loadState(e.sessionID)
	if p.TranscriptPath != "" {
		st.TranscriptPath = p.TranscriptPath
	}
	st.End = &req
	if err := h.settle(e.sessionID, st, &spool{last: map[string]answered{}}); err != nil {
		h.logf("%v", err)
	}
}

// writeSpool writes the spool whole (or removes it when empty).
func (h *hook) writeSpool(sp *spool) error {
	if len(sp.entries) == 0 {
		if err := os.Remove(sp.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	var buf bytes.Buffer
	for _, e := range sp.entries {
		buf.Write(e.raw)
		buf.WriteByte('\n')
	}
	return writeFileAtomic(sp.path, buf.Bytes())
}

// enqueue puts a request at the end of the spool, then saves the session's
// offsets, which now count its lines as sent: the spool has them. Past the
// cap, the oldest requests are dropped.
func (h *hook) enqueue(sp *spool, req *baton.HookRequest, sessionID string, st *sessionState) error {
	raw, err := json.Marshal(req)
	if err != nil {
		return err
	}
	sp.entries = append(sp.entries, spoolEntry{raw: raw, requestID: req.RequestID, sessionID: sessionID, partial: req.Partial})
	size := int64(0)
	for _, e := range sp.entries {
		size += int64(len(e.raw)) + 1
	}
	dropped := 0
	for len(sp.entries) > 1 && (size > h.cfg.MaxSpool || len(sp.entries) > MaxSpoolEntries) {
		size -= int64(len(sp.entries[0].raw)) + 1
		sp.entries = sp.entries[1:]
		dropped++
	}
	if dropped > 0 {
		h.logf("spool full: dropped the %d oldest request(s); the server will ask again for their transcript lines", dropped)
	}
	if err := h.writeSpool(sp); err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	return h.saveState(sessionID, st)
}

// flush sends the spool in order until a request fails or the budget runs
// out, and returns the answers by request id. A request the server refuses
// for good (a bad request) is dropped; one that may succeed later (server
// down or failing, token refused, busy) stops the flush and waits. The
// offsets of other sessions whose requests all went are set to the
// server's.
func (h *hook) flush(ctx context.Context, sp *spool, current string) map[string]*baton.HookResult {
	out := map[string]*baton.HookResult{}
	if h.cfg.Client == nil {
		sp.lastErr = errors.New("BATON_URL and BATON_TOKEN are not set")
		return out
	}
	sent := 0
	for sent < len(sp.entries) {
		left := time.Until(deadline(ctx))
		if left < 50*time.Millisecond {
			sp.lastErr = errors.New("out of time")
			break
		}
		e := sp.entries[sent]
		reqCtx, cancel := context.WithTimeout(ctx, min(h.cfg.RequestTimeout, left-20*time.Millisecond))
		res, err := h.cfg.Client.Hook(reqCtx, e.raw)
		cancel()
		if err != nil {
			var ce *client.Error
			if errors.As(err, &ce) && !ce.Retryable() {
				h.logf("the server refused a request of session %s for good, dropping it: %v", e.sessionID, err)
				sent++
				continue
			}
			sp.lastErr = err
			break
		}
		out[e.requestID] = res
		sp.last[e.sessionID] = answered{req: e, res: res}
		sent++
	}
	if sent == 0 {
		return out
	}
	sp.entries = sp.entries[sent:]
	if err := h.writeSpool(sp); err != nil {
		h.logf("spool: %v", err)
	}
	for id, a := range sp.last {
		if id == current || sp.pendingFor(id) {
			continue
		}
		st := h.loadState(id)
		if changed, _ := h.adopt(id, st, a.res.Offsets); changed {
			if err := h.saveState(id, st); err != nil {
				h.logf("offsets of %s: %v", id, err)
			}
		}
	}
	return out
}

// pendingFor reports whether requests of the session wait in the spool.
func (sp *spool) pendingFor(sessionID string) bool {
	for _, e := range sp.entries {
		if e.sessionID == sessionID {
			return true
		}
	}
	return false
}

// hasWhole reports whether the server finalized an ended session with every
// line the hook read: its last answer in this run was to the SessionEnd
// request, whole (not partial), and has every byte.
func (sp *spool) hasWhole(sessionID string, st *sessionState) bool {
	a, ok := sp.last[sessionID]
	if !ok || st.End == nil || a.req.requestID != st.End.RequestID || a.req.partial || sp.pendingFor(sessionID) {
		return false
	}
	for name, off := range st.Offsets {
		if a.res.Offsets[name] < off {
			return false
		}
	}
	return true
}
