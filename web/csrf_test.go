package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/web/webtest"
)

// A state change without the right CSRF token is refused with 403, for a
// signed-in steward too: baton.js tells the steward "your session may have
// expired" on a 403 (and only then), and nothing is written.
func TestCSRFFailureIs403AndWritesNothing(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Guarded", 2)
		b := a.SignIn("ada")
		good := b.CSRF
		b.CSRF = "stale-token"
		doc, resp := b.HTMXPost("/sessions/"+sess.ID+"/review", url.Values{"status": {"reviewed"}})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("htmx post with a stale token = %d, want 403", resp.StatusCode)
		}
		if msg := doc.Text(); !strings.Contains(msg, "Reload the page") {
			t.Errorf("refusal says %q", msg)
		}
		resp = b.Post("/sessions/"+sess.ID+"/review", url.Values{"status": {"reviewed"}})
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("form post with a stale token = %d, want 403", resp.StatusCode)
		}
		if got, _ := a.St.Session(t.Context(), a.Ada.ID, sess.ID); got.ReviewStatus != "pending" {
			t.Errorf("a refused post set the review status to %q", got.ReviewStatus)
		}
		b.CSRF = good
		if _, resp := b.HTMXPost("/sessions/"+sess.ID+"/review", url.Values{"status": {"reviewed"}}); resp.StatusCode != http.StatusOK {
			t.Errorf("with the right token = %d", resp.StatusCode)
		}
	})
}
