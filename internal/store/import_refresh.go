package store

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/uptrace/bun"
)

// importedTitleKey is the session attribute that remembers the title the
// last import derived, so a later import may replace that title (a
// transcript that grew a summary line) but never one the steward typed.
const importedTitleKey = "imported_title"

// refreshInTx completes or replaces the messages of a re-imported document
// that the conversation already has but in another form: a response
// imported while Claude Code was still writing it, whose remaining blocks
// (a tool call) arrived later. A message that is the same is left alone.
// It returns how many it changed. Messages must be prepared.
func (s *Store) refreshInTx(ctx context.Context, tx bun.IDB, conv *baton.Conversation, msgs []*baton.Message) (int, error) {
	if len(msgs) == 0 {
		return 0, nil
	}
	ids := make([]string, 0, len(msgs))
	for _, m := range msgs {
		ids = append(ids, m.SourceID)
	}
	var existing []*baton.Message
	if err := tx.NewSelect().Model(&existing).Where("conversation_id = ? AND source_id IN (?)", conv.ID, bun.List(ids)).
		Scan(ctx); err != nil {
		return 0, err
	}
	if len(existing) == 0 {
		return 0, nil
	}
	bySource := make(map[string]*baton.Message, len(existing))
	for _, m := range existing {
		bySource[m.SourceID] = m
	}
	changed := 0
	for _, m := range msgs {
		old, ok := bySource[m.SourceID]
		if !ok || sameMessage(old, m) || partOf(m, old) {
			continue // an older copy of the file must not undo what a newer one brought
		}
		delete(bySource, m.SourceID) // a source id repeated in the batch counts once
		upd := *m
		upd.ID, upd.Seq, upd.StewardID = old.ID, old.Seq, old.StewardID
		upd.SessionID, upd.ConversationID = old.SessionID, old.ConversationID
		if _, err := tx.NewUpdate().Model(&upd).
			Column("role", "speaker", "content", "content_type", "thinking", "tool_calls", "tool_result", "model", "usage",
				"semantic", "code_context", "impact", "attributes", "analyzed", "arc_sentiment", "arc_emotion").
			Where("id = ? AND steward_id = ?", old.ID, old.StewardID).Exec(ctx); err != nil {
			return changed, err
		}
		if s.dialect == SQLite && old.Content != upd.Content {
			// FTS5 keeps its own copy of the text: replace it if the
			// indexer has already passed this row (else it will add it).
			if _, err := tx.NewRaw("DELETE FROM messages_fts WHERE rowid = ?", old.ID).Exec(ctx); err != nil {
				return changed, err
			}
			if _, err := tx.NewRaw(`INSERT INTO messages_fts (rowid, content, owner) SELECT id, content, 's' || steward_id FROM messages
				WHERE id = ? AND id <= (SELECT last_id FROM watermarks WHERE name = 'messages_fts')`, old.ID).Exec(ctx); err != nil {
				return changed, err
			}
		}
		changed++
		var delta baton.SessionTokens
		pricing.Add(&delta, old.Model, old.Usage, -1)
		pricing.Add(&delta, upd.Model, upd.Usage, 1)
		if err := addTokensInTx(ctx, tx, old.SessionID, delta); err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// sameMessage reports whether a stored message already says what an
// imported one says.
func sameMessage(old, m *baton.Message) bool {
	if old.Role != m.Role || old.Content != m.Content || old.Thinking != m.Thinking || old.ContentType != m.ContentType ||
		old.Usage != m.Usage || old.Model != m.Model {
		return false
	}
	return sameJSON(old.ToolCalls, m.ToolCalls) && sameJSON(old.ToolResult, m.ToolResult)
}

// partOf reports whether an imported message is an earlier, shorter
// state of a stored one (a copy of the transcript saved while the response
// was still being written): its text and thinking begin the stored ones,
// its tool calls are the stored ones' first, its token counts are no
// higher. The stored message is then the complete one and stays.
func partOf(m, old *baton.Message) bool {
	if m.Role != old.Role && m.Role != baton.RoleAssistant {
		return false
	}
	if !strings.HasPrefix(old.Content, strings.TrimSpace(m.Content)) || !strings.HasPrefix(old.Thinking, strings.TrimSpace(m.Thinking)) {
		return false
	}
	if len(m.ToolCalls) > len(old.ToolCalls) {
		return false
	}
	for i := range m.ToolCalls {
		if m.ToolCalls[i].ID != old.ToolCalls[i].ID || m.ToolCalls[i].Name != old.ToolCalls[i].Name {
			return false
		}
	}
	if (m.ToolResult == nil) != (old.ToolResult == nil) || (m.ToolResult != nil && *m.ToolResult != *old.ToolResult) {
		return false
	}
	u, o := m.Usage, old.Usage
	return u.InputTokens <= o.InputTokens && u.OutputTokens <= o.OutputTokens &&
		u.CacheReadTokens <= o.CacheReadTokens && u.CacheCreationTokens <= o.CacheCreationTokens
}

// sameJSON compares two values as JSON documents: PostgreSQL's jsonb
// gives back the raw tool inputs with its own key order and spacing.
func sameJSON(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	if errA != nil || errB != nil {
		return false
	}
	if bytes.Equal(ja, jb) {
		return true
	}
	var va, vb any
	return json.Unmarshal(ja, &va) == nil && json.Unmarshal(jb, &vb) == nil && reflect.DeepEqual(va, vb)
}

// titleChanged says the document names a title of its own (the agent's or
// the steward's, not one taken from a prompt) other than the one the
// session's last import derived (a session whose import recorded none is
// left as it is).
func titleChanged(sess *baton.Session, doc *baton.Session) bool {
	title := strings.TrimSpace(stripNUL(doc.Title))
	if title == "" || len(title) > 500 {
		return false
	}
	if src, _ := doc.Attributes[baton.TitleSourceKey].(string); src == baton.TitleFromPrompt {
		return false // the analysis writes the title from the messages, which are unchanged
	}
	prev, known := sess.Attributes[importedTitleKey].(string)
	return known && title != prev
}

// refreshSessionInTx makes a re-imported session's derived facts follow
// the document: its title (unless the steward changed it), the attributes
// the importer keeps (token usage, events, models), the model, the start.
// The analysis is redone by the caller.
func refreshSessionInTx(ctx context.Context, tx bun.IDB, sess *baton.Session, doc *baton.Session, now func() any) error {
	if sess.Attributes == nil {
		sess.Attributes = map[string]any{}
	}
	title := strings.TrimSpace(stripNUL(doc.Title))
	prevImported, known := sess.Attributes[importedTitleKey].(string)
	oldTitle := sess.Title
	_, corrected, err := correctedTitleInTx(ctx, tx, sess.StewardID, sess.ID)
	if err != nil {
		return err
	}
	switch {
	case corrected && title != "" && len(title) <= 500:
		// The steward's title stays; the import's is what the analysis said.
		if err := recordExtractedTitleInTx(ctx, tx, sess.StewardID, sess.ID, title); err != nil {
			return err
		}
	case !corrected && title != "" && len(title) <= 500 && title != sess.Title && (!known || prevImported == sess.Title):
		sess.Title = title
	}
	if title != "" {
		sess.Attributes[importedTitleKey] = title
	}
	for k, v := range doc.Attributes {
		sess.Attributes[k] = v
	}
	if doc.Assistant.ModelVersion != "" {
		sess.Assistant.ModelVersion = doc.Assistant.ModelVersion
	}
	if !doc.StartedAt.IsZero() && doc.StartedAt.Before(sess.StartedAt) {
		sess.StartedAt = doc.StartedAt.UTC()
	}
	if _, err := tx.NewUpdate().Model(sess).Column("title", "attributes", "assistant", "started_at").
		Set("updated_at = ?", now()).
		Where("id = ? AND steward_id = ?", sess.ID, sess.StewardID).Exec(ctx); err != nil {
		return err
	}
	// A session stored before the store kept token totals gets its cost.
	if sess.Tokens.Unpriced > 0 {
		if err := recountTokensInTx(ctx, tx, sess.StewardID, sess.ID); err != nil {
			return err
		}
	}
	if sess.Title != oldTitle {
		// The main conversation was named after the session.
		if _, err := tx.NewRaw("UPDATE conversations SET title = ? WHERE session_id = ? AND steward_id = ? AND parent_conversation_id IS NULL AND title = ?",
			sess.Title, sess.ID, sess.StewardID, oldTitle).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
