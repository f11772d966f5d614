package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/webtest"
)

// world is one steward with data of every kind Baton keeps: sessions (one
// with a fork), messages, annotations, a token, a team with a member and a
// pending invitation, share links (live and revoked) and a linked identity.
// Every text it holds carries a marker, so a leak is a substring search.
type world struct {
	steward *baton.Steward
	// ids by the kind of object a route parameter names.
	ids map[string]string
	// live share link token, and the title of the one session it opens.
	shareToken, sharedTitle string
	// markers are strings only this steward's data contains.
	markers []string
}

// seedWorld gives steward st one of everything. tag makes its text unique.
func seedWorld(tb testing.TB, s *store.Store, st *baton.Steward, tag string) *world {
	tb.Helper()
	ctx := context.Background()
	must := func(err error) {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
	}
	w := &world{steward: st, ids: map[string]string{}}
	mark := func(s string) string { w.markers = append(w.markers, s); return s }
	word := mark(tag + "zqxsecretword")
	t0 := time.Date(2026, 2, 3, 10, 0, 0, 0, time.UTC)
	msg := func(id string, role baton.Role, text string, i int) baton.Message {
		return baton.Message{SourceID: id, Role: role, Content: text, Timestamp: t0.Add(time.Duration(i) * time.Minute)}
	}
	doc := &baton.ImportDocument{
		Key:     tag + "-doc",
		Session: baton.Session{Title: mark(tag + "-SHARED-TITLE"), Source: "isolation", SourceRef: tag + "-ref", Tags: []string{tag + "tag"}},
		Conversations: []baton.ImportConversation{
			{Key: "main", Messages: []baton.Message{
				msg("m1", baton.RoleSteward, mark(tag+"-first-message-text")+" "+word, 0),
				msg("m2", baton.RoleAssistant, mark(tag+"-second-message-text"), 1),
				msg("m3", baton.RoleSteward, mark(tag+"-third-message-text"), 2),
			}},
			{Key: "fork", ParentKey: "main", ForkAfterSourceID: "m2", Title: mark(tag + "-FORK-TITLE"), Messages: []baton.Message{
				msg("f1", baton.RoleAssistant, mark(tag+"-fork-message-text"), 3),
			}},
		},
	}
	res, err := s.Import(ctx, st.ID, doc)
	must(err)
	if res.Status != baton.ImportStored {
		tb.Fatalf("seed import: %+v", res)
	}
	w.ids["session"] = res.SessionID
	w.sharedTitle = tag + "-SHARED-TITLE"
	// A correction of the session's analysis: an evaluation case to export.
	_, _, err = s.CorrectSession(ctx, st.ID, res.SessionID, &baton.SessionEdit{Topics: &[]string{mark(tag + "-CORRECTED-TOPIC")}})
	must(err)
	convs, err := s.Conversations(ctx, st.ID, res.SessionID)
	must(err)
	for _, c := range convs {
		w.markers = append(w.markers, c.ID)
		if c.ParentConversationID != nil {
			w.ids["conversation"] = c.ID
		}
	}
	msgs, err := s.SessionMessages(ctx, st.ID, res.SessionID)
	must(err)
	w.ids["message"] = fmt.Sprint(msgs[0].ID)
	w.markers = append(w.markers, res.SessionID)

	private := &baton.Session{Title: mark(tag + "-PRIVATE-TITLE"), Type: baton.SessionPlanning, Tags: []string{tag + "secret"}}
	must(s.CreateSession(ctx, st.ID, private))
	w.markers = append(w.markers, private.ID)
	_, err = s.AppendMessages(ctx, st.ID, private.ID, "", []*baton.Message{{SourceID: "p1", Role: baton.RoleSteward, Content: mark(tag+"-private-message-text") + " " + word}})
	must(err)
	w.ids["private_session"] = private.ID

	note := &baton.Annotation{Kind: "comment", Note: mark(tag + "-ANNOTATION-NOTE")}
	must(s.AddAnnotations(ctx, st.ID, "", msgs[0].ID, []*baton.Annotation{note}))
	w.ids["annotation"] = fmt.Sprint(note.ID)

	_, hash, prefix := auth.NewToken()
	tok, err := s.CreateToken(ctx, st.ID, mark(tag+"-TOKEN-NAME"), hash, prefix)
	must(err)
	w.ids["token"] = fmt.Sprint(tok.ID)

	team, err := s.CreateTeam(ctx, st.ID, mark(tag+"-TEAM-NAME"))
	must(err)
	w.ids["team"] = fmt.Sprint(team.ID)
	member := &baton.Steward{Username: mark(tag + "-member")}
	must(s.CreateSteward(ctx, member))
	_, ih := auth.NewInvitationToken()
	_, err = s.CreateInvitation(ctx, st.ID, team.ID, store.InviteRequest{Who: member.Username, Role: baton.RoleMember}, ih)
	must(err)
	_, err = s.AcceptInvitation(ctx, member.ID, ih)
	must(err)
	w.ids["member"] = fmt.Sprint(member.ID)
	invitee := &baton.Steward{Username: mark(tag + "-invitee")}
	must(s.CreateSteward(ctx, invitee))
	invToken, ih := auth.NewInvitationToken()
	inv, err := s.CreateInvitation(ctx, st.ID, team.ID, store.InviteRequest{Who: invitee.Username, Role: baton.RoleViewer}, ih)
	must(err)
	w.ids["invitation"] = fmt.Sprint(inv.ID)
	w.ids["invitation_token"] = invToken

	shareToken, sh := auth.NewShareToken()
	_, err = s.CreateShareLink(ctx, st.ID, baton.ShareSession, res.SessionID, sh, nil)
	must(err)
	w.shareToken = shareToken
	revokedToken, rh := auth.NewShareToken()
	revoked, err := s.CreateShareLink(ctx, st.ID, baton.ShareSession, private.ID, rh, nil)
	must(err)
	must(s.RevokeShareLink(ctx, st.ID, revoked.ID))
	w.ids["share"] = fmt.Sprint(revoked.ID)
	w.ids["share_token"] = revokedToken

	ident := &baton.Identity{Provider: auth.ProviderOIDC, Subject: mark(tag + "-subject"), Email: mark(tag + "-id@example.org")}
	must(s.LinkIdentity(ctx, st.ID, ident))
	w.ids["identity"] = fmt.Sprint(ident.ID)

	// Replay and comparison: a replay of the fork, a comparison
	// of the main thread and the fork shared with the team, a comment.
	rp, err := s.CreateReplay(ctx, st.ID, w.ids["conversation"], store.ReplayRequest{AtMessageID: msgs[1].ID, Model: mark(tag + "-REPLAY-MODEL")})
	must(err)
	w.ids["replay"] = rp.ID
	w.markers = append(w.markers, rp.ID, rp.ConversationID)
	cmp, err := s.CreateComparison(ctx, st.ID, msgs[0].ConversationID, w.ids["conversation"], mark(tag+"-COMPARISON-TITLE"))
	must(err)
	w.ids["comparison"] = cmp.ID
	w.markers = append(w.markers, cmp.ID)
	_, err = s.ShareWithTeam(ctx, st.ID, baton.TeamShareComparison, cmp.ID, team.ID)
	must(err)
	_, err = s.ShareWithTeam(ctx, st.ID, baton.TeamShareSession, w.ids["session"], team.ID) // a session shared with the team
	must(err)
	_, err = s.AddComparisonComment(ctx, st.ID, cmp.ID, "", mark(tag+"-COMPARISON-COMMENT"))
	must(err)
	cmpToken, ch := auth.NewShareToken()
	cmpLink, err := s.CreateComparisonLink(ctx, st.ID, cmp.ID, ch, nil, true)
	must(err)
	must(s.RevokeShareLink(ctx, st.ID, cmpLink.ID))
	w.ids["comparison_token"] = cmpToken // revoked: it must open nothing
	// A replay matrix of two runs from the same fork point, shared with the
	// team, and its revoked read-only link.
	mxConv, err := s.ConversationByID(ctx, st.ID, w.ids["conversation"])
	must(err)
	mxAt, err := s.ForkPoint(ctx, st.ID, mxConv, msgs[1].ID)
	must(err)
	mx, _, err := s.CreateReplayMatrix(ctx, st.ID, mxConv, mxAt, mark(tag+"-MATRIX-TITLE"), []store.ReplayRequest{
		{AtMessageID: msgs[1].ID, Model: mark(tag + "-MATRIX-MODEL")}, {AtMessageID: msgs[1].ID}})
	must(err)
	w.ids["matrix"] = mx.ID
	w.markers = append(w.markers, mx.ID)
	_, err = s.ShareWithTeam(ctx, st.ID, baton.TeamShareMatrix, mx.ID, team.ID)
	must(err)
	mxToken, mh := auth.NewShareToken()
	mxLink, err := s.CreateMatrixLink(ctx, st.ID, mx.ID, mh, nil, false)
	must(err)
	must(s.RevokeShareLink(ctx, st.ID, mxLink.ID))
	w.ids["matrix_token"] = mxToken
	w.ids["search"] = word
	// Continuity: finalizing the session drafts a bridge, places markers
	// and builds the cross-conversational summary.
	cont := continuity.New(s, ingest.New(s).Analysis())
	_, bridge, err := cont.Finalize(ctx, st.ID, res.SessionID, nil)
	must(err)
	w.ids["bridge"] = bridge.ID
	w.markers = append(w.markers, bridge.ID)
	// Frames: one frame whose text and id carry markers.
	frameID := mark(tag + "-frame-id")
	frameJSON := `{"id":"` + frameID + `","timestamp":"2026-02-03T10:05:00Z","branch":"` + mark(tag+"-frame-branch") +
		`","module_scope":["` + mark(tag+"-frame-module") + `"],"summary_caption":"` + mark(tag+"-FRAME-CAPTION") + " " + word +
		`","reference_point":"` + mark(tag+"-frame-ref") + `","status_snapshot":{"next_action":"` + mark(tag+"-frame-next") + `"},"keywords":["` + word + `"]}`
	fr, err := frames.Parse([]byte(frameJSON))
	must(err)
	_, err = s.CreateFrames(ctx, st.ID, []*baton.Frame{fr})
	must(err)
	w.ids["frame"] = frameID
	_, err = s.IndexPending(ctx)
	must(err)
	return w
}

// fingerprint is everything of a steward's that another steward's requests
// must not change.
func fingerprint(tb testing.TB, s *store.Store, w *world) string {
	tb.Helper()
	var out []string
	q := func(label, sql string, args ...any) {
		var rows []map[string]any
		if err := s.DB().NewRaw(sql, args...).Scan(context.Background(), &rows); err != nil {
			tb.Fatalf("%s: %v", label, err)
		}
		b, _ := json.Marshal(rows)
		out = append(out, label+"="+string(b))
	}
	id := w.steward.ID
	q("sessions", "SELECT id, title, review_status, message_count, ended_at IS NULL AS open FROM sessions WHERE steward_id = ? ORDER BY id", id)
	q("conversations", "SELECT id, message_count FROM conversations WHERE steward_id = ? ORDER BY id", id)
	q("messages", "SELECT count(*) AS n FROM messages WHERE steward_id = ?", id)
	q("annotations", "SELECT id, note FROM annotations WHERE steward_id = ? ORDER BY id", id)
	q("tokens", "SELECT id, revoked_at IS NULL AS live FROM access_tokens WHERE steward_id = ? ORDER BY id", id)
	q("teams", "SELECT m.team_id, m.steward_id, m.role FROM team_members m WHERE m.team_id IN (SELECT team_id FROM team_members WHERE steward_id = ?) ORDER BY 1, 2", id)
	q("invitations", "SELECT id, accepted_at IS NULL AS open, revoked_at IS NULL AS live FROM team_invitations WHERE invited_by = ? ORDER BY id", id)
	q("shares", "SELECT id, revoked_at IS NULL AS live FROM share_links WHERE steward_id = ? ORDER BY id", id)
	q("identities", "SELECT id, subject FROM identities WHERE steward_id = ? ORDER BY id", id)
	q("replays", "SELECT id, status FROM replays WHERE steward_id = ? ORDER BY id", id)
	q("comparisons", "SELECT id, title FROM comparisons WHERE steward_id = ? ORDER BY id", id)
	q("replay_matrices", "SELECT id, title FROM replay_matrices WHERE steward_id = ? ORDER BY id", id)
	q("comparison_comments", "SELECT k.id, k.body FROM comparison_comments k JOIN comparisons c ON c.id = k.comparison_id WHERE c.steward_id = ? ORDER BY k.id", id)
	q("team_shares", "SELECT id, kind, object_id FROM team_shares WHERE steward_id = ? ORDER BY id", id)
	q("bridges", "SELECT id, status, revision, to_session FROM bridges WHERE steward_id = ? ORDER BY id", id)
	q("markers", "SELECT id, next_marker FROM markers WHERE steward_id = ? ORDER BY id", id)
	q("frames", "SELECT id, summary_caption FROM frames WHERE steward_id = ? ORDER BY id", id)
	q("steward", "SELECT username, password_hash <> '' AS pw FROM stewards WHERE id = ?", id)
	return strings.Join(out, "\n")
}

// paramKind names the kind of object a route parameter holds: by its name,
// or for ":id" by the collection it follows (/sessions/:id is a session).
func paramKind(path, name string) string {
	segs := strings.Split(path, "/")
	prev := ""
	for i, s := range segs {
		if s == ":"+name && i > 0 {
			prev = segs[i-1]
		}
	}
	byCollection := map[string]string{
		"sessions": "session", "conversations": "conversation", "messages": "message", "annotations": "annotation",
		"tokens": "token", "teams": "team", "members": "member", "invitations": "invitation", "identities": "identity",
		"share-links": "share", "s": "share_token",
		"replays": "replay", "comparisons": "comparison", "c": "comparison_token",
		"matrices": "matrix", "m": "matrix_token",
		"bridges": "bridge",
		"frames":  "frame",
		"jobs":    "import_job", // /import/jobs/:id
	}
	switch name {
	case "id":
		return byCollection[prev]
	case "token":
		if prev == "invitations" {
			return "invitation_token"
		}
		return byCollection[prev]
	case "session", "session_id", "conversation", "message", "annotation", "team", "member", "invitation", "identity", "share":
		return strings.TrimSuffix(name, "_id")
	case "b": // the second conversation of a diff
		return "conversation"
	case "provider":
		return "provider"
	case "field": // a correctable field of a session
		return "field"
	case "n": // a run's set number in a replay matrix
		return "run_number"
	case "*":
		return "static"
	}
	return ""
}

// notAboutStewardData are parameters that name no steward's object: the
// route is called, and must not fail or leak, but need not answer 404.
var notAboutStewardData = map[string]string{"provider": auth.ProviderOIDC, "static": "css/baton.css", "field": "title", "run_number": "1"}

// isolationForm is the body of every page POST: each field an action might
// read, filled with the victim's ids where it takes one, so a refusal comes
// from the ownership check and not from a missing field.
func isolationForm(v *world) url.Values {
	return url.Values{
		"name": {"isolation"}, "who": {"ada"}, "role": {"member"}, "expires": {"never"}, "status": {"archived"},
		"ids": {v.ids["session"]}, "steward_id": {fmt.Sprint(v.steward.ID)}, "session_id": {v.ids["session"]},
		"conversation_id": {v.ids["conversation"]}, "message_id": {v.ids["message"]},
		"kind": {"comment"}, "note": {"isolation"}, "label": {"isolation"}, "dimension": {"isolation"}, "value": {"0.5"},
		"impact": {"high"}, "username": {"ada"}, "password": {"wrong password"},
	}
}

// isolationJSON is the body of every API POST, PUT and PATCH: the fields
// of every request, each of which refuses the fields it does not take
// (callWithJSON leaves those out).
func isolationJSON(v *world) map[string]any {
	return map[string]any{
		"title": "isolation", "conversation_id": v.ids["conversation"], "session_id": v.ids["session"],
		"messages":    []map[string]any{{"source_id": "iso", "role": "steward", "content": "isolation", "timestamp": "2026-01-01T00:00:00Z"}},
		"annotations": []map[string]any{{"kind": "comment", "note": "isolation"}},
		"kind":        "comment", "note": "isolation", "level": "high",
	}
}

// rawCallJSON is rawCall with the fields of fields that the route takes:
// a 400 naming a field the request does not take (unknown, or Baton's
// own) leaves that field out and asks again, so the answer is about the
// ids, not about the body's shape.
func rawCallJSON(a *webtest.App, b *webtest.Browser, token, method, path string, form url.Values, fields map[string]any) (int, string) {
	a.T.Helper()
	body := maps.Clone(fields)
	for {
		j, _ := json.Marshal(body)
		code, resp := rawCall(a, b, token, method, path, form, string(j))
		var e webtest.APIError
		if code != http.StatusBadRequest || json.Unmarshal([]byte(resp), &e) != nil ||
			!(strings.HasPrefix(e.Error.Message, "unknown field") || strings.Contains(e.Error.Message, "is set by Baton")) ||
			body[e.Error.Field] == nil {
			return code, resp
		}
		delete(body, e.Error.Field)
	}
}

// rawCall makes one request as the attacker: pages with a signed-in browser
// and its CSRF token, the API with a bearer token.
func rawCall(a *webtest.App, b *webtest.Browser, token, method, path string, form url.Values, jsonBody string) (int, string) {
	a.T.Helper()
	var body io.Reader
	ct := ""
	api := strings.HasPrefix(path, "/api/")
	if method != http.MethodGet && method != http.MethodHead {
		if api {
			body, ct = strings.NewReader(jsonBody), "application/json"
		} else {
			f := url.Values{}
			for k, v := range form {
				f[k] = v
			}
			f.Set("_csrf", b.CSRF)
			body, ct = strings.NewReader(f.Encode()), "application/x-www-form-urlencoded"
		}
	}
	req, _ := http.NewRequest(method, a.Srv.URL+path, body)
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	client := http.DefaultClient
	if api {
		req.Header.Set("Authorization", "Bearer "+token)
	} else {
		req.Header.Set("X-CSRF-Token", b.CSRF)
		client = b.NoRedirects().Client
	}
	resp, err := client.Do(req)
	if err != nil {
		a.T.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// leaked returns the first of the victim's markers in body.
func leaked(body string, markers []string) string {
	for _, m := range markers {
		if m != "" && strings.Contains(body, m) {
			return m
		}
	}
	return ""
}

// TestNoStewardSeesAnothersData walks the whole route table, not a list
// written by hand: every route that takes an id is called with the other
// steward's ids of the right kind, as a signed-in browser and as an API
// token, and must answer 404 with nothing of theirs; every list and search
// must show nothing of theirs; and nothing of theirs may change. A route
// whose parameter the walk cannot fill fails the test, so a new route
// comes with its line here.
func TestNoStewardSeesAnothersData(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.WithOIDC()
		// Ada attacks; bob is the victim. Both have one of everything.
		own := seedWorld(t, a.St, a.Ada, "ada")
		victim := seedWorld(t, a.St, a.Bob, "bob")
		victim.ids["import_job"] = webtest.FinishedImportJob(t, a.SignIn("bob")) // jobs live in the server
		before := fingerprint(t, a.St, victim)
		attacker := a.SignIn("ada")
		routes := routeTable(a)
		if len(routes) < 30 {
			t.Fatalf("only %d routes: the walk is not seeing the table", len(routes))
		}
		form, jsonBody := isolationForm(victim), isolationJSON(victim)
		walked, withIDs := 0, 0
		var last []func()
		for _, r := range routes {
			path, fillable, stewardData := r.Path, true, false
			for _, seg := range strings.Split(r.Path, "/") {
				name, isParam := strings.CutPrefix(seg, ":")
				wildcard := strings.HasSuffix(seg, "*")
				if !isParam && !wildcard {
					continue
				}
				if wildcard {
					name, seg = "*", "*"
				}
				kind := paramKind(r.Path, name)
				value, ok := notAboutStewardData[kind]
				if !ok {
					value, ok = victim.ids[kind]
					stewardData = true
				}
				if kind == "" || !ok {
					t.Errorf("%s %s: the isolation walk cannot fill %q; teach paramKind and seedWorld about it", r.Method, r.Path, seg)
					fillable = false
					break
				}
				path = strings.Replace(path, seg, url.PathEscape(value), 1)
			}
			if !fillable {
				continue
			}
			method, route := r.Method, r
			check := func() {
				code, body := rawCallJSON(a, attacker, a.AdaToken, method, path, form, jsonBody)
				walked++
				if code >= 500 {
					t.Errorf("%s %s (%s) = %d", method, path, route.Path, code)
				}
				if m := leaked(body, victim.markers); m != "" {
					t.Errorf("%s %s (%s) leaks %q", method, path, route.Path, m)
				}
				if stewardData && code != http.StatusNotFound {
					t.Errorf("%s %s (%s) with the other steward's ids = %d, want 404", method, path, route.Path, code)
				}
			}
			if stewardData {
				withIDs++
			}
			if r.Path == "/logout" || r.Path == "/logout/everywhere" { // hardening: sign out everywhere
				last = append(last, check) // after everything else, or the attacker is signed out
				continue
			}
			check()
			if method == http.MethodGet && !stewardData {
				// Lists and searches, asked for the victim's words.
				q := "?q=" + url.QueryEscape(victim.ids["search"]) + "&tag=bobtag&source=isolation"
				code, body := rawCall(a, attacker, a.AdaToken, method, path+q, nil, "")
				// The search box shows the words asked for; any other marker is a leak.
				body = strings.ReplaceAll(body, victim.ids["search"], "")
				if m := leaked(body, victim.markers); m != "" || code >= 500 {
					t.Errorf("GET %s%s = %d, leaks %q", path, q, code, m)
				}
			}
		}
		for _, f := range last {
			f()
		}
		t.Logf("walked %d routes (%d of them with the other steward's ids)", walked, withIDs)

		// Ids in queries and bodies, against the attacker's own session.
		attacker = a.SignIn("ada")
		for _, p := range []string{
			"/sessions/" + own.ids["session"] + "?c=" + victim.ids["conversation"],
			"/sessions/" + own.ids["session"] + "/messages?after=0&c=" + victim.ids["conversation"],
			"/api/v1/sessions/" + own.ids["session"] + "/messages?conversation_id=" + victim.ids["conversation"],
		} {
			code, body := rawCall(a, attacker, a.AdaToken, "GET", p, nil, "")
			if code != http.StatusNotFound || leaked(body, victim.markers) != "" {
				t.Errorf("GET %s = %d", p, code)
			}
		}
		code, _ := rawCall(a, attacker, a.AdaToken, "POST", "/api/v1/sessions/"+own.ids["session"]+"/messages", nil,
			`{"conversation_id":"`+victim.ids["conversation"]+`","messages":[{"role":"steward","content":"x"}]}`)
		if code != http.StatusNotFound {
			t.Errorf("append to the other steward's conversation through one's own session = %d", code)
		}

		// The victim's own requests still work: the ids were real.
		bob := a.SignIn("bob")
		for _, p := range []string{"/sessions/" + victim.ids["session"], "/teams/" + victim.ids["team"]} {
			if code, body := rawCall(a, bob, a.BobToken, "GET", p, nil, ""); code != 200 || !strings.Contains(body, "bob-") {
				t.Errorf("bob's own %s = %d", p, code)
			}
		}
		if code, _ := rawCall(a, bob, a.BobToken, "GET", "/api/v1/sessions/"+victim.ids["session"], nil, ""); code != 200 {
			t.Errorf("bob's own session by API = %d", code)
		}

		// A share link opens its one object and nothing else of the victim's.
		anon := a.Anonymous()
		doc, resp := anon.Get("/s/" + victim.shareToken)
		page, _ := doc.Html()
		if resp.StatusCode != 200 || !strings.Contains(page, victim.sharedTitle) || !strings.Contains(page, "bob-first-message-text") {
			t.Fatalf("the share link does not open its session: %d", resp.StatusCode)
		}
		for _, m := range victim.markers {
			switch {
			case m == victim.ids["session"], strings.Contains(m, "SHARED-TITLE"), strings.Contains(m, "CORRECTED-TOPIC"),
				strings.Contains(m, "-message-text") && !strings.Contains(m, "private") && !strings.Contains(m, "fork"), m == victim.ids["search"]:
				continue // the shared session's own title, id, (corrected) topic and main-thread text
			}
			if strings.Contains(page, m) {
				t.Errorf("the share page shows %q", m)
			}
		}
		if strings.Contains(page, victim.ids["session"]) {
			t.Error("the share page shows the session's id")
		}
		// And a signed-in stranger with the share link still reaches nothing else.
		if code, _ := rawCall(a, attacker, "", "GET", "/sessions/"+victim.ids["session"], nil, ""); code != http.StatusNotFound {
			t.Errorf("after opening the share link, the session page = %d", code)
		}

		if after := fingerprint(t, a.St, victim); after != before {
			t.Fatalf("the other steward's data changed:\nbefore %s\nafter  %s", before, after)
		}
	})
}

// routeTable lists the server's routes, sorted, once per method and path.
func routeTable(a *webtest.App) []routeEntry {
	srv := serverOf(a)
	seen := map[string]bool{}
	var out []routeEntry
	for _, r := range srv.Routes() {
		key := r.Method + " " + r.Path
		if seen[key] || r.Method == "echo_route_any" {
			continue
		}
		seen[key] = true
		out = append(out, routeEntry{Method: r.Method, Path: r.Path})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path+out[i].Method < out[j].Path+out[j].Method })
	return out
}

type routeEntry struct{ Method, Path string }

// serverOf is the app's *web.Server, behind its test server.
func serverOf(a *webtest.App) *web.Server { return a.Srv.Config.Handler.(*web.Server) }
