package ui

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// sessionPageInput is what the session page shows: which session, which
// of its conversations ("" for the main one), and where the transcript
// starts (?at=N; "" for the beginning).
type sessionPageInput struct {
	SessionID    string
	Conversation string
	At           string
	// Refused, when set, is a refused form's reason, shown at the top.
	Refused string
}

// sessionPageInputOf reads the session page's input from its route id and query.
func sessionPageInputOf(id string, q url.Values) sessionPageInput {
	return sessionPageInput{SessionID: id, Conversation: q.Get("c"), At: q.Get("at")}
}

// SessionShow is the session page: header, analysis, review and transcript.
func (s *Server) SessionShow(c echo.Context) error {
	return s.renderSessionPage(c, sessionPageInputOf(c.Param("id"), c.QueryParams()))
}

// renderSessionPage draws the session page for in; the page and the
// actions that redraw it (sessionReanalyse) share it.
func (s *Server) renderSessionPage(c echo.Context, in sessionPageInput) error {
	return s.renderSessionPageWith(c, in, http.StatusOK, views.ShareForms{})
}

// renderSessionPageWith draws the session page answering status, its
// Share section's forms as share holds them (a refused one, as sent).
func (s *Server) renderSessionPageWith(c echo.Context, in sessionPageInput, status int, share views.ShareForms) error {
	sid := stewardID(c)
	sess, err := s.sessions.Session(requestContext(c), sid, in.SessionID)
	if err != nil {
		return err
	}
	convs, err := s.sessions.Conversations(requestContext(c), sid, sess.ID)
	if err != nil {
		return err
	}
	conv := conversationIn(convs, in.Conversation)
	if conv == nil {
		return baton.NotFound("conversation")
	}
	total, err := s.sessions.TranscriptLengthOf(requestContext(c), sid, conv)
	if err != nil {
		return err
	}
	after, err := afterForAt(in.At, total)
	if err != nil {
		return err
	}
	// The session's annotations, read once for its review block and its
	// transcript.
	all, err := s.annotations.AnnotationsOfSession(requestContext(c), sid, sess.ID)
	if err != nil {
		return err
	}
	anns := sessionAnnotationsOf(all)
	chunk, err := s.transcriptAnnotated(c, conv, after, anns.byMessage)
	if err != nil {
		return err
	}
	var at int64
	if in.At != "" {
		at = after + 1
		setEarlier(&chunk, sess.ID, conv.ID, at)
	}
	analysing, err := s.sessions.AnalysisPending(requestContext(c), sid, conv.ID)
	if err != nil {
		return err
	}
	// The arc is the main conversation's: when that is the one shown, its
	// lookup and pending state are known already.
	var arcMain *baton.Conversation
	var arcPending *bool
	if in.Conversation == "" {
		arcMain, arcPending = conv, &analysing
	}
	analysisView, err := s.sessionAnalysis(c, sess, arcMain, arcPending, anns)
	if err != nil {
		return err
	}
	framesView, err := s.sessionFrames(c, sess) // the Lex frames taken in it
	if err != nil {
		return err
	}
	memory, err := s.sessionMemory(c, conv) // the conversation's medium-term memory
	if err != nil {
		return err
	}
	var teamShares views.SessionTeamShares // the teams it is shared with
	if teamShares.Teams, err = s.sessions.TeamsForSteward(requestContext(c), sid); err != nil {
		return err
	}
	if teamShares.SharedWith, err = s.sessions.ObjectTeamShares(requestContext(c), sid, baton.TeamShareSession, sess.ID); err != nil {
		return err
	}
	keptByBaton, err := s.sessions.SessionKeptByBaton(requestContext(c), sid, sess.ID) // baton watch saw its file deleted
	if err != nil {
		return err
	}
	corrections, err := s.corrections.OfSession(requestContext(c), sid, sess)
	if err != nil {
		return err
	}
	title := sess.Title
	if title == "" {
		title = "Untitled session"
	}
	page := s.page(c, title, "sessions")
	if in.Refused != "" {
		page.Flash, page.FlashKind = in.Refused, "error"
	}
	return renderHTML(c, status, views.SessionShow(views.SessionPage{
		Share:       share,
		KeptByBaton: keptByBaton,
		Page:        page, Session: sess, Conversations: convs, Conversation: conv,
		Transcript: chunk, TotalMessages: total, At: at, Analysing: analysing, MessagesURL: "/sessions/" + sess.ID + "/messages",
		Analysis: analysisView, Frames: framesView, Memory: memory, TeamShares: teamShares, Corrections: corrections,
	}))
}

// sessionAnalysis is what the session page shows of a session's analysis
// and review: the arc chart (from the messages' sentiments alone, so an
// open session has one too), the stored quality parts and patterns, and
// the review block. main and pending are the main conversation and whether
// it is being analysed, when the caller has them (nil: read here); anns
// are the session's annotations.
func (s *Server) sessionAnalysis(c echo.Context, sess *baton.Session, main *baton.Conversation, pending *bool, anns sessionAnnotations) (views.SessionAnalysisView, error) {
	arc, err := s.arcChart(c, sess, main, pending)
	if err != nil {
		return views.SessionAnalysisView{}, err
	}
	v := views.SessionAnalysisView{
		ArcChart:     arc,
		ReanalyseURL: "/sessions/" + url.PathEscape(sess.ID) + "/analyse",
	}
	sa, analysed, err := s.analysis.ForSession(requestContext(c), stewardID(c), sess.ID)
	if err != nil {
		return views.SessionAnalysisView{}, err
	}
	if analysed {
		v.AnalysedAt = sa.AnalysedAt
		v.Quality = qualityView(sa.Quality)
		v.Patterns = patternViews(sa.Patterns)
		if v.Model, err = s.analysis.ModelStepOf(requestContext(c), stewardID(c), sa); err != nil {
			return views.SessionAnalysisView{}, err
		}
	}
	v.Review, err = s.sessionReviewViewOf(c, sess, anns, nil, "")
	return v, err
}

func qualityView(q baton.QualityParts) *views.QualityView {
	out := &views.QualityView{Score: q.Score}
	for _, p := range q.Parts {
		out.Parts = append(out.Parts, views.QualityPartView{Name: p.Name, Weight: p.Weight, Value: p.Value, Detail: p.Detail})
	}
	return out
}

func patternViews(ps []baton.Pattern) []views.PatternView {
	out := make([]views.PatternView, len(ps))
	for i, p := range ps {
		out[i] = views.PatternView{Type: p.Type, Subtype: p.Subtype, Frequency: p.Frequency, Insight: p.Insight, Examples: p.Examples}
	}
	return out
}

// afterForAt turns the ?at=N of a transcript URL (start at message N; ""
// starts at the beginning) into the sequence number to read after.
func afterForAt(at string, total int64) (int64, error) {
	if at == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(at, 10, 64)
	if err != nil || n < 1 {
		return 0, baton.Invalid("at", "at must be a message number from 1 to %d", max(total, 1))
	}
	return min(n, max(total, 1)) - 1, nil
}

// conversationIn finds a conversation among a session's conversations
// (oldest first, as Store.Conversations lists them): "" is the main one,
// the oldest without a parent, as Store.Conversation reads it. Nil when
// there is none.
func conversationIn(convs []*baton.Conversation, id string) *baton.Conversation {
	for _, c := range convs {
		if (id == "" && c.ParentConversationID == nil) || (id != "" && c.ID == id) {
			return c
		}
	}
	return nil
}
