package auth

import (
	"crypto/sha256"
	"net/http"
	"strconv"
	"time"

	"github.com/gorilla/sessions"
)

// OnceCookieName carries a secret that is shown once (a new personal access
// token, an invitation link) across the redirect after the POST that made
// it: the POST answers 303, the GET shows the secret and clears the cookie,
// so a reload neither re-submits the form nor shows the secret again.
const OnceCookieName = "baton_once"

// OnceTTL is how long the redirect may take.
const OnceTTL = 2 * time.Minute

// newOnceStore is a cookie store of its own keys; its cookies expire after
// OnceTTL (securecookie refuses an older one even if the browser kept it).
func newOnceStore(secret string, secure bool) *sessions.CookieStore {
	hashKey := sha256.Sum256([]byte("baton once hash key\x00" + secret))
	blockKey := sha256.Sum256([]byte("baton once block key\x00" + secret))
	st := sessions.NewCookieStore(hashKey[:], blockKey[:])
	st.Options = &sessions.Options{MaxAge: int(OnceTTL.Seconds()), HttpOnly: true, Secure: secure, SameSite: http.SameSiteStrictMode}
	st.MaxAge(int(OnceTTL.Seconds()))
	return st
}

// WriteOnce keeps value for the next GET of path by the same steward.
func (c *Cookies) WriteOnce(w http.ResponseWriter, r *http.Request, path string, stewardID int64, value string) error {
	sess := sessions.NewSession(c.once, OnceCookieName)
	opts := *c.once.Options
	opts.Path = path
	sess.Options = &opts
	sess.IsNew = true
	sess.Values["steward"] = strconv.FormatInt(stewardID, 10)
	sess.Values["value"] = value
	return c.once.Save(r, w, sess)
}

// TakeOnce returns the value WriteOnce kept for this steward at path and
// clears it; "" when there is none (or it is stale, tampered or another's).
func (c *Cookies) TakeOnce(w http.ResponseWriter, r *http.Request, path string, stewardID int64) string {
	if _, err := r.Cookie(OnceCookieName); err != nil {
		return ""
	}
	http.SetCookie(w, &http.Cookie{Name: OnceCookieName, Value: "", Path: path, MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	sess, err := c.once.Get(r, OnceCookieName)
	if err != nil {
		return ""
	}
	if owner, _ := sess.Values["steward"].(string); owner != strconv.FormatInt(stewardID, 10) {
		return ""
	}
	v, _ := sess.Values["value"].(string)
	return v
}
