package frames

import (
	"context"
	"io"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// ServiceStore is what the frames service needs of storage
// (internal/store.Store): every read and write scoped by the steward.
type ServiceStore interface {
	Store
	Timelines
	Frame(ctx context.Context, stewardID int64, id string) (*baton.Frame, error)
	DeleteFrame(ctx context.Context, stewardID int64, id string) error
	FrameSessions(ctx context.Context, stewardID int64, frames []*baton.Frame) (map[string][]baton.FrameSession, error)
	FramesSuperseding(ctx context.Context, stewardID int64, id string) ([]string, error)
	FrameStats(ctx context.Context, stewardID int64, since *time.Time, detailed bool) (*baton.FrameStats, error)
	FrameCount(ctx context.Context, stewardID int64) (int, error)
	FrameBranches(ctx context.Context, stewardID int64, limit int) ([]string, error)
	FrameModules(ctx context.Context, stewardID int64, limit int) ([]string, error)
	SessionFrames(ctx context.Context, stewardID int64, sess *baton.Session, limit int) ([]*baton.Frame, error)
}

// Service is the frames capability: Lex frames remembered, imported,
// recalled, listed, exported and deleted for a steward. It owns the
// parsing and the rules (Parse, Normalise); the store persists and scopes
// by the steward. The API, the pages and the local commands go through it.
type Service struct {
	st ServiceStore
}

// NewService is the frames service over st.
func NewService(st ServiceStore) *Service { return &Service{st: st} }

// Remember stores one frame given as Lex JSON and returns it as stored.
// Frames are immutable and remembered by id: the same frame again is not
// new (created is false); a different frame under a stored id is a
// conflict naming the field that differs.
func (s *Service) Remember(ctx context.Context, stewardID int64, data []byte) (f *baton.Frame, created bool, err error) {
	if f, err = Parse(data); err != nil {
		return nil, false, err
	}
	res, err := s.st.CreateFrames(ctx, stewardID, []*baton.Frame{f})
	if err != nil {
		return nil, false, err
	}
	switch res[0].Status {
	case baton.FrameConflict:
		return nil, false, &baton.Error{Code: baton.ECONFLICT, Field: res[0].Field, Message: res[0].Error}
	case baton.FrameCreated:
		created = true
	}
	stored, err := s.st.Frame(ctx, stewardID, f.ID)
	return stored, created, err
}

// Import validates and stores Lex JSON (one frame, an array, or NDJSON),
// each frame all or nothing on its own, with one result per frame.
func (s *Service) Import(ctx context.Context, stewardID int64, data []byte) ([]baton.FrameImportResult, error) {
	return Import(ctx, s.st, stewardID, data)
}

// ImportDocuments is Import for documents already split.
func (s *Service) ImportDocuments(ctx context.Context, stewardID int64, docs []Document) ([]baton.FrameImportResult, error) {
	return ImportDocuments(ctx, s.st, stewardID, docs)
}

// Recall normalises and runs a recall for the steward.
func (s *Service) Recall(ctx context.Context, stewardID int64, r RecallRequest) (*baton.FrameRecallResult, error) {
	return Recall(ctx, s.st, stewardID, r)
}

// Frame is one frame of the steward; another steward's is not found.
func (s *Service) Frame(ctx context.Context, stewardID int64, id string) (*baton.Frame, error) {
	return s.st.Frame(ctx, stewardID, id)
}

// Delete deletes one frame of the steward: the one change a frame allows,
// for privacy.
func (s *Service) Delete(ctx context.Context, stewardID int64, id string) error {
	return s.st.DeleteFrame(ctx, stewardID, id)
}

// Detail is one frame with the sessions it was taken in and the ids of
// the frames it supersedes (those whose superseded_by names it).
type Detail struct {
	Frame      *baton.Frame
	Sessions   []baton.FrameSession
	Supersedes []string
}

// Show reads one frame of the steward with its sessions and the frames it
// supersedes.
func (s *Service) Show(ctx context.Context, stewardID int64, id string) (*Detail, error) {
	f, err := s.st.Frame(ctx, stewardID, id)
	if err != nil {
		return nil, err
	}
	links, err := s.st.FrameSessions(ctx, stewardID, []*baton.Frame{f})
	if err != nil {
		return nil, err
	}
	older, err := s.st.FramesSuperseding(ctx, stewardID, f.ID)
	if err != nil {
		return nil, err
	}
	return &Detail{Frame: f, Sessions: links[f.ID], Supersedes: older}, nil
}

// Timeline is a page of the steward's frames that f selects, newest
// first, with the sessions each was taken in (by frame id).
func (s *Service) Timeline(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, map[string][]baton.FrameSession, error) {
	page, err := s.st.FrameTimeline(ctx, stewardID, f)
	if err != nil {
		return nil, nil, err
	}
	links, err := s.st.FrameSessions(ctx, stewardID, page.Frames)
	if err != nil {
		return nil, nil, err
	}
	return page, links, nil
}

// Latest is a page of the steward's newest frames that f selects, without
// their sessions.
func (s *Service) Latest(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, error) {
	return s.st.FrameTimeline(ctx, stewardID, f)
}

// Stats counts the steward's frames, and those at or after since with
// what they spent.
func (s *Service) Stats(ctx context.Context, stewardID int64, since *time.Time, detailed bool) (*baton.FrameStats, error) {
	return s.st.FrameStats(ctx, stewardID, since, detailed)
}

// Export writes the steward's frames that f selects in a form Lex's
// import reads (Export), returning how many it wrote.
func (s *Service) Export(ctx context.Context, stewardID int64, f baton.FrameFilter, o ExportOptions, w io.Writer) (int, error) {
	return Export(ctx, s.st, stewardID, f, o, w)
}

// ExportZip writes the steward's frames that f selects as a zip of Lex's
// per-frame files (ExportZip), returning how many it wrote.
func (s *Service) ExportZip(ctx context.Context, stewardID int64, f baton.FrameFilter, o ExportOptions, w io.Writer) (int, error) {
	return ExportZip(ctx, s.st, stewardID, f, o, w)
}

// EachFrame calls fn with each of the steward's frames that f selects, as
// an export reads them (EachFrame).
func (s *Service) EachFrame(ctx context.Context, stewardID int64, f baton.FrameFilter, fn func(*baton.Frame) error) (int, error) {
	return EachFrame(ctx, s.st, stewardID, f, ExportOptions{}, fn)
}

// Facets are what the frames pages offer to filter by: how many frames
// the steward has, and up to limit of its branches and modules.
type Facets struct {
	Total    int
	Branches []string
	Modules  []string
}

// FacetsOf reads the steward's frame facets; withTotal also counts the
// frames.
func (s *Service) FacetsOf(ctx context.Context, stewardID int64, limit int, withTotal bool) (*Facets, error) {
	var fc Facets
	var err error
	if withTotal {
		if fc.Total, err = s.st.FrameCount(ctx, stewardID); err != nil {
			return nil, err
		}
	}
	if fc.Branches, err = s.st.FrameBranches(ctx, stewardID, limit); err != nil {
		return nil, err
	}
	if fc.Modules, err = s.st.FrameModules(ctx, stewardID, limit); err != nil {
		return nil, err
	}
	return &fc, nil
}

// OfSession is up to limit frames taken in a session (by its run id, or
// its branch and time). sess is one of the steward's sessions, as the
// caller read it with the steward's id.
func (s *Service) OfSession(ctx context.Context, stewardID int64, sess *baton.Session, limit int) ([]*baton.Frame, error) {
	return s.st.SessionFrames(ctx, stewardID, sess, limit)
}
