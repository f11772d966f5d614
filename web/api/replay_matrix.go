package api

import (
	"context"
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/labstack/echo/v4"
)

// matrixRequest is the body of POST /api/v1/conversations/{id}/matrices.
type matrixRequest struct {
	AtMessageID int64          `json:"at_message_id"`
	Title       string         `json:"title"`
	Key         string         `json:"key"`
	Runs        []replayParams `json:"runs"`
}

// matrixMaker is what the matrix, run and continue handlers call on the
// replay service.
type matrixMaker interface {
	CreateMatrix(ctx context.Context, stewardID int64, src replay.Source, atMessageID int64, title, key string, runs []replay.Request) (*baton.ReplayMatrix, []*baton.Replay, error)
	Start(ctx context.Context, stewardID int64, id string) (*baton.Replay, error)
	Continue(ctx context.Context, stewardID int64, conversationID, text, key string, run bool) (*baton.Replay, error)
}

// MatrixCreate is POST /api/v1/conversations/{id}/matrices: one fork point
// replayed with up to 8 parameter sets, each run started in the background
// when a model endpoint is configured. The conversation is read once,
// before the body, and the matrix is made on it.
func (s *Server) MatrixCreate(c echo.Context) error {
	conv, err := s.replays.Conversation(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	var in matrixRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	reqs := make([]replay.Request, len(in.Runs))
	for i, r := range in.Runs {
		reqs[i] = r.request()
	}
	m, runs, err := s.replays.CreateMatrix(requestContext(c), stewardID(c), replay.Source{Conversation: conv}, in.AtMessageID, in.Title, in.Key, reqs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"matrix": m, "runs": runs})
}

// MatrixGet is GET /api/v1/matrices/{id}: the matrix, the baseline and one
// row per run (verdict, scores, tokens, cost and duration against the
// baseline), worst first; to its owner and the teams it is shared with.
func (s *Server) MatrixGet(c echo.Context) error {
	m, access, runs, err := s.conversations.SharedReplayMatrix(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	mx, err := s.comparisons.Matrix(requestContext(c), m.StewardID, m, runs, nil, time.Now())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"matrix": m, "access": access, "baseline": mx.Baseline, "rows": mx.Rows, "order": replay.MatrixOrder})
}

// MatrixShare is POST /api/v1/matrices/{id}/shares: the owner shares the
// matrix, every run's comparison included, with a team they are in.
func (s *Server) MatrixShare(c echo.Context) error {
	if _, _, err := s.conversations.ReplayMatrix(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in teamShareRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sh, err := s.conversations.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareMatrix, c.Param("id"), in.TeamID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sh)
}

// ReplayRun is POST /api/v1/replays/{id}/run: a prepared replay starts in
// the background (202 with the replay, running); one run whatever the
// requests: a replay already running answers 409.
func (s *Server) ReplayRun(c echo.Context) error {
	r, err := s.replays.Start(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, r)
}

// continueRequest is the body of POST /api/v1/conversations/{id}/continue.
type continueRequest struct {
	Content string `json:"content"`
	Key     string `json:"key"`
	Run     bool   `json:"run"`
}

// ConversationContinue is POST /api/v1/conversations/{id}/continue: the
// steward's next message is added to a fork and, with run, the replay's
// model answers it in the background. key makes it once.
func (s *Server) ConversationContinue(c echo.Context) error {
	if _, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in continueRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, err := s.replays.Continue(requestContext(c), stewardID(c), c.Param("id"), in.Content, in.Key, in.Run)
	if err != nil {
		return err
	}
	conv, err := s.conversations.ConversationByID(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"conversation": conv, "replay": r})
}
