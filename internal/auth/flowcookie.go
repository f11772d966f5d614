package auth

import (
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"time"

	"github.com/gorilla/sessions"
)

// FlowCookieName holds one sign-in attempt with a provider: its state,
// nonce, PKCE verifier and goth's provider session.
const FlowCookieName = "baton_oauth"

// FlowTTL is how long a sign-in attempt may take at the provider.
const FlowTTL = 10 * time.Minute

// flowPath limits the flow cookie to the callback URLs.
const flowPath = "/auth/"

// newFlowStore is a cookie store of its own keys (derived from the same
// secret) whose cookies expire after FlowTTL: securecookie refuses an older
// one even if the browser kept it.
func newFlowStore(secret string, secure bool) *sessions.CookieStore {
	hashKey := sha256.Sum256([]byte("baton oauth flow hash key\x00" + secret))
	blockKey := sha256.Sum256([]byte("baton oauth flow block key\x00" + secret))
	st := sessions.NewCookieStore(hashKey[:], blockKey[:])
	st.Options = &sessions.Options{
		Path: flowPath, MaxAge: int(FlowTTL.Seconds()), HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	}
	st.MaxAge(int(FlowTTL.Seconds()))
	return st
}

// WriteFlow keeps a sign-in attempt in the browser until the callback.
func (c *Cookies) WriteFlow(w http.ResponseWriter, r *http.Request, f *Flow) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	sess := sessions.NewSession(c.flow, FlowCookieName)
	sess.Options = c.flow.Options
	sess.IsNew = true
	sess.Values["flow"] = string(b)
	return c.flow.Save(r, w, sess)
}

// ReadFlow returns the browser's sign-in attempt; a missing, tampered or
// expired cookie is ErrFlow.
func (c *Cookies) ReadFlow(r *http.Request) (*Flow, error) {
	sess, err := c.flow.Get(r, FlowCookieName)
	if err != nil {
		return nil, ErrFlow
	}
	raw, _ := sess.Values["flow"].(string)
	f := new(Flow)
	if raw == "" || json.Unmarshal([]byte(raw), f) != nil {
		return nil, ErrFlow
	}
	return f, nil
}

// ClearFlow removes the sign-in attempt: a callback is used once.
func (c *Cookies) ClearFlow(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: FlowCookieName, Value: "", Path: flowPath, MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}
