package ui

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) LoginPage(c echo.Context) error {
	if stewardID(c) != 0 {
		return c.Redirect(http.StatusSeeOther, localPath(c.QueryParam("next")))
	}
	return renderHTML(c, http.StatusOK, views.Login(views.LoginPage{
		Page: s.page(c, "Sign in", ""), Next: c.QueryParam("next"), DemoHint: s.cfg.DemoHint,
		Providers: s.providerLinks(c.QueryParam("next")),
	}))
}

// renderLogin shows the sign-in page with a message.
func (s *Server) renderLogin(c echo.Context, status int, next, msg string) error {
	return renderHTML(c, status, views.Login(views.LoginPage{
		Page: s.page(c, "Sign in", ""), Next: next, Error: msg, DemoHint: s.cfg.DemoHint, Providers: s.providerLinks(next),
	}))
}

// providerLinks are the sign-in buttons, each carrying where to go next.
func (s *Server) providerLinks(next string) []views.ProviderLink {
	var out []views.ProviderLink
	for _, p := range s.oauth.Providers() {
		u := "/auth/" + p.Name
		if next != "" {
			u += "?next=" + url.QueryEscape(localPath(next))
		}
		out = append(out, views.ProviderLink{Name: p.Name, Label: p.Label, URL: u})
	}
	return out
}
