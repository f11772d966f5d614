package ui

import (
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
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
	upload, err := s.uploadedFiles(c)
	if err != nil {
		if baton.ErrorCode(err) == baton.EINTERNAL {
			return err
		}
		p.Error = baton.ErrorMessage(err)
		status = http.StatusBadRequest
	} else if len(upload.files) == 0 {
		p.Error = "Choose one or more files to import."
		status = http.StatusBadRequest
	}
	if p.Error == "" && isHTMX(c) {
		// With htmx the import runs as a job and the page polls its
		// progress (import_jobs.go); without, the answer waits for it.
		// The job owns the upload's files from here and removes them.
		job := s.startImport(stewardID(c), upload, views.ImportPage{})
		return renderHTML(c, http.StatusOK, views.ImportJobProgress(job.progressView(s.clock())))
	}
	defer upload.remove()
	for _, f := range upload.files {
		results, err := s.importUploaded(requestContext(c), stewardID(c), f, nil)
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

// UploadDirPrefix begins the name of an upload's temporary folder
// (web.RemoveStaleUploads finds those a stopped server left).
const UploadDirPrefix = "baton-upload-"

// uploadedFiles streams the upload's "files" parts to disk, a temporary
// file each, so memory holds a copy buffer, not the upload. The body is
// bounded by MaxUploadBytes as it is read (limitBody), and nothing is
// written before the request is allowed: the CSRF check reads the first
// part, this handler the rest. On an error (or a panic) the files written
// so far are removed and the upload returned is empty; otherwise the
// caller removes them (importUpload.remove) once imported.
func (s *Server) uploadedFiles(c echo.Context) (upload *importUpload, err error) {
	upload = &importUpload{}
	mr, err := httpx.Multipart(c)
	if err != nil {
		return upload, baton.Invalid("files", "the upload is not a multipart form")
	}
	complete := false
	defer func() {
		if err != nil || !complete {
			upload.remove()
			upload = &importUpload{}
		}
	}()
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			complete = true
			return upload, nil
		}
		if err != nil {
			return upload, s.uploadError(err)
		}
		name, file := part.FormName(), part.FileName()
		if !utf8.ValidString(name) || strings.IndexByte(name, 0) >= 0 {
			return upload, baton.Invalid("files", "a part of the upload is named %s, which is not valid UTF-8 text without NUL bytes", strconv.Quote(name))
		}
		if !utf8.ValidString(file) {
			return upload, baton.Invalid("files", "the file name %s is not valid UTF-8 text; rename the file", strconv.Quote(file))
		}
		if name != "files" || file == "" {
			_, _ = io.Copy(io.Discard, io.LimitReader(part, 1<<20))
			continue
		}
		if upload.dir == "" {
			if upload.dir, err = os.MkdirTemp("", UploadDirPrefix); err != nil {
				return upload, err
			}
		}
		// Named by position, not by the sender's name, which stays the
		// file's name for the importer and the results.
		path := filepath.Join(upload.dir, strconv.Itoa(len(upload.files)))
		if err := writePart(path, part); err != nil {
			var disk *os.PathError
			if errors.As(err, &disk) {
				return upload, err // the server's disk, not the upload
			}
			return upload, s.uploadError(err)
		}
		upload.files = append(upload.files, importFile{name: file, path: path})
	}
}

// writePart copies one uploaded part to a new file at path.
func writePart(path string, part io.Reader) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, part); err != nil {
		f.Close()
		return err
	}
	return f.Close()
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
