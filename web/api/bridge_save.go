package api

import (
	"context"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// bridgeSaveRequest is the body of PUT /api/v1/bridges/{id}: the edited
// content and the revision the edit started from.
type bridgeSaveRequest struct {
	BaseRevision *int                       `json:"base_revision"`
	Transferred  *baton.TransferredContext  `json:"transferred_context"`
	Instructions *baton.HandoffInstructions `json:"handoff_instructions"`
}

// bridgeConflict is the answer to a stale save: the error, and the
// bridge as it now is, so the client can show both versions.
type bridgeConflict struct {
	httpx.APIError
	Current *baton.Bridge `json:"current"`
}

// bridgeSaver is what BridgeSave calls on the continuity service: Save
// checks the edit and writes it, reading the bridge once; Refused reads
// it for a refusal (not found when it is another steward's).
type bridgeSaver interface {
	Save(ctx context.Context, stewardID int64, id string, baseRevision int, author string, content baton.BridgeContent) (*baton.Bridge, error)
	Refused(ctx context.Context, stewardID int64, id string, refusal error) (*baton.Bridge, error)
}

func (s *Server) BridgeSave(c echo.Context) error {
	id := c.Param("id")
	var in bridgeSaveRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := in.complete(); err != nil {
		_, err = s.continuity.Refused(requestContext(c), stewardID(c), id, err)
		return err
	}
	content := baton.BridgeContent{Transferred: *in.Transferred, Instructions: *in.Instructions}
	b, err := s.continuity.Save(requestContext(c), stewardID(c), id, *in.BaseRevision, httpx.StewardName(c), content)
	if baton.ErrorCode(err) == baton.ECONFLICT {
		out := bridgeConflict{Current: b}
		out.Error.Code, out.Error.Message, out.Error.Field = baton.ECONFLICT, baton.ErrorMessage(err), baton.ErrorField(err)
		return c.JSON(http.StatusConflict, out)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, b)
}

// complete refuses a save that lacks one of its parts.
func (in *bridgeSaveRequest) complete() error {
	switch {
	case in.BaseRevision == nil:
		return baton.Invalid("base_revision", "base_revision is required: the revision this edit started from")
	case in.Transferred == nil:
		return baton.Invalid("transferred_context", "transferred_context is required")
	case in.Instructions == nil:
		return baton.Invalid("handoff_instructions", "handoff_instructions is required")
	}
	return nil
}
