package structured

import (
	"fmt"
	"slices"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Validate applies the format's rules in order and returns the first one the
// document breaks, as a *baton.Error with code EINVALID, a message that
// names the rule, and the JSON path of the field in Field. Messages are
// counted from 0. Whitespace-only strings count as missing; names are compared
// without surrounding whitespace.
func Validate(d *Document) error {
	if d == nil {
		d = &Document{}
	}
	c := &d.Conversation
	if err := validateHeader(d, len(c.Conversation)); err != nil {
		return err
	}
	for i := range c.Conversation {
		m := &c.Conversation[i]
		if err := validateOwn(i, m); err != nil {
			return err
		}
		if !c.hasPerson(m.Speaker) {
			return speakerNotInPeople(i, m.Speaker)
		}
	}
	return nil
}

// validateHeader applies the rules on everything but the messages, given
// how many there are. Scan applies it as Validate does.
func validateHeader(d *Document, messages int) error {
	c := &d.Conversation
	switch {
	case blank(d.ID):
		return baton.Invalid("id", "document ID is required")
	case blank(c.Source):
		return baton.Invalid("conversation.source", "conversation source is required")
	case len(c.People) == 0:
		return baton.Invalid("conversation.people", "at least one person must be specified in the conversation")
	case blank(c.User):
		return baton.Invalid("conversation.user", "user field is required to identify the primary user")
	case !c.hasPerson(c.User):
		return baton.Invalid("conversation.user", "user '%s' must be included in the people list", strings.TrimSpace(c.User))
	case messages == 0:
		return baton.Invalid("conversation.conversation", "conversation must contain at least one message")
	}
	if err := noNUL("id", d.ID); err != nil {
		return err
	}
	if err := noNUL("conversation.source", c.Source); err != nil {
		return err
	}
	if err := noNUL("conversation.user", c.User); err != nil {
		return err
	}
	for j, p := range c.People {
		if err := noNUL(fmt.Sprintf("conversation.people[%d]", j), p); err != nil {
			return err
		}
	}
	for j, t := range d.Tags {
		if err := noNUL(fmt.Sprintf("tags[%d]", j), t); err != nil {
			return err
		}
	}
	return checkValue("metadata", d.Metadata, 0)
}

// maxDepth bounds how deeply metadata may nest: deep enough for any real
// document, shallow enough that walking and storing it stays cheap.
const maxDepth = 32

// noNUL refuses text with a NUL byte: neither database stores one in text
// (SQLite's statement failed; PostgreSQL stored the session, then failed).
func noNUL(field, s string) error {
	if strings.IndexByte(s, 0) >= 0 {
		return baton.Invalid(field, "%s must not contain NUL bytes (\\u0000)", field)
	}
	return nil
}

// checkValue refuses free-form JSON with a NUL in a key or a string, or
// nested deeper than maxDepth, naming where.
func checkValue(field string, v any, depth int) error {
	if depth > maxDepth {
		return baton.Invalid(field, "%s nests deeper than %d levels", field, maxDepth)
	}
	switch v := v.(type) {
	case string:
		return noNUL(field, v)
	case []any:
		for i, e := range v {
			if err := checkValue(fmt.Sprintf("%s[%d]", field, i), e, depth+1); err != nil {
				return err
			}
		}
	case map[string]any:
		for k, e := range v {
			if strings.IndexByte(k, 0) >= 0 {
				return baton.Invalid(field, "a key of %s must not contain NUL bytes (\\u0000)", field)
			}
			if err := checkValue(field+"."+k, e, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateOwn applies the rules of message i that do not depend on the
// people list, in Validate's order; the speaker's membership is checked
// after them (speakerNotInPeople).
func validateOwn(i int, m *Message) error {
	field := func(name string) string { return fmt.Sprintf("conversation.conversation[%d].%s", i, name) }
	switch {
	case blank(m.Speaker):
		return baton.Invalid(field("speaker"), "message %d: speaker is required", i)
	case blank(m.Content):
		return baton.Invalid(field("content"), "message %d: content is required", i)
	case m.Time.Missing():
		return baton.Invalid(field("time"), "message %d: time is required", i)
	}
	if err := noNUL(field("speaker"), m.Speaker); err != nil {
		return err
	}
	if err := noNUL(field("content"), m.Content); err != nil {
		return err
	}
	if ts, err := m.Time.Time(); err != nil {
		return baton.Invalid(field("time"), "message %d: time must be a valid RFC3339 timestamp", i)
	} else if err := baton.CheckTime(field("time"), ts); err != nil {
		return err
	}
	return nil
}

func speakerNotInPeople(i int, speaker string) error {
	return baton.Invalid(fmt.Sprintf("conversation.conversation[%d].speaker", i),
		"message %d: speaker '%s' must be included in the people list", i, strings.TrimSpace(speaker))
}

func (c *Conversation) hasPerson(name string) bool {
	name = strings.TrimSpace(name)
	return slices.ContainsFunc(c.People, func(p string) bool { return strings.TrimSpace(p) == name })
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }
