package api

import (
	"context"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// replayRequest is the body of POST /api/v1/conversations/{id}/replays:
// the message the fork starts after and the replay's parameters.
type replayRequest struct {
	AtMessageID int64 `json:"at_message_id"`
	replayParams
}

// replayParams are what one replay runs with, in a replay's body and in
// each of a matrix's runs.
type replayParams struct {
	Title        string   `json:"title"`
	Model        string   `json:"model"`
	Temperature  *float64 `json:"temperature"`
	MaxTokens    *int     `json:"max_tokens"`
	SystemPrompt string   `json:"system_prompt"`
	ToolAllow    []string `json:"tool_allow"`
	ToolDeny     []string `json:"tool_deny"`
	ExtraContext string   `json:"extra_context"`
}

// request is the replay service's request for the parameters.
func (p replayParams) request() replay.Request {
	return replay.Request{Title: p.Title, Model: p.Model, Temperature: p.Temperature, MaxTokens: p.MaxTokens,
		SystemPrompt: p.SystemPrompt, ToolAllow: p.ToolAllow, ToolDeny: p.ToolDeny, ExtraContext: p.ExtraContext}
}

// replayMaker is what ReplayCreate needs of the replay service: the
// conversation is read once, before the body, and the replay is made on it.
type replayMaker interface {
	Conversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	CreateIn(ctx context.Context, stewardID int64, src replay.Source, req replay.Request) (*baton.Replay, error)
}

func (s *Server) ReplayCreate(c echo.Context) error {
	conv, err := s.replays.Conversation(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	var in replayRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	req := in.request()
	req.AtMessageID = in.AtMessageID
	r, err := s.replays.CreateIn(requestContext(c), stewardID(c), replay.Source{Conversation: conv}, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, r)
}
