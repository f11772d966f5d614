package api

import (
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

func (s *Server) Annotations(c echo.Context) error {
	return s.apiListAnnotations(c, c.QueryParams())
}

func (s *Server) apiListAnnotations(c echo.Context, q url.Values) error {
	f, err := httpx.ParseAnnotationFilter(q)
	if err != nil {
		return err
	}
	list, more, err := s.annotations.ListAnnotations(requestContext(c), stewardID(c), f)
	if err != nil {
		return err
	}
	out := struct {
		Annotations []*baton.Annotation `json:"annotations"`
		NextBefore  *int64              `json:"next_before"`
	}{Annotations: list}
	if more {
		out.NextBefore = &list[len(list)-1].ID
	}
	return c.JSON(http.StatusOK, out)
}
