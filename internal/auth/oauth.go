package auth

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/markbates/goth"
	"github.com/markbates/goth/providers/github"
	"github.com/markbates/goth/providers/gitlab"
	"github.com/markbates/goth/providers/google"
	"github.com/markbates/goth/providers/openidConnect"
)

// Provider kinds Baton signs in with. Each is also the provider's name in
// URLs (/auth/github) and in the identities table.
const (
	ProviderGitHub = "github"
	ProviderGoogle = "google"
	ProviderGitLab = "gitlab"
	ProviderOIDC   = "oidc"
)

// ProviderConfig turns one sign-in provider on.
type ProviderConfig struct {
	Kind         string // github, google, gitlab or oidc
	Label        string // shown on the sign-in button; a default per kind
	ClientID     string
	ClientSecret string
	// URL is the issuer of an OpenID Connect provider (its discovery
	// document is URL/.well-known/openid-configuration), or the address of
	// a self-hosted GitLab (default https://gitlab.com).
	URL string
}

// ProviderInfo is what pages show of a provider.
type ProviderInfo struct {
	Name  string // the kind, used in URLs
	Label string
}

// ExternalUser is who a provider says signed in.
type ExternalUser struct {
	Provider string
	Subject  string // the provider's stable id for the account
	Email    string // lower case; "" when the provider gave none
	Name     string
	NickName string
}

// OAuth runs sign-ins through outside providers with goth, without goth's
// global state: each Server has its own providers, so two servers (or two
// tests) in one process never share a provider or a session store.
type OAuth struct {
	client    *http.Client
	providers []*provider
}

type provider struct {
	ProviderInfo
	cfg      ProviderConfig
	callback string
	client   *http.Client

	mu   sync.Mutex
	goth goth.Provider // built on first use: OIDC discovery may fail at start
	oidc *oidcIssuer
}

// NewOAuth checks the providers' configuration. baseURL is Baton's public
// address; each provider calls back to baseURL/auth/{name}/callback.
// client makes the calls to the providers (nil: a client with a timeout).
func NewOAuth(baseURL string, cfgs []ProviderConfig, client *http.Client) (*OAuth, error) {
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	o := &OAuth{client: client}
	if len(cfgs) == 0 {
		return o, nil
	}
	base, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, baton.Invalid("BATON_BASE_URL", "BATON_BASE_URL must be Baton's public address, like https://baton.example.com, when a sign-in provider is configured; got %q", baseURL)
	}
	seen := map[string]bool{}
	for _, c := range cfgs {
		labels := map[string]string{ProviderGitHub: "GitHub", ProviderGoogle: "Google", ProviderGitLab: "GitLab", ProviderOIDC: "OpenID Connect"}
		label, known := labels[c.Kind]
		if !known {
			return nil, baton.Invalid("provider", "unknown sign-in provider %q", c.Kind)
		}
		if seen[c.Kind] {
			return nil, baton.Invalid("provider", "sign-in provider %s is configured twice", c.Kind)
		}
		seen[c.Kind] = true
		if c.ClientID == "" || c.ClientSecret == "" {
			return nil, baton.Invalid("provider", "%s sign-in needs both a client id and a client secret", label)
		}
		if c.Kind == ProviderOIDC && c.URL == "" {
			return nil, baton.Invalid("BATON_OIDC_ISSUER", "OpenID Connect sign-in needs the issuer URL")
		}
		if c.Label != "" {
			label = c.Label
		}
		o.providers = append(o.providers, &provider{
			ProviderInfo: ProviderInfo{Name: c.Kind, Label: label}, cfg: c, client: client,
			callback: base.String() + "/auth/" + c.Kind + "/callback",
		})
	}
	return o, nil
}

// Providers lists the configured providers in configuration order.
func (o *OAuth) Providers() []ProviderInfo {
	out := make([]ProviderInfo, len(o.providers))
	for i, p := range o.providers {
		out[i] = p.ProviderInfo
	}
	return out
}

// Provider returns a configured provider by name.
func (o *OAuth) Provider(name string) (ProviderInfo, bool) {
	if p := o.find(name); p != nil {
		return p.ProviderInfo, true
	}
	return ProviderInfo{}, false
}

func (o *OAuth) find(name string) *provider {
	for _, p := range o.providers {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Flow is one sign-in attempt between the redirect to the provider and its
// callback. It travels in its own signed, encrypted, short-lived cookie.
type Flow struct {
	Provider string `json:"p"`
	State    string `json:"s"`           // random per attempt; the callback must bring it back
	Nonce    string `json:"n,omitempty"` // OIDC: must come back inside the ID token
	Verifier string `json:"v,omitempty"` // OIDC: PKCE code verifier
	Session  string `json:"g"`           // goth's provider session, marshalled
	Link     int64  `json:"l,omitempty"` // linking to this signed-in steward, not signing in
	Next     string `json:"x,omitempty"` // where to go after signing in
}

// Begin starts a sign-in: it returns the provider's authorization URL to
// redirect to, and the flow to keep in the browser's cookie.
func (o *OAuth) Begin(name string) (string, *Flow, error) {
	p := o.find(name)
	if p == nil {
		return "", nil, baton.NotFound("sign-in provider")
	}
	gp, err := p.provider()
	if err != nil {
		return "", nil, err
	}
	f := &Flow{Provider: name, State: RandomString(32)}
	sess, err := gp.BeginAuth(f.State)
	if err != nil {
		return "", nil, fmt.Errorf("%s: begin sign-in: %w", name, err)
	}
	authURL, err := sess.GetAuthURL()
	if err != nil {
		return "", nil, fmt.Errorf("%s: authorization URL: %w", name, err)
	}
	if p.cfg.Kind == ProviderOIDC {
		// A nonce ties the ID token to this attempt; PKCE ties the code to it.
		f.Nonce, f.Verifier = RandomString(32), RandomString(32)
		u, err := url.Parse(authURL)
		if err != nil {
			return "", nil, err
		}
		challenge := sha256.Sum256([]byte(f.Verifier))
		q := u.Query()
		q.Set("nonce", f.Nonce)
		q.Set("code_challenge", base64.RawURLEncoding.EncodeToString(challenge[:]))
		q.Set("code_challenge_method", "S256")
		u.RawQuery = q.Encode()
		authURL = u.String()
	}
	f.Session = sess.Marshal()
	return authURL, f, nil
}

// ErrFlow is why a callback was refused before asking the provider anything.
var ErrFlow = errors.New("the sign-in attempt does not match this browser")

// Complete finishes a sign-in at the callback: it checks the state against
// the flow (in constant time), trades the code for tokens, checks the ID
// token (OIDC: signature, issuer, audience, expiry, nonce) and returns who
// signed in.
func (o *OAuth) Complete(name string, f *Flow, query url.Values) (*ExternalUser, error) {
	p := o.find(name)
	if p == nil {
		return nil, baton.NotFound("sign-in provider")
	}
	if f == nil || f.Provider != name || f.State == "" || !Equal(query.Get("state"), f.State) {
		return nil, ErrFlow
	}
	if e := query.Get("error"); e != "" {
		if e == "access_denied" {
			return nil, baton.Errorf(baton.EUNAUTHORIZED, "sign-in with %s was cancelled", p.Label)
		}
		return nil, baton.Errorf(baton.EUNAUTHORIZED, "%s refused the sign-in (%s)", p.Label, baton.Clip(e, 60))
	}
	code := query.Get("code")
	if code == "" {
		return nil, baton.Errorf(baton.EUNAUTHORIZED, "%s sent no authorization code", p.Label)
	}
	gp, err := p.provider()
	if err != nil {
		return nil, err
	}
	sess, err := gp.UnmarshalSession(f.Session)
	if err != nil {
		return nil, ErrFlow
	}
	params := url.Values{"code": {code}}
	if f.Verifier != "" {
		params.Set("code_verifier", f.Verifier)
	}
	if _, err := sess.Authorize(gp, params); err != nil {
		return nil, fmt.Errorf("%s: exchange the code: %w", name, err)
	}
	if p.cfg.Kind == ProviderOIDC {
		tokens, _ := sess.(*openidConnect.Session)
		if tokens == nil || tokens.IDToken == "" {
			return nil, fmt.Errorf("%s: the token response has no id_token", name)
		}
		if err := p.oidc.verify(p.client, tokens.IDToken); err != nil {
			return nil, fmt.Errorf("%s: id_token: %w", name, err)
		}
	}
	u, err := gp.FetchUser(sess)
	if err != nil {
		return nil, fmt.Errorf("%s: fetch the user: %w", name, err)
	}
	if p.cfg.Kind == ProviderOIDC {
		nonce, _ := u.RawData["nonce"].(string)
		if !Equal(nonce, f.Nonce) {
			return nil, fmt.Errorf("%s: id_token nonce does not match this sign-in", name)
		}
	}
	if cleanText(u.UserID, 255) == "" {
		return nil, fmt.Errorf("%s: the provider did not say who signed in", name)
	}
	email := strings.ToLower(cleanText(u.Email, 254))
	if !emailVerified(p.cfg.Kind, u.RawData) {
		// An address the provider has not verified proves nothing: it must
		// not accept an invitation sent to it, nor claim an account.
		email = ""
	}
	return &ExternalUser{
		Provider: name, Subject: cleanText(u.UserID, 255), Email: email,
		Name: cleanText(u.Name, 200), NickName: cleanText(u.NickName, 100),
	}, nil
}

// cleanText keeps what a provider says storable: valid UTF-8, no NUL
// bytes (PostgreSQL refuses both in text), trimmed, at most n bytes.
func cleanText(v string, n int) string {
	v = strings.TrimSpace(strings.ReplaceAll(strings.ToValidUTF8(v, ""), "\x00", ""))
	for len(v) > n {
		v = strings.ToValidUTF8(v[:n], "")
	}
	return v
}

// provider builds the goth provider on first use and keeps it once built.
func (p *provider) provider() (goth.Provider, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.goth != nil {
		return p.goth, nil
	}
	c := p.cfg
	switch c.Kind {
	case ProviderGitHub:
		gp := github.New(c.ClientID, c.ClientSecret, p.callback, "read:user", "user:email")
		gp.HTTPClient = p.client
		p.goth = gp
	case ProviderGoogle:
		gp := google.New(c.ClientID, c.ClientSecret, p.callback, "openid", "email", "profile")
		gp.HTTPClient = p.client
		p.goth = gp
	case ProviderGitLab:
		base := strings.TrimRight(c.URL, "/")
		if base == "" {
			base = "https://gitlab.com"
		}
		gp := gitlab.NewCustomisedURL(c.ClientID, c.ClientSecret, p.callback,
			base+"/oauth/authorize", base+"/oauth/token", base+"/api/v4/user", "read_user")
		gp.HTTPClient = p.client
		p.goth = gp
	case ProviderOIDC:
		iss, err := discover(p.client, c.URL)
		if err != nil {
			return nil, fmt.Errorf("%s: discovery: %w", c.Kind, err)
		}
		gp, err := openidConnect.NewCustomisedURL(c.ClientID, c.ClientSecret, p.callback,
			iss.AuthorizationEndpoint, iss.TokenEndpoint, iss.Issuer, iss.UserinfoEndpoint, "", "openid", "email", "profile")
		if err != nil {
			return nil, err
		}
		gp.HTTPClient = p.client
		gp.SetName(ProviderOIDC)
		p.goth, p.oidc = gp, iss
	}
	return p.goth, nil
}

// UsernameFor derives a username from what a provider says: the nickname,
// else the email's local part, else the name; letters, digits, '.', '-'
// and '_' only. The store makes it unique.
func UsernameFor(u *ExternalUser) string {
	local, _, _ := strings.Cut(u.Email, "@")
	for _, candidate := range []string{u.NickName, local, u.Name} {
		var b strings.Builder
		for _, r := range strings.ToLower(candidate) {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		name := strings.Trim(b.String(), ".-_")
		if len(name) > 32 {
			name = strings.Trim(name[:32], ".-_")
		}
		if name != "" {
			return name
		}
	}
	return "steward"
}

// readJSON GETs a small JSON document.
func readJSON(client *http.Client, u string, dst any) error {
	resp, err := client.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(dst)
}

// emailVerified reports whether the provider vouches for the user's email.
// Google and OpenID Connect providers say so in email_verified (Google's
// older userinfo: verified_email); GitHub and GitLab give only an address
// the user has confirmed with them.
func emailVerified(kind string, raw map[string]any) bool {
	switch kind {
	case ProviderGitHub, ProviderGitLab:
		return true
	}
	for _, key := range []string{"email_verified", "verified_email"} {
		switch v := raw[key].(type) {
		case bool:
			if v {
				return true
			}
		case string:
			if v == "true" {
				return true
			}
		}
	}
	return false
}
