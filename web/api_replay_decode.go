package web

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// decodeRequest reads a JSON body into a request type, rejecting fields
// the type does not have by name; other errors read as decodeJSON's.
func decodeRequest(c echo.Context, dst any) error {
	dec := json.NewDecoder(c.Request().Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil {
		return nil
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name = strings.Trim(name, `"`)
		return baton.Invalid(name, "unknown field %q", name)
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return baton.Invalid("body", "the body is not valid JSON at byte %d: %v", syn.Offset, err)
	case errors.As(err, &typ):
		return baton.Invalid(typ.Field, "%s must be a JSON %s, not %s", typ.Field, typ.Type.Kind(), typ.Value)
	case err.Error() == "EOF":
		return baton.Invalid("body", "the request body is empty; send JSON")
	}
	return baton.Invalid("body", "the body could not be read as JSON: %v", err)
}
