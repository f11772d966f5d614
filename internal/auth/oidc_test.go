package auth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"
)

// TestIDTokenSignatureIsChecked signs tokens with an issuer's key and
// checks that verify accepts them and refuses any change, another key,
// and the "none" algorithm.
func TestIDTokenSignatureIsChecked(t *testing.T) {
	kp, err := mockoidc.NewKeypair(nil)
	if err != nil {
		t.Fatal(err)
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := mockoidc.NewKeypair(key)
	jwks, _ := kp.JWKS()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(jwks) }))
	defer srv.Close()
	iss := &oidcIssuer{JWKSURI: srv.URL}
	claims := jwt.MapClaims{"iss": "x", "sub": "s", "exp": time.Now().Add(time.Hour).Unix()}
	good, err := kp.SignJWT(claims)
	if err != nil {
		t.Fatal(err)
	}
	if err := iss.verify(srv.Client(), good); err != nil {
		t.Fatalf("good token refused: %v", err)
	}
	parts := strings.Split(good, ".")
	forged := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(`{"iss":"x","sub":"admin"}`)) + "." + parts[2]
	if iss.verify(srv.Client(), forged) == nil {
		t.Fatal("a changed payload passed")
	}
	wrongKey, _ := other.SignJWT(claims)
	if iss.verify(srv.Client(), wrongKey) == nil {
		t.Fatal("a token signed with another key passed")
	}
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none"}`)) + "." + parts[1] + "."
	if iss.verify(srv.Client(), none) == nil {
		t.Fatal("alg none passed")
	}
}

func TestUsernameFor(t *testing.T) {
	for _, c := range []struct {
		u    ExternalUser
		want string
	}{
		{ExternalUser{NickName: "Grace.Hopper"}, "grace.hopper"},
		{ExternalUser{Email: "ada+x@example.org"}, "adax"},
		{ExternalUser{Name: "  Ada Lovelace "}, "ada-lovelace"},
		{ExternalUser{NickName: "日本", Email: "--@x"}, "steward"},
		{ExternalUser{NickName: strings.Repeat("a", 50)}, strings.Repeat("a", 32)},
	} {
		if got := UsernameFor(&c.u); got != c.want {
			t.Errorf("UsernameFor(%+v) = %q, want %q", c.u, got, c.want)
		}
	}
}

func TestIDTokenES256(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := key.PublicKey.Bytes()
	jwks, _ := json.Marshal(map[string]any{"keys": []map[string]string{{
		"kty": "EC", "crv": "P-256", "kid": "ec1", "use": "sig",
		"x": base64.RawURLEncoding.EncodeToString(raw[1:33]), "y": base64.RawURLEncoding.EncodeToString(raw[33:]),
	}}})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(jwks) }))
	defer srv.Close()
	iss := &oidcIssuer{JWKSURI: srv.URL}
	tok := jwt.NewWithClaims(jwt.SigningMethodES256, jwt.MapClaims{"sub": "s"})
	tok.Header["kid"] = "ec1"
	signed, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := iss.verify(srv.Client(), signed); err != nil {
		t.Fatalf("ES256 token refused: %v", err)
	}
	parts := strings.Split(signed, ".")
	if iss.verify(srv.Client(), parts[0]+"."+base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"x"}`))+"."+parts[2]) == nil {
		t.Fatal("a changed ES256 token passed")
	}
}
