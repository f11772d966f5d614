package ui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/render"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// transcriptChunk is how many messages one transcript request renders:
// enough to fill a screen or two, few enough to render in milliseconds.
const transcriptChunk = 40

// SessionMessages is the transcript partial that infinite scroll loads.
func (s *Server) SessionMessages(c echo.Context) error {
	sid := stewardID(c)
	sess, err := s.sessions.Session(requestContext(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	conv, err := s.sessions.Conversation(requestContext(c), sid, sess.ID, c.QueryParam("c"))
	if err != nil {
		return err
	}
	if v := c.QueryParam("before"); v != "" {
		before, err := strconv.ParseInt(v, 10, 64)
		if err != nil || before < 2 {
			return baton.Invalid("before", "before must be a message number from 2 on")
		}
		chunk, err := s.transcriptBefore(c, sess.ID, conv.ID, before)
		if err != nil {
			return err
		}
		return renderHTML(c, http.StatusOK, views.TranscriptChunk(chunk))
	}
	after, err := strconv.ParseInt(c.QueryParam("after"), 10, 64)
	if err != nil || after < 0 {
		return baton.Invalid("after", "after must be a message number")
	}
	chunk, err := s.transcript(c, conv, after)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.TranscriptChunk(chunk))
}

func (s *Server) transcript(c echo.Context, conv *baton.Conversation, after int64) (views.TranscriptChunk, error) {
	return s.transcriptAnnotated(c, conv, after, nil)
}

// transcriptAnnotated is transcript with the messages' annotations given,
// by message id, when the caller has read them (the session page reads the
// session's all at once); nil reads the chunk's.
func (s *Server) transcriptAnnotated(c echo.Context, conv *baton.Conversation, after int64, byMsg map[int64][]*baton.Annotation) (views.TranscriptChunk, error) {
	msgs, err := s.sessions.TranscriptShownOf(requestContext(c), stewardID(c), conv, after, transcriptChunk)
	if err != nil {
		return views.TranscriptChunk{}, err
	}
	chunk := views.TranscriptChunk{Messages: messageViews(msgs)}
	markBranchStarts(chunk.Messages)
	if byMsg == nil {
		if err := s.annotateTranscript(c, chunk.Messages); err != nil {
			return views.TranscriptChunk{}, err
		}
	} else {
		annotateFrom(c, chunk.Messages, byMsg)
	}
	if len(msgs) == transcriptChunk {
		chunk.NextURL = fmt.Sprintf("/sessions/%s/messages?c=%s&after=%d", conv.SessionID, url.QueryEscape(conv.ID), msgs[len(msgs)-1].Seq)
	}
	return chunk, nil
}

// messageViews renders messages for the transcript: Markdown for what people
// and assistants wrote, highlighted code for what tools took and gave.
func messageViews(msgs []*baton.Message) []views.MessageView {
	out := make([]views.MessageView, len(msgs))
	for i, m := range msgs {
		v := views.MessageView{Message: m, Anchor: fmt.Sprintf("m-%d", m.Seq)}
		switch m.Role {
		case baton.RoleToolResult:
			v.HTML = render.CodeBlock(m.Content, "")
			v.IsError = m.ToolResult != nil && m.ToolResult.IsError
		default:
			v.HTML = render.Markdown(m.Content)
		}
		if m.Thinking != "" {
			v.ThinkingHTML = render.Markdown(m.Thinking)
		}
		for _, tc := range m.ToolCalls {
			v.ToolCalls = append(v.ToolCalls, views.ToolCallView{ID: tc.ID, Name: tc.Name, InputHTML: toolInputHTML(tc)})
		}
		out[i] = v
	}
	return out
}

// toolInputHTML shows a tool call's input: a shell command as shell, anything else as indented JSON.
func toolInputHTML(tc baton.ToolCall) string {
	var in map[string]any
	if json.Unmarshal(tc.Input, &in) == nil {
		if cmd, ok := in["command"].(string); ok && len(in) <= 3 {
			return render.CodeBlock(cmd, "bash")
		}
	}
	pretty, err := json.MarshalIndent(json.RawMessage(tc.Input), "", "  ")
	if err != nil {
		pretty = tc.Input
	}
	return render.CodeBlock(string(pretty), "json")
}

// annotateTranscript gives each message of a transcript chunk its
// annotations (one query for the chunk) and the form token.
func (s *Server) annotateTranscript(c echo.Context, msgs []views.MessageView) error {
	ids := make([]int64, 0, len(msgs))
	for _, m := range msgs {
		ids = append(ids, m.ID)
	}
	byMsg, err := s.sessions.MessageAnnotations(requestContext(c), stewardID(c), ids)
	if err != nil {
		return err
	}
	annotateFrom(c, msgs, byMsg)
	return nil
}

// annotateFrom gives each message its annotations from byMsg, by message
// id, and the form token.
func annotateFrom(c echo.Context, msgs []views.MessageView, byMsg map[int64][]*baton.Annotation) {
	csrf := browserOf(c).CSRF
	for i := range msgs {
		msgs[i].Annotations = byMsg[msgs[i].ID]
		msgs[i].CSRF = csrf
	}
}

// transcriptBefore is the run of up to transcriptChunk messages just
// before message number before: what "Load earlier messages" puts above
// a transcript that a jump started in the middle. Messages are numbered
// 1..n along the transcript, so the run starts after before-1-chunk.
func (s *Server) transcriptBefore(c echo.Context, sessionID, conversationID string, before int64) (views.TranscriptChunk, error) {
	after := max(0, before-1-transcriptChunk)
	msgs, err := s.sessions.Transcript(requestContext(c), stewardID(c), sessionID, conversationID, after, int(before-1-after))
	if err != nil {
		return views.TranscriptChunk{}, err
	}
	chunk := views.TranscriptChunk{Messages: messageViews(msgs)}
	markBranchStarts(chunk.Messages)
	if err := s.annotateTranscript(c, chunk.Messages); err != nil {
		return views.TranscriptChunk{}, err
	}
	setEarlier(&chunk, sessionID, conversationID, after+1)
	return chunk, nil
}

// setEarlier gives a run that starts at message first (> 1) the link that
// loads the run before it.
func setEarlier(chunk *views.TranscriptChunk, sessionID, conversationID string, first int64) {
	if first <= 1 || len(chunk.Messages) == 0 {
		return
	}
	chunk.EarlierCount = int(min(first-1, transcriptChunk))
	chunk.EarlierURL = fmt.Sprintf("/sessions/%s/messages?c=%s&before=%d", sessionID, url.QueryEscape(conversationID), first)
}
