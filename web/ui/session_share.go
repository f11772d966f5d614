package ui

import (
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// shareExpiries are the expiry choices of the share form.
var shareExpiries = map[string]time.Duration{"never": 0, "1d": 24 * time.Hour, "7d": 7 * 24 * time.Hour, "30d": 30 * 24 * time.Hour}

// SessionShare creates a read-only link to one of the steward's sessions
// and shows it once: only its hash is kept.
func (s *Server) SessionShare(c echo.Context) error {
	var expires *time.Time
	choice := c.FormValue("expires")
	if choice == "" {
		choice = "never"
	}
	d, ok := shareExpiries[choice]
	if !ok {
		err := baton.Invalid("expires", "expires must be never, 1d, 7d or 30d")
		if isHTMX(c) {
			return err
		}
		// A page post gets the session page back, its form as sent.
		return s.renderSessionPageWith(c, sessionPageInput{SessionID: c.Param("id")}, http.StatusBadRequest,
			views.ShareForms{LinkExpires: choice, LinkError: refusal(err)})
	}
	if d > 0 {
		e := time.Now().Add(d)
		expires = &e
	}
	token, hash := auth.NewShareToken()
	link, err := s.shares.CreateShareLink(requestContext(c), stewardID(c), baton.ShareSession, c.Param("id"), hash, expires)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	created := views.ShareCreated{URL: s.baseURL(c) + "/s/" + token, Link: link}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.ShareCreatedFragment(created))
	}
	return renderHTML(c, http.StatusOK, views.ShareCreatedPage(views.ShareCreatedView{
		Page: s.page(c, "Share link created", "sessions"), ShareCreated: created, SessionID: link.ObjectID,
	}))
}
