package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/baton-dev/baton/internal/corrections"
	"github.com/baton-dev/baton/internal/store"
)

// TestEvalExport writes a steward's corrections as evaluation cases: the
// corrected fields as labels, what the analysis said, the conversation.
func TestEvalExport(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "baton.db")
	env := func(k string) string {
		if k == "BATON_DATABASE_URL" {
			return dbURL
		}
		return ""
	}
	ctx := context.Background()
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("a long enough password\n"), 0o600)
	for _, name := range []string{"ada", "eve"} {
		if err := run(ctx, []string{"steward", "add", name, "--password-file", pw}, env, nil, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	ada, _ := st.StewardByUsername(ctx, "ada")
	sess, msgs := continuitytest.CodingSession()
	res, err := st.Import(ctx, ada.ID, &baton.ImportDocument{Key: "k", Session: sess, Conversations: []baton.ImportConversation{{Key: "main", Messages: msgs}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := analysis.NewService(st).AnalyzeSession(ctx, ada.ID, res.SessionID); err != nil {
		t.Fatal(err)
	}
	title := "Rate-limit the Stripe webhook per account"
	if _, _, err := corrections.New(st, nil).Correct(ctx, ada.ID, res.SessionID, &baton.SessionEdit{
		Title: &title, Tasks: &[]baton.Task{{Task: "Add a token bucket per account", Done: true}, {Task: "Fix go vet"}},
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	file := filepath.Join(t.TempDir(), "cases.json")
	var out strings.Builder
	if err := run(ctx, []string{"eval", "export", "--steward", "ada", file}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "exported 1 evaluation cases of ada to "+file) {
		t.Errorf("printed %q", out.String())
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var set struct {
		Format string             `json:"format"`
		Cases  []corrections.Case `json:"cases"`
	}
	if err := json.Unmarshal(raw, &set); err != nil {
		t.Fatalf("%v:\n%s", err, raw)
	}
	if set.Format != corrections.CaseFormat || len(set.Cases) != 1 {
		t.Fatalf("format %q, %d cases", set.Format, len(set.Cases))
	}
	c := set.Cases[0]
	if c.SessionID != res.SessionID || strings.Join(c.Labelled, ",") != "title,tasks" || c.Labels.Title == nil ||
		strings.Join(c.Labels.Title.Examples, "") != title || c.Labels.Decisions != nil {
		t.Errorf("case labels %+v %+v", c.Labelled, c.Labels)
	}
	if got := strings.Join(c.Labels.Title.Subject[0], ","); got != "rate-limit,stripe,webhook,per,account" {
		t.Errorf("title subject %q", got)
	}
	if len(c.Labels.Tasks) != 2 || c.Labels.Tasks[0].Text != "Add a token bucket per account" || len(c.Tasks) != 2 || !c.Tasks[0].Done || c.Tasks[1].Done {
		t.Errorf("tasks %+v %+v", c.Labels.Tasks, c.Tasks)
	}
	if c.Extracted.Title == nil || c.Extracted.Title.Examples[0] != "Rate-limit the Stripe webhook" || c.Extracted.Tasks == nil {
		t.Errorf("case extracted %+v", c.Extracted)
	}
	if len(c.Messages) != len(msgs) || c.Messages[0].Content != msgs[0].Content || c.Messages[0].Role != msgs[0].Role {
		t.Errorf("%d messages, want %d", len(c.Messages), len(msgs))
	}
	// Labels decode as the evaluation set's labels do: no field it does not know.
	var labels struct {
		ID    string `json:"id"`
		Title struct {
			Subject  [][]string `json:"subject"`
			Examples []string   `json:"examples"`
		} `json:"title"`
		Decisions, Tasks, Technologies, Topics []struct {
			Text string   `json:"text"`
			Alt  []string `json:"alt"`
			Why  string   `json:"why"`
		}
	}
	lb, _ := json.Marshal(c.Labels)
	dec := json.NewDecoder(strings.NewReader(string(lb)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&labels); err != nil || labels.ID != c.ID {
		t.Errorf("labels %s: %v", lb, err)
	}

	// Eve corrected nothing: an empty set on standard output.
	var stdout, stderr strings.Builder
	if err := run(ctx, []string{"eval", "export", "--steward", "eve"}, env, nil, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(stdout.String()), &set); err != nil || len(set.Cases) != 0 || !strings.Contains(stderr.String(), "exported 0") {
		t.Errorf("eve's export %q %q (%v)", stdout.String(), stderr.String(), err)
	}
	// With two stewards, which one must be said; a bad steward writes no file.
	missing := filepath.Join(t.TempDir(), "none.json")
	if err := run(ctx, []string{"eval", "export", missing}, env, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "--steward") {
		t.Errorf("no steward named: %v", err)
	}
	if err := run(ctx, []string{"eval", "export", "--steward", "zed", missing}, env, nil, io.Discard, io.Discard); err == nil {
		t.Error("an unknown steward is not refused")
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("a failed export left %s", missing)
	}
	if err := run(ctx, []string{"eval", "import"}, env, nil, io.Discard, io.Discard); err == nil {
		t.Error("eval import is not refused")
	}
}
