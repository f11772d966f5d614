package ui

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

// ComparisonCreate is "Compare" on the session page's conversation graph
// and "Compare with the original" on a replay's page: it compares the
// steward's conversations a and b. A form sent with an id the page never
// offered comes back as the page it came from (from) with the field
// named, or answers not found for an id that names no conversation of the
// steward's; nothing is created either way.
func (s *Server) ComparisonCreate(c echo.Context) error {
	a, b := c.FormValue("a"), c.FormValue("b")
	for _, f := range []struct{ name, value string }{{"a", a}, {"b", b}} {
		if _, err := uuid.Parse(f.value); err != nil {
			return s.refuseComparison(c, baton.Invalid(f.name, "%s must be the id of one of your conversations, not %s", f.name, quoteSent(f.value)))
		}
	}
	cmp, err := s.comparisonRecords.CreateComparison(requestContext(c), stewardID(c), a, b, c.FormValue("title"))
	if baton.ErrorCode(err) == baton.EINVALID {
		// A well-formed id that is not the steward's: no page tells whose it is.
		return baton.NotFound("conversation")
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/comparisons/"+cmp.ID)
}

// refuseComparison draws the page the comparison form was sent from
// (400) with refused named at its top.
func (s *Server) refuseComparison(c echo.Context, refused error) error {
	from, err := url.Parse(c.FormValue("from"))
	if err != nil || from.Host != "" || from.Scheme != "" {
		return baton.Invalid("from", "from must be the page the form was sent from")
	}
	parts := strings.Split(strings.Trim(from.Path, "/"), "/")
	switch {
	case len(parts) == 2 && parts[0] == "sessions":
		in := sessionPageInputOf(parts[1], from.Query())
		in.Refused = refusal(refused)
		return s.renderSessionPageWith(c, in, http.StatusBadRequest, views.ShareForms{})
	case len(parts) == 3 && parts[0] == "conversations" && parts[2] == "replay":
		return s.renderReplayPage(c, parts[1], http.StatusBadRequest, refusal(refused))
	}
	return baton.Invalid("from", "from must be the page the form was sent from")
}

// quoteSent quotes what a form sent, or says it sent nothing.
func quoteSent(v string) string {
	if v == "" {
		return "nothing"
	}
	if r := []rune(v); len(r) > 60 {
		v = string(r[:60]) + "…"
	}
	return `"` + v + `"`
}
