package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
)

// form posts and parses the answer.
func (b *browser) form(path string, form url.Values) (*goquery.Document, *http.Response) {
	b.a.t.Helper()
	resp := b.post(path, form)
	defer resp.Body.Close()
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	return doc, resp
}

func TestTeamsCreateInviteAcceptRolesTransferLeave(t *testing.T) {
	eachApp(t, func(t *testing.T, a *app) {
		ada, bob := a.signIn("ada"), a.signIn("bob")
		cy, _ := a.steward("cy")
		doc, resp := ada.form("/teams", url.Values{"name": {"Relay team"}})
		if !strings.HasPrefix(resp.Request.URL.Path, "/teams/") || doc.Find("h1").Text() != "Relay team" {
			t.Fatalf("create ended at %s: %q", resp.Request.URL, doc.Find("h1").Text())
		}
		teamPath := resp.Request.URL.Path
		doc, _ = ada.get("/teams")
		if !strings.Contains(doc.Find("table").Text(), "Relay team") || !strings.Contains(doc.Find("table").Text(), "Owner") {
			t.Fatalf("teams list = %q", doc.Find("table").Text())
		}
		// Bob is not in the team: its page is not found for him.
		if _, resp := bob.get(teamPath); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("stranger sees the team: %d", resp.StatusCode)
		}
		doc, resp = ada.form(teamPath+"/invitations", url.Values{"who": {"nobody-here"}, "role": {"member"}})
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(doc.Find(".flash-error").Text(), "no steward is called") {
			t.Fatalf("invite unknown = %d %q", resp.StatusCode, doc.Find(".flash-error").Text())
		}
		doc, _ = ada.form(teamPath+"/invitations", url.Values{"who": {"bob"}, "role": {"viewer"}})
		link := strings.TrimSpace(doc.Find("#invite-url").Text())
		if !strings.Contains(link, "/invitations/") || doc.Find(".invitation").Length() != 1 {
			t.Fatalf("invitation link %q, %d pending", link, doc.Find(".invitation").Length())
		}
		u, _ := url.Parse(link)
		// The link is bob's: cy gets not found; signed out, it asks to sign in.
		cyb := a.signIn("cy")
		if _, resp := cyb.get(u.Path); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("cy opens bob's invitation: %d", resp.StatusCode)
		}
		if _, resp := a.anonymous().get(u.Path); resp.Request.URL.Path != "/login" {
			t.Fatalf("signed-out invitation ended at %s", resp.Request.URL)
		}
		doc, _ = bob.get(u.Path)
		if !strings.Contains(doc.Find("h1").Text(), "Join Relay team") {
			t.Fatalf("invitation page = %q", doc.Find("h1").Text())
		}
		doc, resp = bob.form(u.Path+"/accept", url.Values{})
		if resp.Request.URL.Path != teamPath || !strings.Contains(doc.Find(".table-members").Text(), "bob") {
			t.Fatalf("accept ended at %s", resp.Request.URL)
		}
		if doc.Find("#invite-who").Length() != 0 {
			t.Fatal("a viewer sees the invite form")
		}
		// The link works once.
		if _, resp := bob.form(u.Path+"/accept", url.Values{}); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("second accept = %d", resp.StatusCode)
		}
		// A viewer cannot manage members.
		_, resp = bob.form(teamPath+"/members/"+itoa(a.ada.ID)+"/remove", url.Values{})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("viewer removes the owner: %d", resp.StatusCode)
		}
		// The owner cannot leave; roles change; ownership transfers.
		if _, resp := ada.form(teamPath+"/leave", url.Values{}); resp.StatusCode != http.StatusConflict {
			t.Fatalf("owner leaves: %d", resp.StatusCode)
		}
		ada.form(teamPath+"/members/"+itoa(a.bob.ID)+"/role", url.Values{"role": {"member"}})
		doc, _ = ada.form(teamPath+"/members/"+itoa(a.bob.ID)+"/transfer", url.Values{})
		if !strings.Contains(doc.Find(".flash").Text(), "Ownership transferred") {
			t.Fatalf("transfer flash = %q", doc.Find(".flash").Text())
		}
		team, err := a.st.Team(t.Context(), a.bob.ID, teamID(t, teamPath))
		if err != nil || team.Role != baton.RoleOwner {
			t.Fatalf("bob's role = %+v, %v", team, err)
		}
		if _, resp := ada.form(teamPath+"/leave", url.Values{}); resp.Request.URL.Path != "/teams" {
			t.Fatalf("ada leaves: ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		if _, resp := ada.get(teamPath); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("ada still sees the team: %d", resp.StatusCode)
		}
		// An email invitation is accepted by whoever has that email linked.
		doc, _ = bob.form(teamPath+"/invitations", url.Values{"who": {"cy@example.org"}, "role": {"member"}})
		u, _ = url.Parse(strings.TrimSpace(doc.Find("#invite-url").Text()))
		if _, resp := cyb.get(u.Path); resp.StatusCode != http.StatusNotFound {
			t.Fatal("cy accepts without the email")
		}
		if err := a.st.LinkIdentity(t.Context(), cy.ID, &baton.Identity{Provider: auth.ProviderGitHub, Subject: "7", Email: "cy@example.org"}); err != nil {
			t.Fatal(err)
		}
		if _, resp := cyb.form(u.Path+"/accept", url.Values{}); resp.Request.URL.Path != teamPath {
			t.Fatalf("cy accepts by email: ended at %s (%d)", resp.Request.URL, resp.StatusCode)
		}
		// Withdrawn invitations stop working.
		doc, _ = bob.form(teamPath+"/invitations", url.Values{"who": {"ada"}, "role": {"member"}})
		u, _ = url.Parse(strings.TrimSpace(doc.Find("#invite-url").Text()))
		pending, _ := a.st.PendingInvitations(t.Context(), a.bob.ID, teamID(t, teamPath))
		bob.form(teamPath+"/invitations/"+itoa(pending[0].ID)+"/revoke", url.Values{})
		if _, resp := ada.get(u.Path); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("withdrawn invitation opens: %d", resp.StatusCode)
		}
		// Only the owner deletes the team.
		if _, resp := cyb.form(teamPath+"/delete", url.Values{}); resp.StatusCode != http.StatusForbidden {
			t.Fatalf("member deletes: %d", resp.StatusCode)
		}
		if _, resp := bob.form(teamPath+"/delete", url.Values{}); resp.Request.URL.Path != "/teams" {
			t.Fatalf("owner deletes: %d", resp.StatusCode)
		}
		if teams, _ := a.st.TeamsForSteward(t.Context(), a.bob.ID); len(teams) != 0 {
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
	eachApp(t, func(t *testing.T, a *app) {
		ada, bob := a.signIn("ada"), a.signIn("bob")
		cy, _ := a.steward("cy")
		if _, err := a.st.DB().NewRaw("UPDATE stewards SET email = 'cy@example.org' WHERE id = ?", cy.ID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		cyb := a.signIn("cy")
		_, resp := ada.form("/teams", url.Values{"name": {"Night shift"}})
		team := resp.Request.URL.Path
		doc, _ := ada.form(team+"/invitations", url.Values{"who": {"bob"}, "role": {"member"}})
		if msg := doc.Find("#invite-created-title").Parent().Text(); !strings.Contains(msg, "finds the invitation on their Teams page") {
			t.Errorf("the owner is not told bob will find it: %q", msg)
		}
		ada.form(team+"/invitations", url.Values{"who": {"CY@example.org"}, "role": {"viewer"}})

		invitations := func(b *browser) (ids []string, text string) {
			doc, _ := b.get("/teams")
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
			if _, resp := bob.form(p, url.Values{}); resp.StatusCode != http.StatusNotFound {
				t.Errorf("bob posts %s: %d, want 404", p, resp.StatusCode)
			}
		}
		doc, resp = bob.form(bobs[0], url.Values{})
		if resp.Request.URL.Path != team || !strings.Contains(doc.Find(".table-members").Text(), "bob") {
			t.Fatalf("join ended at %s", resp.Request.URL)
		}
		if _, resp := bob.form(bobs[0], url.Values{}); resp.StatusCode != http.StatusNotFound {
			t.Errorf("joining twice = %d", resp.StatusCode)
		}
		if left, _ := invitations(bob); len(left) != 0 {
			t.Errorf("bob still offered %v", left)
		}
		doc, resp = cyb.form(decline, url.Values{})
		if resp.Request.URL.Path != "/teams" || !strings.Contains(doc.Find(".flash").Text(), "declined") {
			t.Fatalf("decline ended at %s: %q", resp.Request.URL, doc.Find(".flash").Text())
		}
		if left, _ := invitations(cyb); len(left) != 0 {
			t.Errorf("cy still offered %v", left)
		}
		if _, resp := cyb.get(team); resp.StatusCode != http.StatusNotFound {
			t.Errorf("cy declined but sees the team: %d", resp.StatusCode)
		}
		doc, _ = ada.get(team)
		if n := doc.Find(".invitation").Length(); n != 0 {
			t.Errorf("the owner still sees %d pending invitations", n)
		}
	})
}
