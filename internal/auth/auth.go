// Package auth signs stewards in: local passwords, personal access tokens,
// and the cookie session that carries a signed-in browser.
package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/baton-dev/baton/internal/baton"
	"golang.org/x/crypto/bcrypt"
)

// MinPasswordLength is the shortest password a local account accepts.
const MinPasswordLength = 10

// HashPassword hashes a password with bcrypt.
func HashPassword(password string) (string, error) {
	if len(password) < MinPasswordLength {
		return "", baton.Invalid("password", "password must be at least %d characters", MinPasswordLength)
	}
	if len(password) > 72 {
		return "", baton.Invalid("password", "password must be at most 72 bytes")
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	return string(h), err
}

// dummyHash is compared against when a username does not exist, so a
// failed sign-in takes as long whether or not the account exists. It is
// made on first use, not at start: every command that links this package
// (`baton hook` runs on each Claude Code event) would otherwise pay for a
// bcrypt hash (~50–100 ms) before doing anything.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("not-a-real-password"), bcrypt.DefaultCost)
	dummyHashMade.Store(true)
	return h
})

// dummyHashMade records that dummyHash ran, for the test that proves it is lazy.
var dummyHashMade atomic.Bool

// CheckPassword reports whether password matches hash ("" never matches).
func CheckPassword(hash, password string) bool {
	if hash == "" {
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}

// TokenPrefix starts every personal access token, so a leaked one is easy to spot.
const TokenPrefix = "bat_"

// NewToken returns a new personal access token, the hash to store, and the
// short prefix shown in lists.
func NewToken() (token, hash, prefix string) {
	token = TokenPrefix + RandomString(32)
	return token, HashToken(token), token[:len(TokenPrefix)+6]
}

// HashToken is how tokens and session ids are kept: SHA-256, hex. They are
// random 256-bit values, so a fast hash is enough.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// LooksLikeToken reports whether s has a personal access token's shape.
func LooksLikeToken(s string) bool {
	return strings.HasPrefix(s, TokenPrefix) && len(s) > len(TokenPrefix)+20 && len(s) < 200
}

// RandomString returns n random bytes, URL-safe base64.
func RandomString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's randomness failing is not recoverable
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Equal compares two secrets in constant time.
func Equal(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
