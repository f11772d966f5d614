package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *Server) SessionGet(c echo.Context) error {
	sess, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sess)
}
