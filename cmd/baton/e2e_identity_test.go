package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth/authtest"
	"github.com/chromedp/chromedp"
)

// freeAddr returns a loopback address with a free port, so the server's
// public address (for provider callbacks) is known before it starts.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	if dir := os.Getenv("BATON_SCREENSHOTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(80))
		if err == nil {
			_ = os.WriteFile(filepath.Join(dir, name), png, 0o644)
		}
	}
}

// TestBrowserOIDCSignInTeamAndShareLink is the whole OAuth round trip in a
// real browser, against an OpenID Connect provider running in this test:
// the sign-in page's provider button → the provider → the callback →
// signed in as a new steward. Then the steward creates a team, shares a
// session, opens the share link signed out, and signs out for good.
func TestBrowserOIDCSignInTeamAndShareLink(t *testing.T) {
	ctx := newBrowser(t)
	idp := authtest.Start(t)
	addr := freeAddr(t)
	base, env := startBaton(t, map[string]string{
		"BATON_ADDR": addr, "BATON_BASE_URL": "http://" + addr,
		"BATON_OIDC_ISSUER": idp.Issuer(), "BATON_OIDC_CLIENT_ID": idp.ClientID,
		"BATON_OIDC_CLIENT_SECRET": idp.ClientSecret, "BATON_OIDC_NAME": "Test IdP",
	})
	idp.QueueUser(authtest.User{Subject: "e2e-grace", Email: "grace@example.org", Name: "Grace Hopper", PreferredUsername: "grace"})

	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions"),
		chromedp.WaitVisible(chromedp.CSS(`a.provider-oidc`)),
	); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "login-providers.png")
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`a.provider-oidc`)),
		chromedp.WaitVisible(chromedp.CSS(`.app-user-name`)),
	); err != nil {
		t.Fatal(err)
	}
	who, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.app-user-name`)))
	if err != nil || who != "Grace Hopper" {
		t.Fatalf("signed in as %q, %v", who, err)
	}
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.HasSuffix(loc, "/sessions") {
		t.Fatalf("after the callback the browser is at %s", loc)
	}

	// Settings show the linked account; it is the only way in, so no Unlink.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/settings"),
		chromedp.WaitVisible(chromedp.CSS(`#linked-accounts .identity`)),
	); err != nil {
		t.Fatal(err)
	}
	linked, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#linked-accounts`)))
	if !strings.Contains(linked, "Test IdP") || !strings.Contains(linked, "grace@example.org") || strings.Contains(linked, "Unlink") {
		t.Fatalf("linked accounts = %q", linked)
	}

	// A team.
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/teams"),
		chromedp.SendKeys(chromedp.CSS(`#team-name`), "Relay crew"),
		chromedp.Submit(chromedp.CSS(`#team-name`)),
		chromedp.WaitVisible(chromedp.CSS(`.table-members`)),
	); err != nil {
		t.Fatal(err)
	}
	members, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.table-members`)))
	if !strings.Contains(members, "Grace Hopper") || !strings.Contains(members, "Owner") {
		t.Fatalf("members = %q", members)
	}
	screenshot(t, ctx, "team.png")

	// A session to share, written through the API with a token.
	var tok bytes.Buffer
	if err := run(context.Background(), []string{"token", "create", "grace", "e2e"}, env, nil, &tok, os.Stderr); err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(tok.String())
	sessionID := apiCreateSession(t, base, token, longConversationAPI(90))

	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/sessions/"+sessionID),
		chromedp.Click(chromedp.CSS(`.session-actions a[data-open-side="side-share"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#share-panel button[type="submit"]`)),
		chromedp.Click(chromedp.CSS(`#share-panel button[type="submit"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#share-url`)),
	); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "share-created.png")
	shareURL, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#share-url`)))
	if err != nil || !strings.HasPrefix(shareURL, base+"/s/") {
		t.Fatalf("share URL = %q, %v", shareURL, err)
	}

	// Signing out ends the session; the share link still opens, signed out,
	// and its transcript scrolls in under /s/.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`.app-user form button`)),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.Navigate(base+"/settings"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="username"]`)),
		chromedp.Navigate(shareURL),
		chromedp.WaitVisible(chromedp.CSS(`#transcript li.msg`)),
	); err != nil {
		t.Fatal(err)
	}
	title, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`h1`)))
	if title != "Shared walkthrough" {
		t.Fatalf("shared page title = %q", title)
	}
	for i := 0; i < 40; i++ {
		n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`window.scrollTo(0, document.body.scrollHeight), document.querySelectorAll("#transcript li.msg").length`))
		if n == 90 {
			break
		}
		time.Sleep(150 * time.Millisecond)
	}
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#transcript li.msg").length`))
	nav, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".app-nav, a[href^='/sessions']").length`))
	if n != 90 || nav != 0 {
		t.Fatalf("shared transcript shows %d of 90 messages, %d links into the app", n, nav)
	}
	screenshot(t, ctx, "shared-session.png")
}

// longConversationAPI is an API message batch of n messages.
func longConversationAPI(n int) []map[string]any {
	var msgs []map[string]any
	for i := 0; i < n; i++ {
		role := "steward"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, map[string]any{"source_id": fmt.Sprint("m", i), "role": role, "content": fmt.Sprint("Shared step ", i+1)})
	}
	return msgs
}

// apiCreateSession creates a session with messages through the API.
func apiCreateSession(t *testing.T, base, token string, msgs []map[string]any) string {
	t.Helper()
	do := func(path string, body any) []byte {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 300 {
			t.Fatalf("POST %s = %d %s", path, resp.StatusCode, out)
		}
		return out
	}
	var created struct{ ID string }
	_ = json.Unmarshal(do("/api/v1/sessions", map[string]any{"title": "Shared walkthrough", "conversation_type": "code_session"}), &created)
	do("/api/v1/sessions/"+created.ID+"/messages", map[string]any{"messages": msgs})
	return created.ID
}
