package api

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"net/http"

	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// replayRequest is the body of POST /api/v1/conversations/{id}/replays.
type replayRequest struct {
	AtMessageID  int64    `json:"at_message_id"`
	Title        string   `json:"title"`
	Model        string   `json:"model"`
	Temperature  *float64 `json:"temperature"`
	MaxTokens    *int     `json:"max_tokens"`
	SystemPrompt string   `json:"system_prompt"`
	ToolAllow    []string `json:"tool_allow"`
	ToolDeny     []string `json:"tool_deny"`
	ExtraContext string   `json:"extra_context"`
}

// replayMaker is what ReplayCreate needs of the replay service: the
// conversation is read once, before the body, and the replay is made on it.
type replayMaker interface {
	Conversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	CreateIn(ctx context.Context, stewardID int64, conv *baton.Conversation, req replay.Request) (*baton.Replay, error)
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
	r, err := s.replays.CreateIn(requestContext(c), stewardID(c), conv, replay.Request{AtMessageID: in.AtMessageID, Title: in.Title, Model: in.Model,
		Temperature: in.Temperature, MaxTokens: in.MaxTokens, SystemPrompt: in.SystemPrompt, ToolAllow: in.ToolAllow, ToolDeny: in.ToolDeny,
		ExtraContext: in.ExtraContext})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, r)
}
