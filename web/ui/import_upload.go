package ui

import (
	"fmt"
	"io"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ImportUpload imports every uploaded file and shows per-document results;
// from htmx it starts the import as a job and answers its progress.
func (s *Server) ImportUpload(c echo.Context) error {
	p := views.ImportPage{Page: s.page(c, "Import", "import")}
	c.Request().Body = http.MaxBytesReader(c.Response(), c.Request().Body, s.cfg.MaxUploadBytes)
	form, err := c.MultipartForm()
	status := http.StatusOK
	if err != nil {
		p.Error = fmt.Sprintf("The upload could not be read (files may total at most %d MB).", s.cfg.MaxUploadBytes>>20)
		status = http.StatusBadRequest
	} else if len(form.File["files"]) == 0 {
		p.Error = "Choose one or more files to import."
		status = http.StatusBadRequest
	}
	var files []importFile
	if p.Error == "" {
		for _, fh := range form.File["files"] {
			f, err := fh.Open()
			if err != nil {
				return err
			}
			data, err := io.ReadAll(f)
			f.Close()
			if err != nil {
				return err
			}
			files = append(files, importFile{name: fh.Filename, data: data})
		}
	}
	if p.Error == "" && isHTMX(c) {
		// With htmx the import runs as a job and the page polls its
		// progress (import_jobs.go); without, the answer waits for it.
		job := s.startImport(stewardID(c), files, views.ImportPage{})
		return renderHTML(c, http.StatusOK, views.ImportJobProgress(job.progressView(s.clock())))
	}
	for _, f := range files {
		results, err := s.importer.Import(requestContext(c), stewardID(c), f.name, f.data, nil)
		if err != nil {
			if baton.ErrorCode(err) == baton.EINTERNAL {
				return err
			}
			results = []baton.ImportResult{{Key: f.name, Status: baton.ImportRejected, Error: baton.ErrorMessage(err)}}
		}
		p.Results = append(p.Results, results...)
	}
	countResults(&p)
	if isHTMX(c) {
		// htmx swaps only successful responses; the region itself says what went wrong.
		return renderHTML(c, http.StatusOK, views.ImportResults(p))
	}
	return renderHTML(c, status, views.Import(p))
}
