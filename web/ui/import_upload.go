package ui

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// ImportUpload imports every uploaded file and shows per-document results;
// from htmx it starts the import as a job and answers its progress.
func (s *Server) ImportUpload(c echo.Context) error {
	p := views.ImportPage{Page: s.page(c, "Import", "import")}
	status := http.StatusOK
	files, err := s.uploadedFiles(c)
	if err != nil {
		if baton.ErrorCode(err) == baton.EINTERNAL {
			return err
		}
		p.Error = baton.ErrorMessage(err)
		status = http.StatusBadRequest
	} else if len(files) == 0 {
		p.Error = "Choose one or more files to import."
		status = http.StatusBadRequest
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

// uploadedFiles streams the upload's "files" parts into memory, the body
// bounded by MaxUploadBytes as it is read (limitBody): no part is stored
// before the request is allowed, and none lands in a temporary file.
func (s *Server) uploadedFiles(c echo.Context) ([]importFile, error) {
	mr, err := httpx.Multipart(c)
	if err != nil {
		return nil, baton.Invalid("files", "the upload is not a multipart form")
	}
	var files []importFile
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, s.uploadError(err)
		}
		name, file := part.FormName(), part.FileName()
		if !utf8.ValidString(name) || strings.IndexByte(name, 0) >= 0 {
			return nil, baton.Invalid("files", "a part of the upload is named %s, which is not valid UTF-8 text without NUL bytes", strconv.Quote(name))
		}
		if !utf8.ValidString(file) {
			return nil, baton.Invalid("files", "the file name %s is not valid UTF-8 text; rename the file", strconv.Quote(file))
		}
		if name != "files" || file == "" {
			_, _ = io.Copy(io.Discard, io.LimitReader(part, 1<<20))
			continue
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, s.uploadError(err)
		}
		files = append(files, importFile{name: file, data: data})
	}
}

// uploadError says what is wrong with the upload: too large, a part's
// header that is not one (a NUL byte or line break in a field or file
// name: the error quotes the line), or a body cut short.
func (s *Server) uploadError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return baton.Errorf(baton.ETOOLARGE, "The upload is larger than %d MB: files may total at most %d MB.", s.cfg.MaxUploadBytes>>20, s.cfg.MaxUploadBytes>>20)
	}
	if strings.Contains(err.Error(), "malformed MIME header") {
		return baton.Invalid("files", "a part of the upload has a header that cannot be read (a NUL byte or line break in its field or file name): %v", err)
	}
	return baton.Invalid("files", "the upload could not be read: %v", err)
}
