package store

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/uptrace/bun"
)

// eventMessagesInTx lists the main conversation's messages built from
// events (source id starting with prefix), by sequence number.
func eventMessagesInTx(ctx context.Context, tx bun.IDB, conv *baton.Conversation, prefix string) ([]*baton.Message, error) {
	var out []*baton.Message
	err := tx.NewSelect().Model(&out).
		Where("conversation_id = ? AND steward_id = ? AND source_id LIKE ?", conv.ID, conv.StewardID, likePrefix(prefix)).
		Order("seq").Scan(ctx)
	return out, err
}

func likePrefix(prefix string) string {
	return strings.NewReplacer("%", "", "_", "").Replace(prefix) + "%"
}

// replacedEvents picks the messages built from events that the document's
// main conversation has too: a steward prompt with the same text, a tool
// call with the same tool_use id (or, without one, the same tool and
// input), a tool result answering the same tool_use id. Each document
// message replaces at most one prompt; a document message holding several
// tool calls replaces the event message of each.
func replacedEvents(events []*baton.Message, doc []baton.Message, prefix string) []*baton.Message {
	prompts := map[string]int{}
	calls := map[string]bool{}
	callsByShape := map[string]int{}
	results := map[string]bool{}
	for i := range doc {
		m := &doc[i]
		if strings.HasPrefix(m.SourceID, prefix) {
			continue
		}
		if m.Role == baton.RoleSteward {
			prompts[strings.TrimSpace(m.Content)]++
		}
		for _, tc := range m.ToolCalls {
			if tc.ID != "" {
				calls[tc.ID] = true
			}
			callsByShape[toolShape(tc)]++
		}
		if m.ToolResult != nil && m.ToolResult.ToolUseID != "" {
			results[m.ToolResult.ToolUseID] = true
		}
	}
	var out []*baton.Message
	for _, e := range events {
		replaced := false
		switch {
		case e.ToolResult != nil:
			replaced = results[e.ToolResult.ToolUseID]
		case len(e.ToolCalls) > 0:
			replaced = true
			for _, tc := range e.ToolCalls {
				switch {
				case tc.ID != "" && calls[tc.ID]:
				case tc.ID == "" && callsByShape[toolShape(tc)] > 0:
					callsByShape[toolShape(tc)]--
				default:
					replaced = false
				}
			}
		case e.Role == baton.RoleSteward:
			if text := strings.TrimSpace(e.Content); prompts[text] > 0 {
				prompts[text]--
				replaced = true
			}
		}
		if replaced {
			out = append(out, e)
		}
	}
	return out
}

// toolShape identifies a tool call by its tool and input.
func toolShape(tc baton.ToolCall) string {
	in, _ := canonicalJSON(tc.Input)
	return tc.Name + "\x00" + in
}

// deleteMessagesInTx removes messages of one conversation, keeping the
// counts, token totals and the SQLite full-text index in step.
func (s *Store) deleteMessagesInTx(ctx context.Context, tx bun.IDB, sess *baton.Session, conv *baton.Conversation, msgs []*baton.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	ids := make([]int64, len(msgs))
	for i, m := range msgs {
		ids[i] = m.ID
	}
	if s.dialect == SQLite {
		if _, err := tx.NewRaw("DELETE FROM messages_fts WHERE rowid IN (?)", bun.List(ids)).Exec(ctx); err != nil {
			return err
		}
	}
	res, err := tx.NewRaw("DELETE FROM messages WHERE id IN (?) AND conversation_id = ? AND steward_id = ?",
		bun.List(ids), conv.ID, sess.StewardID).Exec(ctx)
	if err != nil {
		return err
	}
	n, _ := res.RowsAffected()
	if _, err := tx.NewRaw("UPDATE conversations SET message_count = message_count - ? WHERE id = ?", n, conv.ID).Exec(ctx); err != nil {
		return err
	}
	if _, err := tx.NewRaw("UPDATE sessions SET message_count = message_count - ? WHERE id = ?", n, sess.ID).Exec(ctx); err != nil {
		return err
	}
	var delta baton.SessionTokens
	for _, m := range msgs {
		pricing.Add(&delta, m.Model, m.Usage, -1)
	}
	return addTokensInTx(ctx, tx, sess.ID, delta)
}

// placeEventsInTx puts the messages built from events that the document
// did not replace back where they happened among the conversation's other
// messages: each goes before the first other message that is later than
// it, the others keep their order. Forks of the conversation follow their
// fork point's message.
func placeEventsInTx(ctx context.Context, tx bun.IDB, conv *baton.Conversation, prefix string) error {
	var rows []*baton.Message
	if err := tx.NewSelect().Model(&rows).Column("id", "seq", "source_id", "ts").
		Where("conversation_id = ? AND steward_id = ?", conv.ID, conv.StewardID).Order("seq").Scan(ctx); err != nil {
		return err
	}
	var events, others []*baton.Message
	for _, m := range rows {
		if strings.HasPrefix(m.SourceID, prefix) {
			events = append(events, m)
		} else {
			others = append(others, m)
		}
	}
	if len(events) == 0 || len(others) == 0 {
		return nil
	}
	sort.SliceStable(events, func(i, j int) bool { return events[i].Timestamp.Before(events[j].Timestamp) })
	placed := make([]*baton.Message, 0, len(rows))
	e := 0
	for _, o := range others {
		for e < len(events) && !events[e].Timestamp.After(o.Timestamp) {
			placed = append(placed, events[e])
			e++
		}
		placed = append(placed, o)
	}
	placed = append(placed, events[e:]...)
	first := -1
	for i := range placed {
		if placed[i].ID != rows[i].ID {
			first = i
			break
		}
	}
	if first < 0 {
		return nil
	}
	// Two steps, as (conversation_id, seq) is unique at every statement:
	// out of the way (negative), then in place.
	moved := make([]int64, 0, len(placed)-first)
	for _, m := range placed[first:] {
		moved = append(moved, m.ID)
	}
	if _, err := tx.NewRaw("UPDATE messages SET seq = -seq WHERE id IN (?) AND conversation_id = ?", bun.List(moved), conv.ID).Exec(ctx); err != nil {
		return err
	}
	for i := first; i < len(placed); i++ {
		seq := rows[i].Seq // the sequence numbers in use, in order
		if _, err := tx.NewRaw("UPDATE messages SET seq = ? WHERE id = ? AND conversation_id = ?", seq, placed[i].ID, conv.ID).Exec(ctx); err != nil {
			return err
		}
	}
	_, err := tx.NewRaw(`UPDATE conversations SET fork_point_seq = (SELECT seq FROM messages WHERE messages.id = conversations.fork_point_message_id)
		WHERE parent_conversation_id = ? AND fork_point_message_id IN (?)`, conv.ID, bun.List(moved)).Exec(ctx)
	return err
}

// canonicalJSON is a JSON value with its object keys sorted and no spacing.
func canonicalJSON(raw []byte) (string, error) {
	if len(raw) == 0 {
		return "", nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw), err
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// eventsAfter reports whether a message built from events that stays
// (in events, not gone) happened after one of the messages just appended
// (given an id by the insert), so that the conversation's order must be
// mended. Appends that all come later keep the order as it was.
func eventsAfter(events, gone []*baton.Message, appended []baton.Message) bool {
	removed := make(map[int64]bool, len(gone))
	for _, m := range gone {
		removed[m.ID] = true
	}
	for _, e := range events {
		if removed[e.ID] {
			continue
		}
		for i := range appended {
			if appended[i].ID != 0 && e.Timestamp.After(appended[i].Timestamp) {
				return true
			}
		}
	}
	return false
}
