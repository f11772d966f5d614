package web

import (
	"errors"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// initIdentity sets up what sign-in, sharing and the rate limits need.
func (s *Server) initIdentity() {
	s.oauth = s.cfg.OAuth
	if s.oauth == nil {
		s.oauth, _ = auth.NewOAuth("", nil, nil)
	}
	s.limits = newLimiters(s.cfg.Limits)
	// Rate limits key on the client's address; a header a client sets
	// itself would let it pick a new address per request.
	if s.cfg.TrustProxy {
		s.echo.IPExtractor = echo.ExtractIPFromXFFHeader()
	} else {
		s.echo.IPExtractor = echo.ExtractIPDirect()
	}
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

// baseURL is where links to this Baton start: the configured public
// address, or the one the request came to.
func (s *Server) baseURL(c echo.Context) string {
	if s.cfg.BaseURL != "" {
		return strings.TrimRight(s.cfg.BaseURL, "/")
	}
	return c.Scheme() + "://" + c.Request().Host
}

// signInAs starts a new login session for the steward: a new session id
// and CSRF token (nothing from before sign-in carries over), the id's hash
// in the database so signing out ends it for this cookie.
func (s *Server) signInAs(c echo.Context, st *baton.Steward, next string) error {
	b := auth.SignedIn()
	if err := s.store.CreateLoginSession(ctx(c), auth.HashToken(b.SessionID), st.ID, auth.SessionTTL); err != nil {
		return err
	}
	if err := s.cookies.Write(c.Response(), c.Request(), b); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, localPath(next))
}

// oauthStart sends the browser to a provider to sign in. It is a GET link,
// not a form: the page's CSP (form-action 'self') would stop a form's
// redirect to another site. The state in the flow cookie is what protects
// the callback.
func (s *Server) oauthStart(c echo.Context) error {
	if stewardID(c) != 0 {
		return c.Redirect(http.StatusSeeOther, localPath(c.QueryParam("next")))
	}
	return s.beginFlow(c, 0, c.QueryParam("next"))
}

// identityLinkStart sends a signed-in steward to a provider to link it.
func (s *Server) identityLinkStart(c echo.Context) error {
	return s.beginFlow(c, stewardID(c), "/settings")
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

// errFlowPage is what a callback without its own attempt gets.
var errFlowPage = baton.Errorf(baton.EINVALID, "This sign-in did not start in this browser, or took too long. Start again from the sign-in page.")

// oauthCallback is where the provider sends the browser back: check the
// state against this browser's attempt, learn who signed in, then sign in
// (or create the account) or link the identity.
func (s *Server) oauthCallback(c echo.Context) error {
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
	st, err := s.store.StewardByIdentity(ctx(c), user.Provider, user.Subject)
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
	inUse, err := s.store.EmailInUse(ctx(c), user.Email)
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
	if err := s.store.CreateStewardWithIdentity(ctx(c), st, id); err != nil {
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
	err := s.store.LinkIdentity(ctx(c), f.Link, &baton.Identity{Provider: user.Provider, Subject: user.Subject, Email: user.Email})
	if baton.ErrorCode(err) == baton.ECONFLICT {
		return s.renderSettingsNote(c, http.StatusConflict, settingsNotes{Identity: "Could not link " + info.Label + ": " + baton.ErrorMessage(err) + "."})
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings?done=linked")
}

// identityUnlink removes a linked account, never the last way in.
func (s *Server) identityUnlink(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("identity"), 10, 64)
	if err != nil {
		return baton.NotFound("linked account")
	}
	err = s.store.UnlinkIdentity(ctx(c), stewardID(c), id)
	if baton.ErrorCode(err) == baton.ECONFLICT {
		return s.renderSettingsNote(c, http.StatusConflict, settingsNotes{Identity: "Not unlinked: " + baton.ErrorMessage(err) + "."})
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings?done=unlinked")
}

// renderLogin shows the sign-in page with a message.
func (s *Server) renderLogin(c echo.Context, status int, next, msg string) error {
	return renderHTML(c, status, views.Login(views.LoginPage{
		Page: s.page(c, "Sign in", ""), Next: next, Error: msg, DemoHint: s.cfg.DemoHint, Providers: s.providerLinks(next),
	}))
}

// settingsNotes are messages for the linked-accounts and share-links
// sections of the settings page.
type settingsNotes struct {
	Identity, Share string
}

// doneMessages are the flashes a redirect back to settings may ask for;
// the query names one, it never carries text.
var doneMessages = map[string]string{
	"linked":        "Account linked. You can now sign in with it.",
	"unlinked":      "Account unlinked.",
	"share-revoked": "Share link revoked. It no longer opens anything.",
}

func (s *Server) renderSettingsNote(c echo.Context, status int, notes settingsNotes) error {
	c.Set("settingsNotes", notes)
	return s.renderSettings(c, status, "", "")
}

// identitySettings fills the settings page's linked accounts and share links.
func (s *Server) identitySettings(c echo.Context, p *views.SettingsPage) error {
	sid := stewardID(c)
	var err error
	if p.Identities, err = s.store.IdentitiesForSteward(ctx(c), sid); err != nil {
		return err
	}
	if p.ShareLinks, err = s.store.ShareLinksForSteward(ctx(c), sid); err != nil {
		return err
	}
	if st := baton.StewardFromContext(ctx(c)); st != nil {
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
