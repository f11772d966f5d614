package api_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

func TestForkReplayDiffAndComparisonAPI(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sessionID, mainConv, ids := webtest.ReplayFixture(t, a)

		// Fork at message 1: the fork reads the prefix without a copy.
		var fork webtest.ConversationJSON
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/fork", map[string]any{"at_message_id": ids[0], "title": "try again"}, &fork); code != 201 {
			t.Fatalf("fork = %d", code)
		}
		if fork.ParentConversationID == nil || *fork.ParentConversationID != mainConv || fork.ForkPointSeq != 1 {
			t.Fatalf("fork %+v", fork)
		}
		var msgs webtest.MessagesJSON
		a.API(a.AdaToken, "GET", "/api/v1/conversations/"+fork.ID+"/messages", nil, &msgs)
		if len(msgs.Messages) != 1 || msgs.Messages[0].ID != ids[0] || msgs.Messages[0].Conv != mainConv {
			t.Fatalf("fork transcript %+v: want the parent's message 1 itself", msgs)
		}
		var n int
		if err := a.St.DB().NewRaw("SELECT count(*) FROM messages WHERE conversation_id = ?", fork.ID).Scan(context.Background(), &n); err != nil || n != 0 {
			t.Fatalf("the fork holds %d messages of its own (%v): the prefix was copied", n, err)
		}
		// A fork at a message outside the conversation is refused, naming the field.
		var e webtest.APIError
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+fork.ID+"/fork", map[string]any{"at_message_id": ids[3]}, &e); code != 400 || e.Error.Field != "at_message_id" {
			t.Errorf("fork past the fork point = %d %+v", code, e)
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+fork.ID+"/fork", `{"at_message_id":1,"colour":"red"}`, &e); code != 400 || e.Error.Field != "colour" {
			t.Errorf("unknown field = %d %+v", code, e)
		}

		// Replay from message 1, with a tool filter.
		var rp baton.Replay
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/replays", map[string]any{
			"at_message_id": ids[0], "model": "gpt-test", "temperature": 0.3, "tool_deny": []string{"WebFetch"}, "extra_context": "be brief",
		}, &rp); code != 201 || rp.Status != baton.ReplayPrepared {
			t.Fatalf("replay = %d %+v", code, rp)
		}
		var ctxOut struct {
			Request struct {
				Model    string           `json:"model"`
				Messages []map[string]any `json:"messages"`
			} `json:"request"`
			ToolFilter struct{ Deny []string } `json:"tool_filter"`
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/replays/"+rp.ID+"/context?format=openai", nil, &ctxOut); code != 200 {
			t.Fatalf("context = %d", code)
		}
		if ctxOut.Request.Model != "gpt-test" || len(ctxOut.Request.Messages) != 2 || ctxOut.Request.Messages[0]["role"] != "system" ||
			ctxOut.Request.Messages[1]["content"] != "Fix the parser test" || len(ctxOut.ToolFilter.Deny) != 1 {
			t.Fatalf("context %+v", ctxOut)
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/replays/"+rp.ID+"/context?format=xml", nil, &e); code != 400 || e.Error.Field != "format" {
			t.Errorf("bad format = %d", code)
		}

		// The agent posts the replay's run: the same tool call, this time passing.
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+rp.ConversationID+"/messages", map[string]any{"messages": []map[string]any{
			{"source_id": "r2", "role": "tool_call", "tool_calls": []map[string]any{{"id": "d1", "name": "Bash", "input": map[string]any{"command": "go test"}}}},
			{"source_id": "r3", "role": "tool_result", "content": "ok", "tool_result": map[string]any{"tool_use_id": "d1"}},
			{"source_id": "r4", "role": "assistant", "content": "The tokenizer drops the last token; I fixed it and the tests pass."},
		}}, nil); code != 200 {
			t.Fatalf("replay messages = %d", code)
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/replays/"+rp.ID+"/complete", nil, &rp); code != 200 || rp.Status != baton.ReplayCompleted || rp.CompletedAt == nil {
			t.Fatalf("complete = %d %+v", code, rp)
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/replays/"+rp.ID+"/complete", nil, &e); code != 409 {
			t.Errorf("completing twice = %d", code)
		}

		var d struct {
			Verdict      string `json:"verdict"`
			PrefixLength int    `json:"prefix_length"`
			Actions      struct {
				Same    int `json:"same"`
				ErrorsA int `json:"errors_a"`
			} `json:"actions"`
			Outcome struct {
				Delta struct{ Errors int } `json:"delta"`
			} `json:"outcome"`
			Reasoning struct{ Matched int } `json:"reasoning"`
		}
		if code := a.API(a.AdaToken, "GET", "/api/v1/conversations/"+mainConv+"/diff/"+rp.ConversationID, nil, &d); code != 200 {
			t.Fatalf("diff = %d", code)
		}
		// The fork point is message 1; the runs then make the same call
		// (one fails, one passes) and answer alike.
		if d.PrefixLength != 1 || d.Actions.Same != 1 || d.Actions.ErrorsA != 1 || d.Outcome.Delta.Errors != -1 || d.Reasoning.Matched != 1 || d.Verdict != "similar" {
			t.Errorf("diff %+v", d)
		}

		// Tree: the main thread with the fork and the replay under it.
		var tree struct {
			Conversations []struct {
				Children []struct {
					Kind   string        `json:"kind"`
					Replay *baton.Replay `json:"replay"`
				} `json:"children"`
			} `json:"conversations"`
		}
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sessionID+"/conversations", nil, &tree)
		if len(tree.Conversations) != 1 || len(tree.Conversations[0].Children) != 2 || tree.Conversations[0].Children[1].Replay == nil {
			t.Fatalf("tree %+v", tree)
		}

		// Comparison, comments, shares.
		var created struct{ ID string }
		if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons", map[string]any{"a": mainConv, "b": rp.ConversationID}, &created); code != 201 || created.ID == "" {
			t.Fatalf("comparison = %d", code)
		}
		if code := a.API(a.BobToken, "POST", "/api/v1/comparisons", map[string]any{"a": mainConv, "b": rp.ConversationID}, &e); code != 400 || e.Error.Field != "a" {
			t.Errorf("bob compares ada's conversations = %d", code)
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons/"+created.ID+"/comments", map[string]any{"body": "better run", "pair": "r1"}, nil); code != 201 {
			t.Errorf("owner comment = %d", code)
		}
		if code := a.API(a.BobToken, "GET", "/api/v1/comparisons/"+created.ID, nil, nil); code != 404 {
			t.Errorf("bob reads an unshared comparison = %d", code)
		}
		team := webtest.SharingTeam(t, a)
		if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons/"+created.ID+"/shares", map[string]any{"team_id": team.ID}, nil); code != 201 {
			t.Fatalf("share = %d", code)
		}
		var got struct {
			Comparison baton.Comparison           `json:"comparison"`
			Comments   []*baton.ComparisonComment `json:"comments"`
		}
		if code := a.API(a.BobToken, "GET", "/api/v1/comparisons/"+created.ID, nil, &got); code != 200 || got.Comparison.Access != baton.AccessMember || len(got.Comments) != 1 {
			t.Fatalf("member bob reads = %d %+v", code, got)
		}
		if code := a.API(a.BobToken, "POST", "/api/v1/comparisons/"+created.ID+"/comments", map[string]any{"body": "agreed"}, nil); code != 201 {
			t.Errorf("member comment = %d", code)
		}
		if code := a.API(a.BobToken, "POST", "/api/v1/comparisons/"+created.ID+"/shares", map[string]any{"team_id": team.ID}, nil); code != 404 {
			t.Errorf("a member re-shares = %d, want 404", code)
		}
		// A viewer reads but cannot comment; a stranger and a removed member get 404.
		viewer, viewerToken := a.Steward("vera")
		stranger, strangerToken := a.Steward("sam")
		_ = stranger
		webtest.JoinTeam(t, a, team.ID, viewer, baton.RoleViewer)
		if code := a.API(viewerToken, "GET", "/api/v1/comparisons/"+created.ID, nil, nil); code != 200 {
			t.Errorf("viewer reads = %d", code)
		}
		if code := a.API(viewerToken, "POST", "/api/v1/comparisons/"+created.ID+"/comments", map[string]any{"body": "hm"}, nil); code != 403 {
			t.Errorf("viewer comments = %d, want 403", code)
		}
		if code := a.API(strangerToken, "GET", "/api/v1/comparisons/"+created.ID, nil, nil); code != 404 {
			t.Errorf("non-member reads = %d", code)
		}
		if err := a.St.RemoveMember(context.Background(), a.Ada.ID, team.ID, a.Bob.ID); err != nil {
			t.Fatal(err)
		}
		if code := a.API(a.BobToken, "GET", "/api/v1/comparisons/"+created.ID, nil, nil); code != 404 {
			t.Errorf("removed member reads = %d", code)
		}
		if code := a.API(a.BobToken, "POST", "/api/v1/comparisons/"+created.ID+"/comments", map[string]any{"body": "still here?"}, nil); code != 404 {
			t.Errorf("removed member comments = %d", code)
		}
	})
}

func TestCherryPickIsAllOrNothing(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		var e webtest.APIError
		// One id that is not in the conversation: nothing is written.
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/cherry-pick", map[string]any{"message_ids": []int64{ids[0], 999999}}, &e); code != 400 || e.Error.Field != "message_ids[1]" {
			t.Fatalf("bad pick = %d %+v", code, e)
		}
		var n int
		_ = a.St.DB().NewRaw("SELECT count(*) FROM conversations").Scan(context.Background(), &n)
		if n != 1 {
			t.Fatalf("%d conversations after a failed pick", n)
		}
		var out struct {
			Conversation webtest.ConversationJSON `json:"conversation"`
			Messages     []struct {
				ID int64 `json:"id"`
			} `json:"messages"`
		}
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/cherry-pick", map[string]any{"from_seq": 2, "to_seq": 3}, &out); code != 201 || len(out.Messages) != 2 {
			t.Fatalf("pick range = %d %+v", code, out)
		}
		prov, err := a.St.Provenance(context.Background(), a.Ada.ID, []int64{out.Messages[0].ID, out.Messages[1].ID})
		if err != nil || prov[out.Messages[0].ID].SourceMessageID != ids[1] || prov[out.Messages[1].ID].SourceMessageID != ids[2] {
			t.Fatalf("provenance %+v %v", prov, err)
		}
		// Picking the same messages into the same conversation again fails whole.
		if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+mainConv+"/cherry-pick", map[string]any{"message_ids": []int64{ids[3], ids[1]}, "target_conversation_id": out.Conversation.ID}, &e); code != 409 {
			t.Fatalf("re-pick = %d %+v", code, e)
		}
		var msgs webtest.MessagesJSON
		a.API(a.AdaToken, "GET", "/api/v1/conversations/"+out.Conversation.ID+"/messages", nil, &msgs)
		if len(msgs.Messages) != 2 {
			t.Errorf("the failed pick left %d messages, want the 2 of before", len(msgs.Messages))
		}
		if code := a.API(a.BobToken, "POST", "/api/v1/conversations/"+mainConv+"/cherry-pick", map[string]any{"message_ids": []int64{ids[0]}}, &e); code != http.StatusNotFound {
			t.Errorf("bob picks from ada = %d", code)
		}
	})
}

// A comparison's read-only link shows the runs with secrets hidden (as the
// preview said), shows no comments, and a revoked link is not found.
func TestComparisonLinkRedactsAndRevokes(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		_, mainConv, ids := webtest.ReplayFixture(t, a)
		rp := webtest.ReplayAnswering(t, a, mainConv, ids[0], "Set OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234567890 and edit /home/ada/app/main.go")
		created := struct{ ID string }{webtest.Compare(t, a, mainConv, rp.ConversationID)}
		a.API(a.AdaToken, "POST", "/api/v1/comparisons/"+created.ID+"/comments", map[string]any{"body": "private remark"}, nil)

		ada := a.SignIn("ada")
		postDoc := func(path string, form url.Values) (*goquery.Document, *http.Response) {
			resp := ada.Post(path, form)
			defer resp.Body.Close()
			doc, _ := goquery.NewDocumentFromReader(resp.Body)
			return doc, resp
		}
		doc, resp := postDoc("/comparisons/"+created.ID+"/links/preview", url.Values{"redact": {"on"}, "expires": {"7d"}})
		if resp.StatusCode != 200 || !strings.Contains(doc.Find(".redactions").Text(), "API key") || !strings.Contains(doc.Find(".redactions").Text(), "private path") {
			t.Fatalf("preview = %d %q", resp.StatusCode, doc.Find("main").Text())
		}
		if strings.Contains(doc.Text(), "abcdefghijklmnop") {
			t.Error("the preview shows the secret itself")
		}
		// The post redirects to the comparison's page, which shows the link
		// once: asked again, the page makes and shows no link.
		doc, resp = postDoc("/comparisons/"+created.ID+"/links", url.Values{"redact": {"on"}, "expires": {"7d"}})
		link := doc.Find("#link-url").Text()
		u, err := url.Parse(link)
		if err != nil || !strings.HasPrefix(u.Path, "/c/") || resp.Request.Method != "GET" || resp.Request.URL.Path != "/comparisons/"+created.ID {
			t.Fatalf("link %q on %s %s", link, resp.Request.Method, resp.Request.URL)
		}
		if terms := doc.Find("#link-created").Text(); !strings.Contains(terms, "with secrets hidden") || !strings.Contains(terms, "expires in 7 days") {
			t.Errorf("the created link's terms: %q", terms)
		}
		if again, _ := ada.Get("/comparisons/" + created.ID); again.Find("#link-url").Length() != 0 {
			t.Error("the comparison page shows the link again")
		}
		anon := a.Anonymous()
		page, resp := anon.Get(u.Path)
		body, _ := page.Html()
		if resp.StatusCode != 200 || page.Find("#verdict").Length() != 1 {
			t.Fatalf("link page = %d", resp.StatusCode)
		}
		for _, secret := range []string{"sk-proj-abcdefghijklmnop", "/home/ada", "private remark", created.ID} {
			if strings.Contains(body, secret) {
				t.Errorf("the link page shows %q", secret)
			}
		}
		if !strings.Contains(body, "[redacted API key]") || page.Find("form").Length() != 0 {
			t.Errorf("the link page is not the redacted, read-only comparison: redacted %v, forms %d: %s", strings.Contains(body, "[redacted API key]"), page.Find("form").Length(), page.Find("form").First().AttrOr("action", ""))
		}
		links, err := a.St.ShareLinksForSteward(context.Background(), a.Ada.ID)
		if err != nil || len(links) != 1 || !links[0].Redact {
			t.Fatalf("links %+v %v", links, err)
		}
		if err := a.St.RevokeShareLink(context.Background(), a.Ada.ID, links[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, resp := anon.Get(u.Path); resp.StatusCode != http.StatusNotFound {
			t.Errorf("revoked link = %d", resp.StatusCode)
		}
	})
}
