package web_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/baton-dev/baton/web"
)

// A server that stopped mid-import left its upload's folder in the
// temporary folder; the next start removes such folders (and the API's
// file folders, and a stray file of either name) last changed before the
// cutoff, and nothing else: not a newer upload, which a running import
// may own, nor anything not named as Baton names them.
func TestRemoveStaleUploadsRemovesOnlyOldUploadFolders(t *testing.T) {
	tmp := t.TempDir()
	cutoff := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	before, after := cutoff.Add(-time.Hour), cutoff.Add(time.Hour)
	entries := []struct {
		name  string
		dir   bool
		mtime time.Time
	}{
		{"baton-upload-111", true, before},
		{"baton-upload-222", true, after},
		{"baton-import-file-333", true, before},
		{"baton-import-file-444", true, after},
		{"baton-upload-555", false, before},
		{"other-upload-666", true, before},
		{"baton-uploads.db", false, after},
	}
	for _, e := range entries {
		path := filepath.Join(tmp, e.name)
		if e.dir {
			if err := os.MkdirAll(filepath.Join(path, "sub"), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(path, "sub", "0"), []byte("{}"), 0o600); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(path, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, e.mtime, e.mtime); err != nil {
			t.Fatal(err)
		}
	}

	n, err := web.RemoveStaleUploads(tmp, cutoff)
	if err != nil || n != 3 {
		t.Fatalf("removed %d, %v; want the 3 entries older than the cutoff", n, err)
	}
	var left []string
	found, _ := os.ReadDir(tmp)
	for _, e := range found {
		left = append(left, e.Name())
	}
	want := []string{"baton-import-file-444", "baton-upload-222", "baton-uploads.db", "other-upload-666"}
	if !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
	if _, err := os.Stat(filepath.Join(tmp, "baton-upload-222", "sub", "0")); err != nil {
		t.Errorf("a newer upload's file was touched: %v", err)
	}

	if n, err := web.RemoveStaleUploads(filepath.Join(tmp, "missing"), cutoff); n != 0 || err == nil {
		t.Errorf("a missing folder: removed %d, %v; want its error", n, err)
	}
}
