package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/render"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// transcriptChunk is how many messages one transcript request renders:
// enough to fill a screen or two, few enough to render in milliseconds.
const transcriptChunk = 40

// parseSessionFilter reads the session list's filters from the query; the
// same names serve the page and the API.
func parseSessionFilter(q url.Values) (baton.SessionFilter, error) {
	f := baton.SessionFilter{
		Source: q.Get("source"), Tag: q.Get("tag"), Topic: q.Get("topic"), Emotion: q.Get("emotion"), Text: strings.TrimSpace(q.Get("q")),
		Sort: q.Get("sort"), Cursor: q.Get("cursor"), ReviewStatus: baton.ReviewStatus(q.Get("review")),
		HasBreakthroughs: q.Get("breakthroughs") == "1" || q.Get("breakthroughs") == "true",
	}
	for _, t := range q["type"] {
		if t == "" {
			continue
		}
		if !baton.SessionType(t).Valid() {
			return f, baton.Invalid("type", "type must be one of chat, code_session, analysis, planning, reflection; got %q", t)
		}
		f.Types = append(f.Types, baton.SessionType(t))
	}
	if f.ReviewStatus != "" && !f.ReviewStatus.Valid() {
		return f, baton.Invalid("review", "review must be pending, reviewed or archived; got %q", f.ReviewStatus)
	}
	for _, d := range []struct {
		name string
		dst  **time.Time
		add  time.Duration
	}{{"from", &f.From, 0}, {"to", &f.To, 24 * time.Hour}} {
		v := q.Get(d.name)
		if v == "" {
			continue
		}
		t, err := time.Parse("2006-01-02", v)
		if err != nil {
			if t, err = time.Parse(time.RFC3339, v); err != nil {
				return f, baton.Invalid(d.name, "%s must be a date like 2026-01-31; got %q", d.name, v)
			}
		} else {
			t = t.Add(d.add) // "to" a day includes that day
		}
		*d.dst = &t
	}
	if v := q.Get("min_quality"); v != "" {
		mq, err := strconv.ParseFloat(v, 64)
		if err != nil || mq < 0 || mq > 1 {
			return f, baton.Invalid("min_quality", "min_quality must be a number from 0 to 1; got %q", v)
		}
		f.MinQuality = &mq
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return f, baton.Invalid("limit", "limit must be a whole number from 1 to 200; got %q", v)
		}
		f.Limit = n
	}
	return f, nil
}

func (s *Server) sessionList(c echo.Context) error {
	q := c.QueryParams()
	f, err := parseSessionFilter(q)
	if err != nil {
		return err
	}
	page, err := s.store.ListSessions(ctx(c), stewardID(c), f)
	if err != nil {
		return err
	}
	p := views.SessionListPage{
		Page: s.page(c, "Sessions", "sessions"), Query: q, Sessions: page.Sessions, Total: page.Total,
		Sort: f.Sort, Types: baton.SessionTypes, ReviewStatuses: baton.ReviewStatuses, BulkURL: "/sessions/review",
	}
	if page.NextCursor != "" {
		next := url.Values{}
		for k, v := range q {
			next[k] = v
		}
		next.Set("cursor", page.NextCursor)
		next.Set("rows", "1")
		p.NextURL = "/sessions?" + next.Encode()
	}
	if q.Get("rows") == "1" {
		return renderHTML(c, http.StatusOK, views.SessionRows(p))
	}
	if f.Text != "" && f.Cursor == "" {
		if p.Hits, err = s.store.Search(ctx(c), stewardID(c), f.Text, 10); err != nil {
			return err
		}
	}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.SessionResults(p))
	}
	if p.Sources, err = s.store.Sources(ctx(c), stewardID(c)); err != nil {
		return err
	}
	if p.Tags, err = s.store.Tags(ctx(c), stewardID(c)); err != nil {
		return err
	}
	if p.Topics, err = s.store.Topics(ctx(c), stewardID(c)); err != nil {
		return err
	}
	if p.Emotions, err = s.store.Emotions(ctx(c), stewardID(c)); err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.SessionList(p))
}

// sessionsReview bulk-sets the review status of the selected sessions.
func (s *Server) sessionsReview(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return err
	}
	status := baton.ReviewStatus(form.Get("status"))
	n, err := s.store.SetReviewStatus(ctx(c), stewardID(c), form["ids"], status)
	if err != nil {
		return err
	}
	back := "/sessions"
	if ref, err := url.Parse(c.Request().Referer()); err == nil && ref.Path == "/sessions" {
		back = ref.RequestURI()
	}
	if isHTMX(c) {
		c.Response().Header().Set("HX-Redirect", back)
		return c.NoContent(http.StatusNoContent)
	}
	_ = n
	return c.Redirect(http.StatusSeeOther, back)
}

func (s *Server) sessionShow(c echo.Context) error {
	sid := stewardID(c)
	sess, err := s.store.Session(ctx(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	convs, err := s.store.Conversations(ctx(c), sid, sess.ID)
	if err != nil {
		return err
	}
	conv, err := s.store.Conversation(ctx(c), sid, sess.ID, c.QueryParam("c"))
	if err != nil {
		return err
	}
	total, err := s.store.TranscriptLength(ctx(c), sid, sess.ID, conv.ID)
	if err != nil {
		return err
	}
	after, err := afterForAt(c.QueryParam("at"), total)
	if err != nil {
		return err
	}
	chunk, err := s.transcript(c, sess.ID, conv.ID, after)
	if err != nil {
		return err
	}
	var at int64
	if c.QueryParam("at") != "" {
		at = after + 1
		setEarlier(&chunk, sess.ID, conv.ID, at)
	}
	analysing, err := s.store.AnalysisPending(ctx(c), sid, conv.ID)
	if err != nil {
		return err
	}
	analysisView, err := s.sessionAnalysis(c, sess)
	if err != nil {
		return err
	}
	title := sess.Title
	if title == "" {
		title = "Untitled session"
	}
	return renderHTML(c, http.StatusOK, views.SessionShow(views.SessionPage{
		Page: s.page(c, title, "sessions"), Session: sess, Conversations: convs, Conversation: conv,
		Transcript: chunk, TotalMessages: total, At: at, Analysing: analysing, MessagesURL: "/sessions/" + sess.ID + "/messages",
		Analysis: analysisView,
	}))
}

// sessionMessages is the transcript partial that infinite scroll loads.
func (s *Server) sessionMessages(c echo.Context) error {
	sid := stewardID(c)
	sess, err := s.store.Session(ctx(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	conv, err := s.store.Conversation(ctx(c), sid, sess.ID, c.QueryParam("c"))
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
	chunk, err := s.transcript(c, sess.ID, conv.ID, after)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.TranscriptChunk(chunk))
}

func (s *Server) transcript(c echo.Context, sessionID, conversationID string, after int64) (views.TranscriptChunk, error) {
	msgs, err := s.store.Transcript(ctx(c), stewardID(c), sessionID, conversationID, after, transcriptChunk)
	if err != nil {
		return views.TranscriptChunk{}, err
	}
	chunk := views.TranscriptChunk{Messages: messageViews(msgs)}
	if err := s.annotateTranscript(c, chunk.Messages); err != nil {
		return views.TranscriptChunk{}, err
	}
	if len(msgs) == transcriptChunk {
		chunk.NextURL = fmt.Sprintf("/sessions/%s/messages?c=%s&after=%d", sessionID, url.QueryEscape(conversationID), msgs[len(msgs)-1].Seq)
	}
	return chunk, nil
}

// transcriptBefore is the run of up to transcriptChunk messages just
// before message number before: what "Load earlier messages" puts above
// a transcript that a jump started in the middle. Messages are numbered
// 1..n along the transcript, so the run starts after before-1-chunk.
func (s *Server) transcriptBefore(c echo.Context, sessionID, conversationID string, before int64) (views.TranscriptChunk, error) {
	after := max(0, before-1-transcriptChunk)
	msgs, err := s.store.Transcript(ctx(c), stewardID(c), sessionID, conversationID, after, int(before-1-after))
	if err != nil {
		return views.TranscriptChunk{}, err
	}
	chunk := views.TranscriptChunk{Messages: messageViews(msgs)}
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

// afterForAt turns the ?at=N of a transcript URL (start at message N; ""
// starts at the beginning) into the sequence number to read after.
func afterForAt(at string, total int64) (int64, error) {
	if at == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(at, 10, 64)
	if err != nil || n < 1 {
		return 0, baton.Invalid("at", "at must be a message number from 1 to %d", max(total, 1))
	}
	return min(n, max(total, 1)) - 1, nil
}
