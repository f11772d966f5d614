package ui_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// Deleting a session goes through its confirmation page; only the
// confirmed post deletes, and then the session and its messages are gone.
// Another steward's session answers 404 to every step and stays.
func TestDeleteSessionAfterConfirmation(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Throwaway spike", 3)
		keep := a.SeedSession(a.Ada.ID, "Keeper", 2)
		b := a.SignIn("ada")

		doc, _ := b.Get("/sessions/" + sess.ID)
		link := doc.Find(`#side-share a[href="/sessions/` + sess.ID + `/delete"]`)
		if link.Length() != 1 {
			t.Fatal("the session page has no Delete link in its Share section")
		}
		doc, resp := b.Get("/sessions/" + sess.ID + "/delete")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("confirmation page = %d", resp.StatusCode)
		}
		form := doc.Find(`form[method="post"][action="/sessions/` + sess.ID + `/delete"]`)
		if form.Find(`input[name="confirm"][value="delete"]`).Length() != 1 || form.Find("button.btn-danger").Length() != 1 {
			t.Fatal("the confirmation page has no confirming form")
		}
		if !strings.Contains(doc.Find("#delete-title").Text(), "Delete") || !strings.Contains(doc.Find("section.confirm-delete").Text(), "3 messages") {
			t.Errorf("the confirmation does not say what goes: %q", doc.Find("section.confirm-delete").Text())
		}

		// Unconfirmed: refused, nothing deleted.
		resp = postNoFollow(b, "/sessions/"+sess.ID+"/delete", url.Values{})
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("unconfirmed delete = %d, want 400", resp.StatusCode)
		}
		if _, err := a.St.Session(t.Context(), a.Ada.ID, sess.ID); err != nil {
			t.Fatalf("an unconfirmed post deleted the session: %v", err)
		}

		// Bob: 404 at every step, with or without confirmation.
		bob := a.SignIn("bob")
		if _, resp := bob.Get("/sessions/" + sess.ID + "/delete"); resp.StatusCode != http.StatusNotFound {
			t.Errorf("bob's confirmation page = %d", resp.StatusCode)
		}
		resp = postNoFollow(bob, "/sessions/"+sess.ID+"/delete", url.Values{"confirm": {"delete"}})
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("bob's confirmed delete = %d", resp.StatusCode)
		}
		if code := a.API(a.BobToken, "DELETE", "/api/v1/sessions/"+sess.ID, nil, nil); code != http.StatusNotFound {
			t.Errorf("bob's API delete = %d", code)
		}
		if _, err := a.St.Session(t.Context(), a.Ada.ID, sess.ID); err != nil {
			t.Fatalf("bob deleted ada's session: %v", err)
		}

		// Confirmed: gone, with its messages; the list says so.
		resp = postNoFollow(b, "/sessions/"+sess.ID+"/delete", url.Values{"confirm": {"delete"}})
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/sessions?done=deleted" {
			t.Fatalf("confirmed delete = %d to %q", resp.StatusCode, resp.Header.Get("Location"))
		}
		if _, err := a.St.Session(t.Context(), a.Ada.ID, sess.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Errorf("the session is still there: %v", err)
		}
		if msgs, _ := a.St.SessionMessages(t.Context(), a.Ada.ID, sess.ID); len(msgs) != 0 {
			t.Errorf("%d messages outlived their session", len(msgs))
		}
		doc, _ = b.Get("/sessions?done=deleted")
		if !strings.Contains(doc.Find(".flash").Text(), "Session deleted") {
			t.Error("the list does not say the session was deleted")
		}
		if _, err := a.St.Session(t.Context(), a.Ada.ID, keep.ID); err != nil {
			t.Errorf("another session went too: %v", err)
		}

		// Through the API.
		if code := a.API(a.AdaToken, "DELETE", "/api/v1/sessions/"+keep.ID, nil, nil); code != http.StatusNoContent {
			t.Errorf("API delete = %d", code)
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/sessions/"+keep.ID, nil, nil); code != http.StatusNotFound {
			t.Errorf("after the API delete, get = %d", code)
		}
	})
}
