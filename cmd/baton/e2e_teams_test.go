package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserInvitationByUsernameJoins is the invitation flow in a real
// browser: the owner makes a team and invites a steward by username (a
// refused team name and a refused invitee come back as the form with what
// went wrong, each answered 400); the invitee, signed in, finds the
// invitation on their own Teams page without any link and joins the team
// from there.
func TestBrowserInvitationByUsernameJoins(t *testing.T) {
	ctx := newBrowser(t)
	base, env := startBaton(t, nil)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("e2e-password-123"), 0o600)
	for _, who := range []string{"ada", "bob"} {
		if err := run(context.Background(), []string{"steward", "add", who, "--password-file", pw}, env, nil, io.Discard, os.Stderr); err != nil {
			t.Fatal(err)
		}
	}
	// status is the HTTP status the page the browser shows came with.
	status := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType("navigation")[0].responseStatus`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	text := func(sel string) string {
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return s
	}

	replaySignIn(t, ctx, base, "ada", "e2e-password-123")
	// A name of spaces passes the browser's required check; the server refuses it.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/teams"),
		chromedp.WaitVisible(chromedp.CSS(`#team-name`)),
		chromedp.SendKeys(chromedp.CSS(`#team-name`), "   "),
		chromedp.Submit(chromedp.CSS(`#team-name`)),
		chromedp.WaitVisible(chromedp.CSS(`.flash-error`)),
	); err != nil {
		t.Fatal(err)
	}
	if got, msg := status(), text(`.flash-error`); got != 400 || !strings.Contains(msg, "a team needs a name") {
		t.Errorf("a blank team name answered %d saying %q, want 400", got, msg)
	}
	if err := chromedp.Do(ctx,
		clearField(`#team-name`),
		chromedp.SendKeys(chromedp.CSS(`#team-name`), "Relay crew"),
		chromedp.Submit(chromedp.CSS(`#team-name`)),
		chromedp.WaitVisible(chromedp.CSS(`#invite-who`)),
	); err != nil {
		t.Fatal(err)
	}
	teamURL, _ := chromedp.Run(ctx, chromedp.Location())

	// A username nobody has: the invitation form again, saying so, 400.
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#invite-who`), "bobby"),
		chromedp.Submit(chromedp.CSS(`#invite-who`)),
		chromedp.WaitVisible(chromedp.CSS(`.flash-error`)),
	); err != nil {
		t.Fatal(err)
	}
	if got, msg := status(), text(`.flash-error`); got != 400 || !strings.Contains(msg, `no steward is called "bobby"`) {
		t.Errorf("an unknown invitee answered %d saying %q, want 400", got, msg)
	}
	if v, _ := chromedp.Run(ctx, chromedp.Value(chromedp.CSS(`#invite-who`))); v != "bobby" {
		t.Errorf("the refused form kept %q, want what was typed", v)
	}
	// By username: the owner is told bob will find it on his Teams page.
	if err := chromedp.Do(ctx,
		clearField(`#invite-who`),
		chromedp.SendKeys(chromedp.CSS(`#invite-who`), "bob"),
		chromedp.SetValue(chromedp.CSS(`#invite-role`), "member"),
		chromedp.Submit(chromedp.CSS(`#invite-who`)),
		chromedp.WaitVisible(chromedp.CSS(`#invite-created-title`)),
	); err != nil {
		t.Fatal(err)
	}
	if created := text(`#invite-created-title + *`); !strings.Contains(created, "bob finds the invitation on their Teams page") {
		t.Errorf("after inviting bob the page says %q", created)
	}

	// Bob signs in: the invitation waits on his Teams page; he joins.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`.app-user form button`)),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
	); err != nil {
		t.Fatal(err)
	}
	replaySignIn(t, ctx, base, "bob", "e2e-password-123")
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/teams"),
		chromedp.WaitVisible(chromedp.CSS(`#invited-title`)),
	); err != nil {
		t.Fatal(err)
	}
	invited := text(`.invitation-list li.invitation`)
	if !strings.Contains(invited, "Relay crew") || !strings.Contains(invited, "ada") {
		t.Fatalf("bob's invitation reads %q", invited)
	}
	screenshot(t, ctx, "teams-invited.png")
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`button[aria-label="Join Relay crew"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.table-members`)),
	); err != nil {
		t.Fatal(err)
	}
	at, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.HasPrefix(at, strings.SplitN(teamURL, "#", 2)[0]) {
		t.Errorf("joining ended at %s, want the team's page %s", at, teamURL)
	}
	members := text(`.table-members`)
	if !strings.Contains(members, "bob") || !strings.Contains(members, "ada") || !strings.Contains(members, "Member") {
		t.Errorf("members after joining = %q", members)
	}
	// The invitation is answered: the Teams page lists the team, no invitation.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/teams"),
		chromedp.WaitVisible(chromedp.CSS(`.table-teams`)),
	); err != nil {
		t.Fatal(err)
	}
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#invited-title").length`))
	if teams := text(`.table-teams`); n != 0 || !strings.Contains(teams, "Relay crew") {
		t.Errorf("after joining: %d invitation sections, teams %q", n, teams)
	}
}
