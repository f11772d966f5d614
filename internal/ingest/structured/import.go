package structured

import (
	"fmt"
	"maps"
	"strings"
	"time"
	"unicode"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// Source is the session source of every structured import.
const Source = "structured-json"

// titleLimit is about how many characters of the first message make a title.
const titleLimit = 60

// ToImport turns a valid document (see Validate) into one session with one
// main conversation.
//
// The primary user's messages become steward messages; everyone else's
// become assistant messages, in a group conversation as in a two-person one,
// and every message keeps its speaker's name so pages show who said it.
// Each message's source id is "<document id>#<index>", so importing the same
// document again changes nothing. The session runs from the earliest message
// time to the latest; messages keep the document's order.
func ToImport(d *Document) baton.ImportDocument {
	msgs := d.Conversation.Conversation
	h := summarise(d, msgs)
	doc := h.importDocument()
	messages := make([]baton.Message, len(msgs))
	for i := range msgs {
		messages[i] = h.message(i, &msgs[i])
	}
	doc.Conversations[0].Messages = messages
	return doc
}

// header is what ToImport needs of a valid document besides converting
// each message: the header fields, how many messages, their earliest and
// latest time and the first one's content. Scan gathers it without
// keeping the messages.
type header struct {
	doc        *Document // its messages are not read
	count      int
	start, end time.Time
	first      string // the first message's content
}

// summarise is the header of a document whose messages are msgs.
func summarise(d *Document, msgs []Message) header {
	h := header{doc: d}
	for i := range msgs {
		h.add(&msgs[i])
	}
	return h
}

// add counts one more message (in order).
func (h *header) add(m *Message) {
	ts, _ := m.Time.Time()
	if h.count == 0 || ts.Before(h.start) {
		h.start = ts
	}
	if h.count == 0 || ts.After(h.end) {
		h.end = ts
	}
	if h.count == 0 {
		h.first = m.Content
	}
	h.count++
}

// message converts message i of the document.
func (h *header) message(i int, m *Message) baton.Message {
	speaker := strings.TrimSpace(m.Speaker)
	role := baton.RoleAssistant
	if speaker == strings.TrimSpace(h.doc.Conversation.User) {
		role = baton.RoleSteward
	}
	ts, _ := m.Time.Time()
	msg := baton.Message{
		SourceID:    fmt.Sprintf("%s#%d", strings.TrimSpace(h.doc.ID), i),
		Role:        role,
		Speaker:     speaker,
		Content:     m.Content,
		ContentType: baton.ContentText,
		Timestamp:   ts,
		Impact:      baton.Impact{Significance: 0.5},
	}
	if role == baton.RoleSteward && interruption(m.Content) {
		// Claude Code's mark that the steward stopped the assistant,
		// which a conversion of its transcript keeps as the steward's
		// words: an event, as the Claude Code importer reads it.
		msg.Role, msg.Attributes = baton.RoleSystem, map[string]any{"event": "interrupted"}
	}
	return msg
}

// interruption reports a message that is only Claude Code's mark of an
// interruption: "[Request interrupted by user]", "[Request interrupted
// by user for tool use]".
func interruption(content string) bool {
	t := strings.TrimSpace(content)
	return strings.HasPrefix(t, "[Request interrupted by user") && strings.HasSuffix(t, "]") && !strings.Contains(t, "\n")
}

// importDocument is the session and its main conversation, without messages.
func (h *header) importDocument() baton.ImportDocument {
	d := h.doc
	id := strings.TrimSpace(d.ID)
	c := d.Conversation
	user := strings.TrimSpace(c.User)

	people := make([]string, len(c.People))
	for i, p := range c.People {
		people[i] = strings.TrimSpace(p)
	}
	attrs := make(map[string]any, len(d.Metadata)+3)
	maps.Copy(attrs, d.Metadata)
	attrs["source_system"] = strings.TrimSpace(c.Source)
	attrs["people"] = people
	attrs["user"] = user

	tags := d.Tags
	if tags == nil {
		tags = []string{}
	}

	title := metaString(d.Metadata, "title")
	if title == "" && h.count > 0 {
		title = deriveTitle(h.first)
		// Written from a prompt: the session analysis may write a better one.
		attrs[analysis.TitleSourceKey] = analysis.TitleFromPrompt
	} else {
		attrs[analysis.TitleSourceKey] = "metadata"
	}
	typ := baton.SessionChat
	for _, key := range []string{"session_type", "conversation_type"} {
		if t := baton.SessionType(metaString(d.Metadata, key)); t.Valid() {
			typ = t
			break
		}
	}

	session := baton.Session{
		Title:           title,
		Type:            typ,
		Source:          Source,
		SourceRef:       id,
		Tags:            tags,
		StartedAt:       h.start,
		DurationSeconds: baton.DurationSeconds(h.start, h.end),
		Steward:         baton.StewardRef{Name: user},
		Version:         "2.0",
		ReviewStatus:    baton.ReviewPending,
		Attributes:      attrs,
	}
	if h.count > 0 {
		end := h.end
		session.EndedAt = &end
	}
	return baton.ImportDocument{
		Key:     id,
		Session: session,
		Conversations: []baton.ImportConversation{{
			Key:      "main",
			Kind:     baton.ConversationOriginal,
			Title:    title,
			Messages: []baton.Message{},
		}},
	}
}

func metaString(meta map[string]any, key string) string {
	s, _ := meta[key].(string)
	return strings.TrimSpace(s)
}

// deriveTitle makes a title of the first words of a message: whitespace
// collapsed, cut on a word boundary near titleLimit characters.
func deriveTitle(content string) string {
	words := strings.Fields(content)
	var b strings.Builder
	n := 0
	for i, w := range words {
		wn := len([]rune(w))
		if i > 0 && n+1+wn > titleLimit {
			return strings.TrimRightFunc(b.String(), unicode.IsPunct) + "…"
		}
		if i > 0 {
			b.WriteByte(' ')
			n++
		}
		if wn > titleLimit {
			// One very long word: cut it.
			b.WriteString(string([]rune(w)[:titleLimit]))
			return b.String() + "…"
		}
		b.WriteString(w)
		n += wn
	}
	return b.String()
}
