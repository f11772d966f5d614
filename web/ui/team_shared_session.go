package ui

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// teamSharedSession loads a session shared with one of the steward's teams
// (or their own), its main conversation and the reader's access. The grant
// is checked in SQL (store.SharedSession); the reads after it use the
// owner's id, scoped to this one session.
func (s *Server) teamSharedSession(c echo.Context) (*baton.Session, *baton.Conversation, string, error) {
	sess, access, err := s.teams.SharedSession(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return nil, nil, "", err
	}
	conv, err := s.teams.Conversation(requestContext(c), sess.StewardID, sess.ID, "")
	if err != nil {
		return nil, nil, "", err
	}
	return sess, conv, access, nil
}

// teamSharedTranscript is a run of a team-shared transcript, read-only
// like a share link's: no annotations, no message links.
func (s *Server) teamSharedTranscript(c echo.Context, sess *baton.Session, conv *baton.Conversation, after int64) (views.TranscriptChunk, error) {
	msgs, err := s.teams.Transcript(requestContext(c), sess.StewardID, sess.ID, conv.ID, after, transcriptChunk)
	if err != nil {
		return views.TranscriptChunk{}, err
	}
	chunk := views.TranscriptChunk{Messages: messageViews(msgs)}
	for i, m := range chunk.Messages {
		bare := *m.Message
		bare.ID, bare.Impact = 0, baton.Impact{}
		chunk.Messages[i].Message, chunk.Messages[i].Annotations, chunk.Messages[i].CSRF = &bare, nil, ""
	}
	if len(msgs) == transcriptChunk {
		chunk.NextURL = fmt.Sprintf("/shared/sessions/%s/messages?after=%d", sess.ID, msgs[len(msgs)-1].Seq)
	}
	return chunk, nil
}

// TeamSharedSessionShow is /shared/sessions/{id}: a session shared with
// one of the reader's teams, read-only, with its comment thread.
func (s *Server) TeamSharedSessionShow(c echo.Context) error {
	sess, conv, access, err := s.teamSharedSession(c)
	if err != nil {
		return err
	}
	total, err := s.teams.TranscriptLength(requestContext(c), sess.StewardID, sess.ID, conv.ID)
	if err != nil {
		return err
	}
	after, err := afterForAt(c.QueryParam("at"), total)
	if err != nil {
		return err
	}
	chunk, err := s.teamSharedTranscript(c, sess, conv, after)
	if err != nil {
		return err
	}
	comments, err := s.teams.SharedSessionComments(requestContext(c), stewardID(c), sess.ID)
	if err != nil {
		return err
	}
	title := sess.Title
	if title == "" {
		title = "Untitled session"
	}
	return renderHTML(c, http.StatusOK, views.TeamSharedSession(views.TeamSharedSessionPage{
		SharedSessionPage: views.SharedSessionPage{Page: s.page(c, title, "teams"), Session: sess, Transcript: chunk, TotalMessages: total},
		Comments:          comments, CanComment: access != baton.AccessViewer,
	}))
}

// TeamSharedSessionMessages is the shared transcript's infinite-scroll partial.
func (s *Server) TeamSharedSessionMessages(c echo.Context) error {
	sess, conv, _, err := s.teamSharedSession(c)
	if err != nil {
		return err
	}
	after, err := strconv.ParseInt(c.QueryParam("after"), 10, 64)
	if err != nil || after < 0 {
		return baton.Invalid("after", "after must be a message number")
	}
	chunk, err := s.teamSharedTranscript(c, sess, conv, after)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.TranscriptChunk(chunk))
}

// TeamSharedSessionComment adds a team member's comment to a shared session.
func (s *Server) TeamSharedSessionComment(c echo.Context) error {
	if _, err := s.teams.CommentOnSharedSession(requestContext(c), stewardID(c), c.Param("id"), c.FormValue("note")); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/shared/sessions/"+c.Param("id")+"#comments")
}
