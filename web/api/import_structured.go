package api

import (
	"errors"
	"io"
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

func (s *Server) ImportStructured(c echo.Context) error {
	data, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return baton.Errorf(baton.ETOOLARGE, "the request body is larger than %s", httpx.BodyLimit)
		}
		return err
	}
	results, err := s.importer.ImportStructured(requestContext(c), stewardID(c), data, nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"results": results})
}
