package ui

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// BridgeDiff compares two revisions of a bridge line by line, as the
// Markdown the next session would have received.
func (s *Server) BridgeDiff(c echo.Context) error {
	b, err := s.bridges.Bridge(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	rev := func(name string) (string, int, error) {
		n, err := strconv.Atoi(c.QueryParam(name))
		if err != nil || n < 1 {
			return "", 0, baton.Invalid(name, "%s must be a revision number; got %q", name, c.QueryParam(name))
		}
		r, err := s.bridges.BridgeRevision(requestContext(c), stewardID(c), b.ID, n)
		if err != nil {
			return "", 0, err
		}
		at := *b
		at.BridgeContent = r.BridgeContent
		return continuity.BridgeMarkdown(&at), n, nil
	}
	from, fromN, err := rev("from")
	if err != nil {
		return err
	}
	to, toN, err := rev("to")
	if err != nil {
		return err
	}
	d := views.BridgeDiff{Page: s.page(c, "Bridge revisions", "bridges"), Bridge: b, From: fromN, To: toN, Lines: diffLines(from, to)}
	if isHTMX(c) {
		return renderHTML(c, http.StatusOK, views.BridgeDiffFragment(d))
	}
	return renderHTML(c, http.StatusOK, views.BridgeDiffPage(d))
}

// diffLines is a line diff of two texts.
func diffLines(a, b string) []views.DiffLine {
	dmp := diffmatchpatch.New()
	ca, cb, lines := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)
	var out []views.DiffLine
	for _, d := range diffs {
		op := " "
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op = "+"
		case diffmatchpatch.DiffDelete:
			op = "-"
		}
		for _, l := range strings.Split(strings.TrimSuffix(d.Text, "\n"), "\n") {
			out = append(out, views.DiffLine{Op: op, Text: l})
		}
	}
	return out
}
