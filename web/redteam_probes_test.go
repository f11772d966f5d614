package web_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/web/webtest"
)

// Odd ids in every route of the table: over-long, unicode, overlong UTF-8
// encodings, numbers past int64, negative, dots. Each gets a clear 4xx (or
// a page the id does not name), never a 5xx; the API answers JSON.
func TestOddIDsInEveryRouteAreClear4xx(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		ids := []string{
			strings.Repeat("é", 4000),            // 8 KB of unicode
			strings.Repeat("9", 300),             // far past int64
			"-1", "0", "1e3", "0x10", " 1", "..", // numbers in odd forms, a dot segment
			"%C0%AF", "%E0%80%AF", "%ED%A0%80", // overlong "/", overlong "/", a UTF-16 surrogate
			"%F0%9F%98%80", "a%2Fb", "%2e%2e%2fx", // an emoji, escaped slashes
			"bat_" + strings.Repeat("A", 60), // shaped like a token
		}
		routes := routeTable(a)
		walked := 0
		for _, r := range routes {
			if !strings.Contains(r.Path, ":") || r.Path == "/logout" || r.Path == "/logout/everywhere" {
				continue
			}
			for _, id := range ids {
				path := r.Path
				for _, seg := range strings.Split(r.Path, "/") {
					if strings.HasPrefix(seg, ":") {
						v := id
						if !strings.Contains(v, "%") {
							v = url.PathEscape(v)
						}
						path = strings.Replace(path, seg, v, 1)
					}
				}
				code, body := rawCall(a, ada, a.AdaToken, r.Method, path, url.Values{}, `{}`)
				walked++
				if code >= 500 || code < 200 {
					t.Errorf("%s %s (%s) = %d %.200s", r.Method, path, r.Path, code, body)
				}
				if strings.HasPrefix(path, "/api/") && code >= 400 && !strings.HasPrefix(strings.TrimSpace(body), `{"error"`) {
					t.Errorf("%s %s = %d, not the API's JSON error: %.200s", r.Method, path, code, body)
				}
			}
		}
		if walked < 500 {
			t.Fatalf("walked only %d requests", walked)
		}
	})
}

// Queries past any sense: a search of 200 KB, a parameter repeated 20,000
// times, thousands of distinct parameters, values with every odd byte.
// Lists and searches answer them with a 4xx naming the parameter, or with
// their answer; never a 5xx.
func TestHugeAndRepeatedQueriesAreClear4xx(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		a.API(a.AdaToken, "POST", "/api/v1/sessions", `{"title":"needle in a haystack","tags":["t"]}`, nil)
		long := strings.Repeat("needle ", 30000) // 210 KB
		repeat := func(kv string, n int) string { return strings.TrimSuffix(strings.Repeat(kv+"&", n), "&") }
		many := make([]string, 5000)
		for i := range many {
			many[i] = fmt.Sprintf("p%d=%d", i, i)
		}
		queries := []string{
			"q=" + url.QueryEscape(long),
			repeat("type=chat", 20000),
			repeat("tag=t", 20000),
			repeat("limit=5", 20000),
			repeat("q=needle", 20000),
			strings.Join(many, "&"),
			"q=" + strings.Repeat("%22", 5000),          // 5,000 double quotes
			"q=" + strings.Repeat("(", 5000),            // unbalanced syntax
			"q=" + strings.Repeat("a%20OR%20", 5000),    // operators
			"q=" + strings.Repeat("%F0%9F%98%80", 5000), // emoji
			"from=" + strings.Repeat("9", 5000),
			"limit=" + strings.Repeat("9", 5000),
			"cursor=" + strings.Repeat("A", 100000),
			"since=" + strings.Repeat("2", 5000),
		}
		var lists []string
		for _, r := range routeTable(a) {
			if r.Method == http.MethodGet && !strings.Contains(r.Path, ":") && r.Path != "/logout" && !strings.HasPrefix(r.Path, "/auth") {
				lists = append(lists, r.Path)
			}
		}
		if len(lists) < 15 {
			t.Fatalf("only %d lists", len(lists))
		}
		for _, p := range lists {
			for _, q := range queries {
				code, body := rawCall(a, ada, a.AdaToken, http.MethodGet, p+"?"+q, nil, "")
				if code >= 500 {
					t.Errorf("GET %s?%.60s… = %d %.300s", p, q, code, body)
				}
				if code == http.StatusBadRequest && strings.HasPrefix(p, "/api/") && !strings.Contains(body, `"field"`) {
					t.Errorf("GET %s?%.60s… = 400 naming no field: %.300s", p, q, body)
				}
			}
		}
	})
}

// Headers past the server's limit answer 431; large ones within it (a
// cookie, a bearer token, a CSRF token, a language list) are read as the
// nonsense they are: signed out, unauthorised, refused. Odd methods,
// malformed request lines and versions get a 4xx, not a hang or a 5xx.
func TestOversizedHeadersAndOddMethodsAreClear4xx(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ada := a.SignIn("ada")
		big := strings.Repeat("x", 900<<10)
		for _, c := range []struct {
			method, path, header, value string
			want                        int
		}{
			{"GET", "/sessions", "X-Padding", strings.Repeat("y", 2<<20), http.StatusRequestHeaderFieldsTooLarge},
			{"GET", "/sessions", "Cookie", "baton_session=" + big, http.StatusSeeOther},
			{"GET", "/api/v1/sessions", "Authorization", "Bearer bat_" + big, http.StatusUnauthorized},
			{"POST", "/teams", "X-CSRF-Token", big, http.StatusForbidden},
			{"GET", "/login", "Accept-Language", strings.Repeat("en-GB;q=0.9,", 70000), http.StatusOK},
			{"GET", "/sessions", "HX-Request", big, http.StatusSeeOther},
			{"GET", "/login", "X-Forwarded-For", strings.Repeat("1.2.3.4, ", 90000), http.StatusOK},
		} {
			req, _ := http.NewRequest(c.method, a.Srv.URL+c.path, strings.NewReader(""))
			req.Header.Set(c.header, c.value)
			resp, err := a.Anonymous().NoRedirects().Client.Do(req)
			if err != nil {
				t.Fatalf("%s %s with a %d-byte %s: %v", c.method, c.path, len(c.value), c.header, err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("%s %s with a %d-byte %s = %d, want %d", c.method, c.path, len(c.value), c.header, resp.StatusCode, c.want)
			}
		}
		// A signed-in browser's huge header does not fail the page either.
		req, _ := http.NewRequest("GET", a.Srv.URL+"/sessions", nil)
		req.Header.Set("X-Padding", big)
		if resp, err := ada.Client.Do(req); err != nil || resp.StatusCode != http.StatusOK {
			t.Errorf("signed-in page with a large header = %v %v", resp, err)
		} else {
			resp.Body.Close()
		}

		for _, m := range []string{"PROPFIND", "TRACE", "PATCH", "BREW", "get", "OPTIONS", "CONNECT"} {
			for _, p := range []string{"/sessions", "/api/v1/sessions", "/teams/1", "/"} {
				code, body := rawCall(a, ada, a.AdaToken, m, p, url.Values{}, `{}`)
				if code >= 500 || code < 300 && m != "OPTIONS" {
					t.Errorf("%s %s = %d %.200s", m, p, code, body)
				}
			}
		}
		// An HTTP version net/http does not speak is its 505, the one
		// answer the standard gives; nothing of Baton runs.
		if code := rawRequest(t, a.Srv.Listener.Addr().String(), "GET /sessions HTTP/9.9\r\nHost: baton\r\n\r\n"); code != http.StatusHTTPVersionNotSupported {
			t.Errorf("HTTP/9.9 = %d", code)
		}
		for _, line := range []string{
			"GET /sessions HTTP/1.2", "G\x00T /sessions HTTP/1.1", "GET /sessions\x00 HTTP/1.1",
			"GET " + strings.Repeat("/a", 600<<10) + " HTTP/1.1", "GET sessions HTTP/1.1", "GET http://elsewhere.example/sessions HTTP/1.1",
		} {
			if code := rawRequest(t, a.Srv.Listener.Addr().String(), line+"\r\nHost: baton\r\n\r\n"); code >= 500 || code < 300 {
				t.Errorf("%.60q = %d", line, code)
			}
		}
	})
}

// rawRequest writes a request as it is, bytes the client library would
// not send, and returns the status of the answer.
func rawRequest(t *testing.T, addr, raw string) int {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%.60q: %v", raw, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
