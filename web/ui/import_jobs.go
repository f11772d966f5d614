package ui

import (
	"context"
	"crypto/rand"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
)

// importJobs are the uploads being imported in the background, so the
// import page can show the server's progress while it works.
//
// They live in this process's memory, which is acceptable because an
// import job is a view of work in progress, not data: the imported
// sessions are in the database as each document is stored (each whole or
// not at all), and a finished job is forgotten importJobKeep later. With
// the embedded default there is one process. A deployment of several
// instances behind a load balancer without sticky sessions would see a
// poll reach an instance that does not know the job: it answers 404, and
// the page says the import's progress was lost while the import itself
// finishes on the instance that started it (its sessions show in the list).
type importJobs struct {
	mu   sync.Mutex
	byID map[string]*importJob
}

// importJob is one upload's import: who started it, how far it is, and
// its results once done.
type importJob struct {
	id        string
	stewardID int64
	started   time.Time

	mu    sync.Mutex
	files int // files uploaded
	// Documents and messages of the files finished, and of the file being
	// imported (whose totals are known once it is parsed).
	docsBefore, msgsBefore, docsTotalBefore, msgsTotalBefore int
	current                                                  baton.ImportProgress
	fileIndex                                                int
	done                                                     bool
	finished                                                 time.Time
	page                                                     views.ImportPage
}

// importJobKeep is how long a finished job is kept (its results can be
// asked for again, say after a reload) before a new job forgets it.
const importJobKeep = 15 * time.Minute

// importFile is one uploaded file, waiting on disk to be imported: the
// upload is streamed there part by part (uploadedFiles), so a job holds
// paths, not the files' bytes, and reads each file only as it imports it.
type importFile struct {
	name string // as uploaded: the importer recognises formats by it too
	path string // where it waits, in its upload's temporary folder
}

// importUpload is an upload's files on disk, in a temporary folder of
// their own that goes once they are imported, or the upload refused.
type importUpload struct {
	dir   string // "" until the first file arrives
	files []importFile
}

// remove deletes the upload's temporary folder and what is left in it.
func (u *importUpload) remove() {
	if u.dir != "" {
		_ = os.RemoveAll(u.dir)
	}
}

// importUploaded reads one uploaded file from disk and imports it, then
// removes it. The bytes are the importer's from there: nothing here keeps
// them, so the structured importer lets each document's go once stored.
func (s *Server) importUploaded(ctx context.Context, stewardID int64, f importFile, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	defer os.Remove(f.path)
	data, err := os.ReadFile(f.path)
	if err != nil {
		return nil, fmt.Errorf("read the uploaded %s: %w", f.name, err)
	}
	return s.importer.Import(ctx, stewardID, f.name, data, progress)
}

// startImport runs the import of an upload's files as a job and returns
// it. The job outlives the request, so it runs with a context of its own,
// and removes the upload's files when it ends.
func (s *Server) startImport(stewardID int64, upload *importUpload, page views.ImportPage) *importJob {
	job := &importJob{id: rand.Text(), stewardID: stewardID, started: s.clock(), files: len(upload.files), page: page}
	s.jobs.mu.Lock()
	if s.jobs.byID == nil {
		s.jobs.byID = map[string]*importJob{}
	}
	for id, j := range s.jobs.byID {
		j.mu.Lock()
		stale := j.done && s.clock().Sub(j.finished) > importJobKeep
		j.mu.Unlock()
		if stale {
			delete(s.jobs.byID, id)
		}
	}
	s.jobs.byID[job.id] = job
	s.jobs.mu.Unlock()
	go func() {
		defer upload.remove()
		s.runImport(job, upload.files)
	}()
	return job
}

func (s *Server) runImport(job *importJob, files []importFile) {
	ctx := context.Background()
	var results []baton.ImportResult
	failure := ""
	for i, f := range files {
		job.mu.Lock()
		job.fileIndex, job.current = i, baton.ImportProgress{}
		job.mu.Unlock()
		if s.importStep != nil {
			s.importStep() // tests hold the import here, before the file is read
		}
		res, err := s.importUploaded(ctx, job.stewardID, f, func(p baton.ImportProgress) {
			job.mu.Lock()
			job.current = p
			job.mu.Unlock()
			if p.Done > 0 && s.importStep != nil {
				s.importStep() // tests hold the import here, between documents
			}
		})
		if err != nil {
			if baton.ErrorCode(err) == baton.EINTERNAL {
				s.log.Error("import job", "file", f.name, "err", err)
				results = append(results, res...)
				failure = "The import stopped on a server error at " + f.name + "; what was stored before it is listed below."
				break
			}
			res = []baton.ImportResult{{Key: f.name, Status: baton.ImportRejected, Error: baton.ErrorMessage(err)}}
		}
		results = append(results, res...)
		job.mu.Lock()
		job.docsBefore += job.current.Done
		job.docsTotalBefore += job.current.Total
		job.msgsBefore += job.current.Messages
		job.msgsTotalBefore += job.current.MessagesTotal
		job.current = baton.ImportProgress{}
		job.mu.Unlock()
	}
	job.mu.Lock()
	defer job.mu.Unlock()
	job.page.Results, job.page.Error = results, failure
	countResults(&job.page)
	job.done, job.finished, job.fileIndex = true, s.clock(), len(files)
}

// progressView is the job's progress as the page shows it.
func (j *importJob) progressView(now time.Time) views.ImportJobView {
	j.mu.Lock()
	defer j.mu.Unlock()
	v := views.ImportJobView{
		ID: j.id, Files: j.files, FileIndex: min(j.fileIndex+1, j.files),
		Documents: j.docsBefore + j.current.Done, DocumentsTotal: j.docsTotalBefore + j.current.Total,
		Messages: j.msgsBefore + j.current.Messages, MessagesTotal: j.msgsTotalBefore + j.current.MessagesTotal,
		// The current file's totals come with its first progress report, once parsed.
		Reading: !j.done && j.current.Total == 0,
	}
	if secs := now.Sub(j.started).Seconds(); secs > 0 {
		v.Rate = float64(v.Messages) / secs
	}
	return v
}

// importJob is the steward's job with that id; another steward's is not found.
func (s *Server) importJob(stewardID int64, id string) (*importJob, bool) {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	j, ok := s.jobs.byID[id]
	if !ok || j.stewardID != stewardID {
		return nil, false
	}
	return j, true
}

// countResults counts the page's results by status.
func countResults(p *views.ImportPage) {
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
}
