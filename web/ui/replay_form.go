package ui

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// replayForkPoint is where "Replay from here" on a message forks: after
// the message when it is the steward's (or a tool's answer), so the model
// answers it; before it when it is the model's, so the model says it again.
func replayForkPoint(msgs []*baton.Message, m *baton.Message) *baton.Message {
	if m.Role == baton.RoleSteward || m.Role == baton.RoleToolResult || m.Role == baton.RoleSystem {
		return m
	}
	var prev *baton.Message
	for _, x := range msgs {
		if x.ID == m.ID {
			break
		}
		prev = x
	}
	if prev == nil {
		return m
	}
	return prev
}

// replayFormPage is the form of message m, prefilled from the recorded
// run in src (read with replaySource): its model (the first the run used
// from there), its system prompt shown as the placeholder of the
// override. It returns src, in whose transcript the replay or matrix made
// from the form finds its fork point, and the message the fork starts
// after.
func (s *Server) replayFormPage(c echo.Context, m *baton.Message, src replay.Source) (views.ReplayFormPage, replay.Source, *baton.Message, error) {
	msgs := src.Transcript
	at := replayForkPoint(msgs, m)
	p := views.ReplayFormPage{Page: s.page(c, "Replay from here", "sessions"), Action: "/messages/" + strconv.FormatInt(m.ID, 10) + "/replay",
		Seq: m.Seq, ForkSeq: at.Seq, CanRun: s.replays.CanRun()}
	p.Values.Key = auth.RandomString(16)
	var system []string
	for _, x := range msgs {
		if x.Role == baton.RoleSystem && x.Seq <= at.Seq {
			system = append(system, x.Content)
		}
		if p.Values.Model == "" && x.Seq > at.Seq && x.Model != "" {
			p.Values.Model = x.Model
		}
	}
	p.Values.RecordedSystem = strings.Join(system, "\n\n")
	return p, src, at, nil
}

// replaySource reads the message of a "Replay from here" route (:id)
// through the replay service, with its conversation and transcript.
func (s *Server) replaySource(c echo.Context) (*baton.Message, replay.Source, error) {
	id, err := idParam(c, "id", "message")
	if err != nil {
		return nil, replay.Source{}, err
	}
	src, m, err := s.replays.MessageSource(requestContext(c), stewardID(c), id)
	return m, src, err
}

// ReplayForm is GET /messages/{id}/replay: "Replay from here".
func (s *Server) ReplayForm(c echo.Context) error {
	m, src, err := s.replaySource(c)
	if err != nil {
		return err
	}
	p, _, _, err := s.replayFormPage(c, m, src)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.ReplayForm(p))
}

// ReplayCreate is POST /messages/{id}/replay: the replay is made and, with
// a model configured, started in the background; the steward lands on its
// page, which shows the run's progress. A refused form comes back with
// the field named and what was typed.
func (s *Server) ReplayCreate(c echo.Context) error {
	m, src, err := s.replaySource(c)
	if err != nil {
		return err
	}
	p, src, at, err := s.replayFormPage(c, m, src)
	if err != nil {
		return err
	}
	p.Values = views.ReplayFormValues{Title: c.FormValue("title"), Model: c.FormValue("model"), Temperature: c.FormValue("temperature"),
		MaxTokens: c.FormValue("max_tokens"), SystemPrompt: c.FormValue("system_prompt"), RecordedSystem: p.Values.RecordedSystem,
		ToolAllow: c.FormValue("tool_allow"), ToolDeny: c.FormValue("tool_deny"), ExtraContext: c.FormValue("extra_context")}
	p.Values.Key = c.FormValue("key")
	req, err := replayRequestOf(p.Values)
	req.Key = p.Values.Key
	if err == nil {
		req.AtMessageID = at.ID
		var r *baton.Replay
		if r, err = s.replays.CreateIn(requestContext(c), stewardID(c), src, req); err == nil {
			if s.replays.CanRun() {
				if _, err := s.replays.Start(requestContext(c), stewardID(c), r.ID); err != nil && baton.ErrorCode(err) != baton.ECONFLICT {
					return err
				}
			}
			return c.Redirect(http.StatusSeeOther, "/conversations/"+r.ConversationID+"/replay")
		}
	}
	if baton.ErrorCode(err) != baton.EINVALID {
		return err
	}
	p.Error, p.ErrorField = baton.ErrorMessage(err), baton.ErrorField(err)
	return renderHTML(c, http.StatusBadRequest, views.ReplayForm(p))
}

// replayRequestOf reads the form's fields; a number that does not parse
// is refused naming its field.
func replayRequestOf(v views.ReplayFormValues) (replay.Request, error) {
	req := replay.Request{Title: v.Title, Model: v.Model, SystemPrompt: v.SystemPrompt, ExtraContext: v.ExtraContext,
		ToolAllow: toolList(v.ToolAllow), ToolDeny: toolList(v.ToolDeny)}
	if t := strings.TrimSpace(v.Temperature); t != "" {
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return req, baton.Invalid("temperature", "temperature must be a number between 0 and 2; got %q", t)
		}
		req.Temperature = &f
	}
	if t := strings.TrimSpace(strings.ReplaceAll(v.MaxTokens, ",", "")); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil {
			return req, baton.Invalid("max_tokens", "max_tokens must be a whole number between 1 and 1,000,000; got %q", v.MaxTokens)
		}
		req.MaxTokens = &n
	}
	return req, req.Check("")
}

func toolList(s string) []string {
	var out []string
	for _, name := range strings.Split(s, ",") {
		if name = strings.TrimSpace(name); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// ReplayComparison is GET /replays/{id}/comparison: the comparison of the
// replay with the conversation it was forked from, made the first time.
func (s *Server) ReplayComparison(c echo.Context) error {
	r, err := s.conversations.Replay(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	cmp, err := s.conversations.ComparisonOfConversations(requestContext(c), stewardID(c), r.SourceConversationID, r.ConversationID)
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		cmp, err = s.conversations.CreateComparison(requestContext(c), stewardID(c), r.SourceConversationID, r.ConversationID, "")
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/comparisons/"+cmp.ID)
}
