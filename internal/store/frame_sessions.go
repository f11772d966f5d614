package store

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/uptrace/bun"
)

// Frames link to sessions when they are read, never by a stored column, so
// a session imported after its frames still finds them. A frame was taken
// in a session when
//   - its runId is the session's id or source reference (a Claude Code
//     session id, which `baton hook` records), or
//   - it is on the session's branch and its time falls between the
//     session's start and frameLinkGrace after its end (or now, while the
//     session is open): runners write the frame as the work finishes.
const frameLinkGrace = 15 * time.Minute

type linkSession struct {
	ID        string     `bun:"id"`
	Title     string     `bun:"title"`
	SourceRef string     `bun:"source_ref"`
	Branch    string     `bun:"branch"`
	StartedAt time.Time  `bun:"started_at"`
	EndedAt   *time.Time `bun:"ended_at"`
}

func (l *linkSession) contains(at, now time.Time) bool {
	end := now
	if l.EndedAt != nil {
		end = l.EndedAt.Add(frameLinkGrace)
	}
	return !at.Before(l.StartedAt) && !at.After(end)
}

// FrameSessions returns, for each frame (by id), the steward's sessions it
// was taken in.
func (s *Store) FrameSessions(ctx context.Context, stewardID int64, frames []*baton.Frame) (map[string][]baton.FrameSession, error) {
	out := map[string][]baton.FrameSession{}
	if len(frames) == 0 {
		return out, nil
	}
	var runs, branches []string
	first, last := frames[0].At, frames[0].At
	for _, f := range frames {
		if f.RunID != nil && *f.RunID != "" {
			runs = append(runs, *f.RunID)
		}
		branches = append(branches, f.Branch)
		if f.At.Before(first) {
			first = f.At
		}
		if f.At.After(last) {
			last = f.At
		}
	}
	var byRun []linkSession
	if len(runs) > 0 {
		if err := s.db.NewRaw(`SELECT id, title, source_ref, branch, started_at, ended_at FROM sessions
			WHERE steward_id = ? AND (id IN (?) OR source_ref IN (?))`, stewardID, bun.List(runs), bun.List(runs)).
			Scan(ctx, &byRun); err != nil {
			return nil, err
		}
	}
	var byBranch []linkSession
	if err := s.db.NewRaw(`SELECT id, title, source_ref, branch, started_at, ended_at FROM sessions
		WHERE steward_id = ? AND branch IN (?) AND branch <> '' AND started_at <= ? AND (ended_at IS NULL OR ended_at >= ?)
		ORDER BY started_at DESC LIMIT 500`,
		stewardID, bun.List(branches), last.UTC(), first.Add(-frameLinkGrace).UTC()).Scan(ctx, &byBranch); err != nil {
		return nil, err
	}
	now := s.clock()
	for _, f := range frames {
		seen := map[string]bool{}
		for _, l := range byRun {
			if f.RunID != nil && (*f.RunID == l.ID || *f.RunID == l.SourceRef) && !seen[l.ID] {
				seen[l.ID] = true
				out[f.ID] = append(out[f.ID], baton.FrameSession{SessionID: l.ID, Title: l.Title, Link: baton.FrameLinkRun})
			}
		}
		for _, l := range byBranch {
			if l.Branch == f.Branch && l.contains(f.At, now) && !seen[l.ID] {
				seen[l.ID] = true
				out[f.ID] = append(out[f.ID], baton.FrameSession{SessionID: l.ID, Title: l.Title, Link: baton.FrameLinkBranch})
			}
		}
	}
	return out, nil
}

// SessionFrames returns the frames taken in one of the steward's sessions
// (by the rules above), oldest first, at most limit. sess is the session
// as the caller read it with the steward's id (the session page has): its
// run id, branch and times decide the links, and are not read again.
func (s *Store) SessionFrames(ctx context.Context, stewardID int64, sess *baton.Session, limit int) ([]*baton.Frame, error) {
	// Every session page asks this, so the reads have bound values (as
	// Bun queries SQLite parsed each anew and pgx prepared each as a new
	// statement); the limit stays in the text, as SQLite plans with it.
	// Each reads the steward's frames alone.
	l := linkSession{ID: sess.ID, Title: sess.Title, SourceRef: sess.SourceRef, Branch: sess.Branch, StartedAt: sess.StartedAt, EndedAt: sess.EndedAt}
	ref := l.ID // the run id is the session's id, or its source's
	if l.SourceRef != "" {
		ref = l.SourceRef
	}
	var rids []int64
	if err := s.readBound(ctx, &rids, `SELECT rid FROM frames WHERE steward_id = ? AND run_id IN (?, ?) ORDER BY rid LIMIT `+strconv.Itoa(limit),
		stewardID, l.ID, ref); err != nil {
		return nil, err
	}
	if l.Branch != "" {
		end := s.clock()
		if l.EndedAt != nil {
			end = l.EndedAt.Add(frameLinkGrace)
		}
		var more []int64
		if err := s.readBound(ctx, &more, `SELECT rid FROM frames WHERE steward_id = ? AND branch = ? AND rid BETWEEN ? AND ? ORDER BY rid LIMIT `+strconv.Itoa(limit),
			stewardID, l.Branch, l.StartedAt.UnixMicro(), end.UnixMicro()); err != nil {
			return nil, err
		}
		rids = append(rids, more...)
	}
	byRID, err := s.framesByRID(ctx, stewardID, rids)
	if err != nil {
		return nil, err
	}
	var out []*baton.Frame
	seen := map[int64]bool{}
	for _, r := range rids {
		if f := byRID[r]; f != nil && !seen[r] {
			seen[r] = true
			out = append(out, f)
		}
	}
	sortFramesByTime(out)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func sortFramesByTime(fs []*baton.Frame) {
	slices.SortStableFunc(fs, func(a, b *baton.Frame) int { return a.At.Compare(b.At) })
}
