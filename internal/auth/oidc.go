package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
)

// oidcIssuer is an OpenID Connect provider as its discovery document
// describes it, with the keys it signs ID tokens with. goth's OpenID
// Connect provider checks an ID token's issuer, audience and expiry but
// not its signature; verify adds that, with coreos/go-oidc (not by hand).
type oidcIssuer struct {
	Issuer                string `json:"issuer"`
	AuthorizationEndpoint string `json:"authorization_endpoint"`
	TokenEndpoint         string `json:"token_endpoint"`
	UserinfoEndpoint      string `json:"userinfo_endpoint"`
	JWKSURI               string `json:"jwks_uri"`

	mu     sync.Mutex
	keySet *oidc.RemoteKeySet // made on first use
}

// discover reads issuer/.well-known/openid-configuration.
func discover(client *http.Client, issuer string) (*oidcIssuer, error) {
	base := strings.TrimSuffix(strings.TrimRight(issuer, "/"), "/.well-known/openid-configuration")
	iss := new(oidcIssuer)
	if err := readJSON(client, base+"/.well-known/openid-configuration", iss); err != nil {
		return nil, err
	}
	// OpenID Connect Discovery §4.3: the document's issuer is the one asked for.
	if strings.TrimRight(iss.Issuer, "/") != base {
		return nil, fmt.Errorf("the discovery document names issuer %q, not %q", iss.Issuer, base)
	}
	if iss.AuthorizationEndpoint == "" || iss.TokenEndpoint == "" || iss.JWKSURI == "" {
		return nil, errors.New("the discovery document lacks authorization_endpoint, token_endpoint or jwks_uri")
	}
	return iss, nil
}

// verify checks an ID token's signature against the issuer's published
// keys with go-oidc's key set, which refetches the keys when a token names
// a new key id and refuses "none" and any algorithm that does not fit the key.
func (iss *oidcIssuer) verify(client *http.Client, token string) error {
	iss.mu.Lock()
	if iss.keySet == nil {
		// The key set fetches with this client for as long as it lives.
		iss.keySet = oidc.NewRemoteKeySet(oidc.ClientContext(context.Background(), client), iss.JWKSURI)
	}
	keys := iss.keySet
	iss.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := keys.VerifySignature(ctx, token); err != nil {
		return err
	}
	return nil
}
