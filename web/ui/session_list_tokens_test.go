package ui_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/web/webtest"
)

// tokenTranscript is a Claude Code transcript of our own: one prompt and
// one answer by model with the given input and output tokens.
func tokenTranscript(session, prompt, model string, in, out int) string {
	return fmt.Sprintf(`{"type":"user","uuid":"u1","sessionId":%[1]q,"timestamp":"2026-03-02T10:00:00Z","message":{"role":"user","content":%[2]q}}
{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":%[1]q,"timestamp":"2026-03-02T10:00:05Z","message":{"id":"msg_1","role":"assistant","model":%[3]q,"content":[{"type":"text","text":"Done."}],"usage":{"input_tokens":%[4]d,"output_tokens":%[5]d},"stop_reason":"end_turn"}}
`, session, prompt, model, in, out)
}

// TestSessionListSortsByTokensAndEstimatedCost: the session list's Tokens
// and Est. cost columns are sort links, and sorting on them orders the
// sessions by their token totals and by their estimated cost (a few Opus
// tokens cost more than many Haiku ones).
func TestSessionListSortsByTokensAndEstimatedCost(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		files := map[string]string{
			"0d0c0000-0000-4000-8000-00000000000a.jsonl": tokenTranscript("0d0c0000-0000-4000-8000-00000000000a", "Opus plans the ledger", "claude-opus-4-1", 5000, 1500),
			"0d0c0000-0000-4000-8000-00000000000b.jsonl": tokenTranscript("0d0c0000-0000-4000-8000-00000000000b", "Haiku sorts the inbox", "claude-haiku-4-5", 90000, 9000),
			"0d0c0000-0000-4000-8000-00000000000c.jsonl": tokenTranscript("0d0c0000-0000-4000-8000-00000000000c", "Sonnet fixes the parser", "claude-sonnet-4-5", 20000, 2000),
		}
		if doc := ada.Upload("/import", files); doc.Find("#import-results tbody tr.import-stored").Length() != 3 {
			t.Fatalf("upload: %s", doc.Find("#import-results").Text())
		}
		titles := func(doc *goquery.Document) string {
			var out []string
			doc.Find("#results table tbody tr td.col-title > a").Each(func(_ int, s *goquery.Selection) {
				out = append(out, strings.Fields(s.Text())[0])
			})
			return strings.Join(out, " ")
		}
		header := func(doc *goquery.Document, label string) *goquery.Selection {
			return doc.Find(`#results thead th[scope="col"]`).FilterFunction(func(_ int, s *goquery.Selection) bool {
				return strings.HasPrefix(strings.TrimSpace(s.Find("a.sort-link").Text()), label)
			})
		}
		list, _ := ada.Get("/sessions")
		for label, sort := range map[string]string{"Tokens": "sort=tokens_desc", "Est. cost": "sort=cost_desc"} {
			h := header(list, label)
			href, _ := h.Find("a.sort-link").Attr("href")
			if h.Length() != 1 || !strings.Contains(href, sort) {
				t.Errorf("%s header: %d, link %q; want a link sorting by %s", label, h.Length(), href, sort)
			}
		}

		byTokens, _ := ada.Get("/sessions?sort=tokens_desc")
		if got := titles(byTokens); got != "Haiku Sonnet Opus" {
			t.Errorf("by tokens, most first: %q", got)
		}
		if s, _ := header(byTokens, "Tokens").Attr("aria-sort"); s != "descending" {
			t.Errorf("tokens header aria-sort %q", s)
		}
		byCost, _ := ada.Get("/sessions?sort=cost_desc")
		if got := titles(byCost); got != "Opus Haiku Sonnet" {
			t.Errorf("by estimated cost, most first: %q", got)
		}
		byCostAsc, _ := ada.Get("/sessions?sort=cost_asc")
		if got := titles(byCostAsc); got != "Sonnet Haiku Opus" {
			t.Errorf("by estimated cost, least first: %q", got)
		}
	})
}
