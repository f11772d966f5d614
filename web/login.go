package web

import (
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// page fills what every page needs.
func (s *Server) page(c echo.Context, title, nav string) views.Page {
	return views.Page{Title: title, Steward: baton.StewardFromContext(ctx(c)), CSRF: browserOf(c).CSRF, Nav: nav}
}

// localPath keeps a redirect target on this site.
func localPath(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		return "/sessions"
	}
	return next
}

func (s *Server) loginPage(c echo.Context) error {
	if stewardID(c) != 0 {
		return c.Redirect(http.StatusSeeOther, localPath(c.QueryParam("next")))
	}
	return renderHTML(c, http.StatusOK, views.Login(views.LoginPage{
		Page: s.page(c, "Sign in", ""), Next: c.QueryParam("next"), DemoHint: s.cfg.DemoHint,
		Providers: s.providerLinks(c.QueryParam("next")),
	}))
}

func (s *Server) login(c echo.Context) error {
	username, password := strings.TrimSpace(c.FormValue("username")), c.FormValue("password")
	next := localPath(c.FormValue("next"))
	if err := s.limitSignIn(c, username); err != nil {
		return err
	}
	st, err := s.store.StewardByUsername(ctx(c), username)
	if err != nil && baton.ErrorCode(err) != baton.ENOTFOUND {
		return err
	}
	hash := ""
	if err == nil {
		hash = st.PasswordHash
		if until, err := s.store.SignInLockedUntil(ctx(c), st.ID); err != nil {
			return err
		} else if !until.IsZero() {
			return s.lockedOut(c, username, until)
		}
	}
	if !auth.CheckPassword(hash, password) {
		if st != nil && st.ID != 0 {
			if until, err := s.store.RecordSignInFailure(ctx(c), st.ID); err != nil {
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
	if err := s.store.ClearSignInFailures(ctx(c), st.ID); err != nil {
		return err
	}
	return s.signInAs(c, st, next)
}

func (s *Server) logout(c echo.Context) error {
	if sid := browserOf(c).SessionID; sid != "" {
		if err := s.store.DeleteLoginSession(ctx(c), auth.HashToken(sid)); err != nil {
			return err
		}
	}
	s.cookies.Clear(c.Response())
	return c.Redirect(http.StatusSeeOther, "/login")
}
