package api

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// correctionJSON is one correction as the API gives it: the field, the
// steward's value and what the analysis said, each as the field's JSON (a
// string for the title, an array for the others).
type correctionJSON struct {
	Field     baton.CorrectionField `json:"field"`
	Value     json.RawMessage       `json:"value"`
	Extracted json.RawMessage       `json:"extracted"`
	EditedAt  time.Time             `json:"edited_at"`
}

func correctionsJSON(cs []baton.Correction) ([]correctionJSON, error) {
	out := make([]correctionJSON, 0, len(cs))
	for _, c := range cs {
		v, err := c.Value.Encode(c.Field)
		if err != nil {
			return nil, err
		}
		x, err := c.Extracted.Encode(c.Field)
		if err != nil {
			return nil, err
		}
		out = append(out, correctionJSON{Field: c.Field, Value: v, Extracted: x, EditedAt: c.EditedAt})
	}
	return out, nil
}

// correctedSession is the answer to a correction: the session as
// corrected, and all its corrections.
type correctedSession struct {
	Session     *baton.Session   `json:"session"`
	Corrections []correctionJSON `json:"corrections"`
}

// SessionCorrections lists the corrections of one of the steward's sessions.
func (s *Server) SessionCorrections(c echo.Context) error {
	cs, err := s.corrections.ForSession(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	out, err := correctionsJSON(cs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) answerCorrected(c echo.Context, sess *baton.Session, cs []baton.Correction) error {
	out, err := correctionsJSON(cs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, correctedSession{Session: sess, Corrections: out})
}
