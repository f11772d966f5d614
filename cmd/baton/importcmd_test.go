package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportMixedFolder imports a folder holding every supported format
// and some files that are none: each file is imported or reported by its
// name, warnings are printed, and the exit status says something was
// rejected.
func TestImportMixedFolder(t *testing.T) {
	vars := map[string]string{"BATON_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "b.db")}
	env := func(k string) string { return vars[k] }
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("a long enough password\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := run(ctx, []string{"steward", "add", "ada", "--password-file", pw}, env, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	err := run(ctx, []string{"import", "testdata/mixed"}, env, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "rejected") {
		t.Errorf("import of a folder with bad files: err %v, want a rejection error (non-zero exit)", err)
	}
	status := map[string]string{} // document → status and error
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			t.Fatalf("result line %q", line)
		}
		status[f[1]] = strings.Join(f[2:], " ")
	}
	want := map[string]string{
		"-home-dev-shop/0b7c1e0f-0000-4000-8000-0000000000a1.jsonl": "stored 4 messages",
		"-home-dev-shop/exported.json":                              "stored 2 messages",
		"chatgpt/conversations.json: cg-van-1":                      "stored 2 messages",
		"chatgpt/conversations.json: conversation 1 (cg-empty)":     "rejected",
		"standup.json: standup_001":                                 "stored 2 messages",
		"chats.jsonl: nd_1":                                         "stored 1 messages",
		"chats.jsonl: nd_2":                                         "rejected",
		"notes.txt":                                                 "rejected",
		"other.json":                                                "rejected",
		"broken.jsonl":                                              "rejected",
	}
	for doc, w := range want {
		if got, ok := status[doc]; !ok || !strings.HasPrefix(got, w) {
			t.Errorf("%s: %q, want %q", doc, got, w)
		}
	}
	if len(status) != len(want) {
		t.Errorf("results for %d documents, want %d:\n%s", len(status), len(want), out.String())
	}
	if !strings.Contains(status["notes.txt"], "not recognised") || !strings.Contains(status["broken.jsonl"], "line 1") ||
		!strings.Contains(status["chats.jsonl: nd_2"], "people list") {
		t.Errorf("rejections do not say why:\n%s", out.String())
	}
	if !strings.Contains(errOut.String(), "warning: ") || !strings.Contains(errOut.String(), "1 to 9999") || !strings.Contains(errOut.String(), "kept at the time of the line before") {
		t.Errorf("the year-0 line's warning is not printed; stderr:\n%s", errOut.String())
	}
}
