package ui

import (
	"encoding/csv"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// csvHeader is the first row of the CSV export.
var csvHeader = []string{"id", "created_at", "session_id", "session_title", "message_id", "message_seq", "kind", "label", "dimension", "value", "note"}

// ReviewExportCSV writes the filtered annotations as CSV (RFC 4180 quoting).
func (s *Server) ReviewExportCSV(c echo.Context) error {
	f, err := httpx.ParseAnnotationFilter(c.QueryParams())
	if err != nil {
		return err
	}
	f.Before = 0
	startDownload(c, "text/csv; charset=utf-8", "csv")
	w := csv.NewWriter(c.Response())
	if err := w.Write(csvHeader); err != nil {
		return err
	}
	err = s.eachAnnotation(c, f, func(a *baton.Annotation) error {
		row := []string{
			strconv.FormatInt(a.ID, 10), a.CreatedAt.UTC().Format(time.RFC3339), a.SessionID, csvText(a.SessionTitle),
			"", "", a.Kind, csvText(a.Label), csvText(a.Dimension), "", csvText(a.Note),
		}
		if a.MessageID != nil {
			row[4] = strconv.FormatInt(*a.MessageID, 10)
		}
		if a.MessageSeq != nil {
			row[5] = strconv.FormatInt(*a.MessageSeq, 10)
		}
		if a.Value != nil {
			row[9] = strconv.FormatFloat(*a.Value, 'f', -1, 64)
		}
		return w.Write(row)
	})
	w.Flush()
	if err == nil {
		err = w.Error()
	}
	if err != nil {
		// The download has started; all that is left is to cut it short and log.
		s.log.Error("annotation export failed", "err", err)
	}
	return nil
}

// csvText keeps free text from being read as a formula by a spreadsheet
// (=, +, -, @ and control characters at the start), the usual defence
// against CSV injection.
func csvText(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
