package store

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
)

// ImportedThreads lists the conversations, with their messages' source ids
// in order, of the steward's session imported from source with sourceRef;
// none when there is no such session. An importer that merges a document
// into what is stored (a ChatGPT conversation exported twice) reads it.
func (s *Store) ImportedThreads(ctx context.Context, stewardID int64, source, sourceRef string) ([]baton.StoredThread, error) {
	var rows []struct {
		ConvID   string `bun:"conversation_id"`
		Key      string `bun:"source_ref"`
		Main     bool   `bun:"main"`
		SourceID string `bun:"source_id"`
	}
	cond, args := bySourceRef("s.", stewardID, source, sourceRef)
	err := s.db.NewRaw(`SELECT c.id AS conversation_id, c.source_ref, c.parent_conversation_id IS NULL AS main, m.source_id
		FROM sessions s
		JOIN conversations c ON c.session_id = s.id AND c.steward_id = s.steward_id
		JOIN messages m ON m.conversation_id = c.id AND m.steward_id = s.steward_id
		WHERE `+cond+`
		ORDER BY c.created_at, c.id, m.seq`, args...).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	var out []baton.StoredThread
	last := ""
	for _, r := range rows {
		if len(out) == 0 || r.ConvID != last {
			last = r.ConvID
			out = append(out, baton.StoredThread{Key: r.Key, Main: r.Main})
		}
		out[len(out)-1].SourceIDs = append(out[len(out)-1].SourceIDs, r.SourceID)
	}
	return out, nil
}
