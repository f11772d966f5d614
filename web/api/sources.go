package api

import (
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// sourcesReportRequest is the body of POST /api/v1/sources: the states of
// the files a watcher keeps, as it last saw them.
type sourcesReportRequest struct {
	Files []watchedFileRequest `json:"files"`
}

type watchedFileRequest struct {
	Path       string     `json:"path"`
	Agent      string     `json:"agent"`
	Folder     string     `json:"folder"`
	Size       int64      `json:"size"`
	ModTime    time.Time  `json:"mod_time"`
	SyncedAt   *time.Time `json:"synced_at"`
	SessionIDs []string   `json:"session_ids"`
	Error      string     `json:"error"`
	DeletedAt  *time.Time `json:"deleted_at"`
	SeenAt     time.Time  `json:"seen_at"`
	// ReplacedAt is when the file was found truncated or written anew;
	// KeptSessionIDs the sessions it held before and no longer does.
	ReplacedAt     *time.Time `json:"replaced_at"`
	KeptSessionIDs []string   `json:"kept_session_ids"`
}

// SourcesReport records what `baton watch` says of the steward's files.
func (s *Server) SourcesReport(c echo.Context) error {
	var req sourcesReportRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	files := make([]baton.WatchedFile, len(req.Files))
	for i, f := range req.Files {
		files[i] = baton.WatchedFile{Path: f.Path, Agent: f.Agent, Folder: f.Folder, Size: f.Size, ModTime: f.ModTime,
			SyncedAt: f.SyncedAt, SessionIDs: f.SessionIDs, Error: f.Error, DeletedAt: f.DeletedAt, SeenAt: f.SeenAt,
			ReplacedAt: f.ReplacedAt, KeptSessionIDs: f.KeptSessionIDs}
	}
	if err := s.sources.ReportWatchedFiles(requestContext(c), stewardID(c), files); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"files": len(files)})
}

// Sources is GET /api/v1/sources: the watched folders summed up, and every
// watched file's state.
func (s *Server) Sources(c echo.Context) error {
	files, err := s.sources.WatchedFiles(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"folders": baton.SumWatchedFolders(files), "files": files})
}
