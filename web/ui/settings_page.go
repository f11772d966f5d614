package ui

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) SettingsPage(c echo.Context) error {
	// A token just made (token_create.go) is shown this once.
	token := s.cookies.TakeOnce(c.Response(), c.Request(), "/settings", stewardID(c))
	if token != "" {
		c.Response().Header().Set("Cache-Control", "no-store")
	}
	return s.renderSettings(c, http.StatusOK, token, "")
}

func (s *Server) renderSettings(c echo.Context, status int, newToken, errMsg string) error {
	tokens, err := s.accounts.TokensForSteward(requestContext(c), stewardID(c))
	if err != nil {
		return err
	}
	p := views.SettingsPage{Page: s.page(c, "Settings", "settings"), Tokens: tokens, NewToken: newToken, Error: errMsg}
	if err := s.identitySettings(c, &p); err != nil {
		return err
	}
	return renderHTML(c, status, views.Settings(p))
}

// settingsNotes are messages for the linked-accounts and share-links
// sections of the settings page.
type settingsNotes struct {
	Identity, Share string
}

func (s *Server) renderSettingsNote(c echo.Context, status int, notes settingsNotes) error {
	c.Set("settingsNotes", notes)
	return s.renderSettings(c, status, "", "")
}

// doneMessages are the flashes a redirect back to settings may ask for;
// the query names one, it never carries text.
var doneMessages = map[string]string{
	"linked":        "Account linked. You can now sign in with it.",
	"unlinked":      "Account unlinked.",
	"share-revoked": "Share link revoked. It no longer opens anything.",
}

// identitySettings fills the settings page's linked accounts and share links.
func (s *Server) identitySettings(c echo.Context, p *views.SettingsPage) error {
	sid := stewardID(c)
	var err error
	if p.Identities, err = s.accounts.IdentitiesForSteward(requestContext(c), sid); err != nil {
		return err
	}
	if p.ShareLinks, err = s.accounts.ShareLinksForSteward(requestContext(c), sid); err != nil {
		return err
	}
	if st := baton.StewardFromContext(requestContext(c)); st != nil {
		p.HasPassword = st.PasswordHash != ""
	}
	for _, pr := range s.oauth.Providers() {
		p.Providers = append(p.Providers, views.ProviderLink{Name: pr.Name, Label: pr.Label, URL: "/settings/identities/" + pr.Name + "/link"})
	}
	if notes, ok := c.Get("settingsNotes").(settingsNotes); ok {
		p.IdentityError, p.ShareError = notes.Identity, notes.Share
	}
	if msg := doneMessages[c.QueryParam("done")]; msg != "" && p.Flash == "" {
		p.Flash, p.FlashKind = msg, "success"
	}
	return nil
}
