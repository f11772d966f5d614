package store

import (
	"context"
	"strings"
)

// HookTranscriptsFrom returns the transcript lines received for the
// steward's hooked session ref after the offsets given per file ("" the
// main transcript, else a subagent's file name; a file not in from is
// returned whole): what an incremental parse has not read yet. It reads
// only the chunks that reach past those offsets.
func (s *Store) HookTranscriptsFrom(ctx context.Context, stewardID int64, ref string, from map[string]int64) (map[string][]byte, error) {
	return s.hookChunksFrom(ctx, stewardID, ref, from, true)
}

// HookMainFrom returns the main transcript's lines received for the
// steward's hooked session ref from offset on.
func (s *Store) HookMainFrom(ctx context.Context, stewardID int64, ref string, offset int64) ([]byte, error) {
	files, err := s.hookChunksFrom(ctx, stewardID, ref, map[string]int64{"": offset}, false)
	return files[""], err
}

// hookChunksFrom reads the chunks past the offsets in from, and, when
// others is set, every chunk of the files from does not list.
func (s *Store) hookChunksFrom(ctx context.Context, stewardID int64, ref string, from map[string]int64, others bool) (map[string][]byte, error) {
	var rows []struct {
		File  string `bun:"file"`
		Start int64  `bun:"start_offset"`
		Lines []byte `bun:"lines"`
	}
	var where strings.Builder
	args := []any{stewardID, ref}
	where.WriteString("(")
	for file, off := range from {
		// The chunks are contiguous: from the one that holds off on, found
		// through the primary key, not by reading every chunk of the file.
		where.WriteString(`(file = ? AND end_offset > ? AND start_offset >= coalesce((SELECT max(start_offset) FROM hook_transcript_chunks
			WHERE steward_id = ? AND source_ref = ? AND file = ? AND start_offset <= ?), 0)) OR `)
		args = append(args, file, off, stewardID, ref, file, off)
	}
	if others {
		where.WriteString("file NOT IN (?")
		args = append(args, "\x01") // no file is named so: the list is never empty
		for file := range from {
			where.WriteString(", ?")
			args = append(args, file)
		}
		where.WriteString("))")
	} else {
		where.WriteString("1 = 0)")
	}
	if err := s.db.NewRaw(`SELECT file, start_offset, lines FROM hook_transcript_chunks
		WHERE steward_id = ? AND source_ref = ? AND `+where.String()+` ORDER BY file, start_offset`, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, r := range rows {
		lines := r.Lines
		if skip := from[r.File] - r.Start; skip > 0 {
			lines = lines[min(skip, int64(len(lines))):]
		}
		out[r.File] = append(out[r.File], lines...)
	}
	return out, nil
}
