package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A state change without the right CSRF token is refused with 403, for a
// signed-in steward too: baton.js tells the steward "your session may have
// expired" on a 403 (and only then), and nothing is written.
func TestCSRFFailureIs403AndWritesNothing(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		sess := a.seedSession(a.ada.ID, "Guarded", 2)
		b := a.signIn("ada")
		good := b.csrf
		b.csrf = "stale-token"
		doc, resp := b.htmxPost("/sessions/"+sess.ID+"/review", url.Values{"status": {"reviewed"}})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("htmx post with a stale token = %d, want 403", resp.StatusCode)
		}
		if msg := doc.Text(); !strings.Contains(msg, "Reload the page") {
			t.Errorf("refusal says %q", msg)
		}
		resp = b.post("/sessions/"+sess.ID+"/review", url.Values{"status": {"reviewed"}})
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("form post with a stale token = %d, want 403", resp.StatusCode)
		}
		if got, _ := a.st.Session(t.Context(), a.ada.ID, sess.ID); got.ReviewStatus != "pending" {
			t.Errorf("a refused post set the review status to %q", got.ReviewStatus)
		}
		b.csrf = good
		if _, resp := b.htmxPost("/sessions/"+sess.ID+"/review", url.Values{"status": {"reviewed"}}); resp.StatusCode != http.StatusOK {
			t.Errorf("with the right token = %d", resp.StatusCode)
		}
	})
}
