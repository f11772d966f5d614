package ui

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// cherryPickPage is the cherry-pick form of one of the steward's
// conversations, with the session's other conversations as targets.
func (s *Server) cherryPickPage(c echo.Context) (views.CherryPickPage, error) {
	sid := stewardID(c)
	src, err := s.replays.Conversation(requestContext(c), sid, c.Param("id"))
	if err != nil {
		return views.CherryPickPage{}, err
	}
	convs, err := s.conversations.Conversations(requestContext(c), sid, src.SessionID)
	if err != nil {
		return views.CherryPickPage{}, err
	}
	total, err := s.conversations.TranscriptLengthOf(requestContext(c), sid, src)
	if err != nil {
		return views.CherryPickPage{}, err
	}
	p := views.CherryPickPage{Page: s.page(c, "Cherry-pick from "+conversationLabelOf(src), "sessions"), Conversation: src, Total: total}
	for _, cv := range convs {
		if cv.ID != src.ID {
			p.Targets = append(p.Targets, cv)
		}
	}
	return p, nil
}

// CherryPickForm is GET /conversations/{id}/cherry-pick: the form as a
// page, for a range of messages.
func (s *Server) CherryPickForm(c echo.Context) error {
	p, err := s.cherryPickPage(c)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.CherryPickForm(p))
}

// ConversationCherryPick copies the messages ticked in the transcript, or
// a range of them, into another conversation or a new one, and shows where
// they went. A refused form comes back as a page naming the field, with
// what was ticked and typed kept.
func (s *Server) ConversationCherryPick(c echo.Context) error {
	p, err := s.cherryPickPage(c)
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return baton.Invalid("message_id", "the form could not be read")
	}
	p.FromSeq, p.ToSeq = strings.TrimSpace(form.Get("from_seq")), strings.TrimSpace(form.Get("to_seq"))
	p.Target, p.Title = form.Get("target_conversation_id"), form.Get("title")
	req := replay.CherryPickRequest{TargetConversationID: p.Target, NewTitle: p.Title}
	err = func() error {
		for i, v := range form["message_id"] {
			p.Picked = append(p.Picked, views.PickedMessage{ID: v})
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return baton.Invalid(fmt.Sprintf("message_ids[%d]", i), "message_id must be a message id")
			}
			req.MessageIDs = append(req.MessageIDs, id)
		}
		if req.FromSeq, err = seqField("from_seq", p.FromSeq); err != nil {
			return err
		}
		if req.ToSeq, err = seqField("to_seq", p.ToSeq); err != nil {
			return err
		}
		if req.FromSeq != 0 && req.ToSeq == 0 {
			req.ToSeq = req.FromSeq // "from 4" alone copies message 4
		}
		return nil
	}()
	if err == nil {
		var target *baton.Conversation
		if target, _, err = s.replays.CherryPick(requestContext(c), stewardID(c), p.Conversation, req); err == nil {
			return c.Redirect(http.StatusSeeOther, "/sessions/"+target.SessionID+"?c="+target.ID)
		}
	}
	if code := baton.ErrorCode(err); code != baton.EINVALID && code != baton.ECONFLICT {
		return err
	}
	p.Error, p.ErrorField = cherryPickError(err), baton.ErrorField(err)
	if err := s.describePicked(c, &p); err != nil {
		return err
	}
	return renderHTML(c, http.StatusBadRequest, views.CherryPickForm(p))
}

// seqField reads a message number typed in the form; "" is none.
func seqField(field, v string) (int64, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 1 {
		return 0, baton.Invalid(field, "%s must be a message number, 1 or more (got %q)", field, v)
	}
	return n, nil
}

// cherryPickError says in the form's words what the service refused: on
// the page the messages are ticked or given as a range, not sent as ids.
func cherryPickError(err error) string {
	msg := baton.ErrorMessage(err)
	if baton.ErrorCode(err) == baton.EINVALID && baton.ErrorField(err) == "message_ids" && strings.HasPrefix(msg, "no messages to copy") {
		return "No messages to copy (message_ids): tick at least one message's Pick box in the transcript, or give a range of message numbers below (from # and to #)."
	}
	return msg
}

// describePicked gives the ticked messages their numbers and first words,
// so the form shows what was ticked.
func (s *Server) describePicked(c echo.Context, p *views.CherryPickPage) error {
	if len(p.Picked) == 0 {
		return nil
	}
	msgs, err := s.replays.Messages(requestContext(c), stewardID(c), p.Conversation, 0)
	if err != nil {
		return err
	}
	byID := make(map[string]*baton.Message, len(msgs))
	for _, m := range msgs {
		byID[strconv.FormatInt(m.ID, 10)] = m
	}
	for i, pm := range p.Picked {
		if m := byID[pm.ID]; m != nil {
			p.Picked[i].Seq, p.Picked[i].Preview = m.Seq, clip(strings.Join(strings.Fields(m.Content), " "), 80)
		}
	}
	return nil
}
