package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ImportJobShow answers the import page's poll: the job's progress while
// it runs (the fragment polls again), its results once done (the poll
// stops and import.js scrolls the results into view).
func (s *Server) ImportJobShow(c echo.Context) error {
	job, ok := s.importJob(stewardID(c), c.Param("id"))
	if !ok {
		return baton.NotFound("import job")
	}
	job.mu.Lock()
	done, page := job.done, job.page
	job.mu.Unlock()
	if !done {
		return renderHTML(c, http.StatusOK, views.ImportJobProgress(job.progressView(s.clock())))
	}
	page.Page = s.page(c, "Import", "import")
	page.Finished = true
	return renderHTML(c, http.StatusOK, views.ImportResults(page))
}
