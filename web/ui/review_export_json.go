package ui

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// ReviewExportJSON writes the filtered annotations as one JSON document.
func (s *Server) ReviewExportJSON(c echo.Context) error {
	q := c.QueryParams()
	f, err := httpx.ParseAnnotationFilter(q)
	if err != nil {
		return err
	}
	f.Before = 0
	startDownload(c, "application/json; charset=utf-8", "json")
	w := c.Response()
	kept := map[string]string{}
	for k := range filterQuery(q) {
		kept[k] = q.Get(k)
	}
	filters, _ := json.Marshal(kept)
	fmt.Fprintf(w, `{"exported_at":%q,"filters":%s,"annotations":[`, time.Now().UTC().Format(time.RFC3339), filters)
	n := 0
	err = s.eachAnnotation(c, f, func(a *baton.Annotation) error {
		b, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if n > 0 {
			w.Write([]byte(","))
		}
		n++
		_, err = w.Write(append([]byte("\n"), b...))
		return err
	})
	if err != nil {
		s.log.Error("annotation export failed", "err", err)
		return nil
	}
	fmt.Fprintf(w, "\n],\"count\":%d}\n", n)
	return nil
}
