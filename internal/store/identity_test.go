package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

func TestFirstSignInGetsAFreeUsernameAndIdentity(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		mustSteward(t, s, "ada")
		mustSteward(t, s, "ada-2")
		st := &baton.Steward{Username: "ada", Email: "ada@example.org"}
		id := &baton.Identity{Provider: "oidc", Subject: "s-1", Email: "ada@example.org"}
		if err := s.CreateStewardWithIdentity(ctx, st, id); err != nil {
			t.Fatal(err)
		}
		if st.Username != "ada-3" || id.StewardID != st.ID {
			t.Fatalf("username %q, identity steward %d (want ada-3, %d)", st.Username, id.StewardID, st.ID)
		}
		got, err := s.StewardByIdentity(ctx, "oidc", "s-1")
		if err != nil || got.ID != st.ID {
			t.Fatalf("by identity = %+v, %v", got, err)
		}
		for _, email := range []string{"ADA@example.org", "ada@example.org"} {
			if used, _ := s.EmailInUse(ctx, email); !used {
				t.Errorf("%s not in use", email)
			}
		}
		if used, _ := s.EmailInUse(ctx, "bob@example.org"); used {
			t.Error("unused email in use")
		}
		// The same identity again is a conflict, not a second account.
		err = s.CreateStewardWithIdentity(ctx, &baton.Steward{Username: "x"}, &baton.Identity{Provider: "oidc", Subject: "s-1"})
		if baton.ErrorCode(err) != baton.ECONFLICT {
			t.Fatalf("second account for one identity: %v", err)
		}
	})
}

func TestUnlinkNeverRemovesTheLastWayIn(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		st := &baton.Steward{Username: "oauth-only"}
		if err := s.CreateStewardWithIdentity(ctx, st, &baton.Identity{Provider: "github", Subject: "1"}); err != nil {
			t.Fatal(err)
		}
		ids, _ := s.IdentitiesForSteward(ctx, st.ID)
		if err := s.UnlinkIdentity(ctx, st.ID, ids[0].ID); baton.ErrorCode(err) != baton.ECONFLICT {
			t.Fatalf("unlink the only way in: %v", err)
		}
		if err := s.LinkIdentity(ctx, st.ID, &baton.Identity{Provider: "gitlab", Subject: "9"}); err != nil {
			t.Fatal(err)
		}
		other := mustSteward(t, s, "other")
		if err := s.LinkIdentity(ctx, other.ID, &baton.Identity{Provider: "gitlab", Subject: "9"}); baton.ErrorCode(err) != baton.ECONFLICT {
			t.Fatalf("link someone else's identity: %v", err)
		}
		if err := s.UnlinkIdentity(ctx, other.ID, ids[0].ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("unlink someone else's identity: %v", err)
		}
		if err := s.UnlinkIdentity(ctx, st.ID, ids[0].ID); err != nil {
			t.Fatalf("unlink one of two: %v", err)
		}
		left, _ := s.IdentitiesForSteward(ctx, st.ID)
		if len(left) != 1 || left[0].Provider != "gitlab" {
			t.Fatalf("left = %+v", left)
		}
		if err := s.UnlinkIdentity(ctx, st.ID, left[0].ID); baton.ErrorCode(err) != baton.ECONFLICT {
			t.Fatalf("unlink the last: %v", err)
		}
		// With a password, the last identity may go.
		withPassword := &baton.Steward{Username: "with-password", PasswordHash: "hash"}
		if err := s.CreateSteward(ctx, withPassword); err != nil {
			t.Fatal(err)
		}
		if err := s.LinkIdentity(ctx, withPassword.ID, &baton.Identity{Provider: "github", Subject: "77"}); err != nil {
			t.Fatal(err)
		}
		only, _ := s.IdentitiesForSteward(ctx, withPassword.ID)
		if err := s.UnlinkIdentity(ctx, withPassword.ID, only[0].ID); err != nil {
			t.Fatalf("unlink with a password: %v", err)
		}
	})
}

func TestTeamsKeepExactlyOneOwner(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob, cy := mustSteward(t, s, "ada"), mustSteward(t, s, "bob"), mustSteward(t, s, "cy")
		team, err := s.CreateTeam(ctx, ada.ID, "  Relay  ")
		if err != nil || team.Name != "Relay" {
			t.Fatalf("create = %+v, %v", team, err)
		}
		if _, err := s.Team(ctx, bob.ID, team.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("stranger reads team: %v", err)
		}
		if _, err := s.CreateInvitation(ctx, bob.ID, team.ID, store.InviteRequest{Who: "cy"}, "h0"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("stranger invites: %v", err)
		}
		inv, err := s.CreateInvitation(ctx, ada.ID, team.ID, store.InviteRequest{Who: "bob", Role: baton.RoleViewer}, "h1")
		if err != nil {
			t.Fatal(err)
		}
		// The invitation is bob's: cy cannot see or accept it.
		if _, err := s.InvitationForSteward(ctx, cy.ID, "h1"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("cy sees bob's invitation: %v", err)
		}
		if _, err := s.AcceptInvitation(ctx, cy.ID, "h1"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("cy accepts bob's invitation: %v", err)
		}
		if got, err := s.AcceptInvitation(ctx, bob.ID, "h1"); err != nil || got.Role != baton.RoleViewer {
			t.Fatalf("bob accepts = %+v, %v", got, err)
		}
		if _, err := s.AcceptInvitation(ctx, bob.ID, "h1"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("an invitation works twice: %v", err)
		}
		_ = inv
		// By email: cy has no such email, so cannot accept until they do.
		if _, err := s.CreateInvitation(ctx, ada.ID, team.ID, store.InviteRequest{Who: "Cy@Example.org"}, "h2"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AcceptInvitation(ctx, cy.ID, "h2"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("cy accepts an email invitation without the email: %v", err)
		}
		if err := s.LinkIdentity(ctx, cy.ID, &baton.Identity{Provider: "oidc", Subject: "cy", Email: "cy@example.org"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AcceptInvitation(ctx, cy.ID, "h2"); err != nil {
			t.Fatalf("cy accepts with a linked email: %v", err)
		}
		// Members cannot manage; the owner cannot leave or be removed.
		if err := s.RemoveMember(ctx, bob.ID, team.ID, cy.ID); baton.ErrorCode(err) != baton.EFORBIDDEN {
			t.Fatalf("viewer removes: %v", err)
		}
		if err := s.LeaveTeam(ctx, ada.ID, team.ID); baton.ErrorCode(err) != baton.ECONFLICT {
			t.Fatalf("owner leaves: %v", err)
		}
		if err := s.RemoveMember(ctx, ada.ID, team.ID, ada.ID); baton.ErrorCode(err) != baton.ECONFLICT {
			t.Fatalf("owner removes self: %v", err)
		}
		if err := s.SetMemberRole(ctx, ada.ID, team.ID, bob.ID, baton.RoleOwner); baton.ErrorCode(err) != baton.EINVALID {
			t.Fatalf("role change to owner: %v", err)
		}
		if err := s.TransferOwnership(ctx, ada.ID, team.ID, bob.ID); err != nil {
			t.Fatal(err)
		}
		members, _ := s.TeamMembers(ctx, cy.ID, team.ID)
		owners := 0
		for _, m := range members {
			if m.Role == baton.RoleOwner {
				owners++
				if m.StewardID != bob.ID {
					t.Fatalf("owner is %s", m.Username)
				}
			}
		}
		if owners != 1 || len(members) != 3 {
			t.Fatalf("%d owners among %d members", owners, len(members))
		}
		if err := s.TransferOwnership(ctx, ada.ID, team.ID, cy.ID); baton.ErrorCode(err) != baton.EFORBIDDEN {
			t.Fatalf("former owner transfers: %v", err)
		}
		if err := s.LeaveTeam(ctx, ada.ID, team.ID); err != nil {
			t.Fatalf("ada leaves: %v", err)
		}
		if err := s.RemoveMember(ctx, bob.ID, team.ID, cy.ID); err != nil {
			t.Fatal(err)
		}
		teams, _ := s.TeamsForSteward(ctx, bob.ID)
		if len(teams) != 1 || teams[0].Members != 1 || teams[0].Role != baton.RoleOwner {
			t.Fatalf("bob's teams = %+v", teams)
		}
	})
}

func TestShareLinksOpenOnlyWhileLive(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada, bob := mustSteward(t, s, "ada"), mustSteward(t, s, "bob")
		sess := mustSession(t, s, ada.ID, &baton.Session{Title: "Shared"})
		if _, err := s.CreateShareLink(ctx, bob.ID, baton.ShareSession, sess.ID, "hb", nil); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("bob shares ada's session: %v", err)
		}
		soon := time.Now().Add(time.Hour)
		link, err := s.CreateShareLink(ctx, ada.ID, baton.ShareSession, sess.ID, "ha", &soon)
		if err != nil || link.Label != "Shared" {
			t.Fatalf("create = %+v, %v", link, err)
		}
		if got, err := s.ShareLinkByToken(ctx, "ha"); err != nil || got.ObjectID != sess.ID {
			t.Fatalf("by token = %+v, %v", got, err)
		}
		s.SetClock(func() time.Time { return time.Now().Add(2 * time.Hour) })
		if _, err := s.ShareLinkByToken(ctx, "ha"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("expired link opens: %v", err)
		}
		s.SetClock(time.Now)
		if err := s.RevokeShareLink(ctx, bob.ID, link.ID); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("bob revokes ada's link: %v", err)
		}
		if err := s.RevokeShareLink(ctx, ada.ID, link.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ShareLinkByToken(ctx, "ha"); baton.ErrorCode(err) != baton.ENOTFOUND {
			t.Fatalf("revoked link opens: %v", err)
		}
	})
}

func TestLockoutAfterTenFailuresForFifteenMinutes(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ada := mustSteward(t, s, "ada")
		now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return now })
		for i := 1; i < store.LockoutFailures; i++ {
			if until, err := s.RecordSignInFailure(ctx, ada.ID); err != nil || !until.IsZero() {
				t.Fatalf("failure %d locks: %v %v", i, until, err)
			}
			now = now.Add(time.Minute)
		}
		until, err := s.RecordSignInFailure(ctx, ada.ID)
		if err != nil || !until.Equal(now.Add(store.LockoutDuration)) {
			t.Fatalf("tenth failure: %v %v", until, err)
		}
		if got, _ := s.SignInLockedUntil(ctx, ada.ID); !got.Equal(until) {
			t.Fatalf("locked until %v", got)
		}
		now = now.Add(store.LockoutDuration + time.Second)
		if got, _ := s.SignInLockedUntil(ctx, ada.ID); !got.IsZero() {
			t.Fatalf("still locked after the lockout: %v", got)
		}
		// A new window starts; failures spread over more than the window never lock.
		for i := 0; i < 2*store.LockoutFailures; i++ {
			if until, _ := s.RecordSignInFailure(ctx, ada.ID); !until.IsZero() {
				t.Fatalf("slow failures locked at %d", i)
			}
			now = now.Add(2 * time.Minute)
		}
		if err := s.ClearSignInFailures(ctx, ada.ID); err != nil {
			t.Fatal(err)
		}
	})
}
