package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/baton-dev/baton/web/ui"
	"github.com/labstack/echo/v4"
)

// codeByStatus turns Echo's own errors (unknown route, wrong method, body too large) into codes.
var codeByStatus = map[int]string{
	http.StatusNotFound:              baton.ENOTFOUND,
	http.StatusMethodNotAllowed:      baton.ENOTFOUND,
	http.StatusBadRequest:            baton.EINVALID,
	http.StatusUnauthorized:          baton.EUNAUTHORIZED,
	http.StatusForbidden:             baton.EUNAUTHORIZED,
	http.StatusRequestEntityTooLarge: baton.ETOOLARGE,
	http.StatusTooManyRequests:       baton.ERATELIMIT,
}

// handleError is the one place errors become responses: JSON for the API,
// a page for browsers. Users see the message; logs see the cause.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	code, msg, field := baton.ErrorCode(err), baton.ErrorMessage(err), baton.ErrorField(err)
	var he *echo.HTTPError
	if errors.As(err, &he) {
		code = codeByStatus[he.Code]
		if code == "" {
			code = baton.EINTERNAL
		}
		msg = http.StatusText(he.Code)
		if m, ok := he.Message.(string); ok && he.Code < 500 {
			msg = m
		}
		if he.Code == http.StatusNotFound || he.Code == http.StatusMethodNotAllowed {
			msg = "Not found."
		}
		if he.Code == http.StatusRequestEntityTooLarge {
			msg = "The request body is too large."
		}
	}
	if code == baton.EINTERNAL && store.StorageFull(err) {
		s.log.Error("database disk full", "method", c.Request().Method, "path", c.Path(), "err", err)
		code, msg = baton.ESTORAGEFULL, "The server's disk is full (or refuses writes), so nothing was written. Reading still works; try again once an administrator has made room."
	}
	if code == baton.EINTERNAL && store.Unavailable(err) {
		// A busy or unreachable database is not a bug: the client may retry.
		s.log.Warn("database unavailable", "method", c.Request().Method, "path", c.Path(), "err", err)
		code, msg = baton.EUNAVAILABLE, "The database is busy or unavailable. Try again in a moment."
		c.Response().Header().Set("Retry-After", "2")
	}
	status := httpx.StatusByCode[code]
	if code == baton.EINTERNAL {
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Path(), "err", err)
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		var body httpx.APIError
		body.Error.Code, body.Error.Message, body.Error.Field = code, msg, field
		_ = c.JSON(status, body)
		return
	}
	if isHTMX(c) {
		// htmx swaps nothing on an error status by default; say it plainly.
		_ = c.String(status, msg)
		return
	}
	_ = httpx.RenderHTML(c, status, views.ErrorPage(views.ErrorPage{Page: ui.Page(c, "Error", ""), Status: status, Message: msg}))
}
