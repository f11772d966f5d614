package api

import (
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

func (s *Server) ReplayCreate(c echo.Context) error {
	if _, err := s.store.ConversationByID(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in replayRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, err := s.replays.Create(requestContext(c), stewardID(c), c.Param("id"), replay.Request{AtMessageID: in.AtMessageID, Title: in.Title, Model: in.Model,
		Temperature: in.Temperature, MaxTokens: in.MaxTokens, SystemPrompt: in.SystemPrompt, ToolAllow: in.ToolAllow, ToolDeny: in.ToolDeny,
		ExtraContext: in.ExtraContext})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, r)
}
