package store

import (
	"context"
	"strings"
)

// HookMessages returns the content of the steward's session's messages
// built from hook events (source id starting with prefix), by source id.
func (s *Store) HookMessages(ctx context.Context, stewardID int64, sessionID, prefix string) (map[string]string, error) {
	var rows []struct {
		SourceID string `bun:"source_id"`
		Content  string `bun:"content"`
	}
	if err := s.db.NewRaw(`SELECT source_id, content FROM messages
		WHERE session_id = ? AND steward_id = ? AND source_id LIKE ?`,
		sessionID, stewardID, strings.ReplaceAll(prefix, "%", "")+"%").Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.SourceID] = r.Content
	}
	return out, nil
}

// AdoptSourceID gives a message of the steward's session a new source id:
// a message built from a hook event becomes the transcript's message with
// the same text, which then counts as stored (no duplicate).
func (s *Store) AdoptSourceID(ctx context.Context, stewardID int64, sessionID, from, to string) error {
	_, err := s.db.NewRaw(`UPDATE messages SET source_id = ? WHERE session_id = ? AND steward_id = ? AND source_id = ?`,
		to, sessionID, stewardID, from).Exec(ctx)
	return err
}
