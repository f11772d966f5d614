package ui

import (
	"fmt"
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// exportBatch is how many annotations an export reads at a time.
const exportBatch = 500

// eachAnnotation calls fn for every annotation the filter matches, newest
// first, reading them in keyset batches so an export of any size streams.
func (s *Server) eachAnnotation(c echo.Context, f baton.AnnotationFilter, fn func(*baton.Annotation) error) error {
	f.Limit = exportBatch
	for {
		// Each batch is read holding a page slot, written out without one.
		if err := httpx.AcquirePageSlot(c); err != nil {
			return err
		}
		list, more, err := s.annotations.ListAnnotations(requestContext(c), stewardID(c), f)
		if err != nil {
			return err
		}
		for _, a := range list {
			if err := fn(a); err != nil {
				return err
			}
		}
		if !more {
			return nil
		}
		f.Before = list[len(list)-1].ID
	}
}

// startDownload sets the headers of an export named baton-annotations-DATE.EXT.
func startDownload(c echo.Context, contentType, ext string) {
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, contentType)
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="baton-annotations-%s.%s"`, time.Now().UTC().Format("2006-01-02"), ext))
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
}
