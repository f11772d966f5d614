package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity/continuitytest"
	"github.com/baton-dev/baton/internal/store"
)

// HookFixtureSession is the Claude Code session of HookFixtureDir, with
// its subagents.
const HookFixtureSession = "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37"

// HookFixtureDir is the Claude Code project the importer's tests read,
// wherever the test runs from.
var HookFixtureDir = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "internal", "ingest", "claudecode", "testdata", "projects", "-home-dev-shop")
}()

// CreateCodingSession sends the fixture session through the API as an
// agent would, and returns its id.
func CreateCodingSession(t testing.TB, a *App, token string, extra map[string]any) string {
	t.Helper()
	sess, msgs := continuitytest.CodingSession()
	sess.EndedAt = nil
	body := map[string]any{"title": sess.Title, "conversation_type": sess.Type, "source": "api", "branch": sess.Branch,
		"started_at": sess.StartedAt, "technical_context": sess.Technical}
	for k, v := range extra {
		body[k] = v
	}
	var created baton.Session
	if code := a.API(token, "POST", "/api/v1/sessions", body, &created); code != http.StatusCreated {
		t.Fatalf("create = %d", code)
	}
	if code := a.API(token, "POST", "/api/v1/sessions/"+created.ID+"/messages", map[string]any{"messages": messageRequests(t, msgs)}, nil); code != 200 {
		t.Fatalf("append = %d", code)
	}
	return created.ID
}

// MultiDocumentNDJSON is a structured file of n documents, document i
// with i+2 messages.
func MultiDocumentNDJSON(n int) (string, int) {
	var lines []string
	msgs := 0
	for i := range n {
		var turns []string
		for m := range i + 2 {
			speaker := []string{"Alice", "Bob"}[m%2]
			turns = append(turns, fmt.Sprintf(`{"speaker": %q, "content": "Message %d of chat %d about lunch.", "time": "2024-01-15T12:%02d:00Z"}`, speaker, m, i, m))
			msgs++
		}
		lines = append(lines, fmt.Sprintf(`{"id": "chat_%d", "conversation": {"source": "messaging_app", "people": ["Alice", "Bob"], "user": "Alice", "conversation": [%s]}}`, i, strings.Join(turns, ", ")))
	}
	return strings.Join(lines, "\n"), msgs
}

// ConversationJSON is a conversation as the API answers it.
type ConversationJSON struct {
	ID                   string  `json:"id"`
	Kind                 string  `json:"kind"`
	ParentConversationID *string `json:"parent_conversation_id"`
	ForkPointSeq         int64   `json:"fork_point_seq"`
}

// MessagesJSON is a page of messages as the API answers it.
type MessagesJSON struct {
	Messages []struct {
		ID      int64  `json:"id"`
		Seq     int64  `json:"sequence_number"`
		Content string `json:"content"`
		Conv    string `json:"conversation_id"`
	} `json:"messages"`
}

// ReplayFixture is a session whose main thread asks, runs a tool and answers.
func ReplayFixture(t *testing.T, a *App) (sessionID, mainConv string, ids []int64) {
	t.Helper()
	var sess struct{ ID string }
	if code := a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "replay me"}, &sess); code != 201 {
		t.Fatalf("create session = %d", code)
	}
	body := map[string]any{"messages": []map[string]any{
		{"source_id": "1", "role": "steward", "content": "Fix the parser test"},
		{"source_id": "2", "role": "tool_call", "content": "Bash: go test", "tool_calls": []map[string]any{{"id": "c1", "name": "Bash", "input": map[string]any{"command": "go test"}}}},
		{"source_id": "3", "role": "tool_result", "content": "FAIL parser", "tool_result": map[string]any{"tool_use_id": "c1", "is_error": true}},
		{"source_id": "4", "role": "assistant", "content": "The tokenizer drops the last token; I fixed it."},
	}}
	if code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", body, nil); code != 200 {
		t.Fatalf("append = %d", code)
	}
	var tree struct {
		Conversations []struct {
			ConversationJSON
			Children []ConversationJSON `json:"children"`
		} `json:"conversations"`
	}
	a.API(a.AdaToken, "GET", "/api/v1/sessions/"+sess.ID+"/conversations", nil, &tree)
	if len(tree.Conversations) != 1 {
		t.Fatalf("tree %+v", tree)
	}
	var ms MessagesJSON
	a.API(a.AdaToken, "GET", "/api/v1/conversations/"+tree.Conversations[0].ID+"/messages", nil, &ms)
	for _, m := range ms.Messages {
		ids = append(ids, m.ID)
	}
	return sess.ID, tree.Conversations[0].ID, ids
}

// SecondMessage is the second message of ada's session id (the first
// answer of CreateCodingSession's session): its id, as a route takes it,
// and its conversation.
func SecondMessage(t testing.TB, a *App, id string) (messageID, conversationID string) {
	t.Helper()
	var page struct{ Messages []baton.Message }
	a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/messages", nil, &page)
	if len(page.Messages) < 2 {
		t.Fatalf("%d messages", len(page.Messages))
	}
	return strconv.FormatInt(page.Messages[1].ID, 10), page.Messages[1].ConversationID
}

// ReplayAnswering replays ada's conversation conv from message at and has
// the replay answer with answer (none when answer is ""): the replay.
func ReplayAnswering(t *testing.T, a *App, conv string, at int64, answer string) baton.Replay {
	t.Helper()
	var rp baton.Replay
	if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+conv+"/replays", map[string]any{"at_message_id": at}, &rp); code != http.StatusCreated {
		t.Fatalf("replay = %d", code)
	}
	if answer != "" {
		Answer(t, a, rp.ConversationID, answer)
	}
	return rp
}

// ForkAnswering forks ada's conversation conv at message at and has the
// fork answer with answer: the fork and the id and sequence number of
// its answer.
func ForkAnswering(t *testing.T, a *App, conv string, at int64, answer string) (fork ConversationJSON, answerID, answerSeq int64) {
	t.Helper()
	if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+conv+"/fork", map[string]any{"at_message_id": at}, &fork); code != http.StatusCreated {
		t.Fatalf("fork = %d", code)
	}
	Answer(t, a, fork.ID, answer)
	var ms MessagesJSON
	a.API(a.AdaToken, "GET", "/api/v1/conversations/"+fork.ID+"/messages", nil, &ms)
	last := ms.Messages[len(ms.Messages)-1]
	return fork, last.ID, last.Seq
}

// Answer appends one assistant message to ada's conversation conv.
func Answer(t *testing.T, a *App, conv, content string) {
	t.Helper()
	body := map[string]any{"messages": []map[string]any{{"source_id": "answer-1", "role": "assistant", "content": content}}}
	if code := a.API(a.AdaToken, "POST", "/api/v1/conversations/"+conv+"/messages", body, nil); code != http.StatusOK && code != http.StatusCreated {
		t.Fatalf("answer = %d", code)
	}
}

// Compare is ada's comparison of conversations convA and convB: its id.
func Compare(t *testing.T, a *App, convA, convB string) string {
	t.Helper()
	var cmp struct{ ID string }
	if code := a.API(a.AdaToken, "POST", "/api/v1/comparisons", map[string]any{"a": convA, "b": convB}, &cmp); code != http.StatusCreated {
		t.Fatalf("comparison = %d", code)
	}
	return cmp.ID
}

// SharingTeam is a team of ada's (owner) with bob as a member.
func SharingTeam(t *testing.T, a *App) *baton.Team {
	t.Helper()
	team, err := a.St.CreateTeam(context.Background(), a.Ada.ID, "reviewers")
	if err != nil {
		t.Fatal(err)
	}
	JoinTeam(t, a, team.ID, a.Bob, baton.RoleMember)
	return team
}

// JoinTeam makes who a member of ada's team with role, by invitation.
func JoinTeam(t *testing.T, a *App, teamID int64, who *baton.Steward, role baton.TeamRole) {
	t.Helper()
	ctx := context.Background()
	_, hash := auth.NewInvitationToken()
	if _, err := a.St.CreateInvitation(ctx, a.Ada.ID, teamID, store.InviteRequest{Who: who.Username, Role: role}, hash); err != nil {
		t.Fatal(err)
	}
	if _, err := a.St.AcceptInvitation(ctx, who.ID, hash); err != nil {
		t.Fatal(err)
	}
}

// JSONFields are the top-level JSON names of v's fields, each with its
// zero value, as a client that posted a whole row would send them.
func JSONFields(t testing.TB, v any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// The fields of a session and of a message that an API client may set;
// every other field of the row is Baton's (ids, owner, counters, row
// times, derived values). A field added to the row is server-owned until
// it is added to the request type and here.
var (
	ClientSessionFields = map[string]bool{
		"title": true, "conversation_type": true, "source": true, "source_ref": true, "branch": true, "tags": true,
		"started_at": true, "ended_at": true, "steward": true, "assistant": true, "summary": true, "progress": true,
		"emotional_arc": true, "relationship": true, "technical_context": true, "continuity": true,
		"version": true, "review_status": true, "attributes": true,
	}
	ClientMessageFields = map[string]bool{
		"source_id": true, "role": true, "speaker": true, "content": true, "content_type": true, "thinking": true,
		"tool_calls": true, "tool_result": true, "model": true, "usage": true, "semantic": true, "code_context": true,
		"references": true, "impact": true, "edit_history": true, "metadata": true, "timestamp": true, "attributes": true,
	}
)

// messageRequests are messages as an API client sends them: the rows'
// JSON without the fields Baton owns (which the API refuses).
func messageRequests[M baton.Message | *baton.Message](t testing.TB, msgs []M) []map[string]any {
	t.Helper()
	out := make([]map[string]any, len(msgs))
	for i, m := range msgs {
		out[i] = JSONFields(t, m)
		for name := range out[i] {
			if !ClientMessageFields[name] {
				delete(out[i], name)
			}
		}
	}
	return out
}
