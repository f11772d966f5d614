package ingest

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
	"github.com/baton-dev/baton/internal/store"
)

// ErrRestart is what ImportTranscriptLines answers when it does not hold
// the reading of the lines before those it is sent (the process started
// again since, or let the reading go): the caller sends the files again
// from their first byte.
var ErrRestart = &baton.Error{Code: baton.ECONFLICT, Field: "offset",
	Message: "the transcript's earlier lines are not held here (read since a restart, or let go); send its files from their first byte"}

// maxWatchedTranscripts bounds the Claude Code transcripts whose reading is
// held between calls; one left out is read from its start at its next call.
const maxWatchedTranscripts = 32

// watchedTranscript is the reading of one watched Claude Code transcript:
// its parse, the bytes received of each file (main "" and subagents), the
// lines received but held back because the agent may still be writing
// them (the last response), and the source ids its session has.
type watchedTranscript struct {
	mu       sync.Mutex // one call at a time per transcript
	name     string
	parser   *claudecode.Incremental
	received map[string]int64
	pending  map[string][]byte
	known    map[string]map[string]bool
	// open holds, by conversation, the source id of the message a settle
	// stored last: its response may still have been open (Claude Code
	// writes a response's blocks one line each, and streaming the next one
	// can take longer than the watcher waits to settle), so it is sent
	// again, and completed in place, until a message follows it.
	open      map[string]string
	sessionID string
	// reported is how many of the parse's line errors were reported (the
	// parse keeps them all; each is reported by the call that read it).
	reported int
	used     uint64
}

type watchedTranscripts struct {
	mu    sync.Mutex
	byKey map[string]*watchedTranscript
	clock uint64
}

// get returns the transcript's reading; fresh drops any held one.
func (w *watchedTranscripts) get(key string, fresh bool) *watchedTranscript {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.byKey == nil {
		w.byKey = map[string]*watchedTranscript{}
	}
	w.clock++
	wt := w.byKey[key]
	if wt == nil && !fresh {
		return nil
	}
	if fresh {
		if wt == nil && len(w.byKey) >= maxWatchedTranscripts {
			oldest := ""
			for k, t := range w.byKey {
				if oldest == "" || t.used < w.byKey[oldest].used {
					oldest = k
				}
			}
			delete(w.byKey, oldest)
		}
		wt = &watchedTranscript{received: map[string]int64{}, pending: map[string][]byte{}}
		w.byKey[key] = wt
	}
	wt.used = w.clock
	return wt
}

func (w *watchedTranscripts) drop(key string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.byKey, key)
}

// TranscriptOptions say what follows the lines ImportTranscriptLines is
// given.
type TranscriptOptions struct {
	// More says the files are still growing: what may still change is
	// held back and the session's analysis waits (see
	// ImportTranscriptLines).
	More bool
	// Idle says the files have not grown for a long while (or no read
	// follows): once a call without More has settled the session, its
	// reading is let go rather than held, and should the files grow
	// again they are sent from their first byte (ErrRestart), as after a
	// restart. A first sync of many old transcripts otherwise held the
	// parse of the last maxWatchedTranscripts of them, each as large as
	// its file.
	Idle bool
}

// ImportTranscriptLines imports the new whole lines of a Claude Code
// session's files as `baton watch` reads them: parts[i].File is "" for the
// main transcript path and "agent-<id>.jsonl" for a subagent's, Offset
// where its lines start in that file. The reading of the lines before is
// held here between calls, so each call parses only the lines it brings;
// a part that starts at offset 0 of the main file starts the reading over,
// and one that starts past what is held answers ErrRestart.
//
// With More (the agent is still writing), what may still change is held
// back — the last response, whose blocks come as separate lines, and
// subagent conversations whose spawning call has not returned — and the
// session's analysis waits; a call without More (the file has stopped
// growing) stores the rest and analyses the session. Lines from any number
// of calls give the session an import of the whole file gives.
func (im *Importer) ImportTranscriptLines(ctx context.Context, stewardID int64, path string, parts []baton.TranscriptChunk, opts TranscriptOptions) ([]baton.ImportResult, error) {
	name := filepath.Base(path)
	if !strings.HasSuffix(name, ".jsonl") || IsAgentFileName(path) {
		return nil, baton.Invalid("path", "%s: only Claude Code transcripts (<session>.jsonl) are imported by their new lines here", name)
	}
	if err := checkChunks("parts", parts); err != nil {
		return nil, err
	}
	key := fmt.Sprint(stewardID, "/", path)
	fresh := false
	for _, p := range parts {
		fresh = fresh || (p.File == "" && p.Offset == 0)
	}
	wt := im.watched.get(key, fresh)
	if wt == nil {
		return nil, ErrRestart
	}
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if wt.parser == nil {
		wt.name, wt.parser = name, claudecode.NewIncremental(name, claudecode.Options{Live: true})
	}
	results, err := im.feedTranscript(ctx, stewardID, wt, parts, opts.More)
	if err != nil || (opts.Idle && !opts.More) {
		im.watched.drop(key) // the next call starts over
	}
	return results, err
}

func (im *Importer) feedTranscript(ctx context.Context, stewardID int64, wt *watchedTranscript, parts []baton.TranscriptChunk, more bool) ([]baton.ImportResult, error) {
	if err := wt.receive(parts); err != nil {
		return nil, err
	}
	if err := wt.parsePending(more); err != nil {
		return nil, err
	}
	leave := wt.isKnown
	var doc baton.ImportDocument
	var lineErrs []claudecode.LineError
	var err error
	if more {
		doc, lineErrs, err = wt.parser.DocumentLeaving(leave)
	} else {
		doc, lineErrs, err = wt.parser.DocumentSettled(leave)
	}
	var skipped []string
	for _, le := range lineErrs[min(wt.reported, len(lineErrs)):] {
		skipped = append(skipped, le.Error())
	}
	wt.reported = len(lineErrs)
	switch {
	case errors.Is(err, claudecode.ErrNoMessages) && more:
		// The session begins with its first message.
		if len(skipped) > 0 {
			return []baton.ImportResult{{Key: doc.Key, Status: baton.ImportDuplicate, Skipped: skipped}}, nil
		}
		return nil, nil
	case errors.Is(err, claudecode.ErrNoMessages):
		return []baton.ImportResult{{Key: wt.name, Status: baton.ImportRejected, Error: baton.ErrorMessage(err), Skipped: skipped}}, nil
	case err != nil:
		return nil, err
	}
	doc.Skipped = skipped
	doc.EventPrefix = hookMessagePrefix
	if wt.sessionID == "" {
		existing, err := im.store.SessionBySource(ctx, stewardID, claudecode.Source, doc.Session.SourceRef)
		switch {
		case err == nil:
			if wt.known, err = im.store.SourceIDs(ctx, stewardID, existing.ID); err != nil {
				return nil, err
			}
			wt.sessionID = existing.ID
			wt.openLastKnown(&doc)
			keepUnknown(&doc, wt.isKnown, true)
		case baton.ErrorCode(err) != baton.ENOTFOUND:
			return nil, err
		}
	} else {
		keepUnknown(&doc, wt.isKnown, true)
	}
	im.analyseMessages(&doc)
	// A session read whole in one request that settles it (a first sync's
	// transcripts, `baton watch --once`) is new and all in doc: it is
	// analysed beside its writes from the messages at hand, as a whole
	// import's is, not read back from the store after them.
	var ahead *analysisAhead
	if !more && wt.sessionID == "" {
		ahead = im.analyseAhead(ctx, stewardID, &doc)
	}
	res, err := im.store.Import(ctx, stewardID, &doc)
	if err != nil {
		return nil, err
	}
	if err := im.noteStored(ctx, stewardID, wt, &doc, res); err != nil {
		return nil, err
	}
	wt.noteOpen(&doc, !more)
	// Completing a response a settle stored in part is how the reading
	// goes on, not a problem with the file.
	res.Skipped = slices.DeleteFunc(res.Skipped, store.IsCompletedNote)
	if !more && res.SessionID != "" && res.Status != baton.ImportRejected {
		var prepared *analysis.Prepared
		if main := storedMain(&doc); ahead != nil && res.Status == baton.ImportStored && main != nil {
			prepared = ahead.wait(main) // nil when the store wrote it otherwise
		}
		if prepared != nil {
			err = im.analysis.AnalyzePrepared(ctx, stewardID, res.SessionID, prepared)
		} else {
			err = im.analysis.AnalyzeSession(ctx, stewardID, res.SessionID)
		}
		if err != nil {
			return nil, fmt.Errorf("analyse %s: %w", doc.Key, err)
		}
	}
	return []baton.ImportResult{res}, nil
}

// receive adds the parts' new lines to what each file has pending; a part
// that starts past what was received, or whose overlap is not the lines
// received, means the sender must start over (ErrRestart).
func (wt *watchedTranscript) receive(parts []baton.TranscriptChunk) error {
	for _, p := range parts {
		have := wt.received[p.File]
		lines := p.Lines
		switch {
		case p.Offset > have:
			return ErrRestart
		case p.Offset+int64(len(lines)) <= have:
			continue // received already
		case p.Offset < have:
			lines = lines[have-p.Offset:]
			if have > p.Offset && p.Lines[have-p.Offset-1] != '\n' {
				return ErrRestart // not the lines received
			}
		}
		wt.pending[p.File] = append(wt.pending[p.File], lines...)
		wt.received[p.File] = p.Offset + int64(len(p.Lines))
	}
	return nil
}

// parsePending feeds each file's pending lines to the parser; while more
// is coming, a model response still open stays pending.
func (wt *watchedTranscript) parsePending(more bool) error {
	// The main transcript first, then the subagents by name, as Parse
	// reads them; compaction agents repeat the conversation (Discover
	// leaves them out too).
	files := make([]string, 0, len(wt.pending))
	for f := range wt.pending {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		data := wt.pending[f]
		if strings.HasPrefix(f, "agent-acompact-") {
			delete(wt.pending, f)
			continue
		}
		n := len(data)
		if more {
			n = claudecode.OpenResponse(data)
		}
		if err := wt.parser.Feed(f, data[:n]); err != nil {
			return err
		}
		if n == len(data) {
			delete(wt.pending, f)
		} else {
			wt.pending[f] = append([]byte(nil), data[n:]...)
		}
	}
	return nil
}

// noteStored remembers the session the document was stored in and the
// messages it now holds, so the next part imports only what is new.
func (im *Importer) noteStored(ctx context.Context, stewardID int64, wt *watchedTranscript, doc *baton.ImportDocument, res baton.ImportResult) error {
	if res.SessionID == "" {
		return nil
	}
	if wt.sessionID != res.SessionID {
		wt.sessionID, wt.known = res.SessionID, map[string]map[string]bool{}
		if res.Status != baton.ImportStored {
			var err error
			if wt.known, err = im.store.SourceIDs(ctx, stewardID, res.SessionID); err != nil {
				return err
			}
		}
	}
	for _, c := range doc.Conversations {
		if wt.known[c.Key] == nil {
			wt.known[c.Key] = map[string]bool{}
		}
		for _, m := range c.Messages {
			wt.known[c.Key][m.SourceID] = true
		}
	}
	return nil
}

// isKnown says the message is stored and complete: not one a settle may
// have stored before its response was whole.
func (wt *watchedTranscript) isKnown(conv, source string) bool {
	return wt.known[conv][source] && wt.open[conv] != source
}

// noteOpen follows the messages a settle stored last: after a settle each
// conversation's last message may be open; a message after it closes it.
func (wt *watchedTranscript) noteOpen(doc *baton.ImportDocument, settled bool) {
	for _, c := range doc.Conversations {
		if len(c.Messages) == 0 {
			continue
		}
		last := c.Messages[len(c.Messages)-1].SourceID
		switch {
		case settled:
			if wt.open == nil {
				wt.open = map[string]string{}
			}
			wt.open[c.Key] = last
		case wt.open[c.Key] != "" && wt.open[c.Key] != last:
			delete(wt.open, c.Key)
		}
	}
}

// openLastKnown marks each conversation's last stored message as open
// when a stored session is read anew (after a restart, the reading held
// here is gone): a settle before the restart may have stored its response
// in part.
func (wt *watchedTranscript) openLastKnown(doc *baton.ImportDocument) {
	for _, c := range doc.Conversations {
		for i := len(c.Messages) - 1; i >= 0; i-- {
			if id := c.Messages[i].SourceID; wt.known[c.Key][id] {
				if wt.open == nil {
					wt.open = map[string]string{}
				}
				wt.open[c.Key] = id
				break
			}
		}
	}
}

// keepUnknown leaves in doc only the messages known does not hold, and the
// conversations those are in with the ones they fork from (the store looks
// each up). It returns the messages left.
func keepUnknown(doc *baton.ImportDocument, known func(conv, source string) bool, existing bool) []*baton.Message {
	var fresh []*baton.Message
	parent := map[string]string{}
	needed := map[string]bool{}
	for i := range doc.Conversations {
		c := &doc.Conversations[i]
		parent[c.Key] = c.ParentKey
		var kept []baton.Message
		for _, m := range c.Messages {
			if !known(c.Key, m.SourceID) {
				kept = append(kept, m)
			}
		}
		c.Messages = kept
		for j := range c.Messages {
			fresh = append(fresh, &c.Messages[j])
		}
		if i == 0 || len(kept) > 0 {
			for k, hops := c.Key, 0; k != "" && !needed[k] && hops <= len(doc.Conversations); k, hops = parent[k], hops+1 {
				needed[k] = true
			}
		}
	}
	if existing {
		convs := doc.Conversations[:0]
		for _, c := range doc.Conversations {
			if needed[c.Key] {
				convs = append(convs, c)
			}
		}
		doc.Conversations = convs
	}
	return fresh
}

// checkChunks refuses a chunk of transcript lines (list[i]) that names a
// file other than the main transcript or a subagent's, starts before the
// file does, or holds a line cut short.
func checkChunks(list string, chunks []baton.TranscriptChunk) error {
	for i, c := range chunks {
		field := fmt.Sprintf("%s[%d]", list, i)
		if c.File != "" && !agentFilePattern.MatchString(c.File) {
			return baton.Invalid(field+".file", "%s.file must be \"\" (the main transcript) or a subagent's agent-<id>.jsonl; got %q", field, baton.Clip(c.File, 110))
		}
		if c.Offset < 0 {
			return baton.Invalid(field+".offset", "%s.offset must be 0 or more", field)
		}
		if c.Lines != "" && !strings.HasSuffix(c.Lines, "\n") {
			return baton.Invalid(field+".lines", "%s.lines must be whole lines, each ending in a newline", field)
		}
	}
	return nil
}
