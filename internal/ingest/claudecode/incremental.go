package claudecode

import (
	"bytes"
	"errors"
	"maps"
	"slices"

	"github.com/baton-dev/baton/internal/baton"
)

// Incremental parses a transcript that grows, as Claude Code's hooks send
// it: each Feed decodes only the lines it is given, and Document assembles
// the document from everything fed so far without changing what was fed,
// so a hook event costs the lines it brought, not a parse of the whole
// transcript again. Feeding a transcript's lines in any number of parts
// gives the document Parse gives for all of them, provided the caller
// feeds whole lines and holds back, as it would for Parse, what may still
// change (OpenResponse).
type Incremental struct {
	b    *builder
	read map[string]int // lines read per file, for line numbers
}

// ErrNotIncremental is what Feed says of a transcript saved as one JSON
// array: it can only be parsed whole.
var ErrNotIncremental = errors.New("claudecode: a transcript saved as a JSON array is parsed whole")

// NewIncremental starts an incremental parse of the transcript name (the
// main file's name, as for Parse). opts.Subagents is ignored: subagent
// lines are fed by file name.
func NewIncremental(name string, opts Options) *Incremental {
	return &Incremental{b: newBuilder(name, opts), read: map[string]int{}}
}

// Feed decodes more lines of one file: "" or the main file's name for the
// main transcript, else a subagent's agent-<id>.jsonl. data holds whole
// lines, the ones that follow those fed before.
func (p *Incremental) Feed(file string, data []byte) error {
	if len(data) == 0 {
		return nil
	}
	if p.read[file] == 0 && bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n\ufeff"), []byte("[")) {
		return ErrNotIncremental
	}
	name, agentID := file, ""
	if file == "" {
		name = p.b.name
	} else {
		agentID = agentIDFromFile(file)
	}
	n, err := p.b.readLines(bytes.NewReader(data), name, agentID, p.read[file])
	p.read[file] = n
	return err
}

// Document is the document of everything fed so far, as Parse returns it.
func (p *Incremental) Document() (baton.ImportDocument, []LineError, error) {
	return p.DocumentLeaving(nil)
}

// DocumentLeaving is Document without the messages leave reports (by
// conversation key and source id): those the caller already has, so that
// assembling the document of a long transcript costs little more than its
// new messages. The session's facts (title, usage, times) still count
// every message.
func (p *Incremental) DocumentLeaving(leave func(conv, source string) bool) (baton.ImportDocument, []LineError, error) {
	return p.documentLeaving(leave, p.b.live)
}

// DocumentSettled is DocumentLeaving for a transcript that has stopped
// growing, read live until now: the subagent conversations whose spawning
// call has not returned are placed as Parse places them, not held back.
func (p *Incremental) DocumentSettled(leave func(conv, source string) bool) (baton.ImportDocument, []LineError, error) {
	return p.documentLeaving(leave, false)
}

func (p *Incremental) documentLeaving(leave func(conv, source string) bool, live bool) (baton.ImportDocument, []LineError, error) {
	b := p.b.clone()
	b.live = live
	doc := b.documentLeaving(leave)
	if doc.Session.MessageCount == 0 {
		if len(b.lineErrs) > 0 {
			return baton.ImportDocument{}, b.lineErrs, unreadable(b.lineErrs)
		}
		return baton.ImportDocument{}, b.lineErrs, ErrNoMessages
	}
	return doc, b.lineErrs, nil
}

// clone copies what document changes: the conversations (their fork
// points and titles; document finishes copies of the messages), the
// agents it pairs with calls, the facts it hands out in the session's
// attributes.
func (b *builder) clone() *builder {
	c := *b
	c.convs = make([]*conv, len(b.convs))
	for i, cv := range b.convs {
		cp := *cv
		c.convs[i] = &cp
		if cv == b.main {
			c.main = &cp
		}
	}
	c.agents = maps.Clone(b.agents)
	c.events = maps.Clone(b.events)
	c.models = maps.Clone(b.models)
	c.modelOrder = slices.Clone(b.modelOrder)
	c.summaries = slices.Clone(b.summaries)
	c.lineErrs = slices.Clone(b.lineErrs)
	return &c
}
