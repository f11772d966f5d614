package web

import (
	"net/http"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

func (s *Server) apiSessionCreate(c echo.Context) error {
	var in baton.Session
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.store.CreateSession(ctx(c), stewardID(c), &in); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, &in)
}
