package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) BridgeList(c echo.Context) error {
	bs, err := s.bridges.Bridges(requestContext(c), stewardID(c), 0)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"bridges": bs})
}
