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
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/chatgpt"
	"github.com/baton-dev/baton/internal/ingest/claudecode"
	"github.com/baton-dev/baton/internal/ingest/structured"
	"github.com/baton-dev/baton/internal/jsonfast"
	"github.com/baton-dev/baton/internal/store"
)

// Importer analyses and stores what comes in. Analysis itself belongs to
// the analysis service: the importer has it fill each message before the
// document is stored and analyse the session once it is.
type Importer struct {
	store    *store.Store
	analysis *analysis.Service
	hooks    *Hooks
	// watched holds the readings of the Claude Code transcripts `baton
	// watch` sends by their new lines (ImportTranscriptLines).
	watched watchedTranscripts
}

// New returns an Importer over the store, with its own analysis service.
func New(st *store.Store) *Importer {
	return NewWithAnalysis(st, analysis.NewService(st))
}

// NewWithAnalysis returns an Importer that analyses with svc, the one the
// rest of the server reads analyses through.
func NewWithAnalysis(st *store.Store, svc *analysis.Service) *Importer {
	return &Importer{store: st, analysis: svc, hooks: NewHooks(st, svc)}
}

// Hooks is the owner of the Claude Code hook protocol that builds hooked
// sessions into this importer's store.
func (im *Importer) Hooks() *Hooks { return im.hooks }

// Analysis is the analysis service the importer analyses with.
func (im *Importer) Analysis() *analysis.Service { return im.analysis }

// Documents analyses and stores documents one by one, each whole or not at
// all, reporting progress before the first (so the totals are known
// early) and after each, in documents and in messages.
func (im *Importer) Documents(ctx context.Context, stewardID int64, docs []baton.ImportDocument, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	results := make([]baton.ImportResult, 0, len(docs))
	messagesOf := func(doc *baton.ImportDocument) int {
		n := 0
		for c := range doc.Conversations {
			n += len(doc.Conversations[c].Messages)
		}
		return n
	}
	messages, messagesTotal := 0, 0
	counts := make([]int, len(docs))
	for i := range docs {
		counts[i] = messagesOf(&docs[i])
		messagesTotal += counts[i]
	}
	if progress != nil && len(docs) > 0 {
		progress(baton.ImportProgress{Total: len(docs), MessagesTotal: messagesTotal})
	}
	for i := range docs {
		doc := &docs[i]
		res, err := im.importOne(ctx, stewardID, doc)
		if err != nil {
			return results, err
		}
		results = append(results, res)
		messages += counts[i]
		if progress != nil {
			progress(baton.ImportProgress{Done: i + 1, Total: len(docs), Current: doc.Key, Messages: messages, MessagesTotal: messagesTotal})
		}
	}
	return results, nil
}

// importOne analyses and stores one document, whole or not at all, and
// analyses the session it stored. It drops the document's messages once
// stored, so a large document's are not kept while the next is imported.
func (im *Importer) importOne(ctx context.Context, stewardID int64, doc *baton.ImportDocument) (baton.ImportResult, error) {
	im.analyseMessages(doc)
	return im.importAnalysed(ctx, stewardID, doc)
}

// importAnalysed is importOne for a document whose messages are analysed
// already (analyseMessages).
func (im *Importer) importAnalysed(ctx context.Context, stewardID int64, doc *baton.ImportDocument) (baton.ImportResult, error) {
	if doc.Session.Source == claudecode.Source {
		// A session the hooks built from events while its transcript
		// could not be read: the transcript replaces the prompts and
		// tool calls it has too, the others stay.
		doc.EventPrefix = hookMessagePrefix
	}
	ahead := im.analyseAhead(ctx, stewardID, doc)
	res, err := im.store.Import(ctx, stewardID, doc)
	if err != nil {
		return res, err
	}
	if err := im.afterStore(ctx, stewardID, doc, res, ahead); err != nil {
		return res, err
	}
	doc.Conversations = nil
	return res, nil
}

// afterStore does what follows storing a document: a hooked session
// notes its transcript, and a stored or updated session is analysed (a
// new one with what ahead, when not nil, made of it beside the writes).
func (im *Importer) afterStore(ctx context.Context, stewardID int64, doc *baton.ImportDocument, res baton.ImportResult, ahead *analysisAhead) error {
	if res.Status == baton.ImportUpdated && doc.EventPrefix != "" {
		if err := im.noteTranscriptImported(ctx, stewardID, res.SessionID); err != nil {
			return err
		}
	}
	if res.Status == baton.ImportStored || res.Status == baton.ImportUpdated {
		var err error
		main := storedMain(doc)
		var prepared *analysis.Prepared
		if ahead != nil && res.Status == baton.ImportStored && main != nil {
			prepared = ahead.wait(main)
		}
		switch {
		case prepared != nil:
			err = im.analysis.AnalyzePrepared(ctx, stewardID, res.SessionID, prepared)
		case res.Status == baton.ImportStored && main != nil:
			err = im.analysis.AnalyzeImported(ctx, stewardID, res.SessionID, main)
		default:
			err = im.analysis.AnalyzeSession(ctx, stewardID, res.SessionID)
		}
		if err != nil {
			return fmt.Errorf("analyse %s: %w", doc.Key, err)
		}
	}
	return nil
}

// storedMain is the main conversation of a document the store has just
// made a new session of, as stored, in order: the messages it wrote
// (a message repeated in the document is written once). nil when the
// document has no main conversation first, or it was not kept (a
// streamed document's messages are not).
func storedMain(doc *baton.ImportDocument) []*baton.Message {
	if len(doc.Conversations) == 0 || doc.Conversations[0].ParentKey != "" || len(doc.Conversations[0].Messages) == 0 {
		return nil
	}
	msgs := doc.Conversations[0].Messages
	out := make([]*baton.Message, 0, len(msgs))
	for i := range msgs {
		if msgs[i].ID != 0 { // the store gave it its row id
			out = append(out, &msgs[i])
		}
	}
	return out
}

// ImportStructured imports structured conversation JSON (one document, an
// array, or NDJSON). A document that fails validation is rejected with a
// message naming the field; the others are stored.
//
// The input is read one message at a time (structured.Scan), and a large
// document is written in chunks as it is read (store.ImportStream), so
// memory holds a chunk of messages, not the document. The input itself is
// not held once its last document is stored: a caller that keeps no
// reference to data lets it go before that document's session analysis.
// Inputs Scan leaves to Parse (a JSON error, a key given twice) are
// imported whole, as before, with the same errors.
func (im *Importer) ImportStructured(ctx context.Context, stewardID int64, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	scanned, err := structured.Scan(data)
	if errors.Is(err, structured.ErrNotStreamed) {
		return im.importStructuredWhole(ctx, stewardID, data, progress)
	} else if err != nil {
		return nil, err
	}
	results := make([]baton.ImportResult, len(scanned))
	var valid []int
	docsTotal, messagesTotal := 0, 0
	for i := range scanned {
		sc := &scanned[i]
		if sc.Err != nil {
			key := sc.ID()
			if strings.TrimSpace(key) == "" {
				key = fmt.Sprintf("document %d", i)
			}
			results[i] = baton.ImportResult{Key: key, Status: baton.ImportRejected, Error: baton.ErrorMessage(sc.Err)}
			continue
		}
		valid = append(valid, i)
		docsTotal++
		messagesTotal += sc.Messages()
	}
	if progress != nil && docsTotal > 0 {
		progress(baton.ImportProgress{Total: docsTotal, MessagesTotal: messagesTotal})
	}
	messages := 0
	for done, i := range valid {
		sc := &scanned[i]
		doc := sc.Import()
		var readErr error
		each := func(yield func(int, *baton.Message) bool) {
			readErr = sc.EachMessage(func(m *baton.Message) error {
				im.analysis.AnalyzeMessage(m)
				if !yield(0, m) {
					return errStopped
				}
				return nil
			})
		}
		count := sc.Messages()
		res, err := im.store.ImportStream(ctx, stewardID, &doc, count, each)
		if err == nil && readErr != nil && !errors.Is(readErr, errStopped) {
			err = fmt.Errorf("read %s again: %w", doc.Key, readErr) // Scan read it: only a bug gets here
		}
		if err != nil {
			return results, err
		}
		// The document is stored and never read again: its bytes go, so
		// that once the last document is stored the input is not held
		// through its session analysis (a 150,000-message document's 39
		// MB were, and the analysis is where the import's memory peaks).
		// The caller, as the API handler and `baton import` do, hands the
		// input over and keeps no reference to it.
		*sc = structured.Scanned{}
		if err := im.afterStore(ctx, stewardID, &doc, res, nil); err != nil {
			return results, err
		}
		results[i] = res
		messages += count
		if progress != nil {
			progress(baton.ImportProgress{Done: done + 1, Total: docsTotal, Current: doc.Key, Messages: messages, MessagesTotal: messagesTotal})
		}
	}
	return results, nil
}

// errStopped ends a read whose reader has had enough.
var errStopped = errors.New("stopped")

// importStructuredWhole imports structured JSON parsed whole: the inputs
// structured.Scan leaves to Parse.
func (im *Importer) importStructuredWhole(ctx context.Context, stewardID int64, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
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
		parsed[i] = structured.Document{} // the import holds what it needs
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
		return im.importChatGPT(ctx, stewardID, data, progress)
	case FormatLexFrames:
		return im.importFrames(ctx, stewardID, data)
	case FormatCodex:
		return im.importCodex(ctx, stewardID, name, data, progress)
	case FormatGemini:
		return im.importGemini(ctx, stewardID, name, data, progress)
	default:
		return nil, baton.Invalid("file", "%s: the format was not recognised; Baton imports structured conversation JSON (one document, an array, or NDJSON), Claude Code transcripts (.jsonl), Codex CLI rollouts (.jsonl), Gemini CLI chats, checkpoints and logs.json, ChatGPT conversations.json and Lex frames (one frame, an array, or NDJSON)", filepath.Base(name))
	}
}

// importChatGPT imports a ChatGPT export one conversation at a time
// (chatgpt.Each), so memory holds a conversation, not the export: read
// once to count (the progress totals), then again to store. A conversation
// imported before is merged with what is stored by node id. Conversations
// that could not be read at all are reported after the others, not fatal.
func (im *Importer) importChatGPT(ctx context.Context, stewardID int64, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	messagesOf := func(doc *baton.ImportDocument) int {
		n := 0
		for c := range doc.Conversations {
			n += len(doc.Conversations[c].Messages)
		}
		return n
	}
	total, messagesTotal := 0, 0
	_ = chatgpt.Each(data, func(doc baton.ImportDocument) error {
		total++
		messagesTotal += messagesOf(&doc)
		return nil
	})
	if progress != nil && total > 0 {
		progress(baton.ImportProgress{Total: total, MessagesTotal: messagesTotal})
	}
	var results []baton.ImportResult
	var failed error // the store's, which stops the import
	messages := 0
	err := chatgpt.Each(data, func(doc baton.ImportDocument) error {
		n := messagesOf(&doc)
		stored, err := im.chatgptStored(ctx, stewardID, &doc)
		if err != nil {
			failed = err
			return err
		}
		doc = chatgpt.Merge(doc, stored)
		res, err := im.importOne(ctx, stewardID, &doc)
		if err != nil {
			failed = err
			return err
		}
		results = append(results, res)
		messages += n
		if progress != nil {
			progress(baton.ImportProgress{Done: len(results), Total: total, Current: doc.Key, Messages: messages, MessagesTotal: messagesTotal})
		}
		return nil
	})
	if failed != nil {
		return results, failed
	}
	for _, e := range unwrapJoined(err) {
		var ce *chatgpt.ConversationError
		key := "conversations.json"
		if errors.As(e, &ce) {
			key = fmt.Sprintf("conversation %d (%s)", ce.Index, ce.ID)
		}
		results = append(results, baton.ImportResult{Key: key, Status: baton.ImportRejected, Error: e.Error()})
	}
	return results, nil
}

// chatgptStored is what an earlier import stored of the conversation doc
// is, and points doc's session at it. A conversation id is unique within
// one export, not across files: a stored conversation under the same id
// that shares no node with doc is another conversation (a second file
// that reuses the id), and doc is then its own session, under the id with
// "#2", "#3"… (the first such session sharing a node with doc, or a new
// one), so a later export of it merges there.
func (im *Importer) chatgptStored(ctx context.Context, stewardID int64, doc *baton.ImportDocument) ([]baton.StoredThread, error) {
	ids := map[string]bool{}
	for _, c := range doc.Conversations {
		for _, m := range c.Messages {
			ids[m.SourceID] = true
		}
	}
	shares := func(stored []baton.StoredThread) bool {
		for _, th := range stored {
			for _, id := range th.SourceIDs {
				if ids[id] {
					return true
				}
			}
		}
		return false
	}
	ref := doc.Session.SourceRef
	for n := 1; ; n++ {
		at := ref
		if n > 1 {
			at = ref + "#" + strconv.Itoa(n)
		}
		stored, err := im.store.ImportedThreads(ctx, stewardID, chatgpt.Source, at)
		if err != nil {
			return nil, err
		}
		if len(stored) == 0 || shares(stored) {
			doc.Session.SourceRef = at
			return stored, nil
		}
	}
}

// ImportPath imports a file or a folder. A folder may hold Claude Code
// sessions (a projects folder, or one project's folder, with their
// subagent transcripts) and files of every other format Import
// recognises, in itself and its immediate subfolders, and Codex CLI and
// Gemini CLI transcripts in their own deeper layouts. Every file is either
// imported or reported by name as rejected; hidden files and folders (a
// name starting with ".") are left alone, and so are Claude Code's
// compaction agents, which repeat the conversation they compact.
func (im *Importer) ImportPath(ctx context.Context, stewardID int64, path string, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() && !(strings.HasSuffix(path, ".jsonl") && isClaudeCodeFile(path)) {
		return im.importFile(ctx, stewardID, path, "", progress)
	}
	// A transcript file brings the subagent transcripts next to it.
	root := path
	if !info.IsDir() {
		root = filepath.Dir(path)
	}
	sessions, err := claudecode.Discover(path)
	if err != nil {
		return nil, err
	}
	covered := map[string]bool{}
	var claude []claudecode.SessionFiles
	for _, sf := range sessions {
		if !isClaudeCodeFile(sf.Path) {
			continue // another format in a .jsonl file: imported below
		}
		claude = append(claude, sf)
		covered[sf.Path] = true
		for _, p := range sf.Subagents {
			covered[p] = true
		}
	}
	var others []string
	if info.IsDir() {
		// Codex CLI and Gemini CLI keep transcripts deeper than the
		// folder and its subfolders (~/.codex/sessions/YYYY/MM/DD/).
		agents, err := agentFolderFiles(path, covered)
		if err != nil {
			return nil, err
		}
		for _, p := range agents {
			covered[p] = true
		}
		if others, err = folderFiles(path, covered); err != nil {
			return nil, err
		}
		others = append(agents, others...)
	}
	total := len(claude) + len(others)
	var results []baton.ImportResult
	done := 0
	step := func(current string) {
		done++
		if progress != nil {
			progress(baton.ImportProgress{Done: done, Total: total, Current: current})
		}
	}
	parsedFiles, stop := im.parseAhead(claude)
	defer stop()
	for _, sf := range claude {
		name := relName(root, sf.Path)
		p := <-parsedFiles
		if p.panicked != nil {
			panic(p.panicked)
		}
		doc, lineErrs, err := p.doc, p.lineErrs, p.err
		if err != nil {
			results = append(results, baton.ImportResult{Key: name, Status: baton.ImportRejected, Error: baton.ErrorMessage(err)})
			step(sf.Path)
			continue
		}
		doc.Key = name
		for _, le := range lineErrs {
			doc.Skipped = append(doc.Skipped, le.Error())
		}
		res, err := im.importAnalysed(ctx, stewardID, &doc)
		if err != nil {
			return results, err
		}
		results = append(results, res)
		step(sf.Path)
	}
	for _, p := range others {
		res, err := im.importFile(ctx, stewardID, p, relName(path, p), nil)
		if err != nil {
			return append(results, res...), err
		}
		results = append(results, res...)
		step(p)
	}
	return results, nil
}

// parsedFile is one Claude Code session's files as parseAhead parsed them.
type parsedFile struct {
	doc      baton.ImportDocument // its messages analysed
	lineErrs []claudecode.LineError
	err      error
	panicked any // the analysis's panic
}

// analyseCaught is analyseMessages of doc, returning its panic.
func (im *Importer) analyseCaught(doc *baton.ImportDocument) (panicked any) {
	defer func() { panicked = recover() }()
	im.analyseMessages(doc)
	return nil
}

// parseAhead parses the sessions' files in order on another goroutine, one
// session ahead of the caller, who stores each as it comes, and analyses
// each parsed document's messages (analyseMessages) there too: the parse
// and the messages' analysis of the next transcript run beside the writes
// and the session analysis of this one (on a second core), in the same
// order as one after another, and at most two sessions' documents are in
// memory. stop ends it early. A panic of the analysis is raised again in
// the caller, where it would have been.
func (im *Importer) parseAhead(sessions []claudecode.SessionFiles) (<-chan parsedFile, func()) {
	out := make(chan parsedFile)
	done := make(chan struct{})
	go func() {
		defer close(out)
		for _, sf := range sessions {
			var p parsedFile
			p.doc, p.lineErrs, p.err = claudecode.ParseFiles(sf, claudecode.Options{})
			if p.err == nil {
				p.panicked = im.analyseCaught(&p.doc)
			}
			select {
			case out <- p:
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return out, func() { once.Do(func() { close(done) }) }
}

// importFile imports one file. In a folder (name is its path there)
// every result is named after the file: name, or "name: document" for a
// file of several documents. A file that cannot be read or recognised is
// one rejected result; only a failure of the store is an error.
func (im *Importer) importFile(ctx context.Context, stewardID int64, path, name string, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	key := name
	if key == "" {
		key = filepath.Base(path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return []baton.ImportResult{{Key: key, Status: baton.ImportRejected, Error: fmt.Sprintf("cannot read the file: %v", errors.Unwrap(err))}}, nil
	}
	results, err := im.Import(ctx, stewardID, path, data, progress)
	if err != nil {
		if baton.ErrorCode(err) == baton.EINTERNAL {
			var le claudecode.LineError
			if !errors.As(err, &le) && !isParseError(err) {
				return results, err
			}
		}
		return append(results, baton.ImportResult{Key: key, Status: baton.ImportRejected, Error: userMessage(err)}), nil
	}
	if name == "" {
		return results, nil
	}
	for i := range results {
		switch k := results[i].Key; {
		case len(results) == 1 && (k == "" || k == filepath.Base(path) || k == path):
			results[i].Key = name
		default:
			results[i].Key = name + ": " + k
		}
	}
	return results, nil
}

// isParseError reports whether err comes from reading a file's content
// (a format's parser), not from the store.
func isParseError(err error) bool {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	return errors.As(err, &syntax) || errors.As(err, &typ) || strings.HasPrefix(err.Error(), "chatgpt:") || strings.HasPrefix(err.Error(), "claudecode:") || strings.HasPrefix(err.Error(), "codex:") || strings.HasPrefix(err.Error(), "structured:")
}

// userMessage is an error's message for a file's result: the application
// error's own, or the parser's text.
func userMessage(err error) string {
	if baton.ErrorCode(err) != baton.EINTERNAL {
		return baton.ErrorMessage(err)
	}
	return err.Error()
}

// isClaudeCodeFile reports whether a .jsonl file's first line is a Claude
// Code transcript line (or the file is empty, which the parser reports).
func isClaudeCodeFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true // the parser reports why it cannot be read
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	format := Detect(path, head)
	if format != FormatUnknown {
		return format == FormatClaudeCode
	}
	// Unreadable: the transcript parser says which line failed and why,
	// unless the line looks like another format.
	return !bytes.Contains(head, []byte(`"conversation"`)) && !bytes.Contains(head, []byte(`"mapping"`))
}

// folderFiles lists the regular files in dir and its immediate
// subfolders that covered does not hold, sorted, leaving out hidden names
// and Claude Code's compaction agents.
func folderFiles(dir string, covered map[string]bool) ([]string, error) {
	var out []string
	add := func(d string, depth int) error {
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			p := filepath.Join(d, name)
			switch {
			case strings.HasPrefix(name, "."):
			case e.IsDir():
				if depth == 0 {
					sub, err := os.ReadDir(p)
					if err != nil {
						return err
					}
					for _, se := range sub {
						sp := filepath.Join(p, se.Name())
						if se.Type().IsRegular() && !strings.HasPrefix(se.Name(), ".") && !covered[sp] && !strings.HasPrefix(se.Name(), "agent-acompact-") {
							out = append(out, sp)
						}
					}
				}
			case e.Type().IsRegular() && !covered[p] && !strings.HasPrefix(name, "agent-acompact-"):
				out = append(out, p)
			}
		}
		return nil
	}
	if err := add(dir, 0); err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// relName names a file of an imported folder by its path inside it.
func relName(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil {
		return rel
	}
	return path
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
	FormatLexFrames  = "lex-frames"
)

// Detect tells a file's format from its first JSON value: the keys of the
// first object. It reads the keys without decoding the values, so a large
// file is not copied to be recognised.
func Detect(name string, data []byte) string {
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(data) == 0 {
		return FormatUnknown
	}
	var first map[string]bool
	switch data[0] {
	case '[':
		end := valueEnd(data)
		if end < 0 || !jsonfast.Valid(data[:end]) {
			return FormatUnknown
		}
		elem := bytes.TrimLeft(data[1:end], " \t\r\n")
		if len(elem) == 0 || elem[0] != '{' {
			return FormatUnknown // empty, or its first value is not an object
		}
		first = objectKeys(elem[:valueEnd(elem)])
	case '{':
		value := data
		if i := bytes.IndexByte(data, '\n'); i > 0 {
			value = data[:i]
		}
		if !jsonfast.Valid(value) {
			// The first object spans lines (or its line is not JSON).
			end := valueEnd(data)
			if end < 0 || !jsonfast.Valid(data[:end]) {
				return FormatUnknown
			}
			value = data[:end]
		}
		first = objectKeys(value)
	default:
		return FormatUnknown
	}
	switch {
	case first["mapping"]:
		return FormatChatGPT
	case first["conversation"]:
		return FormatStructured
	case first["status_snapshot"] && first["reference_point"] && first["summary_caption"]:
		return FormatLexFrames
	case isCodexKeys(first):
		return FormatCodex
	case isGeminiKeys(first):
		return FormatGemini
	case first["sessionId"] || first["leafUuid"] || (first["type"] && first["uuid"]),
		first["type"] && first["messageId"] && first["snapshot"]: // a transcript that opens with a file-history snapshot
		return FormatClaudeCode
	}
	return FormatUnknown
}

// valueEnd is where the JSON object or array that data starts with ends
// (brackets matched outside strings), or -1 when it does not.
func valueEnd(data []byte) int {
	depth, inString := 0, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inString && c == '\\':
			i++
		case inString:
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// objectKeys are the keys of a valid JSON object (its own, not those of
// the values in it).
func objectKeys(obj []byte) map[string]bool {
	keys := map[string]bool{}
	depth := 0
	for i := 0; i < len(obj); i++ {
		switch obj[i] {
		case '"':
			end := i + 1
			for obj[end] != '"' {
				if obj[end] == '\\' {
					end++
				}
				end++
			}
			after := bytes.TrimLeft(obj[end+1:], " \t\r\n")
			if depth == 1 && len(after) > 0 && after[0] == ':' {
				var key string
				if json.Unmarshal(obj[i:end+1], &key) == nil {
					keys[key] = true
				}
			}
			i = end
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return keys
}
