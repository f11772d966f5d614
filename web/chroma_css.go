package web

import (
	"net/http"

	"github.com/baton-dev/baton/internal/render"
	"github.com/labstack/echo/v4"
)

var chromaCSS = []byte(render.ChromaCSS())

func serveChromaCSS(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, "text/css; charset=utf-8", chromaCSS)
}
