package ui_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

func TestTeamsCreateInviteAcceptRolesTransferLeave(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada, bob := a.SignIn("ada"), a.SignIn("bob")
		cy, _ := a.Steward("cy")
		doc, resp := ada.Form("/teams", url.Values{"name": {"Relay team"}})
		if !strings.HasPrefix(resp.Request.URL.Path, "/teams/") || doc.Find("h1").Text() != "Relay team" {
			t.Fatalf("create ended at %s: %q", resp.Request.URL, doc.Find("h1").Text())
		}
		teamPath := resp.Request.URL.Path
		doc, _ = ada.Get("/teams")
		if !strings.Contains(doc.Find("table").Text(), "Relay team") || !strings.Contains(doc.Find("table").Text(), "Owner") {
			t.Fatalf("teams list = %q", doc.Find("table").Text())
		}
		// Bob is not in the team: its page is not found for him.
		if _, resp := bob.Get(teamPath); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("stranger sees the team: %d", resp.StatusCode)
		}
		doc, resp = ada.Form(teamPath+"/invitations", url.Values{"who": {"nobody-here"}, "role": {"member"}})
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(doc.Find(".flash-error").Text(), "no steward is called") {
			t.Fatalf("invite unknown = %d %q", resp.StatusCode, doc.Find(".flash-error").Text())
		}
		doc, _ = ada.Form(teamPath+"/invitations", url.Values{"who": {"bob"}, "role": {"viewer"}})
		link := strings.TrimSpace(doc.Find("#invite-url").Text())
		if !strings.Contains(link, "/invitations/") || doc.Find(".invitation").Length() != 1 {
			t.Fatalf("invitation link %q, %d pending", link, doc.Find(".invitation").Length())
		}
		u, _ := url.Parse(link)
		// The link is bob's: cy gets not found; signed out, it asks to sign in.
		cyb := a.SignIn("cy")
		if _, resp := cyb.Get(u.Path); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("cy opens bob's invitation: %d", resp.StatusCode)
		}
		if _, resp := a.Anonymous().Get(u.Path); resp.Request.URL.Path != "/login" {
			t.Fatalf("signed-out invitation ended at %s", resp.Request.URL)
		}
		doc, _ = bob.Get(u.Path)
		if !strings.Contains(doc.Find("h1").Text(), "Join Relay team") {
			t.Fatalf("invitation page = %q", doc.Find("h1").Text())
		}
		doc, resp = bob.Form(u.Path+"/accept", url.Values{})
		if resp.Request.URL.Path != teamPath || !strings.Contains(doc.Find(".table-members").Text(), "bob") {
			t.Fatalf("accept ended at %s", resp.Request.URL)
		}
		if doc.Find("#invite-who").Length() != 0 {
			t.Fatal("a viewer sees the invite form")
		}
		// The link works once.
		if _, resp := bob.Form(u.Path+"/accept", url.Values{}); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("second accept = %d", resp.StatusCode)
		}
		// A viewer cannot manage members.
		_, resp = bob.Form(teamPath+"/members/"+itoa(a.Ada.ID)+"/remove", url.Values{})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("viewer removes the owner: %d", resp.StatusCode)
		}
		// The owner cannot leave; roles change; ownership transfers.
		if _, resp := ada.Form(teamPath+"/leave", url.Values{}); resp.StatusCode != http.StatusConflict {
			t.Fatalf("owner leaves: %d", resp.StatusCode)
		}
		ada.Form(teamPath+"/members/"+itoa(a.Bob.ID)+"/role", url.Values{"role": {"member"}})
		doc, _ = ada.Form(teamPath+"/members/"+itoa(a.Bob.ID)+"/transfer", url.Values{})
		if !strings.Contains(doc.Find(".flash").Text(), "Ownership transferred") {
			t.Fatalf("transfer flash = %q", doc.Find(".flash").Text())
		}
		team, err := a.St.Team(t.Context(), a.Bob.ID, teamID(t, teamPath))
		if err != nil || team.Role != baton.RoleOwner {
			t.Fatalf("bob's role = %+v, %v", team, err)
		}
		if _, resp := ada.Form(teamPath+"/leave", url.Values{}); resp.Request.URL.Path != "/teams" {
			t.Fatalf("ada leaves: ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		if _, resp := ada.Get(teamPath); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("ada still sees the team: %d", resp.StatusCode)
		}
		// An email invitation is accepted by whoever has that email linked.
		doc, _ = bob.Form(teamPath+"/invitations", url.Values{"who": {"cy@example.org"}, "role": {"member"}})
		u, _ = url.Parse(strings.TrimSpace(doc.Find("#invite-url").Text()))
		if _, resp := cyb.Get(u.Path); resp.StatusCode != http.StatusNotFound {
			t.Fatal("cy accepts without the email")
		}
		if err := a.St.LinkIdentity(t.Context(), cy.ID, &baton.Identity{Provider: auth.ProviderGitHub, Subject: "7", Email: "cy@example.org"}); err != nil {
			t.Fatal(err)
		}
		if _, resp := cyb.Form(u.Path+"/accept", url.Values{}); resp.Request.URL.Path != teamPath {
			t.Fatalf("cy accepts by email: ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		// Withdrawn invitations stop working.
		doc, _ = bob.Form(teamPath+"/invitations", url.Values{"who": {"ada"}, "role": {"member"}})
		u, _ = url.Parse(strings.TrimSpace(doc.Find("#invite-url").Text()))
		pending, _ := a.St.PendingInvitations(t.Context(), a.Bob.ID, teamID(t, teamPath))
		bob.Form(teamPath+"/invitations/"+itoa(pending[0].ID)+"/revoke", url.Values{})
		if _, resp := ada.Get(u.Path); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("withdrawn invitation opens: %d", resp.StatusCode)
		}
		// Only the owner deletes the team.
		if _, resp := cyb.Form(teamPath+"/delete", url.Values{}); resp.StatusCode != http.StatusForbidden {
			t.Fatalf("member deletes: %d", resp.StatusCode)
		}
		if _, resp := bob.Form(teamPath+"/delete", url.Values{}); resp.Request.URL.Path != "/teams" {
			t.Fatalf("owner deletes: %d", resp.StatusCode)
		}
		if teams, _ := a.St.TeamsForSteward(t.Context(), a.Bob.ID); len(teams) != 0 {
			t.Fatalf("teams after delete: %+v", teams)
		}
	})
}

func teamID(t *testing.T, path string) int64 {
	t.Helper()
	var id int64
	for _, r := range strings.TrimPrefix(path, "/teams/") {
		id = id*10 + int64(r-'0')
	}
	return id
}

// An invitation by username shows on the invitee's Teams page, with Join
// and Decline, and nowhere else: the owner need not pass the link on. An
// invitation by an email address of the steward's shows there too. Join
// makes them a member once; Decline closes it for the owner as well; the
// buttons of another steward's invitation are not found.
func TestInvitationByUsernameShowsOnTheInviteesTeamsPage(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada, bob := a.SignIn("ada"), a.SignIn("bob")
		cy, _ := a.Steward("cy")
		if _, err := a.St.DB().NewRaw("UPDATE stewards SET email = 'cy@example.org' WHERE id = ?", cy.ID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		cyb := a.SignIn("cy")
		_, resp := ada.Form("/teams", url.Values{"name": {"Night shift"}})
		team := resp.Request.URL.Path
		doc, _ := ada.Form(team+"/invitations", url.Values{"who": {"bob"}, "role": {"member"}})
		if msg := doc.Find("#invite-created-title").Parent().Text(); !strings.Contains(msg, "finds the invitation on their Teams page") {
			t.Errorf("the owner is not told bob will find it: %q", msg)
		}
		ada.Form(team+"/invitations", url.Values{"who": {"CY@example.org"}, "role": {"viewer"}})

		invitations := func(b *webtest.Browser) (ids []string, text string) {
			doc, _ := b.Get("/teams")
			doc.Find(`form[action^="/teams/invitations/"][action$="/accept"]`).Each(func(_ int, s *goquery.Selection) {
				ids = append(ids, s.AttrOr("action", ""))
			})
			return ids, strings.Join(strings.Fields(doc.Find(".invitation-list").Text()), " ")
		}
		bobs, text := invitations(bob)
		if len(bobs) != 1 || !strings.Contains(text, "ada invites you to Night shift as Member") {
			t.Fatalf("bob's Teams page: %v %q", bobs, text)
		}
		cys, text := invitations(cyb)
		if len(cys) != 1 || !strings.Contains(text, "Night shift as Viewer") {
			t.Fatalf("cy's Teams page (invited by email): %v %q", cys, text)
		}
		if none, _ := invitations(ada); len(none) != 0 {
			t.Errorf("the owner's Teams page offers her own invitations: %v", none)
		}
		// Bob cannot answer cy's invitation, nor cy bob's.
		decline := strings.TrimSuffix(cys[0], "/accept") + "/decline"
		for _, p := range []string{cys[0], decline} {
			if _, resp := bob.Form(p, url.Values{}); resp.StatusCode != http.StatusNotFound {
				t.Errorf("bob posts %s: %d, want 404", p, resp.StatusCode)
			}
		}
		doc, resp = bob.Form(bobs[0], url.Values{})
		if resp.Request.URL.Path != team || !strings.Contains(doc.Find(".table-members").Text(), "bob") {
			t.Fatalf("join ended at %s", resp.Request.URL)
		}
		if _, resp := bob.Form(bobs[0], url.Values{}); resp.StatusCode != http.StatusNotFound {
			t.Errorf("joining twice = %d", resp.StatusCode)
		}
		if left, _ := invitations(bob); len(left) != 0 {
			t.Errorf("bob still offered %v", left)
		}
		doc, resp = cyb.Form(decline, url.Values{})
		if resp.Request.URL.Path != "/teams" || !strings.Contains(doc.Find(".flash").Text(), "declined") {
			t.Fatalf("decline ended at %s: %q", resp.Request.URL, doc.Find(".flash").Text())
		}
		if left, _ := invitations(cyb); len(left) != 0 {
			t.Errorf("cy still offered %v", left)
		}
		if _, resp := cyb.Get(team); resp.StatusCode != http.StatusNotFound {
			t.Errorf("cy declined but sees the team: %d", resp.StatusCode)
		}
		doc, _ = ada.Get(team)
		if n := doc.Find(".invitation").Length(); n != 0 {
			t.Errorf("the owner still sees %d pending invitations", n)
		}
	})
}
