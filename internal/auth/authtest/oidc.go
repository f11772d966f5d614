// Package authtest runs a standards-compliant OpenID Connect provider inside
// a test process (github.com/oauth2-proxy/mockoidc: discovery, JWKS with an
// RSA key, an authorize endpoint that approves at once, a token endpoint
// issuing RS256 ID tokens with iss, aud, sub, email and nonce, PKCE), so
// tests run the whole sign-in round trip without the network.
package authtest

import (
	"encoding/json"
	"testing"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
)

// Provider is a running OpenID Connect provider.
type Provider struct {
	*mockoidc.MockOIDC
}

// Start runs a provider on 127.0.0.1 until the test ends.
func Start(t testing.TB) *Provider {
	t.Helper()
	m, err := mockoidc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })
	return &Provider{m}
}

// Config is Baton's configuration for this provider.
func (p *Provider) Config(label string) auth.ProviderConfig {
	return auth.ProviderConfig{Kind: auth.ProviderOIDC, Label: label, ClientID: p.ClientID, ClientSecret: p.ClientSecret, URL: p.Issuer()}
}

// User is who signs in at the provider next (QueueUser). Unlike
// mockoidc's own user, its userinfo carries "sub", as OpenID Connect Core
// §5.3.2 requires and goth checks.
type User struct {
	Subject, Email, Name, PreferredUsername string
	// EmailUnverified says email_verified: false.
	EmailUnverified bool
}

// ID is the subject.
func (u User) ID() string { return u.Subject }

// Userinfo is the userinfo endpoint's answer.
func (u User) Userinfo(scope []string) ([]byte, error) {
	info := map[string]any{"sub": u.Subject}
	for _, s := range scope {
		switch s {
		case "email":
			info["email"], info["email_verified"] = u.Email, !u.EmailUnverified
		case "profile":
			info["name"], info["preferred_username"] = u.Name, u.PreferredUsername
		}
	}
	return json.Marshal(info)
}

// Claims are the ID token's claims: the registered ones and the nonce
// mockoidc fills, plus email and profile.
func (u User) Claims(scope []string, base *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	c := &claims{IDTokenClaims: base}
	for _, s := range scope {
		switch s {
		case "email":
			c.Email, c.EmailVerified = u.Email, !u.EmailUnverified
		case "profile":
			c.Name, c.PreferredUsername = u.Name, u.PreferredUsername
		}
	}
	return c, nil
}

type claims struct {
	*mockoidc.IDTokenClaims
	Email             string `json:"email,omitempty"`
	EmailVerified     bool   `json:"email_verified"`
	Name              string `json:"name,omitempty"`
	PreferredUsername string `json:"preferred_username,omitempty"`
}
