// Package chatgpt turns ChatGPT's data export (conversations.json) into
// Baton import documents, one per conversation.
//
// A ChatGPT conversation is a tree of nodes: every edited prompt and every
// regenerated answer is a new branch. The path from the root to
// current_node (what the ChatGPT page showed last) is the main conversation;
// every other branch becomes a fork of the conversation it branches from,
// placed after the last message the two share. Order always follows the
// tree (the children lists), never map order, so the same export always
// gives the same documents.
package chatgpt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Source is the Session.Source of every document this package produces.
const Source = "chatgpt"

// MainKey is the key of the main conversation of every document.
const MainKey = "main"

// ConversationError is a conversation of the export that could not be
// imported.
type ConversationError struct {
	Index int    // 0-based position in the export
	ID    string // the conversation id, when it could be read
	Err   error
}

func (e *ConversationError) Error() string {
	if e.ID != "" {
		return fmt.Sprintf("conversation %d (%s): %v", e.Index, e.ID, e.Err)
	}
	return fmt.Sprintf("conversation %d: %v", e.Index, e.Err)
}

func (e *ConversationError) Unwrap() error { return e.Err }

// ErrNoMessages is the error of a conversation with nothing visible in it.
var ErrNoMessages = errors.New("no visible messages")

// Parse reads a conversations.json export: an array of conversations (a
// single conversation object is accepted too). It returns a document for
// every conversation it could read, in the export's order. err joins a
// *ConversationError for every conversation it could not read, and a
// syntax error when the export is cut short; the documents returned are
// complete and may be stored even then.
func Parse(data []byte) ([]baton.ImportDocument, error) {
	var docs []baton.ImportDocument
	err := Each(data, func(doc baton.ImportDocument) error {
		docs = append(docs, doc)
		return nil
	})
	return docs, err
}

// Each is Parse giving each conversation to fn as it is read, so a large
// export is held one conversation at a time. An
// error fn returns stops it and is returned as it is; the errors of the
// export are returned as Parse returns them, once every conversation that
// could be read was given to fn.
func Each(data []byte, fn func(doc baton.ImportDocument) error) error {
	data = bytes.TrimPrefix(bytes.TrimSpace(data), []byte("\xef\xbb\xbf"))
	if len(data) == 0 {
		return errors.New("chatgpt: empty export")
	}
	if data[0] == '{' {
		doc, err := parseConversation(0, data)
		if err != nil {
			return err
		}
		return fn(doc)
	}
	if data[0] != '[' {
		return errors.New("chatgpt: export is not a JSON array of conversations")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("chatgpt: %w", err)
	}
	var errs []error
	for i := 0; dec.More(); i++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			// The rest of the file cannot be read; keep what came before.
			errs = append(errs, fmt.Errorf("chatgpt: conversation %d and after: %w", i, err))
			return errors.Join(errs...)
		}
		doc, err := parseConversation(i, raw)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := fn(doc); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil && err != io.EOF {
		errs = append(errs, fmt.Errorf("chatgpt: %w", err))
	}
	return errors.Join(errs...)
}

// conversation is one element of conversations.json.
type conversation struct {
	ID               string           `json:"id"`
	ConversationID   string           `json:"conversation_id"`
	Title            *string          `json:"title"`
	CreateTime       unixTime         `json:"create_time"`
	UpdateTime       unixTime         `json:"update_time"`
	Mapping          map[string]*node `json:"mapping"`
	CurrentNode      string           `json:"current_node"`
	DefaultModelSlug string           `json:"default_model_slug"`
	GizmoID          string           `json:"gizmo_id"`
	IsArchived       bool             `json:"is_archived"`
}

type node struct {
	ID       string   `json:"id"`
	Message  *message `json:"message"`
	Parent   *string  `json:"parent"`
	Children []string `json:"children"`
}

type message struct {
	ID     string `json:"id"`
	Author struct {
		Role string `json:"role"`
		Name string `json:"name"`
	} `json:"author"`
	CreateTime unixTime        `json:"create_time"`
	Content    json.RawMessage `json:"content"`
	Recipient  string          `json:"recipient"`
	Metadata   json.RawMessage `json:"metadata"`
	// Status is "finished_successfully" for a complete message;
	// "in_progress" or "finished_partial_completion" for one cut short.
	Status string `json:"status"`
}

type messageMeta struct {
	ModelSlug       string `json:"model_slug"`
	Hidden          bool   `json:"is_visually_hidden_from_conversation"`
	AggregateResult *struct {
		Status string `json:"status"`
	} `json:"aggregate_result"`
	FinishDetails *struct {
		Type string `json:"type"`
	} `json:"finish_details"`
}

// unixTime is a time in float seconds; null or absent is zero (no time),
// anything else that is not a time in the years 1970–9999 is unusable
// (reported per message).
type unixTime float64

const (
	unusable unixTime = -1
	// maxUnixTime is the last second of year 9999.
	maxUnixTime = 253402300799
)

func (t *unixTime) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*t = 0
		return nil
	}
	s := strings.Trim(string(b), `"`)
	f, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f > maxUnixTime:
		*t = unusable
	default:
		*t = unixTime(f)
	}
	return nil
}

func (t unixTime) time() time.Time {
	if t <= 0 {
		return time.Time{}
	}
	sec, frac := math.Modf(float64(t))
	return time.Unix(int64(sec), int64(frac*1e9)).UTC().Truncate(time.Microsecond)
}

// parseConversation turns one conversation into a document.
func parseConversation(index int, raw []byte) (baton.ImportDocument, error) {
	var c conversation
	if err := json.Unmarshal(raw, &c); err != nil {
		var typeErr *json.UnmarshalTypeError
		if !errors.As(err, &typeErr) {
			return baton.ImportDocument{}, &ConversationError{Index: index, Err: err}
		}
		// A field of an unexpected type is left empty; the rest is read.
		// When that field is the whole mapping, nothing is left to import.
		if c.Mapping == nil {
			return baton.ImportDocument{}, &ConversationError{Index: index, ID: conversationID(&c), Err: err}
		}
	}
	id := conversationID(&c)
	t := newTree(&c)
	doc := t.build()
	if doc.Session.MessageCount == 0 {
		return baton.ImportDocument{}, &ConversationError{Index: index, ID: id, Err: ErrNoMessages}
	}
	doc.Key = id
	if doc.Key == "" {
		doc.Key = "conversation " + strconv.Itoa(index)
	}
	return doc, nil
}

func conversationID(c *conversation) string {
	if c.ConversationID != "" {
		return clean(c.ConversationID)
	}
	return clean(c.ID)
}

// tree walks one conversation's nodes.
type tree struct {
	c       *conversation
	nodes   map[string]*node
	extra   map[string][]string // parent → nodes that name it but are not in its children
	visited map[string]bool
	seen    map[string]bool // nodes already placed in a conversation
	skipped []string

	convs  []*thread
	anchor map[string]anchor // node → the fork point a branch after it uses
	models map[string]int
	order  []string
	prev   time.Time
}

type thread struct {
	baton.ImportConversation
	last string // source id of its last message
}

type anchor struct{ key, sourceID string }

func newTree(c *conversation) *tree {
	t := &tree{
		c:       c,
		nodes:   map[string]*node{},
		extra:   map[string][]string{},
		visited: map[string]bool{},
		seen:    map[string]bool{},
		anchor:  map[string]anchor{},
		models:  map[string]int{},
	}
	for key, n := range c.Mapping {
		if n == nil {
			continue
		}
		if n.ID == "" {
			n.ID = key
		}
		t.nodes[key] = n
	}
	// Nodes that name a parent which does not list them still belong under
	// it, after its listed children, oldest first.
	for _, id := range t.sortedIDs() {
		n := t.nodes[id]
		if n.Parent == nil || *n.Parent == "" {
			continue
		}
		p, ok := t.nodes[*n.Parent]
		if !ok || contains(p.Children, id) {
			continue
		}
		t.extra[p.ID] = append(t.extra[p.ID], id)
	}
	for p := range t.extra {
		ids := t.extra[p]
		sort.SliceStable(ids, func(i, j int) bool { return t.created(ids[i]) < t.created(ids[j]) })
	}
	return t
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sortedIDs lists the node ids in a fixed order: by creation time, then id.
func (t *tree) sortedIDs() []string {
	ids := make([]string, 0, len(t.nodes))
	for id := range t.nodes {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		ci, cj := t.created(ids[i]), t.created(ids[j])
		if ci != cj {
			return ci < cj
		}
		return ids[i] < ids[j]
	})
	return ids
}

func (t *tree) created(id string) unixTime {
	if n := t.nodes[id]; n != nil && n.Message != nil {
		return n.Message.CreateTime
	}
	return 0
}

// children lists the nodes under id in tree order.
func (t *tree) children(id string) []string {
	n := t.nodes[id]
	var out []string
	for _, ch := range append(append([]string(nil), n.Children...), t.extra[id]...) {
		if cn, ok := t.nodes[ch]; ok && !t.seen[ch] && !contains(out, ch) {
			// A child that names another existing parent belongs there.
			if cn.Parent != nil && *cn.Parent != "" && *cn.Parent != id {
				if _, ok := t.nodes[*cn.Parent]; ok {
					continue
				}
			}
			out = append(out, ch)
		}
	}
	return out
}

// root finds where the conversation starts: the root above current_node,
// else the oldest node without a parent.
func (t *tree) root() string {
	if _, ok := t.nodes[t.c.CurrentNode]; ok {
		id := t.c.CurrentNode
		up := map[string]bool{}
		for !up[id] {
			up[id] = true
			n := t.nodes[id]
			if n.Parent == nil || *n.Parent == "" {
				return id
			}
			if _, ok := t.nodes[*n.Parent]; !ok {
				break // the current path is cut off; start from the real root
			}
			id = *n.Parent
		}
	}
	var cut string
	for _, id := range t.sortedIDs() {
		n := t.nodes[id]
		if n.Parent == nil || *n.Parent == "" {
			return id
		}
		if _, ok := t.nodes[*n.Parent]; !ok && cut == "" {
			cut = id
		}
	}
	// No root at all: start from the oldest node whose parent is missing.
	if cut != "" {
		t.skipped = append(t.skipped, fmt.Sprintf("node %s: parent %s missing; imported as the start", cut, *t.nodes[cut].Parent))
	}
	return cut
}

// mainPath is the path from the root to current_node, or, when that node is
// not below the root, the path that always takes the newest branch.
func (t *tree) mainPath(root string) []string {
	if cur, ok := t.nodes[t.c.CurrentNode]; ok {
		var path []string
		up := map[string]bool{}
		for id := cur.ID; !up[id]; {
			up[id] = true
			path = append(path, id)
			if id == root {
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				if t.validPath(path) {
					return path
				}
				break
			}
			n := t.nodes[id]
			if n.Parent == nil || t.nodes[*n.Parent] == nil {
				break
			}
			id = *n.Parent
		}
		if t.c.CurrentNode != "" && !up[root] {
			t.skipped = append(t.skipped, fmt.Sprintf("current_node %s is not below the root; the newest branch is the main conversation", t.c.CurrentNode))
		}
	} else if t.c.CurrentNode != "" {
		t.skipped = append(t.skipped, fmt.Sprintf("current_node %s missing; the newest branch is the main conversation", t.c.CurrentNode))
	}
	return t.newest(root)
}

// validPath reports whether each node of path is a child of the one before.
func (t *tree) validPath(path []string) bool {
	for i := 1; i < len(path); i++ {
		if !contains(t.children(path[i-1]), path[i]) {
			return false
		}
	}
	return true
}

// newest follows the last child from id down to a leaf.
func (t *tree) newest(id string) []string {
	path := []string{id}
	on := map[string]bool{id: true}
	for {
		ch := t.children(id)
		if len(ch) == 0 || on[ch[len(ch)-1]] {
			return path
		}
		id = ch[len(ch)-1]
		on[id] = true
		path = append(path, id)
	}
}

func (t *tree) build() baton.ImportDocument {
	root := t.root()
	if root != "" {
		main := &thread{ImportConversation: baton.ImportConversation{Key: MainKey, Kind: baton.ConversationOriginal}}
		t.convs = append(t.convs, main)
		t.walk(main, t.mainPath(root))
	}
	t.reportUnreached()

	title := ""
	if t.c.Title != nil {
		title = baton.CapTitle(clean(*t.c.Title))
	}
	var convs []baton.ImportConversation
	total := 0
	var first time.Time // the earliest message time
	for _, th := range t.convs {
		if th.Key == MainKey || len(th.Messages) > 0 {
			convs = append(convs, th.ImportConversation)
			total += len(th.Messages)
			for i := range th.Messages {
				if ts := th.Messages[i].Timestamp; !ts.IsZero() && (first.IsZero() || ts.Before(first)) {
					first = ts
				}
			}
		}
	}
	if t.c.CreateTime == unusable {
		t.skipped = append(t.skipped, "the conversation's create_time is not a time in the years 1970 to 9999; it starts at its first message's time")
	}
	if len(convs) > 0 {
		convs[0].Title = title
	}
	s := baton.Session{
		Title:        title,
		Type:         baton.SessionChat,
		Source:       Source,
		SourceRef:    conversationID(t.c),
		StartedAt:    t.c.CreateTime.time(),
		Assistant:    baton.Assistant{ModelVersion: t.model()},
		ReviewStatus: baton.ReviewPending,
		MessageCount: total,
	}
	if len(convs) > 0 && len(convs[0].Messages) > 0 {
		msgs := convs[0].Messages
		if s.StartedAt.IsZero() {
			s.StartedAt = first
		}
		// Messages before the first usable time take the session's start.
		for c := range convs {
			for i := range convs[c].Messages {
				if convs[c].Messages[i].Timestamp.IsZero() {
					convs[c].Messages[i].Timestamp = s.StartedAt
				}
			}
		}
		// The conversation ends with its last message, on any branch; the
		// export's update_time moves when the conversation is merely
		// opened, renamed or shared.
		end := msgs[len(msgs)-1].Timestamp
		for _, c := range convs {
			for i := range c.Messages {
				if c.Messages[i].Timestamp.After(end) {
					end = c.Messages[i].Timestamp
				}
			}
		}
		if end.Before(s.StartedAt) {
			end = s.StartedAt
		}
		if !end.IsZero() {
			s.EndedAt = &end
			s.DurationSeconds = max(0, baton.DurationSeconds(s.StartedAt, end))
		}
	}
	attrs := map[string]any{}
	if t.c.DefaultModelSlug != "" {
		attrs["default_model_slug"] = clean(t.c.DefaultModelSlug)
	}
	if t.c.GizmoID != "" {
		attrs["gizmo_id"] = clean(t.c.GizmoID)
	}
	if t.c.IsArchived {
		attrs["archived"] = true
	}
	if len(attrs) > 0 {
		s.Attributes = attrs
	}
	return baton.ImportDocument{Session: s, Conversations: convs, Skipped: t.skipped}
}

// walk adds the messages of path to th, then makes a fork of every branch
// that leaves the path, depth first, in children order.
func (t *tree) walk(th *thread, path []string) {
	for _, id := range path {
		t.seen[id] = true
		t.visited[id] = true
	}
	for _, id := range path {
		if m, ok := t.message(id); ok {
			m.References.RepliesTo = th.last
			if th.last == "" {
				m.References.RepliesTo = th.ForkAfterSourceID
			}
			th.Messages = append(th.Messages, m)
			th.last = m.SourceID
			if th.Key == MainKey && m.Model != "" {
				if t.models[m.Model] == 0 {
					t.order = append(t.order, m.Model)
				}
				t.models[m.Model]++
			}
		}
		switch {
		case th.last != "":
			t.anchor[id] = anchor{th.Key, th.last}
		case th.ParentKey == "":
			// Before the first message of the main conversation.
			t.anchor[id] = anchor{th.Key, ""}
		default:
			// Nothing of this thread shown yet: a branch here forks where
			// this thread does.
			t.anchor[id] = anchor{th.ParentKey, th.ForkAfterSourceID}
		}
	}
	for _, id := range path {
		for _, ch := range t.children(id) {
			if t.seen[ch] {
				continue
			}
			at := t.anchor[id]
			fork := &thread{ImportConversation: baton.ImportConversation{
				Key:               "fork:" + sourceID(ch),
				ParentKey:         at.key,
				ForkAfterSourceID: at.sourceID,
				Kind:              baton.ConversationFork,
			}}
			t.convs = append(t.convs, fork)
			t.seen[ch] = true
			t.walk(fork, t.newest(ch))
			fork.Title = forkTitle(fork.Messages)
		}
	}
}

func forkTitle(msgs []baton.Message) string {
	if len(msgs) == 0 {
		return ""
	}
	// The branch is another version of a prompt (edited) or of an answer
	// (regenerated); which version is older, the page does not say.
	switch msgs[0].Role {
	case baton.RoleSteward:
		return "Other version of the prompt"
	case baton.RoleAssistant, baton.RoleToolCall:
		return "Other version of the answer"
	}
	return "Branch"
}

// reportUnreached lists the nodes the walk could not reach, one line per
// cut-off subtree.
func (t *tree) reportUnreached() {
	for _, id := range t.sortedIDs() {
		if t.visited[id] {
			continue
		}
		n := t.nodes[id]
		var reason string
		switch {
		case n.Parent == nil || *n.Parent == "":
			reason = fmt.Sprintf("node %s: a second root, not connected to the conversation", id)
		case t.nodes[*n.Parent] == nil:
			reason = fmt.Sprintf("node %s: parent %s missing", id, *n.Parent)
		default:
			continue // below another unreached node, counted there
		}
		below := t.markBelow(id) - 1
		if below > 0 {
			reason += fmt.Sprintf(" (%d more nodes below it skipped)", below)
		}
		t.skipped = append(t.skipped, clean(reason))
	}
	for _, id := range t.sortedIDs() {
		if !t.visited[id] {
			t.visited[id] = true
			t.skipped = append(t.skipped, clean(fmt.Sprintf("node %s: in a parent cycle", id)))
		}
	}
}

// markBelow marks id and every node under it visited and counts them.
func (t *tree) markBelow(id string) int {
	count := 0
	stack := []string{id}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if t.visited[id] {
			continue
		}
		t.visited[id] = true
		count++
		for _, ch := range append(append([]string(nil), t.nodes[id].Children...), t.extra[id]...) {
			if cn, ok := t.nodes[ch]; ok && !t.visited[ch] && (cn.Parent == nil || *cn.Parent == id || t.nodes[*cn.Parent] == nil) {
				stack = append(stack, ch)
			}
		}
	}
	return count
}

func (t *tree) model() string {
	best := ""
	for _, m := range t.order {
		if t.models[m] > t.models[best] {
			best = m
		}
	}
	if best == "" {
		return clean(t.c.DefaultModelSlug)
	}
	return best
}

// clean removes NUL bytes, which PostgreSQL refuses in text, and makes the
// text valid UTF-8.
func clean(s string) string {
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}
