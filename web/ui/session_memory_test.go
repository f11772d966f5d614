package ui_test

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/web/webtest"
)

func TestSessionPageShowsTheMediumTermMemory(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		id := webtest.CreateCodingSession(t, a, a.AdaToken, nil)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/close", nil, nil)
		b := a.SignIn("ada")
		page, _ := b.Get("/sessions/" + id)
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
