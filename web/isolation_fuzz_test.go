package web_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store/storetest"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// fuzzTarget is one server (per database) with two stewards' worlds.
type fuzzTarget struct {
	srv            *httptest.Server
	token          string
	attacker, peer *world
}

// FuzzAPIIDsAndFilters sends the API arbitrary ids and filter values as
// one steward: whatever they are, no answer is a server error and none
// holds anything of the other steward's.
func FuzzAPIIDsAndFilters(f *testing.F) {
	var targets []fuzzTarget
	for _, u := range storetest.Databases(f) {
		st := storetest.Open(f, u)
		ctx := context.Background()
		var ws []*world
		var token string
		for _, name := range []string{"ada", "bob"} {
			s := &baton.Steward{Username: name}
			if err := st.CreateSteward(ctx, s); err != nil {
				f.Fatal(err)
			}
			ws = append(ws, seedWorld(f, st, s, name))
			if name == "ada" {
				tok, h, p := auth.NewToken()
				if _, err := st.CreateToken(ctx, s.ID, "fuzz", h, p); err != nil {
					f.Fatal(err)
				}
				token = tok
			}
		}
		// No rate limit: the fuzzer sends thousands of requests with one token.
		off := web.Rate{Burst: -1}
		srv := httptest.NewServer(webtest.Server(st, slog.New(slog.NewTextHandler(io.Discard, nil)),
			web.Config{Limits: web.Limits{API: off, BadToken: off, SignIn: off, Links: off}}))
		f.Cleanup(srv.Close)
		targets = append(targets, fuzzTarget{srv: srv, token: token, attacker: ws[0], peer: ws[1]})
	}
	peer := targets[0].peer
	f.Add(peer.ids["session"], "", "", "", "", "", "")
	f.Add(peer.ids["session"], peer.ids["search"], "code_session", "2026-01-01", "", "0", peer.ids["conversation"])
	f.Add("../sessions", "bob*", "chat", "2026-02-30", "MjAyNi0wMS0wMXx4", "-1", "' OR 1=1 --")
	f.Add("%00", "\x00", "\xff", "yesterday", "!!!", "99999999999999999999", "%")
	f.Add(strings.Repeat("a", 5000), "\"unterminated", "planning", "2026-01-01T00:00:00Z", "cursor", "5", "")
	f.Add("1", "NEAR(a b)", "", "", "fHw", "1e9", "*")
	f.Fuzz(func(t *testing.T, id, q, typ, from, cursor, after, conv string) {
		for _, tg := range targets {
			filters := url.Values{"q": {q}, "type": {typ}, "from": {from}, "to": {from}, "cursor": {cursor},
				"limit": {after}, "min_quality": {after}, "source": {q}, "tag": {q}, "topic": {q}, "sort": {typ}, "review": {typ}}
			for _, req := range []struct{ method, path, body string }{
				{"GET", "/api/v1/sessions/" + url.PathEscape(id), ""},
				{"GET", "/api/v1/sessions/" + url.PathEscape(id) + "/messages?" + url.Values{"after": {after}, "limit": {after}, "conversation_id": {conv}}.Encode(), ""},
				{"GET", "/api/v1/sessions?" + filters.Encode(), ""},
				{"GET", "/api/v1/search?" + url.Values{"q": {q}, "limit": {after}}.Encode(), ""},
				{"GET", "/api/v1/sessions/" + url.PathEscape(tg.attacker.ids["session"]) + "/messages?" + url.Values{"conversation_id": {conv}}.Encode(), ""},
				{"POST", "/api/v1/sessions/" + url.PathEscape(id) + "/close", ""},
			} {
				code, body := fuzzCall(t, tg, req.method, req.path, req.body)
				if code >= 500 {
					t.Fatalf("%s %s = %d: %s", req.method, req.path, code, body)
				}
				if m := leaked(strings.ReplaceAll(body, tg.peer.ids["search"], ""), tg.peer.markers); m != "" {
					t.Fatalf("%s %s leaks %q", req.method, req.path, m)
				}
			}
		}
	})
}

func fuzzCall(t *testing.T, tg fuzzTarget, method, path, body string) (int, string) {
	req, err := http.NewRequest(method, tg.srv.URL+path, strings.NewReader(body))
	if err != nil {
		return 400, "" // not a request a client could send
	}
	req.Header.Set("Authorization", "Bearer "+tg.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}
