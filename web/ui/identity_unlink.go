package ui

import (
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// IdentityUnlink removes a linked account, never the last way in.
func (s *Server) IdentityUnlink(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("identity"), 10, 64)
	if err != nil {
		return baton.NotFound("linked account")
	}
	err = s.accounts.UnlinkIdentity(requestContext(c), stewardID(c), id)
	if baton.ErrorCode(err) == baton.ECONFLICT {
		return s.renderSettingsNote(c, http.StatusConflict, settingsNotes{Identity: "Not unlinked: " + baton.ErrorMessage(err) + "."})
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings?done=unlinked")
}
