package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// ReviewerUsername is the demo's second steward: a member of the demo team,
// who reads and comments on the comparison shared with it.
const ReviewerUsername = "reviewer"

// SeedReplay gives the demo steward a replay of one of its code sessions
// (forked at a prompt, re-run with another model: the same first call,
// one extra failing call, a different answer), a comparison of the two
// runs, and a team with the reviewer as a member that the comparison is
// shared with, with a comment from each. passwordHash is the reviewer's.
func SeedReplay(ctx context.Context, st *store.Store, stewardID int64, passwordHash string) error {
	// The conversation to replay: a main thread with a handful of tool calls.
	var rows []struct {
		ConversationID string `bun:"conversation_id"`
		N              int    `bun:"n"`
	}
	if err := st.DB().NewRaw(`SELECT m.conversation_id, count(*) AS n FROM messages m
		JOIN conversations c ON c.id = m.conversation_id AND c.parent_conversation_id IS NULL
		WHERE m.steward_id = ? AND m.role = 'tool_call' GROUP BY m.conversation_id
		HAVING count(*) BETWEEN 3 AND 40 ORDER BY count(*) DESC, m.conversation_id LIMIT 1`, stewardID).Scan(ctx, &rows); err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil // no code session to replay
	}
	convID := rows[0].ConversationID
	msgs, err := st.ConversationMessages(ctx, stewardID, convID, 0)
	if err != nil {
		return err
	}
	// Fork at the first prompt that is followed by a tool call.
	var at *baton.Message
	for i, m := range msgs {
		if m.Role == baton.RoleSteward && i+1 < len(msgs) && len(msgs[i+1].ToolCalls) > 0 {
			at = m
			break
		}
	}
	if at == nil {
		return nil
	}
	temp, maxTokens := 0.2, 2048
	rp, err := st.CreateReplay(ctx, stewardID, convID, store.ReplayRequest{
		AtMessageID: at.ID, Title: "Replay with a smaller model", Model: "claude-haiku-4-5", Temperature: &temp, MaxTokens: &maxTokens,
		ToolDeny: []string{"WebFetch"}, ExtraContext: "Prefer the smallest change that makes the tests pass.",
	})
	if err != nil {
		return err
	}
	run := replayRun(msgs, at)
	if _, err := st.AppendMessages(ctx, stewardID, rp.SessionID, rp.ConversationID, run); err != nil {
		return err
	}
	if _, err := st.SetReplayStatus(ctx, stewardID, rp.ID, baton.ReplayCompleted, ""); err != nil {
		return err
	}
	cmp, err := st.CreateComparison(ctx, stewardID, convID, rp.ConversationID, "Original run vs replay with a smaller model")
	if err != nil {
		return err
	}
	return shareWithReviewer(ctx, st, stewardID, cmp.ID, rp.SessionID, passwordHash)
}

// replayRun is the replay's run, as an agent would post it: the
// original's first call again, an extra search that fails, and an answer
// of its own, after the fork point at of the transcript msgs.
func replayRun(msgs []*baton.Message, at *baton.Message) []*baton.Message {
	var first baton.ToolCall
	for _, m := range msgs {
		if m.Seq > at.Seq && len(m.ToolCalls) > 0 {
			first = m.ToolCalls[0]
			break
		}
	}
	var answer string
	for _, m := range msgs {
		if m.Role == baton.RoleAssistant && m.Content != "" {
			answer = m.Content
		}
	}
	grep, _ := json.Marshal(map[string]string{"pattern": "TODO", "path": "internal/missing"})
	ts := at.Timestamp
	step := func(i int) baton.Message {
		return baton.Message{SourceID: fmt.Sprintf("replay-%d", i), Model: "claude-haiku-4-5", Timestamp: ts.Add(time.Duration(i) * 20 * time.Second)}
	}
	run := []*baton.Message{}
	m := step(1)
	m.Role, m.Content = baton.RoleAssistant, "I'll start where the original run did, then look for leftover TODOs before changing anything."
	m.Usage = baton.Usage{InputTokens: 1800, OutputTokens: 60}
	run = append(run, &m)
	c1 := step(2)
	c1.Role, c1.Content, c1.ToolCalls = baton.RoleToolCall, first.Name, []baton.ToolCall{{ID: "replay-call-1", Name: first.Name, Input: first.Input}}
	run = append(run, &c1)
	r1 := step(3)
	r1.Role, r1.Content, r1.ToolResult = baton.RoleToolResult, "(same output as the original run)", &baton.ToolResult{ToolUseID: "replay-call-1"}
	run = append(run, &r1)
	c2 := step(4)
	c2.Role, c2.Content, c2.ToolCalls = baton.RoleToolCall, "Grep: TODO", []baton.ToolCall{{ID: "replay-call-2", Name: "Grep", Input: grep}}
	run = append(run, &c2)
	r2 := step(5)
	r2.Role, r2.Content, r2.ToolResult = baton.RoleToolResult, "grep: internal/missing: No such file or directory", &baton.ToolResult{ToolUseID: "replay-call-2", IsError: true}
	run = append(run, &r2)
	fin := step(6)
	fin.Role = baton.RoleAssistant
	fin.Content = "The search path was wrong, so I kept to the original plan. " + answer
	fin.Usage = baton.Usage{InputTokens: 2400, OutputTokens: 180}
	run = append(run, &fin)
	return run
}

// shareWithReviewer makes the demo team with the reviewer as a member,
// shares the comparison and the replay's session with it, and leaves a
// comment from each steward on the comparison.
func shareWithReviewer(ctx context.Context, st *store.Store, stewardID int64, comparisonID, sessionID, passwordHash string) error {
	team, err := st.CreateTeam(ctx, stewardID, "Demo team")
	if err != nil {
		return err
	}
	reviewer := &baton.Steward{Username: ReviewerUsername, DisplayName: "Riley Reviewer", PasswordHash: passwordHash}
	if err := st.CreateSteward(ctx, reviewer); err != nil {
		return err
	}
	_, invitation := auth.NewInvitationToken()
	if _, err := st.CreateInvitation(ctx, stewardID, team.ID, store.InviteRequest{Who: ReviewerUsername, Role: baton.RoleMember}, invitation); err != nil {
		return err
	}
	if _, err := st.AcceptInvitation(ctx, reviewer.ID, invitation); err != nil {
		return err
	}
	if _, err := st.ShareWithTeam(ctx, stewardID, baton.TeamShareComparison, comparisonID, team.ID); err != nil {
		return err
	}
	if _, err := st.AddComparisonComment(ctx, stewardID, comparisonID, "", "The smaller model wandered once (the failing Grep) but landed on the same fix. Worth it for the token savings?"); err != nil {
		return err
	}
	if _, err = st.AddComparisonComment(ctx, reviewer.ID, comparisonID, "", "Agreed: same outcome, one wasted call. I'd take it for routine fixes."); err != nil {
		return err
	}
	// The session itself, shared with the team.
	_, err = st.ShareWithTeam(ctx, stewardID, baton.TeamShareSession, sessionID, team.ID)
	return err
}
