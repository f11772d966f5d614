package web

import (
	"fmt"
	"io"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// importUpload imports every uploaded file and shows per-document results.
func (s *Server) importUpload(c echo.Context) error {
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
			results, err := s.importer.Import(ctx(c), stewardID(c), fh.Filename, data, nil)
			if err != nil {
				if baton.ErrorCode(err) == baton.EINTERNAL {
					return err
				}
				results = []baton.ImportResult{{Key: fh.Filename, Status: baton.ImportRejected, Error: baton.ErrorMessage(err)}}
			}
			p.Results = append(p.Results, results...)
		}
	}
	for _, r := range p.Results {
		switch r.Status {
		case baton.ImportStored:
			p.Stored++
		case baton.ImportUpdated:
			p.Updated++
		case baton.ImportDuplicate:
			p.Duplicates++
		case baton.ImportRejected:
			p.Rejected++
		}
	}
	if isHTMX(c) {
		// htmx swaps only successful responses; the region itself says what went wrong.
		return renderHTML(c, http.StatusOK, views.ImportResults(p))
	}
	return renderHTML(c, status, views.Import(p))
}
