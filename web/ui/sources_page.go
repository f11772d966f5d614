package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// SourcesPage is /sources: the folders `baton watch` keeps mirrored, with
// the files whose last sync failed, those deleted upstream and those
// truncated or written anew.
func (s *Server) SourcesPage(c echo.Context) error {
	files, err := s.sources.WatchedFiles(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	p := views.SourcesPage{Page: s.page(c, "Sources", "sources"), Folders: baton.SumWatchedFolders(files)}
	for _, f := range files {
		if f.Error != "" {
			p.Problems = append(p.Problems, f)
		}
		if f.DeletedAt != nil && len(f.SessionIDs) > 0 {
			p.Deleted = append(p.Deleted, f)
		}
		if f.ReplacedAt != nil {
			p.Replaced = append(p.Replaced, f)
		}
	}
	return renderHTML(c, http.StatusOK, views.Sources(p))
}
