package web_test

import (
	"strings"
	"testing"
)

func TestSessionPageShowsTheMediumTermMemory(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		id := createCodingSession(t, a, a.adaToken, nil)
		a.api(a.adaToken, "POST", "/api/v1/sessions/"+id+"/close", nil, nil)
		b := a.signIn("ada")
		page, _ := b.get("/sessions/" + id)
		if page.Find(`.side-toc a[href="#side-memory"]`).Length() != 1 {
			t.Fatal("the side panel's contents do not link the memory")
		}
		summary := strings.TrimSpace(page.Find("#side-memory .memory-summary").Text())
		covered := page.Find("#side-memory .memory-covered").Text()
		if summary == "" || !strings.Contains(covered, "first 10 messages") && !strings.Contains(covered, "first 20 messages") {
			t.Fatalf("memory section: %q / %q", covered, summary)
		}
		if page.Find("#side-memory .panel-empty").Length() != 0 {
			t.Error("a session with a memory says it has none")
		}
	})
}
