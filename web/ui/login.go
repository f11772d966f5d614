package ui

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) Login(c echo.Context) error {
	username, password := strings.TrimSpace(c.FormValue("username")), c.FormValue("password")
	next := localPath(c.FormValue("next"))
	if err := s.limitSignIn(c, username); err != nil {
		return err
	}
	st, err := s.accounts.StewardByUsername(requestContext(c), username)
	if err != nil && baton.ErrorCode(err) != baton.ENOTFOUND {
		return err
	}
	hash := ""
	if err == nil {
		hash = st.PasswordHash
		if until, err := s.accounts.SignInLockedUntil(requestContext(c), st.ID); err != nil {
			return err
		} else if !until.IsZero() {
			return s.lockedOut(c, username, until)
		}
	}
	if !auth.CheckPassword(hash, password) {
		if st != nil && st.ID != 0 {
			if until, err := s.accounts.RecordSignInFailure(requestContext(c), st.ID); err != nil {
				return err
			} else if !until.IsZero() {
				return s.lockedOut(c, username, until)
			}
		}
		return renderHTML(c, http.StatusUnauthorized, views.Login(views.LoginPage{
			Page: s.page(c, "Sign in", ""), Username: username, Next: c.FormValue("next"),
			Error: "That username and password do not match an account.", DemoHint: s.cfg.DemoHint,
			Providers: s.providerLinks(c.FormValue("next")),
		}))
	}
	if err := s.accounts.ClearSignInFailures(requestContext(c), st.ID); err != nil {
		return err
	}
	return s.signInAs(c, st, next)
}

// lockedOut answers a sign-in to a locked account: 429 with Retry-After,
// and the sign-in page saying until when.
func (s *Server) lockedOut(c echo.Context, username string, until time.Time) error {
	wait := max(time.Until(until), time.Second)
	c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	return renderHTML(c, http.StatusTooManyRequests, views.Login(views.LoginPage{
		Page: s.page(c, "Sign in", ""), Username: username, Next: c.FormValue("next"), DemoHint: s.cfg.DemoHint,
		Providers: s.providerLinks(c.FormValue("next")),
		Error: "Too many failed sign-ins: this account is locked until " + until.Format("15:04 MST") +
			". Try again then, or sign in with a linked provider.",
	}))
}

// signInAs starts a new login session for the steward: a new session id
// and CSRF token (nothing from before sign-in carries over), the id's hash
// in the database so signing out ends it for this cookie.
func (s *Server) signInAs(c echo.Context, st *baton.Steward, next string) error {
	if old := browserOf(c).SessionID; old != "" {
		// Signing in as someone else ends the sign-in this browser had:
		// its cookie would otherwise stay valid on the server.
		if err := s.accounts.DeleteLoginSession(requestContext(c), auth.HashToken(old)); err != nil {
			return err
		}
	}
	b := auth.SignedIn()
	if err := s.accounts.CreateLoginSession(requestContext(c), auth.HashToken(b.SessionID), st.ID, auth.SessionTTL); err != nil {
		return err
	}
	if err := s.cookies.Write(c.Response(), c.Request(), b); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, localPath(next))
}
