package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// decodeJSON reads a JSON body strictly enough to name what is wrong.
func decodeJSON(c echo.Context, dst any) error {
	dec := json.NewDecoder(c.Request().Body)
	if err := dec.Decode(dst); err != nil {
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
			return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", apiBodyLimit)
		case strings.Contains(err.Error(), "cannot parse"):
			return baton.Invalid("body", "%v", err)
		}
		return baton.Invalid("body", "the body could not be read as JSON: %v", err)
	}
	return nil
}
