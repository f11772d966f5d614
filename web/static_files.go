package web

import (
	"net/http"
	"strings"
	"time"

	"github.com/baton-dev/baton/static"
	"github.com/labstack/echo/v4"
)

// staticModified is when this process started: the embedded files cannot
// change while it runs, so it serves as their Last-Modified.
var staticModified = time.Now().UTC().Truncate(time.Second)

// staticFile serves an embedded file (GET and HEAD). A URL carrying the
// file's content hash (static.URL) may be cached for a year; any other is
// revalidated with its ETag or Last-Modified. Text files go gzipped to a
// browser that accepts it.
func staticFile(c echo.Context) error {
	p := strings.TrimPrefix(c.Param("*"), "/")
	a := static.Lookup(p)
	if a == nil {
		return echo.NewHTTPError(http.StatusNotFound, "no such file")
	}
	return serveAsset(c, a.Body, a.Gzip, a.ContentType, a.Hash)
}

// serveAsset writes one cacheable file with its validators.
func serveAsset(c echo.Context, body, gz []byte, contentType, hash string) error {
	h := c.Response().Header()
	etag := `"` + hash + `"`
	h.Set("ETag", etag)
	h.Set("Last-Modified", staticModified.Format(http.TimeFormat))
	h.Set("Vary", "Accept-Encoding")
	if c.QueryParam("v") == hash {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, no-cache")
	}
	req := c.Request()
	if match := req.Header.Get("If-None-Match"); match != "" {
		if match == etag || match == "*" || strings.Contains(match, etag) {
			return c.NoContent(http.StatusNotModified)
		}
	} else if since, err := http.ParseTime(req.Header.Get("If-Modified-Since")); err == nil && !staticModified.After(since) {
		return c.NoContent(http.StatusNotModified)
	}
	if gz != nil && acceptsGzip(req.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = gz
	}
	return c.Blob(http.StatusOK, contentType, body)
}

// acceptsGzip reads an Accept-Encoding header (gzip;q=0 refuses it).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") || strings.TrimSpace(name) == "*" {
			return strings.ReplaceAll(params, " ", "") != "q=0"
		}
	}
	return false
}
