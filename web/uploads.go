package web

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/baton-dev/baton/web/api"
	"github.com/baton-dev/baton/web/ui"
)

// StaleUploadAge is how long a temporary upload folder may stay before a
// starting server removes it: an import's folder goes when the import
// ends, so one older than this was left by a server that stopped
// mid-import (killed, crashed, the machine turned off).
const StaleUploadAge = 24 * time.Hour

// RemoveStaleUploads removes, from the temporary folder dir, the upload
// folders (web/ui) and API file folders (web/api) last changed before
// cutoff, and returns how many it removed. The server calls it as it
// starts, with cutoff StaleUploadAge ago. An entry that cannot be read or
// removed is skipped and its error returned with the others'.
func RemoveStaleUploads(dir string, cutoff time.Time) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	removed := 0
	var errs []error
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, ui.UploadDirPrefix) && !strings.HasPrefix(name, api.ImportFileDirPrefix) {
			continue
		}
		info, err := e.Info() // the entry itself: a link's own time, never its target's
		if errors.Is(err, os.ErrNotExist) {
			continue // removed meanwhile
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !info.ModTime().Before(cutoff) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			errs = append(errs, err)
			continue
		}
		removed++
	}
	return removed, errors.Join(errs...)
}
