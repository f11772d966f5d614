package ui

import (
	"net/http"

	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

func (s *Server) ImportPage(c echo.Context) error {
	return renderHTML(c, http.StatusOK, views.Import(views.ImportPage{Page: s.page(c, "Import", "import")}))
}
