package ui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// TestImportPageTakesClaudeCodeAndChatGPT uploads a Claude Code transcript
// and a ChatGPT export through the import page, as a steward would.
func TestImportPageTakesClaudeCodeAndChatGPT(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		b := a.SignIn("ada")
		page, _ := b.Get("/import")
		var formats []string
		page.Find(".formats dt").Each(func(_ int, s *goquery.Selection) { formats = append(formats, s.Text()) })
		if got := strings.Join(formats, " | "); got != "Structured conversation JSON | Claude Code transcripts | Codex CLI and Gemini CLI | ChatGPT export" {
			t.Errorf("accepted formats = %q", got)
		}
		if help := page.Find("#import-help").Text(); !strings.Contains(help, "Claude Code") || !strings.Contains(help, "Codex CLI") || !strings.Contains(help, "Gemini CLI") || !strings.Contains(help, "conversations.json") {
			t.Errorf("upload help = %q", help)
		}

		transcript, err := os.ReadFile(filepath.Join(webtest.HookFixtureDir, webtest.HookFixtureSession+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		export, err := os.ReadFile("../../internal/ingest/chatgpt/testdata/conversations.json")
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{webtest.HookFixtureSession + ".jsonl": string(transcript), "conversations.json": string(export)}
		doc := b.Upload("/import", files)
		rows := map[string]string{}
		doc.Find("#import-results tbody tr").Each(func(_ int, s *goquery.Selection) {
			rows[strings.TrimSpace(s.Find("th").Text())] = strings.Join(strings.Fields(s.Find("td").Text()), " ")
		})
		if r := rows[webtest.HookFixtureSession+".jsonl"]; !strings.HasPrefix(r, "Stored") {
			t.Errorf("the Claude Code transcript: %q (results %v)", r, rows)
		}
		if n := doc.Find("#import-results tbody tr.import-stored").Length(); n != 4 {
			t.Errorf("%d documents stored, want the transcript and the export's 3 conversations; results %v", n, rows)
		}

		list, err := a.St.ListSessions(t.Context(), a.Ada.ID, baton.SessionFilter{})
		if err != nil {
			t.Fatal(err)
		}
		sources := map[string]int{}
		for _, s := range list.Sessions {
			sources[s.Source]++
		}
		if sources["claude-code"] != 1 || sources["chatgpt"] != 3 {
			t.Fatalf("sessions by source = %v", sources)
		}

		// The same files again change nothing.
		again := b.Upload("/import", files)
		if n := again.Find("#import-results tbody tr.import-duplicate").Length(); n != 4 {
			t.Errorf("re-upload: %d duplicates, want 4: %s", n, again.Find("#import-results").Text())
		}
	})
}
