package auth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"time"
)

// oidcIssuer is an OpenID Connect provider as its discovery document
// describes it, with the keys it signs ID tokens with. goth's OpenID
// Connect provider checks an ID token's issuer, audience and expiry but
// not its signature; verify adds that.
type oidcIssuer struct {
	Issuer                string `json:"issuer"`
	AuthorizationEndpoint string `json:"authorization_endpoint"`
	TokenEndpoint         string `json:"token_endpoint"`
	UserinfoEndpoint      string `json:"userinfo_endpoint"`
	JWKSURI               string `json:"jwks_uri"`

	mu      sync.Mutex
	keys    map[string]crypto.PublicKey // by key id
	fetched time.Time
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

// verify checks an ID token's signature (RS256 or ES256) against the
// issuer's published keys, fetching them again when the key id is new.
func (iss *oidcIssuer) verify(client *http.Client, token string) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("not a signed JWT")
	}
	var header struct {
		Alg string `json:"alg"`
		Kid string `json:"kid"`
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil || json.Unmarshal(raw, &header) != nil {
		return errors.New("unreadable JWT header")
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return errors.New("unreadable JWT signature")
	}
	key, err := iss.key(client, header.Kid)
	if err != nil {
		return err
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	switch k := key.(type) {
	case *rsa.PublicKey:
		if header.Alg != "RS256" {
			return fmt.Errorf("alg %q does not fit an RSA key", header.Alg)
		}
		if rsa.VerifyPKCS1v15(k, crypto.SHA256, digest[:], sig) != nil {
			return errors.New("bad signature")
		}
	case *ecdsa.PublicKey:
		if header.Alg != "ES256" || len(sig) != 64 {
			return fmt.Errorf("alg %q does not fit a P-256 key", header.Alg)
		}
		r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
		if !ecdsa.Verify(k, digest[:], r, s) {
			return errors.New("bad signature")
		}
	default:
		return errors.New("unsupported key type")
	}
	return nil
}

// key returns the signing key with this id (or the only key, when the
// token names none), refetching the key set at most every 30 seconds.
func (iss *oidcIssuer) key(client *http.Client, kid string) (crypto.PublicKey, error) {
	iss.mu.Lock()
	defer iss.mu.Unlock()
	pick := func() crypto.PublicKey {
		if kid == "" && len(iss.keys) == 1 {
			for _, k := range iss.keys {
				return k
			}
		}
		return iss.keys[kid]
	}
	if k := pick(); k != nil {
		return k, nil
	}
	if time.Since(iss.fetched) < 30*time.Second {
		return nil, fmt.Errorf("no signing key %q", kid)
	}
	var set struct {
		Keys []struct {
			Kty, Kid, Use, Crv string
			N, E, X, Y         string
		} `json:"keys"`
	}
	if err := readJSON(client, iss.JWKSURI, &set); err != nil {
		return nil, fmt.Errorf("signing keys: %w", err)
	}
	iss.fetched = time.Now()
	iss.keys = map[string]crypto.PublicKey{}
	b64 := func(s string) *big.Int {
		b, _ := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
		return new(big.Int).SetBytes(b)
	}
	for _, k := range set.Keys {
		if k.Use != "" && k.Use != "sig" {
			continue
		}
		switch {
		case k.Kty == "RSA" && k.N != "" && k.E != "":
			iss.keys[k.Kid] = &rsa.PublicKey{N: b64(k.N), E: int(b64(k.E).Int64())}
		case k.Kty == "EC" && k.Crv == "P-256" && b64(k.X).BitLen() <= 256 && b64(k.Y).BitLen() <= 256:
			point := append([]byte{4}, append(b64(k.X).FillBytes(make([]byte, 32)), b64(k.Y).FillBytes(make([]byte, 32))...)...)
			if pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), point); err == nil {
				iss.keys[k.Kid] = pub
			}
		}
	}
	if k := pick(); k != nil {
		return k, nil
	}
	return nil, fmt.Errorf("no signing key %q", kid)
}
