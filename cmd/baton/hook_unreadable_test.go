package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/store"
)

// TestHookUnreadableTranscript: a hook whose transcript_path cannot be read
// says why on stderr with BATON_HOOK_DEBUG=1, and the server builds the
// session from the prompt, its page saying the transcript could not be read.
func TestHookUnreadableTranscript(t *testing.T) {
	base, env := startBaton(t, nil)
	token := stewardWithToken(t, env, "ada")
	const session = "9d0c4e11-2b7a-4f3e-8a5d-6c1b0e9f7a21"
	missing := filepath.Join(t.TempDir(), "projects", "-home-dev-x", session+".jsonl")
	stateDir := t.TempDir()
	hookEnv := func(k string) string {
		switch k {
		case "BATON_URL":
			return base
		case "BATON_TOKEN":
			return token
		case "BATON_HOOK_DIR":
			return stateDir
		case "BATON_HOOK_DEBUG":
			return "1"
		}
		return env(k)
	}
	const prompt = "Rename the export job and keep the old name as an alias."
	payload := `{"session_id":"` + session + `","hook_event_name":"UserPromptSubmit","transcript_path":"` + missing + `","cwd":"/home/dev/x","prompt":"` + prompt + `"}`
	var out, errs strings.Builder
	if err := run(context.Background(), []string{"hook"}, hookEnv, strings.NewReader(payload), &out, &errs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errs.String(), missing) || !strings.Contains(errs.String(), "cannot be read") {
		t.Errorf("stderr with BATON_HOOK_DEBUG=1 does not say why: %q", errs.String())
	}

	st, err := store.Open(env("BATON_DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	ada, _ := st.StewardByUsername(ctx, "ada")
	sess, err := st.SessionBySource(ctx, ada.ID, "claude-code", session)
	if err != nil {
		t.Fatalf("no session from the event: %v", err)
	}
	msgs, _ := st.SessionMessages(ctx, ada.ID, sess.ID)
	if len(msgs) != 1 || msgs[0].Content != prompt {
		t.Fatalf("messages: %+v", msgs)
	}

	client := signInAt(t, base, "ada", "a long enough password")
	resp, err := client.Get(base + "/sessions/" + sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("session page: %d", resp.StatusCode)
	}
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	notice := doc.Find("header.session-head #transcript-unreadable")
	if notice.Length() != 1 || !strings.Contains(notice.Text(), "no such file") {
		t.Errorf("session page notice: %d, %q", notice.Length(), notice.Text())
	}
	if got := doc.Find("#session-title").Text(); !strings.Contains(got, "Rename export job") {
		t.Errorf("title %q", got)
	}

	// The transcript becomes readable and is imported with `baton import`:
	// it replaces the prompt built from the event (one copy), and the page
	// says the transcript was imported since.
	lines := `{"type":"user","uuid":"u-1","sessionId":"` + session + `","timestamp":"2026-11-20T09:00:01Z","message":{"role":"user","content":"` + prompt + `"}}
{"type":"assistant","uuid":"a-1","parentUuid":"u-1","sessionId":"` + session + `","timestamp":"2026-11-20T09:00:05Z","message":{"id":"msg_1","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"Renamed; the old name stays as an alias."}],"stop_reason":"end_turn"}}
`
	if err := os.MkdirAll(filepath.Dir(missing), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(missing, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(ctx, []string{"import", "--steward", "ada", missing}, env, nil, &out, io.Discard); err != nil {
		t.Fatalf("baton import: %v (%s)", err, out.String())
	}
	if !strings.Contains(out.String(), "updated") {
		t.Errorf("baton import says %q, want the hooked session updated", out.String())
	}
	msgs, _ = st.SessionMessages(ctx, ada.ID, sess.ID)
	if len(msgs) != 2 || msgs[0].Content != prompt || msgs[0].SourceID != "u-1" || msgs[1].SourceID != "a-1" {
		t.Fatalf("messages after the import: %+v", msgs)
	}
	resp2, err := client.Get(base + "/sessions/" + sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer resp2.Body.Close()
	doc, err = goquery.NewDocumentFromReader(resp2.Body)
	if err != nil {
		t.Fatal(err)
	}
	if notice := doc.Find("header.session-head #transcript-unreadable"); !strings.Contains(notice.Text(), "imported from its file") {
		t.Errorf("session page notice after the import: %q", notice.Text())
	}
	if n := doc.Find("#transcript li.msg").Length(); n != 2 {
		t.Errorf("%d transcript items, want 2", n)
	}
}
