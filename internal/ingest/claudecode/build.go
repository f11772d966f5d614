package claudecode

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/baton-dev/baton/internal/analysis"
	"io"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/jsonfast"
)

// redacted stands for thinking the transcript keeps only as a signature.
const redacted = "(thinking redacted)"

// builder assembles one document from the lines of a session's files.
type builder struct {
	name    string
	maxLine int
	live    bool

	// Session facts, from the main transcript.
	sessionID            string
	cwd, branch, version string
	models               map[string]int
	modelOrder           []string
	start, end           time.Time
	lastTS               time.Time

	customTitle, aiTitle string
	summaries            []summaryLine
	firstPrompt          string
	events               map[string]int

	main      *conv
	convs     []*conv
	convByKey map[string]*conv
	owner     map[string]*conv   // source id → the conversation that has the message
	lines     map[string]lineRef // line uuid → where it went
	calls     map[string]callRef // tool_use id → the message that asked for it
	agents    map[string]string  // agent id → tool_use id of the call that spawned it

	// reading is the subagent file being read ("" for the main
	// transcript) and made counts conversations made or first met in
	// the main transcript: together they order the conversations as a
	// parse of the main transcript then each subagent file would, however
	// the lines were fed (Incremental).
	reading string
	made    int

	lineErrs []LineError
}

type summaryLine struct{ text, leaf string }

// lineRef says where a line went: the message it is part of, or, for lines
// that are not messages, the line before it.
type lineRef struct {
	conv   *conv
	source string
	parent string
}

type callRef struct {
	conv   *conv
	source string
	name   string
	input  json.RawMessage
	order  int // the calls made before it
}

// conv is a conversation being built.
type conv struct {
	baton.ImportConversation
	agentID     string
	fromFile    bool      // a subagent file, not sidechain lines of the main transcript
	start       time.Time // timestamp of its first line
	firstParent string    // parentUuid of its first line
	mainBefore  string    // the main conversation's last message when it began
	byAPIID     map[string]int
	assistant   []bool // per message: built from assistant lines
	// mainSeq is when the main transcript first met it (0: never);
	// else it was made reading file, as the fileSeq-th.
	mainSeq, fileSeq int
	file             string
}

func newBuilder(name string, opts Options) *builder {
	max := opts.MaxLineBytes
	if max <= 0 {
		max = DefaultMaxLineBytes
	}
	b := &builder{
		name:      name,
		maxLine:   max,
		live:      opts.Live,
		models:    map[string]int{},
		events:    map[string]int{},
		convByKey: map[string]*conv{},
		owner:     map[string]*conv{},
		lines:     map[string]lineRef{},
		calls:     map[string]callRef{},
		agents:    map[string]string{},
	}
	b.main = b.newConv(MainKey, baton.ConversationOriginal)
	return b
}

func (b *builder) newConv(key, kind string) *conv {
	c := &conv{ImportConversation: baton.ImportConversation{Key: key, Kind: kind}, byAPIID: map[string]int{}}
	b.convs = append(b.convs, c)
	b.convByKey[key] = c
	b.made++
	if b.reading == "" {
		c.mainSeq = b.made
	} else {
		c.file, c.fileSeq = b.reading, b.made
	}
	return c
}

// met notes that the main transcript refers to a conversation (one a
// subagent file fed earlier may have made).
func (b *builder) met(c *conv) *conv {
	if b.reading == "" && c.mainSeq == 0 {
		b.made++
		c.mainSeq = b.made
	}
	return c
}

// sortConvs puts the conversations in the order a parse of the main
// transcript then each subagent file (by name) makes them.
func (b *builder) sortConvs() {
	slices.SortStableFunc(b.convs[1:], func(x, y *conv) int {
		switch {
		case x.mainSeq > 0 && y.mainSeq > 0:
			return cmp.Compare(x.mainSeq, y.mainSeq)
		case x.mainSeq > 0:
			return -1
		case y.mainSeq > 0:
			return 1
		}
		return cmp.Or(cmp.Compare(x.file, y.file), cmp.Compare(x.fileSeq, y.fileSeq))
	})
}

// readFile reads one transcript. agentID is set for a subagent file, whose
// lines all belong to that agent's conversation.
func (b *builder) readFile(r io.Reader, file, agentID string) error {
	_, err := b.readLines(r, file, agentID, 0)
	return err
}

// readLines is readFile for lines of a file that may come after lines
// already read (Incremental.Feed): read is how many lines came before, for
// line numbers. It returns how many lines the file has now been read.
func (b *builder) readLines(r io.Reader, file, agentID string, read int) (int, error) {
	var sub *conv
	b.reading = ""
	if agentID != "" {
		b.reading = file
		sub = b.agentConv(agentID)
		sub.fromFile = true
	}
	br := bufio.NewReaderSize(r, 1<<20)
	if read == 0 && startsWithArray(br) {
		return 0, b.readArray(br, file, sub)
	}
	lr := newLineReader(br, b.maxLine)
	lr.n = read
	parts, stop := decodeAhead(lr)
	defer stop()
	var last linePart
	for p := range parts {
		<-p.decoded
		part := p.part
		for i := range part.lines {
			d := &part.lines[i]
			if d.err != nil {
				b.lineErrs = append(b.lineErrs, LineError{File: file, Line: d.n, Err: d.err})
				continue
			}
			if err := b.line(&d.l, sub, d.n, file); err != nil {
				b.lineErrs = append(b.lineErrs, LineError{File: file, Line: d.n, Err: err})
			}
		}
		last = part
	}
	return last.read, last.err
}

// decodedLine is one line as decodeAhead left it: decoded (l), or why
// not (err), n its number in the file.
type decodedLine struct {
	n   int
	l   line
	err error
}

// linePart is a run of decoded lines; the last part of a file also has
// how many lines were read in all and the reader's error, if any.
type linePart struct {
	lines []decodedLine
	read  int
	err   error
}

// Bounds of a linePart: lines decoded ahead are held until the builder
// reads them.
const (
	partLines = 64
	partBytes = 1 << 20
)

// decodeAhead reads the lines and decodes their JSON (each line, its
// message's content blocks and its toolUseResult) beside the caller,
// handing the parts over in order, while the caller builds messages from
// the parts before: the decoding is more than half of reading a
// transcript. Decoders (one per core, at most maxDecoders) take turns to
// read a part's lines, copying their text, and decode their parts side by
// side: with one decoder the decoding alone took longer than the
// building, and bounded the parse to one core and a half. A part can be
// used once its decoded channel is closed. At most a few parts are held
// ahead. stop ends the goroutines early (they are not needed once the
// parts are read to the end).
func decodeAhead(lr *lineReader) (<-chan *rawPart, func()) {
	decoders := max(1, min(runtime.GOMAXPROCS(0), maxDecoders))
	order := make(chan *rawPart, 2*decoders)
	done := make(chan struct{})
	var mu sync.Mutex // held while reading a part and queueing it in order
	finished := false
	var wg sync.WaitGroup
	for range decoders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if finished {
					mu.Unlock()
					return
				}
				p := readPart(lr)
				finished = p.last
				select {
				case order <- p:
				case <-done:
					finished = true
					mu.Unlock()
					return
				}
				mu.Unlock()
				p.decode()
				close(p.decoded)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(order)
	}()
	var once sync.Once
	return order, func() { once.Do(func() { close(done) }) }
}

// maxDecoders bounds decodeAhead's decoders.
const maxDecoders = 4

// rawPart is a part's lines as read, before decodeAhead's decoders decode
// them: text holds the lines' text one after another, each line's end in
// ends (a line that cannot be decoded has its error in part already).
type rawPart struct {
	part    linePart
	text    []byte
	ends    []int
	last    bool          // the file's last part: part has read and err
	decoded chan struct{} // closed once part's lines are decoded
}

// readPart reads the next part's lines (up to partLines lines or
// partBytes bytes), copying their text (the reader's buffer is reused)
// into a buffer of partTexts.
func readPart(lr *lineReader) *rawPart {
	p := &rawPart{decoded: make(chan struct{}), ends: make([]int, 0, partLines)}
	p.part.lines = make([]decodedLine, 0, partLines)
	if b, ok := partTexts.Get().(*[]byte); ok {
		p.text = (*b)[:0]
	}
	for len(p.part.lines) < partLines && len(p.text) < partBytes {
		text, tooLong, err := lr.next()
		if err != nil {
			p.part.read, p.last = lr.n, true
			if err != io.EOF {
				p.part.err = err
			}
			break
		}
		d := decodedLine{n: lr.n}
		text = bytes.TrimSpace(text)
		switch {
		case tooLong:
			d.err = errLineTooLong
		case len(text) == 0:
			continue
		case text[0] != '{':
			d.err = errors.New("not a JSON object")
		default:
			p.text = append(p.text, text...)
		}
		p.part.lines = append(p.part.lines, d)
		p.ends = append(p.ends, len(p.text))
	}
	return p
}

// decode decodes the part's lines.
func (p *rawPart) decode() {
	from := 0
	for i := range p.part.lines {
		d := &p.part.lines[i]
		to := p.ends[i]
		if d.err == nil {
			if d.err = jsonfast.Unmarshal(p.text[from:to], &d.l); d.err == nil {
				d.l.predecode()
			}
		}
		from = to
	}
	// The decoded lines hold copies of what they need of the text.
	text := p.text[:0]
	partTexts.Put(&text)
	p.text = nil
}

// partTexts are the buffers of rawParts' text, used again: a part holds
// up to partBytes (a megabyte) and more, and a new one for every part
// was a third more allocation than the rest of the parse.
var partTexts sync.Pool

// decodeLine decodes and files one line (or array element) n of file.
func (b *builder) decodeLine(text []byte, file string, n int, sub *conv) {
	var l line
	if err := jsonfast.Unmarshal(text, &l); err != nil {
		b.lineErrs = append(b.lineErrs, LineError{File: file, Line: n, Err: err})
		return
	}
	if err := b.line(&l, sub, n, file); err != nil {
		b.lineErrs = append(b.lineErrs, LineError{File: file, Line: n, Err: err})
	}
}

// startsWithArray reports whether the reader's first JSON value is an
// array: a transcript saved as one array of its lines, as some tools and
// exporters write it.
func startsWithArray(r *bufio.Reader) bool {
	for skip := 0; ; skip++ {
		peek, err := r.Peek(skip + 1)
		if err != nil || len(peek) <= skip {
			return false
		}
		switch c := peek[skip]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			continue
		case c == 0xef && skip == 0: // a UTF-8 byte order mark
			if bom, err := r.Peek(3); err == nil && string(bom) == "\xef\xbb\xbf" {
				_, _ = r.Discard(3)
				skip = -1
				continue
			}
			return false
		default:
			return c == '['
		}
	}
}

// readArray reads a transcript saved as a JSON array of line objects. An
// element is reported by its 1-based number in LineError.Line; an array
// cut short keeps the elements before the cut.
func (b *builder) readArray(r io.Reader, file string, sub *conv) error {
	dec := json.NewDecoder(r)
	if _, err := dec.Token(); err != nil {
		return err
	}
	for n := 1; dec.More(); n++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			b.lineErrs = append(b.lineErrs, LineError{File: file, Line: n, Err: fmt.Errorf("element %d and after: %w", n, err)})
			return nil
		}
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 || raw[0] != '{' {
			b.lineErrs = append(b.lineErrs, LineError{File: file, Line: n, Err: fmt.Errorf("element %d: not a JSON object", n)})
			continue
		}
		b.decodeLine(raw, file, n, sub)
	}
	return nil
}

// line files one decoded line n of file. sub is the conversation of a
// subagent file.
func (b *builder) line(l *line, sub *conv, n int, file string) error {
	ts, ok, err := parseTime(l.Timestamp)
	if err != nil {
		// Noted, not fatal: the line is kept, at the time of the line before.
		b.lineErrs = append(b.lineErrs, LineError{File: file, Line: n, Err: err})
	}
	if ok {
		b.lastTS = ts
		if b.start.IsZero() || ts.Before(b.start) {
			b.start = ts
		}
		if ts.After(b.end) {
			b.end = ts
		}
	} else {
		ts = b.lastTS
	}
	if sub == nil {
		if b.cwd == "" {
			b.cwd = clean(l.CWD)
		}
		// The branch the session ended on: a session that switched
		// (git switch, checkout -b) carries on there, and the next
		// session's bridge is chosen by it.
		if br := clean(l.GitBranch); br != "" && br != "HEAD" {
			b.branch = br
		}
		if b.version == "" {
			b.version = clean(l.Version)
		}
		if l.SessionID != "" {
			b.sessionID = clean(l.SessionID)
		}
	}
	id := baton.CapSourceID(clean(l.UUID))
	if id == "" {
		id = "L" + strconv.Itoa(n)
		if sub != nil {
			id = sub.Key + ":" + id
		}
	}

	if l.UUID != "" && (l.Type == "user" || l.Type == "assistant" || l.Type == "system") {
		if ref, ok := b.lines[l.UUID]; ok && ref.conv != nil {
			return nil // a line repeated by a resumed session
		}
	}
	switch l.Type {
	case "user":
		return b.user(l, b.convFor(l, sub, id, ts), id, ts)
	case "assistant":
		c := b.convFor(l, sub, id, ts)
		return b.assistant(l, c, c == b.main, id, ts)
	case "system":
		switch l.Subtype {
		case "compact_boundary":
			return b.compactBoundary(l, b.convFor(l, sub, id, ts), id, ts)
		case "local_command":
			return b.localCommand(l, b.convFor(l, sub, id, ts), id, ts)
		}
		b.events["system/"+clean(l.Subtype)]++
	case "summary":
		b.summaries = append(b.summaries, summaryLine{text: clean(l.Summary), leaf: l.LeafUUID})
		return nil
	case "ai-title":
		if t := strings.TrimSpace(clean(l.AITitle)); t != "" {
			b.aiTitle = t
		}
		return nil
	case "custom-title":
		if t := strings.TrimSpace(clean(l.CustomTitle)); t != "" {
			b.customTitle = t
		}
		return nil
	case "":
		b.events["untyped"]++
	default:
		b.events[clean(l.Type)]++
	}
	if l.UUID != "" {
		if _, known := b.lines[l.UUID]; !known {
			b.lines[l.UUID] = lineRef{parent: l.ParentUUID}
		}
	}
	return nil
}

// convFor returns the conversation a message line belongs to.
func (b *builder) convFor(l *line, sub *conv, id string, ts time.Time) *conv {
	if sub != nil {
		if sub.start.IsZero() {
			sub.start, sub.firstParent = ts, l.ParentUUID
		}
		return sub
	}
	if !l.IsSidechain {
		return b.main
	}
	var c *conv
	if l.AgentID != "" {
		c = b.agentConv(clean(l.AgentID))
	} else if ref, ok := b.resolve(l.ParentUUID); ok && ref.conv != b.main {
		c = b.met(ref.conv)
	} else if known, ok := b.convByKey["sidechain:"+id]; ok {
		c = b.met(known)
	} else {
		c = b.newConv("sidechain:"+id, baton.ConversationSidechain)
	}
	if c.start.IsZero() {
		c.start, c.firstParent = ts, l.ParentUUID
		if k := len(b.main.Messages); k > 0 {
			c.mainBefore = b.main.Messages[k-1].SourceID
		}
	}
	return c
}

func (b *builder) agentConv(agentID string) *conv {
	key := "agent:" + agentID
	if c, ok := b.convByKey[key]; ok {
		return b.met(c)
	}
	c := b.newConv(key, baton.ConversationSidechain)
	c.agentID = agentID
	return c
}

// resolve finds the message a line uuid is part of, walking up through
// lines that are not messages.
func (b *builder) resolve(uuid string) (lineRef, bool) {
	for range 32 {
		if uuid == "" {
			return lineRef{}, false
		}
		ref, ok := b.lines[uuid]
		if !ok {
			return lineRef{}, false
		}
		if ref.source != "" {
			return ref, true
		}
		uuid = ref.parent
	}
	return lineRef{}, false
}

func (b *builder) repliesTo(parent string) string {
	if ref, ok := b.resolve(parent); ok {
		return ref.source
	}
	return ""
}

// add appends a message unless its source id was seen before (a line
// repeated by a resumed session). It returns the conversation that has the
// message.
func (b *builder) add(c *conv, m baton.Message, assistant bool) (*conv, int, bool) {
	if owner, ok := b.owner[m.SourceID]; ok {
		return owner, 0, false
	}
	b.owner[m.SourceID] = c
	c.Messages = append(c.Messages, m)
	c.assistant = append(c.assistant, assistant)
	return c, len(c.Messages) - 1, true
}

func (b *builder) user(l *line, c *conv, id string, ts time.Time) error {
	if l.Message == nil {
		return errors.New("user line without message")
	}
	blocks, err := l.messageBlocks()
	if err != nil {
		return fmt.Errorf("message content: %w", err)
	}
	var text string
	var images, results int
	var last string // the last message this line made
	var lastConv *conv
	for i := range blocks {
		bl := &blocks[i]
		switch bl.Type {
		case "tool_result":
			results++
			lastConv, last = b.toolResult(l, c, id, ts, bl, results == 1)
		case "text":
			text = appendPromptText(text, clean(bl.Text))
		case "image", "document":
			images++
			text = appendText(text, mediaPlaceholder(bl))
		default:
			text = appendText(text, clean(bl.Text))
		}
	}
	defer func() {
		if l.UUID != "" && last != "" {
			b.lines[l.UUID] = lineRef{conv: lastConv, source: last, parent: l.ParentUUID}
		} else if l.UUID != "" {
			b.lines[l.UUID] = lineRef{parent: l.ParentUUID}
		}
	}()
	if strings.TrimSpace(text) == "" {
		return nil
	}
	m := baton.Message{
		SourceID:    id,
		Role:        baton.RoleSteward,
		Content:     text,
		ContentType: baton.ContentText,
		Timestamp:   ts,
		References:  baton.References{RepliesTo: b.repliesTo(l.ParentUUID)},
	}
	switch cmd, isCmd := parseCommand(text); {
	case l.IsCompactSummary:
		m.Role = baton.RoleSystem
		m.Attributes = map[string]any{"event": "compact_summary"}
	case isCmd:
		m.Content, m.ContentType = cmd.content, baton.ContentCommand
		if !cmd.steward {
			m.Role = baton.RoleSystem
		}
		m.Attributes = map[string]any{"event": cmd.event}
		if cmd.name != "" {
			m.Attributes["command"] = cmd.name
		}
		if cmd.args != "" {
			m.Attributes["command_args"] = cmd.args
			// "/review the retry logic" is the steward's prompt, as
			// Claude Code's session list shows it.
			if c == b.main && cmd.steward && b.firstPrompt == "" && !builtinCommands[strings.TrimPrefix(cmd.name, "/")] && isTitleCandidate(cmd.content) {
				b.firstPrompt = cmd.content
			}
		}
	case l.IsMeta:
		m.Role, m.ContentType = baton.RoleSystem, baton.ContentCommand
		m.Attributes = map[string]any{"event": "meta"}
	case strings.HasPrefix(text, "[Request interrupted by user"):
		m.Role = baton.RoleSystem
		m.Attributes = map[string]any{"event": "interrupted"}
	default:
		if images > 0 {
			m.ContentType = baton.ContentMixed
		}
		if c != b.main {
			// In a sidechain the prompt comes from the agent that spawned it.
			m.Speaker = "parent agent"
		} else if b.firstPrompt == "" && isTitleCandidate(text) {
			b.firstPrompt = text
		}
	}
	lastConv, _, _ = b.add(c, m, false)
	last = id
	return nil
}

func mediaPlaceholder(bl *block) string {
	kind := bl.Type
	if bl.Source != nil && bl.Source.MediaType != "" {
		return "[" + kind + ": " + clean(bl.Source.MediaType) + "]"
	}
	return "[" + kind + "]"
}

// toolResult adds the message of one tool_result block. The line's
// toolUseResult belongs to its first result.
func (b *builder) toolResult(l *line, c *conv, id string, ts time.Time, bl *block, first bool) (*conv, string) {
	useID := clean(bl.ToolUseID)
	content, err := resultText(bl.Content)
	if err != nil {
		content = strings.ToValidUTF8(clean(string(bl.Content)), "\uFFFD")
	}
	isErr := bl.IsError
	if inner, ok := between(content, "tool_use_error"); ok {
		content, isErr = inner, true
	}
	m := baton.Message{
		SourceID:    baton.CapSourceID(id + ":" + useID),
		Role:        baton.RoleToolResult,
		Content:     content,
		ContentType: baton.ContentText,
		ToolResult:  &baton.ToolResult{ToolUseID: useID, IsError: isErr},
		Timestamp:   ts,
	}
	call, known := b.calls[useID]
	if known {
		m.Speaker = call.name
		m.References.RepliesTo = call.source
	} else {
		m.References.RepliesTo = b.repliesTo(l.ParentUUID)
	}
	var agentID string
	if first && len(l.ToolUseResult) > 0 {
		if v := l.takeToolUseResult(); v != nil {
			m.Attributes = map[string]any{"tool_use_result": v}
			if mv, ok := v.(map[string]any); ok {
				agentID, _ = mv["agentId"].(string)
			}
		}
	}
	if agentID == "" && known && (call.name == "Task" || call.name == "Agent") {
		agentID = agentIDInText(content)
	}
	if agentID != "" {
		b.agents[agentID] = useID
	}
	owner, _, _ := b.add(c, m, false)
	return owner, m.SourceID
}

// resultText is the text of a tool_result's content: a string, or blocks
// of text and images.
func resultText(raw json.RawMessage) (string, error) {
	blocks, err := decodeBlocks(raw)
	if err != nil {
		return "", err
	}
	var text string
	for i := range blocks {
		switch blocks[i].Type {
		case "text":
			text = appendText(text, clean(blocks[i].Text))
		case "image", "document":
			text = appendText(text, mediaPlaceholder(&blocks[i]))
		default:
			text = appendText(text, clean(blocks[i].Text))
		}
	}
	return text, nil
}

// toolUseResult decodes the structured result Claude Code keeps next to a
// tool result (Bash stdout/stderr, Read file, Edit patch, TodoWrite todos…),
// leaving out what repeats the content: whole file texts.
func toolUseResult(raw json.RawMessage) any {
	if m, ok := toolUseResultObject(raw); ok {
		return cleanValue(m)
	}
	var v any
	if jsonfast.Unmarshal(raw, &v) != nil || v == nil {
		return nil
	}
	if m, ok := v.(map[string]any); ok {
		delete(m, "originalFile")
		if f, ok := m["file"].(map[string]any); ok {
			delete(f, "content")
		}
		if t, _ := m["type"].(string); (t == "create" || t == "update") && m["filePath"] != nil {
			delete(m, "content")
		}
	}
	return cleanValue(v)
}

// toolUseResultObject is toolUseResult's value before cleaning for an
// object, read key by key: a string value (Bash's stdout, most of the
// bytes) by jsonfast.String, several times faster on long outputs than the
// decoder of an any, and the values left out never decoded. ok is false
// for anything else, which the whole decoding reads as before.
func toolUseResultObject(raw json.RawMessage) (map[string]any, bool) {
	var fields map[string]json.RawMessage
	if len(raw) == 0 || raw[0] != '{' || jsonfast.Unmarshal(raw, &fields) != nil {
		return nil, false
	}
	delete(fields, "originalFile")
	var typ, path any
	if r, ok := fields["type"]; ok && jsonfast.Unmarshal(r, &typ) != nil {
		return nil, false
	}
	if r, ok := fields["filePath"]; ok && jsonfast.Unmarshal(r, &path) != nil {
		return nil, false
	}
	if t, _ := typ.(string); (t == "create" || t == "update") && path != nil {
		delete(fields, "content")
	}
	m := make(map[string]any, len(fields))
	for k, r := range fields {
		var v any
		switch {
		case k == "file" && len(r) > 0 && r[0] == '{':
			var file map[string]json.RawMessage
			if jsonfast.Unmarshal(r, &file) != nil {
				return nil, false
			}
			delete(file, "content")
			f := make(map[string]any, len(file))
			for fk, fr := range file {
				var fv any
				if jsonfast.Unmarshal(fr, &fv) != nil {
					return nil, false
				}
				f[fk] = fv
			}
			v = f
		case len(r) > 0 && r[0] == '"':
			s, err := jsonfast.String(r)
			if err != nil {
				return nil, false
			}
			v = s
		default:
			if jsonfast.Unmarshal(r, &v) != nil {
				return nil, false
			}
		}
		m[k] = v
	}
	return m, true
}

// agentIDInText finds "agentId: <id>" in a Task result.
func agentIDInText(s string) string {
	i := strings.Index(s, "agentId: ")
	if i < 0 {
		return ""
	}
	s = s[i+len("agentId: "):]
	end := 0
	for end < len(s) {
		ch := s[end]
		if ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_' {
			end++
			continue
		}
		break
	}
	return s[:end]
}

func (b *builder) assistant(l *line, c *conv, isMain bool, id string, ts time.Time) error {
	msg := l.Message
	if msg == nil {
		return errors.New("assistant line without message")
	}
	blocks, err := l.messageBlocks()
	if err != nil {
		return fmt.Errorf("message content: %w", err)
	}
	apiID := clean(msg.ID)
	idx, merged := c.byAPIID[apiID]
	if !merged || apiID == "" {
		m := baton.Message{
			SourceID:    id,
			Role:        baton.RoleAssistant,
			ContentType: baton.ContentText,
			Timestamp:   ts,
			References:  baton.References{RepliesTo: b.repliesTo(l.ParentUUID)},
		}
		if msg.Model != "<synthetic>" {
			m.Model = clean(msg.Model)
		}
		if l.IsAPIErrorMessage {
			m.Attributes = map[string]any{"event": "api_error"}
		}
		var ok bool
		if _, idx, ok = b.add(c, m, true); !ok {
			return nil // a line seen before
		}
		if apiID != "" {
			c.byAPIID[apiID] = idx
		}
		if isMain && m.Model != "" {
			if b.models[m.Model] == 0 {
				b.modelOrder = append(b.modelOrder, m.Model)
			}
			b.models[m.Model]++
		}
	}
	m := &c.Messages[idx]
	if l.UUID != "" {
		b.lines[l.UUID] = lineRef{conv: c, source: m.SourceID, parent: l.ParentUUID}
	}
	for i := range blocks {
		bl := &blocks[i]
		switch bl.Type {
		case "text":
			m.Content = appendText(m.Content, clean(bl.Text))
		case "thinking":
			t := clean(bl.Thinking)
			if strings.TrimSpace(t) == "" {
				if len(bl.Signature) == 0 || m.Thinking == redacted || strings.HasSuffix(m.Thinking, "\n\n"+redacted) {
					continue
				}
				t = redacted
			}
			m.Thinking = appendText(m.Thinking, t)
		case "redacted_thinking":
			if m.Thinking != redacted && !strings.HasSuffix(m.Thinking, "\n\n"+redacted) {
				m.Thinking = appendText(m.Thinking, redacted)
			}
		case "tool_use", "server_tool_use":
			callID, name := clean(bl.ID), clean(bl.Name)
			input := cleanJSON(bl.Input)
			m.ToolCalls = append(m.ToolCalls, baton.ToolCall{ID: callID, Name: name, Input: input})
			if callID != "" {
				b.calls[callID] = callRef{conv: c, source: m.SourceID, name: name, input: input, order: len(b.calls)}
			}
		default:
			m.Content = appendText(m.Content, clean(bl.Text))
		}
	}
	if u := msg.Usage; u != nil {
		// The lines of one response repeat its usage: keep it once, the
		// largest figures (the last line of a stream has the final count).
		m.Usage.InputTokens = max(m.Usage.InputTokens, u.InputTokens)
		m.Usage.OutputTokens = max(m.Usage.OutputTokens, u.OutputTokens)
		m.Usage.CacheReadTokens = max(m.Usage.CacheReadTokens, u.CacheReadInputTokens)
		m.Usage.CacheCreationTokens = max(m.Usage.CacheCreationTokens, u.CacheCreationInputTokens)
	}
	return nil
}

func (b *builder) compactBoundary(l *line, c *conv, id string, ts time.Time) error {
	text := rawString(l.Content)
	if text == "" {
		text = "Conversation compacted"
	}
	m := baton.Message{
		SourceID:    id,
		Role:        baton.RoleSystem,
		Content:     text,
		ContentType: baton.ContentText,
		Timestamp:   ts,
		References:  baton.References{RepliesTo: b.repliesTo(l.LogicalParentUUID)},
		Attributes:  map[string]any{"event": "compact_boundary"},
	}
	if md := l.CompactMetadata; md != nil {
		if md.Trigger != "" {
			m.Attributes["trigger"] = clean(md.Trigger)
		}
		if md.PreTokens > 0 {
			m.Attributes["pre_tokens"] = md.PreTokens
		}
	}
	owner, _, _ := b.add(c, m, false)
	if l.UUID != "" {
		b.lines[l.UUID] = lineRef{conv: owner, source: id, parent: l.LogicalParentUUID}
	}
	return nil
}

// localCommand files a system line that records a slash command or its
// output (newer versions write these instead of user lines).
func (b *builder) localCommand(l *line, c *conv, id string, ts time.Time) error {
	text := rawString(l.Content)
	cmd, ok := parseCommand(text)
	if !ok {
		cmd = command{content: text, event: "command_output"}
	}
	if strings.TrimSpace(cmd.content) == "" {
		b.events["system/local_command"]++
		return nil
	}
	m := baton.Message{
		SourceID:    id,
		Role:        baton.RoleSystem,
		Content:     cmd.content,
		ContentType: baton.ContentCommand,
		Timestamp:   ts,
		References:  baton.References{RepliesTo: b.repliesTo(l.ParentUUID)},
		Attributes:  map[string]any{"event": cmd.event},
	}
	if cmd.steward {
		m.Role = baton.RoleSteward
	}
	if cmd.name != "" {
		m.Attributes["command"] = cmd.name
	}
	if cmd.args != "" {
		m.Attributes["command_args"] = cmd.args
	}
	owner, _, _ := b.add(c, m, false)
	if l.UUID != "" {
		b.lines[l.UUID] = lineRef{conv: owner, source: id, parent: l.ParentUUID}
	}
	return nil
}

// rawString decodes a JSON string, or returns "" for anything else.
func rawString(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return clean(s)
}

// parseTime reads a line's timestamp. A line without one (ok false) takes
// the time of the line before. One that is there but unusable, not an RFC
// 3339 time or outside the years 1 to 9999 in UTC (stored, it would break
// every read), does the same and is reported (err): the rule the ChatGPT
// importer follows for create_time.
func parseTime(s string) (t time.Time, ok bool, err error) {
	if s == "" {
		return time.Time{}, false, nil
	}
	t, perr := time.Parse(time.RFC3339Nano, s)
	if perr != nil || !baton.ValidTime(t) {
		return time.Time{}, false, fmt.Errorf("timestamp %q is not a time in the years 1 to 9999 (RFC 3339, UTC); the message is kept at the time of the line before it", clip(s, 40))
	}
	return t.UTC(), true, nil
}

// clip shortens a quoted value in a report.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// document finishes the conversations and assembles the import document.
func (b *builder) document() baton.ImportDocument {
	return b.documentLeaving(nil)
}

// documentLeaving is document, leaving out the messages leave reports
// (conversation key, source id): those the caller has already. The
// messages are finished on copies, so the builder's stay as read
// (Incremental reads more lines into them) and a message left out costs
// nothing.
func (b *builder) documentLeaving(leave func(conv, source string) bool) baton.ImportDocument {
	title, titleSource := b.title()
	b.main.Title = baton.CapTitle(title)
	b.sortConvs()
	for _, c := range b.convs[1:] {
		b.placeChild(c)
	}
	if b.live {
		b.holdUnplaced()
	}
	var usage baton.Usage
	total := 0
	for _, c := range b.convs {
		for i := range c.Messages {
			m := &c.Messages[i]
			usage.InputTokens += m.Usage.InputTokens
			usage.OutputTokens += m.Usage.OutputTokens
			usage.CacheReadTokens += m.Usage.CacheReadTokens
			usage.CacheCreationTokens += m.Usage.CacheCreationTokens
		}
		total += len(c.Messages)
	}

	s := baton.Session{
		Title:        b.main.Title,
		Type:         baton.SessionCode,
		Source:       Source,
		SourceRef:    b.sessionRef(),
		Branch:       b.branch,
		StartedAt:    b.start,
		Assistant:    baton.Assistant{ModelVersion: b.model()},
		Technical:    baton.TechnicalContext{WorkingDirectory: b.cwd, ToolVersion: b.version},
		ReviewStatus: baton.ReviewPending,
		MessageCount: total,
		Attributes:   map[string]any{"usage": usage, analysis.TitleSourceKey: titleSource},
	}
	if !b.end.IsZero() {
		end := b.end
		s.EndedAt = &end
		s.DurationSeconds = baton.DurationSeconds(b.start, end)
	}
	if len(b.events) > 0 {
		s.Attributes["events"] = b.events
	}
	if len(b.modelOrder) > 1 {
		s.Attributes["models"] = b.modelOrder
	}
	convs := b.ordered()
	for i := range convs {
		convs[i].Messages = b.finished(b.convByKey[convs[i].Key], leave)
	}
	return baton.ImportDocument{Key: b.name, Session: s, Conversations: convs}
}

// finished returns copies of a conversation's messages, but those leave
// reports, finished: a time for those without, assistant messages settled,
// content capped.
func (b *builder) finished(c *conv, leave func(conv, source string) bool) []baton.Message {
	var out []baton.Message
	if leave == nil {
		out = make([]baton.Message, 0, len(c.Messages))
	} else {
		out = []baton.Message{} // most are left out
	}
	for i := range c.Messages {
		if leave != nil && leave(c.Key, c.Messages[i].SourceID) {
			continue
		}
		m := c.Messages[i]
		if m.Timestamp.IsZero() {
			m.Timestamp = b.start
		}
		if c.assistant[i] {
			finishAssistant(&m)
		}
		if len(m.Content) > baton.MaxContentBytes {
			m.Attributes = maps.Clone(m.Attributes) // capContent notes the cut there
		}
		capContent(&m)
		out = append(out, m)
	}
	return out
}

// finishAssistant settles a message merged from assistant lines: one that
// only calls tools is a tool_call message, described by its calls.
func finishAssistant(m *baton.Message) {
	if m.Content == "" && len(m.ToolCalls) > 0 {
		lines := make([]string, len(m.ToolCalls))
		for i, tc := range m.ToolCalls {
			lines[i] = toolSummary(tc.Name, tc.Input)
		}
		m.Content = strings.Join(lines, "\n")
		if m.Thinking == "" {
			m.Role = baton.RoleToolCall
		}
	}
	if strings.Contains(m.Content, "```") {
		m.ContentType = baton.ContentMixed
	}
}

// placeChild finds where a sidechain or subagent conversation branches off:
// the message whose tool call spawned the agent, else the message its first
// line follows, else the last main message before it began.
func (b *builder) placeChild(c *conv) {
	if useID, ok := b.agents[c.agentID]; ok && c.agentID != "" {
		if call, ok := b.calls[useID]; ok && call.conv.Key != c.Key {
			c.ParentKey, c.ForkAfterSourceID = call.conv.Key, call.source
			if c.Title == "" {
				c.Title = taskTitle(call.input)
			}
		}
	}
	if c.ParentKey == "" && c.agentID != "" && !b.live {
		// Results of Tasks run in parallel need not name their agent (older
		// versions never do, and a line with several results names only
		// the first); the agent's first prompt is its Task's prompt.
		if useID, ok := b.taskByPrompt(c); ok {
			call := b.calls[useID]
			b.agents[c.agentID] = useID
			c.ParentKey, c.ForkAfterSourceID = call.conv.Key, call.source
			if c.Title == "" {
				c.Title = taskTitle(call.input)
			}
		}
	}
	if c.ParentKey == "" {
		if ref, ok := b.resolve(c.firstParent); ok && ref.conv.Key != c.Key {
			c.ParentKey, c.ForkAfterSourceID = ref.conv.Key, ref.source
		}
	}
	if c.ParentKey == "" {
		c.ParentKey, c.ForkAfterSourceID = MainKey, c.mainBefore
		if c.fromFile {
			c.ForkAfterSourceID = b.mainBefore(c.start)
		}
	}
	if c.Title == "" {
		for _, m := range c.Messages {
			if m.Role == baton.RoleSteward {
				c.Title = titleFrom(m.Content)
				break
			}
		}
	}
	c.Title = baton.CapTitle(c.Title)
	if c.Title == "" {
		c.Title = "Sidechain"
		if c.agentID != "" {
			c.Title = "Subagent " + c.agentID
		}
	}
}

// taskByPrompt finds the Task (or Agent) call whose prompt is the first
// message of an agent's conversation, among the calls no agent claims yet.
// Calls are tried in the order they were made, so identical prompts pair
// up in order.
func (b *builder) taskByPrompt(c *conv) (string, bool) {
	var first string
	for _, m := range c.Messages {
		if m.Role == baton.RoleSteward {
			first = strings.TrimSpace(m.Content)
			break
		}
	}
	if first == "" {
		return "", false
	}
	claimed := map[string]bool{}
	for _, useID := range b.agents {
		claimed[useID] = true
	}
	best, bestAt := "", -1
	for useID, call := range b.calls {
		if claimed[useID] || call.conv.Key == c.Key || (call.name != "Task" && call.name != "Agent") {
			continue
		}
		var in struct {
			Prompt string `json:"prompt"`
		}
		if json.Unmarshal(call.input, &in) != nil || strings.TrimSpace(clean(in.Prompt)) != first {
			continue
		}
		if bestAt < 0 || call.order < bestAt {
			best, bestAt = useID, call.order
		}
	}
	return best, bestAt >= 0
}

// mainBefore is the source id of the last main message at or before t.
func (b *builder) mainBefore(t time.Time) string {
	src := ""
	for _, m := range b.main.Messages {
		ts := m.Timestamp
		if ts.IsZero() {
			ts = b.start // as the document will say
		}
		if ts.After(t) {
			break
		}
		src = m.SourceID
	}
	return src
}

func taskTitle(input json.RawMessage) string {
	var in struct {
		Description  string `json:"description"`
		SubagentType string `json:"subagent_type"`
	}
	_ = json.Unmarshal(input, &in)
	if in.Description != "" {
		return titleFrom(clean(in.Description))
	}
	return titleFrom(clean(in.SubagentType))
}

// ordered lists the main conversation, then every other non-empty
// conversation after its parent, in the order they began. A conversation
// whose parent chain loops is attached to the main one.
func (b *builder) ordered() []baton.ImportConversation {
	out := []baton.ImportConversation{b.main.ImportConversation}
	placed := map[string]bool{MainKey: true}
	pending := make([]*conv, 0, len(b.convs)-1)
	for _, c := range b.convs[1:] {
		if len(c.Messages) > 0 {
			pending = append(pending, c)
		}
	}
	for len(pending) > 0 {
		progress := false
		rest := pending[:0]
		for _, c := range pending {
			if placed[c.ParentKey] {
				out = append(out, c.ImportConversation)
				placed[c.Key] = true
				progress = true
			} else {
				rest = append(rest, c)
			}
		}
		pending = rest
		if !progress {
			c := pending[0]
			c.ParentKey, c.ForkAfterSourceID = MainKey, b.mainBefore(c.start)
		}
	}
	return out
}

// title names the session, and says what wrote the name: the title the
// steward gave it ("custom"), Claude Code's own title ("claude-code"), the
// summary of this conversation ("summary"), or a title written from the
// first prompt (analysis.Title: the subject in at most eight words;
// analysis.TitleFromPrompt, which the session analysis may rewrite from
// the whole session).
//
// A transcript resumed from earlier sessions begins with their summary
// lines: a summary whose leaf is not a message of this file names another
// conversation and never titles this one.
func (b *builder) title() (title, source string) {
	if b.customTitle != "" {
		return b.customTitle, "custom"
	}
	if t := analysis.Title(b.aiTitle); t != "" {
		return t, "claude-code" // held to the same rules as a written title
	}
	for i := len(b.summaries) - 1; i >= 0; i-- {
		if _, ok := b.lines[b.summaries[i].leaf]; ok {
			if t := analysis.Title(b.summaries[i].text); t != "" {
				return t, "summary"
			}
		}
	}
	if t := analysis.Title(b.firstPrompt); t != "" {
		return t, analysis.TitleFromPrompt
	}
	return strings.TrimSuffix(filepath.Base(b.name), ".jsonl"), analysis.TitleFromPrompt
}

// sessionRef is the session id: the file name when it is one (Claude Code
// names transcripts after their session), else the lines' sessionId.
func (b *builder) sessionRef() string {
	base := strings.TrimSuffix(filepath.Base(b.name), ".jsonl")
	if isUUID(base) {
		return base
	}
	if b.sessionID != "" {
		return b.sessionID
	}
	return base
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch i {
		case 8, 13, 18, 23:
			if ch != '-' {
				return false
			}
		default:
			if !(ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F') {
				return false
			}
		}
	}
	return true
}

// model is the model that answered most in the main conversation.
func (b *builder) model() string {
	best := ""
	for _, m := range b.modelOrder {
		if b.models[m] > b.models[best] {
			best = m
		}
	}
	return best
}
