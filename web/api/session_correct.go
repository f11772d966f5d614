package api

import (
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// correctionsRequest is the body of PUT /api/v1/sessions/{id}/corrections:
// new values for some of the session's correctable fields (a field left
// out or null is left alone; an empty list says there were none).
type correctionsRequest struct {
	Title        *string               `json:"title"`
	Decisions    *[]decisionCorrection `json:"decisions"`
	Tasks        *[]taskCorrection     `json:"tasks"`
	Topics       *[]string             `json:"topics"`
	Technologies *[]string             `json:"technologies"`
}

type decisionCorrection struct {
	Decision  string `json:"decision"`
	Rationale string `json:"rationale"`
}

type taskCorrection struct {
	Task string `json:"task"`
	Done bool   `json:"done"`
}

// edit is the edit the request asks for.
func (r *correctionsRequest) edit() *baton.SessionEdit {
	e := &baton.SessionEdit{Title: r.Title, Topics: r.Topics, Technologies: r.Technologies}
	if r.Decisions != nil {
		ds := make([]baton.Decision, len(*r.Decisions))
		for i, d := range *r.Decisions {
			ds[i] = baton.Decision{Decision: d.Decision, Rationale: d.Rationale}
		}
		e.Decisions = &ds
	}
	if r.Tasks != nil {
		ts := make([]baton.Task, len(*r.Tasks))
		for i, t := range *r.Tasks {
			ts[i] = baton.Task{Task: t.Task, Done: t.Done}
		}
		e.Tasks = &ts
	}
	return e
}

// SessionCorrect corrects some fields of one of the steward's sessions.
func (s *Server) SessionCorrect(c echo.Context) error {
	if _, err := s.sessions.Session(requestContext(c), stewardID(c), c.Param("id")); err != nil {
		return err
	}
	var in correctionsRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sess, cs, err := s.corrections.Correct(requestContext(c), stewardID(c), c.Param("id"), in.edit())
	if err != nil {
		return err
	}
	return s.answerCorrected(c, sess, cs)
}
