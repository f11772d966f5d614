package ui

import (
	"fmt"
	"net/http"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/redact"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// sharedLink resolves a share link's token to its live link and the
// session it opens. A revoked, expired or unknown token, or a session
// deleted since, is not found, alike.
func (s *Server) sharedLink(c echo.Context) (*baton.ShareLink, *baton.Session, *baton.Conversation, error) {
	token := c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return nil, nil, nil, sharedLinkGone()
	}
	link, err := s.shares.ShareLinkByToken(requestContext(c), auth.HashToken(token))
	if err != nil {
		if baton.ErrorCode(err) == baton.ENOTFOUND {
			return nil, nil, nil, sharedLinkGone()
		}
		return nil, nil, nil, err
	}
	if link.Kind != baton.ShareSession {
		return nil, nil, nil, sharedLinkGone()
	}
	// The link is the permission; the owner's id scopes the reads to the
	// one object it names.
	sess, err := s.shares.Session(requestContext(c), link.StewardID, link.ObjectID)
	if err != nil {
		if baton.ErrorCode(err) == baton.ENOTFOUND {
			return nil, nil, nil, sharedLinkGone()
		}
		return nil, nil, nil, err
	}
	conv, err := s.shares.Conversation(requestContext(c), link.StewardID, sess.ID, "")
	if err != nil {
		if baton.ErrorCode(err) == baton.ENOTFOUND {
			return nil, nil, nil, sharedLinkGone()
		}
		return nil, nil, nil, err
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("Referrer-Policy", "no-referrer") // the token is in the address
	h.Set("X-Robots-Tag", "noindex, nofollow")
	return link, sess, conv, nil
}

// SharedSession is the public, read-only page of a shared session: its
// metadata and its main transcript, and nothing that leads elsewhere.
func (s *Server) SharedSession(c echo.Context) error {
	link, sess, conv, err := s.sharedLink(c)
	if err != nil {
		return err
	}
	total, err := s.shares.TranscriptLength(requestContext(c), link.StewardID, sess.ID, conv.ID)
	if err != nil {
		return err
	}
	// ?at=N starts at message N: the "Load more" link for readers without JavaScript.
	after, err := afterForAt(c.QueryParam("at"), total)
	if err != nil {
		return err
	}
	chunk, err := s.sharedTranscript(c, link, sess, conv, after)
	if err != nil {
		return err
	}
	// Public: what the page shows of the session hides secrets as its
	// transcript does (title, tags, summary, tasks, technical context).
	for _, shown := range []any{&sess.Title, &sess.Source, &sess.Tags, &sess.Summary, &sess.Progress, &sess.Technical, &sess.Assistant} {
		redact.Strings(shown)
	}
	title := sess.Title
	if title == "" {
		title = "Untitled session"
	}
	return renderHTML(c, http.StatusOK, views.SharedSession(views.SharedSessionPage{
		Page: views.Page{Title: title}, Session: sess, Transcript: chunk, TotalMessages: total, ExpiresAt: link.ExpiresAt,
	}))
}

// sharedTranscript loads a run of the shared transcript; the next run's
// URL stays under /s/{token}, so it works without signing in.
func (s *Server) sharedTranscript(c echo.Context, link *baton.ShareLink, sess *baton.Session, conv *baton.Conversation, after int64) (views.TranscriptChunk, error) {
	msgs, err := s.shares.Transcript(requestContext(c), link.StewardID, sess.ID, conv.ID, after, transcriptChunk)
	if err != nil {
		return views.TranscriptChunk{}, err
	}
	// Public: its secrets are hidden, as on a comparison's redacted link.
	// Read-only and anonymous: without its id a message shows no
	// annotations, no impact and no links to /messages/{id}.
	bare := make([]*baton.Message, len(msgs))
	for i, m := range msgs {
		r := redact.Message(*m)
		r.ID, r.Impact = 0, baton.Impact{}
		bare[i] = &r
	}
	chunk := views.TranscriptChunk{Messages: messageViews(bare)}
	for i := range chunk.Messages {
		chunk.Messages[i].Annotations, chunk.Messages[i].CSRF = nil, ""
	}
	if len(msgs) == transcriptChunk {
		chunk.NextURL = fmt.Sprintf("/s/%s/messages?after=%d", c.Param("token"), msgs[len(msgs)-1].Seq)
	}
	return chunk, nil
}

// sharedLinkGone is what a share link that opens nothing says: it may
// never have existed, or have expired or been revoked, alike.
func sharedLinkGone() *baton.Error {
	return &baton.Error{Code: baton.ENOTFOUND, Message: "This share link does not open anything: it may have expired or been revoked. Ask whoever sent it for a new one."}
}
