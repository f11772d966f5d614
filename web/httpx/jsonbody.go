package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// DecodeJSON reads a JSON body strictly enough to name what is wrong: one
// JSON object (not null, nothing after it), with no field the request type
// lacks (named in the error), no NUL byte in any string
// and no free-form value nested too deeply (checkDecoded).
func DecodeJSON(c echo.Context, dst any) error {
	dec := json.NewDecoder(c.Request().Body)
	var raw json.RawMessage
	err := dec.Decode(&raw)
	if err == nil {
		if t := bytes.TrimSpace(raw); bytes.Equal(t, []byte("null")) {
			return baton.Invalid("body", "the body is null; send a JSON object")
		}
		if _, after := dec.Token(); after != io.EOF {
			return baton.Invalid("body", "the body has data after its JSON value; send one JSON object")
		}
		// Fields the request type does not have are refused by name.
		strict := json.NewDecoder(bytes.NewReader(raw))
		strict.DisallowUnknownFields()
		err = strict.Decode(dst)
	}
	if err == nil {
		if _, hook := dst.(*baton.HookRequest); !hook {
			// A hook's transcript lines are file bytes the importer cleans.
			return checkDecoded(dst)
		}
		return nil
	}
	// err != nil: say what is wrong with the body.
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return baton.Invalid("body", "the request body is empty; send JSON")
	case errors.As(err, &syn):
		return baton.Invalid("body", "the body is not valid JSON at byte %d: %v", syn.Offset, err)
	case errors.As(err, &typ):
		return baton.Invalid(typ.Field, "%s must be a JSON %s, not %s", typ.Field, typ.Type.Kind(), typ.Value)
	case errors.As(err, &tooBig):
		return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", BodyLimit)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		if serverOwnedFields[name] {
			return baton.Invalid(name, "%s is set by Baton, not by clients; remove it from the request", name)
		}
		return baton.Invalid(name, "unknown field %q: this request does not take it", name)
	case strings.Contains(err.Error(), "cannot parse"):
		return baton.Invalid("body", "%v", err)
	}
	return baton.Invalid("body", "the body could not be read as JSON: %v", err)
}

// BodyLimit bounds one API request body: a batch of 1,000 long messages fits.
const BodyLimit = "64M"

// serverOwnedFields are the JSON names of fields Baton sets itself; a
// request that sends one is told so rather than "unknown field".
var serverOwnedFields = map[string]bool{
	"id": true, "steward_id": true, "session_id": true, "conversation_id": true,
	"sequence_number": true, "message_count": true, "duration_seconds": true,
	"indexed": true, "quality_score": true, "analyzed": true,
	"created_at": true, "updated_at": true,
}
