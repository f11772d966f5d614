package frames_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/store/storetest"
)

// lexFiles reads the per-frame files of a Lex export folder by file name.
func lexFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		b, err := os.ReadFile(p)
		files[filepath.Base(p)] = b
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("reading %s: %d files, %v", dir, len(files), err)
	}
	return files
}

// TestLexExportRoundTripsByteForByte imports what Lex 4.0.0 itself wrote
// and exports it again, byte for byte. testdata/lex-export is the folder
// `lex frames export` writes by default (a dated folder of
// frame-<id>.json files, each JSON.stringify(frame, null, 2)); three of its
// frames were made with `lex remember`, two came in through
// `lex frames import` (v5 merged_from and superseded_by, spend, runId).
// testdata/lex-export-ndjson is `lex frames export --format ndjson` of the
// same store. Ada imports the folder file by file, Bob the NDJSON; each
// gets back Lex's files (one by one and zipped) and Lex's NDJSON.
func TestLexExportRoundTripsByteForByte(t *testing.T) {
	want := lexFiles(t, "testdata/lex-export")
	ndjson, err := os.ReadFile("testdata/lex-export-ndjson/2026-11-26/frames.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	for dialect, u := range storetest.Databases(t) {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			st := storetest.Open(t, u)
			ada, bob := &baton.Steward{Username: "ada"}, &baton.Steward{Username: "bob"}
			for _, s := range []*baton.Steward{ada, bob} {
				if err := st.CreateSteward(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			svc := frames.NewService(st)
			for name, data := range want {
				res, err := svc.Import(ctx, ada.ID, data)
				if err != nil || len(res) != 1 || res[0].Status != baton.FrameCreated {
					t.Fatalf("import of %s = %+v, %v", name, res, err)
				}
			}
			res, err := svc.Import(ctx, bob.ID, ndjson)
			if err != nil || frames.Summary(res) != "5 created, 0 duplicates, 0 invalid" {
				t.Fatalf("import of frames.ndjson = %s, %v", frames.Summary(res), err)
			}
			for _, s := range []*baton.Steward{ada, bob} {
				checkLexFiles(t, svc, s.ID, want)
				var out bytes.Buffer
				if _, err := svc.Export(ctx, s.ID, baton.FrameFilter{}, frames.ExportOptions{}, &out); err != nil {
					t.Fatal(err)
				}
				if out.String() != string(ndjson) {
					t.Fatalf("%s's NDJSON export:\n%s\nLex's:\n%s", s.Username, out.String(), ndjson)
				}
			}
		})
	}
}

// checkLexFiles exports the steward's frames as Lex's per-frame files, one
// by one and as a zip, and compares each with Lex's.
func checkLexFiles(t *testing.T, svc *frames.Service, stewardID int64, want map[string][]byte) {
	t.Helper()
	ctx := context.Background()
	got := map[string][]byte{}
	if _, err := svc.EachFrame(ctx, stewardID, baton.FrameFilter{}, func(f *baton.Frame) error {
		name, data, err := frames.LexFile(f)
		got[name] = data
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	if n, err := svc.ExportZip(ctx, stewardID, baton.FrameFilter{}, frames.ExportOptions{}, &zipped); err != nil || n != len(want) {
		t.Fatalf("zip export = %d, %v", n, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(zipped.Bytes()), int64(zipped.Len()))
	if err != nil || len(zr.File) != len(want) {
		t.Fatalf("zip holds %v, %v", zr, err)
	}
	for _, zf := range zr.File {
		r, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil || !bytes.Equal(b, got[zf.Name]) {
			t.Fatalf("zip entry %s differs from its file (%v)", zf.Name, err)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("exported %d files, Lex %d", len(got), len(want))
	}
	for name, w := range want {
		if !bytes.Equal(got[name], w) {
			t.Fatalf("%s:\n%s\nLex's:\n%s", name, got[name], w)
		}
	}
}
