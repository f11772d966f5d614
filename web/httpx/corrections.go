package httpx

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// CorrectionReverter is the corrections service as a revert uses it.
type CorrectionReverter interface {
	Revert(ctx context.Context, stewardID int64, sessionID string, field baton.CorrectionField) (*baton.Session, error)
	ForSession(ctx context.Context, stewardID int64, sessionID string) ([]baton.Correction, error)
}

// RevertCorrection takes back the steward's correction of field on the
// session of the :id route: the session as it now reads, and the
// corrections it still has.
func RevertCorrection(c echo.Context, svc CorrectionReverter, field baton.CorrectionField) (*baton.Session, []baton.Correction, error) {
	sess, err := svc.Revert(Context(c), StewardID(c), c.Param("id"), field)
	if err != nil {
		return nil, nil, err
	}
	cs, err := svc.ForSession(Context(c), StewardID(c), sess.ID)
	if err != nil {
		return nil, nil, err
	}
	return sess, cs, nil
}
