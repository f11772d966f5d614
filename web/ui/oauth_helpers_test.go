package ui_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"testing"
	"time"
)

// agedCookie re-signs a gorilla/securecookie value as if it had been made
// age ago: authentic, but older than the cookie's MaxAge allows. hashLabel
// is the key derivation label the auth package uses.
func agedCookie(t *testing.T, name, value, hashLabel string, age time.Duration) string {
	t.Helper()
	raw, err := base64.URLEncoding.DecodeString(value)
	if err != nil {
		t.Fatal(err)
	}
	parts := bytes.SplitN(raw, []byte("|"), 3)
	if len(parts) != 3 {
		t.Fatal("not a securecookie value")
	}
	ts, _ := strconv.ParseInt(string(parts[0]), 10, 64)
	date := strconv.FormatInt(ts-int64(age.Seconds()), 10)
	key := sha256.Sum256([]byte(hashLabel + "\x00test-secret"))
	mac := hmac.New(sha256.New, key[:])
	fmt.Fprintf(mac, "%s|%s|%s", name, date, parts[1])
	out := []byte(date + "|" + string(parts[1]) + "|")
	out = append(out, mac.Sum(nil)...)
	return base64.URLEncoding.EncodeToString(out)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
