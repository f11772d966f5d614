package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
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
	apiError
	Current *baton.Bridge `json:"current"`
}

func (s *Server) apiBridgeSave(c echo.Context) error {
	id := c.Param("id")
	if _, err := s.store.Bridge(ctx(c), stewardID(c), id); err != nil {
		return err
	}
	var in bridgeSaveRequest
	if err := decodeJSONStrict(c, &in); err != nil {
		return err
	}
	if in.BaseRevision == nil {
		return baton.Invalid("base_revision", "base_revision is required: the revision this edit started from")
	}
	if in.Transferred == nil {
		return baton.Invalid("transferred_context", "transferred_context is required")
	}
	if in.Instructions == nil {
		return baton.Invalid("handoff_instructions", "handoff_instructions is required")
	}
	content := baton.BridgeContent{Transferred: *in.Transferred, Instructions: *in.Instructions}
	b, err := s.continuity.Save(ctx(c), stewardID(c), id, *in.BaseRevision, stewardName(c), content)
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

// stewardName is who a revision says saved it.
func stewardName(c echo.Context) string {
	if st := baton.StewardFromContext(ctx(c)); st != nil {
		return st.Username
	}
	return "unknown"
}

// decodeJSONStrict decodes a request body into a request type, refusing
// fields the type does not have, by name.
func decodeJSONStrict(c echo.Context, dst any) error {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", apiBodyLimit)
		}
		return err
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return baton.Invalid("body", "the request body is empty; send JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return baton.Invalid(typ.Field, "%s must be a JSON %s, not %s", typ.Field, typ.Type.Kind(), typ.Value)
		}
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			name = strings.Trim(name, `"`)
			return baton.Invalid(name, "unknown field %q", name)
		}
		return baton.Invalid("body", "the body could not be read as JSON: %v", err)
	}
	return nil
}
