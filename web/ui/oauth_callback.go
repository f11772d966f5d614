package ui

import (
	"errors"
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// errFlowPage is what a callback without its own attempt gets.
var errFlowPage = baton.Errorf(baton.EINVALID, "This sign-in did not start in this browser, or took too long. Start again from the sign-in page.")

// OauthCallback is where the provider sends the browser back: check the
// state against this browser's attempt, learn who signed in, then sign in
// (or create the account) or link the identity.
func (s *Server) OauthCallback(c echo.Context) error {
	name := c.Param("provider")
	info, ok := s.oauth.Provider(name)
	if !ok {
		return baton.NotFound("sign-in provider")
	}
	f, err := s.cookies.ReadFlow(c.Request())
	s.cookies.ClearFlow(c.Response()) // one callback per attempt
	if err != nil {
		return errFlowPage
	}
	user, err := s.oauth.Complete(name, f, c.QueryParams())
	if errors.Is(err, auth.ErrFlow) {
		return errFlowPage
	}
	msg := ""
	if err != nil {
		if baton.ErrorCode(err) == baton.EINTERNAL {
			// The cause (the provider's answer) goes to the log, not the page.
			s.log.Warn("sign-in with provider failed", "provider", name, "err", err)
			msg = info.Label + " did not confirm who you are. Try again, or sign in another way."
		} else {
			msg = baton.ErrorMessage(err) + "."
		}
	}
	if f.Link != 0 {
		return s.linkIdentity(c, f, info, user, msg)
	}
	if msg != "" {
		return s.renderLogin(c, http.StatusUnauthorized, f.Next, msg)
	}
	st, err := s.accounts.StewardByIdentity(requestContext(c), user.Provider, user.Subject)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		st, err = s.firstSignIn(c, info, user, f.Next)
		if st == nil && err == nil {
			return nil // refused; the page is written
		}
	}
	if err != nil {
		return err
	}
	return s.signInAs(c, st, f.Next)
}

// firstSignIn creates the account for someone signing in through a
// provider for the first time. An email another account already uses is
// refused, never merged: whoever controls a provider account with that
// address is not thereby the owner of the Baton account.
func (s *Server) firstSignIn(c echo.Context, info auth.ProviderInfo, user *auth.ExternalUser, next string) (*baton.Steward, error) {
	inUse, err := s.accounts.EmailInUse(requestContext(c), user.Email)
	if err != nil {
		return nil, err
	}
	if inUse {
		return nil, s.renderLogin(c, http.StatusConflict, next,
			"An account with the email "+user.Email+" already exists. Sign in the way you did before (your password or another provider), "+
				"then link "+info.Label+" in Settings → Linked accounts. Baton never joins accounts by email on its own.")
	}
	st := &baton.Steward{Username: auth.UsernameFor(user), DisplayName: user.Name, Email: user.Email}
	id := &baton.Identity{Provider: user.Provider, Subject: user.Subject, Email: user.Email}
	if err := s.accounts.CreateStewardWithIdentity(requestContext(c), st, id); err != nil {
		return nil, err
	}
	s.log.Info("steward created at first sign-in", "provider", user.Provider, "steward", st.ID)
	return st, nil
}

// linkIdentity adds the provider's account to the signed-in steward who
// started the attempt.
func (s *Server) linkIdentity(c echo.Context, f *auth.Flow, info auth.ProviderInfo, user *auth.ExternalUser, msg string) error {
	if stewardID(c) == 0 || stewardID(c) != f.Link {
		return baton.Errorf(baton.EINVALID, "You are no longer signed in as the account that started linking. Sign in and try again.")
	}
	if msg != "" {
		return s.renderSettingsNote(c, http.StatusUnauthorized, settingsNotes{Identity: msg})
	}
	err := s.accounts.LinkIdentity(requestContext(c), f.Link, &baton.Identity{Provider: user.Provider, Subject: user.Subject, Email: user.Email})
	if baton.ErrorCode(err) == baton.ECONFLICT {
		return s.renderSettingsNote(c, http.StatusConflict, settingsNotes{Identity: "Could not link " + info.Label + ": " + baton.ErrorMessage(err) + "."})
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings?done=linked")
}
