package ui

import (
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// MessageImpact sets what a message led to.
func (s *Server) MessageImpact(c echo.Context) error {
	m, err := s.messageParam(c)
	if err != nil {
		return err
	}
	impact := baton.Impact{
		LedToInsight:     checked(c.FormValue("led_to_insight")),
		ChangedDirection: checked(c.FormValue("changed_direction")),
		TriggeredAction:  m.Impact.TriggeredAction,
	}
	if v := strings.TrimSpace(c.FormValue("significance")); v != "" {
		impact.Significance, err = strconv.ParseFloat(v, 64)
		if err != nil {
			err = baton.Invalid("significance", "significance must be a number from 0 to 1; got %q", v)
		}
	}
	var updated *baton.Message
	if err == nil {
		updated, err = s.annotations.SetMessageImpact(requestContext(c), stewardID(c), m.ID, impact)
	}
	if baton.ErrorCode(err) == baton.EINVALID {
		return s.messageFormError(c, m, nil, err)
	} else if err != nil {
		return err
	}
	return s.afterMessageChange(c, updated, "Impact saved.")
}
