package codex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/agentlog"
)

// State is where a reading of a rollout in parts stands (Resume): what the
// lines read so far said that the lines to come need — the metadata, the
// model, the calls still waiting for their output, the reasoning waiting
// for its message, the messages a later token count may still add to —
// and the session's running totals. It is small whatever the rollout's
// length, and travels as JSON: `baton watch` keeps it between passes and
// restarts, and sends it with the new lines to a server.
type State struct {
	Name       string          `json:"name"`
	Lines      int             `json:"lines"`
	Legacy     bool            `json:"legacy,omitempty"`
	Meta       sessionMeta     `json:"meta"`
	Model      string          `json:"model,omitempty"`
	Models     []string        `json:"models,omitempty"`
	Cwd        string          `json:"cwd,omitempty"`
	Title      string          `json:"title,omitempty"`
	Calls      map[string]Call `json:"calls,omitempty"`
	Thinking   string          `json:"thinking,omitempty"`
	ThinkAt    int             `json:"think_at,omitempty"`
	LastTotal  int64           `json:"last_total,omitempty"`
	Now        time.Time       `json:"now"`
	FirstAt    time.Time       `json:"first_at"` // the first message's time
	LastSource string          `json:"last_source,omitempty"`
	// Count is how many messages were made; Usage is the tokens of those
	// no longer in Open.
	Count int         `json:"count"`
	Usage baton.Usage `json:"usage"`
	// Open are the newest messages, sent already, that a token count may
	// still add to (at most the last assistant message since the last
	// count and those after it); TurnStart is the index in Open of the
	// first message since the last count.
	Open      []baton.Message `json:"open,omitempty"`
	TurnStart int             `json:"turn_start"`
}

// Call is a tool call whose output has not been read yet.
type Call struct {
	Name   string `json:"name"`
	Source string `json:"source"`
}

// Incremental reads a rollout that grows, a few lines at a time: each Feed
// decodes only the lines it is given, on top of the State of those before,
// and Document returns the messages that are new or changed since the last
// Document, with the session's facts as they stand for the whole rollout.
// A message's source id is its line number, so the store adds each message
// once, and completes a message sent before when a token count reaches it.
type Incremental struct {
	b      *builder
	legacy bool
	lines  int
	base   int           // messages made before b.msgs[0]
	usage  baton.Usage   // of the messages made before b.msgs[0]
	first  time.Time     // the first message's time
	sent   []baton.Usage // the usage of b.msgs[i] as sent, for those sent
}

// Resume continues the reading of the rollout name from st (nil: from its
// first line).
func Resume(name string, st *State) *Incremental {
	b := &builder{name: name, calls: map[string]call{}, pairOnce: true}
	p := &Incremental{b: b}
	if st == nil {
		return p
	}
	b.meta, b.model, b.models, b.cwd, b.title = st.Meta, st.Model, st.Models, st.Cwd, st.Title
	for id, c := range st.Calls {
		b.calls[id] = call{name: c.Name, source: c.Source}
	}
	b.thinking, b.thinkAt, b.lastTotal, b.now, b.lastSource = st.Thinking, st.ThinkAt, st.LastTotal, st.Now, st.LastSource
	b.msgs, b.turnStart = st.Open, st.TurnStart
	p.legacy, p.first, p.usage = st.Legacy, st.FirstAt, st.Usage
	p.base = st.Count - len(st.Open)
	p.lines = st.Lines
	p.sent = make([]baton.Usage, len(st.Open))
	for i := range st.Open {
		p.sent[i] = st.Open[i].Usage
	}
	return p
}

// SourceRef is the session's source reference, as its documents carry it.
func (p *Incremental) SourceRef() string {
	return p.b.session(time.Time{}, time.Time{}, 0, baton.Usage{}).SourceRef
}

// Lines is how many lines of the rollout were read.
func (p *Incremental) Lines() int { return p.lines }

// Feed decodes more lines of the rollout: data holds whole lines, those
// that follow the ones read before. A line that cannot be read is a line
// error with its number in the rollout, and is left out.
func (p *Incremental) Feed(data []byte) []LineError {
	p.b.lineErrs = nil
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	for sc.Scan() {
		p.lines++
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			continue
		}
		p.b.readLine(p.lines, raw, &p.legacy)
	}
	if err := sc.Err(); err != nil {
		p.b.lineErrs = append(p.b.lineErrs, LineError{Line: p.lines + 1, Err: fmt.Errorf("%v; the rest of the lines were not read", err)})
	}
	for i := range p.b.msgs {
		if p.first.IsZero() && !p.b.msgs[i].Timestamp.IsZero() {
			p.first = p.b.msgs[i].Timestamp
		}
	}
	return p.b.lineErrs
}

// ErrNoTime is what Document says while the rollout records no time for
// its messages (no metadata, no timestamps): they wait for one.
var ErrNoTime = errors.New("codex: the rollout records no readable time yet")

// Document returns the messages made or changed since the last Document
// (ok false when there are none) in a document of the whole session's
// facts. final says the rollout will not grow: reasoning that no message
// followed becomes a message of its own. After Document, State is where
// the reading stands.
func (p *Incremental) Document(final bool) (doc baton.ImportDocument, ok bool, err error) {
	b := p.b
	if final {
		b.flushThinking()
	}
	start := b.startOr(p.first)
	if start.IsZero() {
		if len(b.msgs) > len(p.sent) {
			return baton.ImportDocument{}, false, ErrNoTime
		}
		return baton.ImportDocument{}, false, nil
	}
	var out []baton.Message
	for i := range b.msgs {
		if i < len(p.sent) && p.sent[i] == b.msgs[i].Usage {
			continue
		}
		m := b.msgs[i]
		if m.Timestamp.IsZero() {
			m.Timestamp = start
		}
		agentlog.Finish(&m)
		out = append(out, m)
	}
	total := p.usage
	total = addUsage(total, agentlog.SessionUsage(b.msgs))
	count := p.base + len(b.msgs)
	end := start
	if n := len(b.msgs); n > 0 && !b.msgs[n-1].Timestamp.IsZero() {
		end = b.msgs[n-1].Timestamp
	}
	p.settle()
	if len(out) == 0 {
		return baton.ImportDocument{}, false, nil
	}
	s := b.session(start, end, count, total)
	return baton.ImportDocument{
		Key:           filepath.Base(b.name),
		Session:       s,
		Conversations: []baton.ImportConversation{{Key: "main", Kind: baton.ConversationOriginal, Title: s.Title, Messages: out}},
	}, true, nil
}

// settle forgets the messages no token count can reach any more and notes
// the rest as sent. A count goes to the last assistant message since the
// previous count, else to the newest message (tokenCount): every message
// before both of those is final.
func (p *Incremental) settle() {
	b := p.b
	keep := max(len(b.msgs)-1, 0)
	for i := len(b.msgs) - 1; i >= b.turnStart && i >= 0; i-- {
		if b.msgs[i].Role == baton.RoleAssistant {
			keep = i
			break
		}
	}
	for i := range b.msgs[:keep] {
		p.usage = addUsage(p.usage, b.msgs[i].Usage)
	}
	p.base += keep
	b.msgs = append([]baton.Message(nil), b.msgs[keep:]...)
	b.turnStart = max(b.turnStart-keep, 0)
	p.sent = make([]baton.Usage, len(b.msgs))
	for i := range b.msgs {
		p.sent[i] = b.msgs[i].Usage
	}
}

// State is where the reading stands, for Resume.
func (p *Incremental) State() *State {
	b := p.b
	st := &State{
		Name: filepath.Base(b.name), Lines: p.lines, Legacy: p.legacy, Meta: b.meta, Model: b.model, Models: b.models,
		Cwd: b.cwd, Title: b.title, Thinking: b.thinking, ThinkAt: b.thinkAt, LastTotal: b.lastTotal, Now: b.now,
		FirstAt: p.first, LastSource: b.lastSource, Count: p.base + len(b.msgs), Usage: p.usage,
		Open: b.msgs, TurnStart: b.turnStart,
	}
	if len(b.calls) > 0 {
		st.Calls = make(map[string]Call, len(b.calls))
		for id, c := range b.calls {
			st.Calls[id] = Call{Name: c.name, Source: c.source}
		}
	}
	return st
}

// DecodeState reads a State sent as JSON ("" or null: none).
func DecodeState(raw json.RawMessage) (*State, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	st := new(State)
	if err := json.Unmarshal(raw, st); err != nil {
		return nil, fmt.Errorf("codex: state: %w", err)
	}
	if st.Lines < 0 || st.Count < len(st.Open) || st.TurnStart < 0 || st.TurnStart > len(st.Open) {
		return nil, errors.New("codex: state: counts out of range")
	}
	return st, nil
}
