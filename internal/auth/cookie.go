package auth

import (
	"crypto/sha256"
	"net/http"
	"time"

	"github.com/gorilla/sessions"
)

// CookieName is the browser session cookie.
const CookieName = "baton_session"

// SessionTTL is how long a sign-in lasts.
const SessionTTL = 14 * 24 * time.Hour

// Cookies reads and writes the browser session: a signed, encrypted cookie
// (gorilla/sessions) holding the CSRF token and, once signed in, a random
// login session id whose hash the database knows.
type Cookies struct {
	store *sessions.CookieStore
	flow  *sessions.CookieStore // the sign-in attempt with a provider (flowcookie.go)
	once  *sessions.CookieStore // a secret shown once after a redirect (oncecookie.go)
}

// NewCookies derives the signing and encryption keys from one secret.
// secure marks the cookie Secure (served over TLS).
func NewCookies(secret string, secure bool) *Cookies {
	hashKey := sha256.Sum256([]byte("baton cookie hash key\x00" + secret))
	blockKey := sha256.Sum256([]byte("baton cookie block key\x00" + secret))
	st := sessions.NewCookieStore(hashKey[:], blockKey[:])
	st.Options = &sessions.Options{
		Path: "/", MaxAge: int(SessionTTL.Seconds()), HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	}
	st.MaxAge(int(SessionTTL.Seconds()))
	return &Cookies{store: st, flow: newFlowStore(secret, secure), once: newOnceStore(secret, secure)}
}

// Browser is what the cookie says about one browser.
type Browser struct {
	CSRF      string
	SessionID string // "" when not signed in
	fresh     bool
}

// Read returns the browser's session; a missing, tampered or expired cookie
// yields a fresh one with a new CSRF token and no sign-in.
func (c *Cookies) Read(r *http.Request) *Browser {
	sess, err := c.store.Get(r, CookieName)
	b := &Browser{}
	if err == nil {
		b.CSRF, _ = sess.Values["csrf"].(string)
		b.SessionID, _ = sess.Values["sid"].(string)
	}
	if b.CSRF == "" {
		*b = Browser{CSRF: RandomString(32), fresh: true}
	}
	return b
}

// Fresh reports whether the browser had no valid cookie yet.
func (b *Browser) Fresh() bool { return b.fresh }

// Write stores the browser's session in its cookie.
func (c *Cookies) Write(w http.ResponseWriter, r *http.Request, b *Browser) error {
	sess := sessions.NewSession(c.store, CookieName)
	sess.Options = c.store.Options
	sess.IsNew = true
	sess.Values["csrf"] = b.CSRF
	if b.SessionID != "" {
		sess.Values["sid"] = b.SessionID
	}
	return c.store.Save(r, w, sess)
}

// SignedIn rotates the browser to a new CSRF token and a new login session
// id at sign-in, so nothing from before sign-in carries over.
func SignedIn() *Browser {
	return &Browser{CSRF: RandomString(32), SessionID: RandomString(32)}
}

// Clear removes the cookie.
func (c *Cookies) Clear(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}
