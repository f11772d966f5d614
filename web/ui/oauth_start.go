package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// OauthStart sends the browser to a provider to sign in. It is a GET link,
// not a form: the page's CSP (form-action 'self') would stop a form's
// redirect to another site. The state in the flow cookie is what protects
// the callback.
func (s *Server) OauthStart(c echo.Context) error {
	if stewardID(c) != 0 {
		return c.Redirect(http.StatusSeeOther, localPath(c.QueryParam("next")))
	}
	return s.beginFlow(c, 0, c.QueryParam("next"))
}

func (s *Server) beginFlow(c echo.Context, link int64, next string) error {
	name := c.Param("provider")
	info, ok := s.oauth.Provider(name)
	if !ok {
		return baton.NotFound("sign-in provider")
	}
	authURL, f, err := s.oauth.Begin(name)
	if err != nil {
		s.log.Warn("sign-in provider unavailable", "provider", name, "err", err)
		return &baton.Error{Code: baton.EINTERNAL, Message: "Sign-in with " + info.Label + " is not available right now. Try again later, or sign in another way."}
	}
	f.Link, f.Next = link, localPath(next)
	if err := s.cookies.WriteFlow(c.Response(), c.Request(), f); err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusSeeOther, authURL)
}
