package ui

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/redact"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// matrixFormPage is a message's matrix form: its first set prefilled from
// the recorded run, as the single replay's form is. It returns the
// conversation with its transcript and the message the runs fork after,
// as replayFormPage does.
func (s *Server) matrixFormPage(c echo.Context, m *baton.Message, src replay.Source) (views.MatrixFormPage, replay.Source, *baton.Message, error) {
	single, src, at, err := s.replayFormPage(c, m, src)
	if err != nil {
		return views.MatrixFormPage{}, replay.Source{}, nil, err
	}
	p := views.MatrixFormPage{Page: s.page(c, "Replay with several parameter sets", "sessions"),
		Action: "/messages/" + strconv.FormatInt(m.ID, 10) + "/matrix", Seq: single.Seq, ForkSeq: single.ForkSeq,
		Key: single.Values.Key, RecordedSystem: single.Values.RecordedSystem, CanRun: single.CanRun,
		Sets: make([]views.ReplayFormValues, baton.MaxMatrixRuns)}
	p.Sets[0].Model = single.Values.Model
	return p, src, at, nil
}

// MatrixForm is GET /messages/{id}/matrix: the form of a replay matrix.
func (s *Server) MatrixForm(c echo.Context) error {
	m, src, err := s.replaySource(c)
	if err != nil {
		return err
	}
	p, _, _, err := s.matrixFormPage(c, m, src)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.MatrixForm(p))
}

// MatrixCreate is POST /messages/{id}/matrix: one replay per filled set,
// started in the background; the steward lands on the matrix. A refused
// form comes back with the field named and everything typed kept.
func (s *Server) MatrixCreate(c echo.Context) error {
	m, src, err := s.replaySource(c)
	if err != nil {
		return err
	}
	p, src, at, err := s.matrixFormPage(c, m, src)
	if err != nil {
		return err
	}
	p.Title, p.Key = c.FormValue("title"), c.FormValue("key")
	var reqs []replay.Request
	for i := range p.Sets {
		f := func(name string) string { return c.FormValue("runs[" + strconv.Itoa(i) + "]." + name) }
		v := views.ReplayFormValues{Title: f("title"), Model: f("model"), Temperature: f("temperature"), MaxTokens: f("max_tokens"),
			SystemPrompt: f("system_prompt"), ToolAllow: f("tool_allow"), ToolDeny: f("tool_deny"), ExtraContext: f("extra_context")}
		p.Sets[i] = v
		if i > 0 && strings.TrimSpace(v.Title+v.Model+v.Temperature+v.MaxTokens+v.SystemPrompt+v.ToolAllow+v.ToolDeny+v.ExtraContext) == "" {
			continue
		}
		req, err := replayRequestOf(v)
		if err != nil {
			// The set's field, as the form names it.
			err = baton.Invalid("runs["+strconv.Itoa(i)+"]."+baton.ErrorField(err), "parameter set %d: %s", i+1, baton.ErrorMessage(err))
			return s.matrixFormRefused(c, p, err)
		}
		reqs = append(reqs, req)
	}
	mx, _, err := s.replays.CreateMatrix(requestContext(c), stewardID(c), src, at.ID, p.Title, p.Key, reqs)
	if err != nil {
		return s.matrixFormRefused(c, p, err)
	}
	return c.Redirect(http.StatusSeeOther, "/matrices/"+mx.ID)
}

func (s *Server) matrixFormRefused(c echo.Context, p views.MatrixFormPage, err error) error {
	if baton.ErrorCode(err) != baton.EINVALID {
		return err
	}
	p.Error, p.ErrorField = baton.ErrorMessage(err), baton.ErrorField(err)
	return renderHTML(c, http.StatusBadRequest, views.MatrixForm(p))
}

// matrixSelection reads ?runs=1,3 (or runs=1&runs=3): the set numbers to
// show; none means all.
func matrixSelection(c echo.Context, runs []*baton.Replay) (map[int]bool, error) {
	var raw []string
	for _, v := range c.QueryParams()["runs"] {
		raw = append(raw, strings.Split(v, ",")...)
	}
	if len(raw) == 0 {
		return nil, nil
	}
	out := map[int]bool{}
	for _, v := range raw {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > len(runs) {
			return nil, baton.Invalid("runs", "runs lists set numbers from 1 to %d; got %q", len(runs), v)
		}
		out[n-1] = true
	}
	return out, nil
}

// matrixPage measures the owner's matrix and keeps the rows selected.
func (s *Server) matrixPage(c echo.Context, m *baton.ReplayMatrix, runs []*baton.Replay, hide func(string) string) (views.MatrixPage, error) {
	sel, err := matrixSelection(c, runs)
	if err != nil {
		return views.MatrixPage{}, err
	}
	mx, err := s.comparisons.Matrix(requestContext(c), m.StewardID, m, runs, hide, time.Now())
	if err != nil {
		return views.MatrixPage{}, err
	}
	p := views.MatrixPage{Matrix: m, Baseline: mx.Baseline, Runs: runs, Selected: sel, RunTitles: map[string]string{}}
	for _, r := range mx.Rows {
		if sel == nil || sel[r.Replay.MatrixPosition] {
			p.Rows = append(p.Rows, r)
		}
		p.Running = p.Running || r.Replay.Status == baton.ReplayRunning
	}
	for _, r := range runs {
		conv, err := s.conversations.ConversationByID(requestContext(c), m.StewardID, r.ConversationID)
		if err != nil {
			return views.MatrixPage{}, err
		}
		p.RunTitles[r.ID] = conv.Title
		if hide != nil {
			p.RunTitles[r.ID] = hide(conv.Title)
		}
		p.ForkSeq = conv.ForkPointSeq
	}
	return p, nil
}

// MatrixShow is GET /matrices/{id}: to its owner and the members and
// viewers of a team it is shared with.
func (s *Server) MatrixShow(c echo.Context) error {
	return s.renderMatrix(c, http.StatusOK, views.ShareForms{})
}

// renderMatrix draws a matrix's page, its sharing forms as given (a
// refused one as it was sent).
func (s *Server) renderMatrix(c echo.Context, status int, share views.ShareForms) error {
	sid := stewardID(c)
	m, access, runs, err := s.conversations.SharedReplayMatrix(requestContext(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	p, err := s.matrixPage(c, m, runs, nil)
	if err != nil {
		return err
	}
	p.Page, p.Access, p.Base = s.page(c, m.Title, "comparisons"), access, "/matrices/"+m.ID
	if p.IsOwner() {
		if p.Teams, err = s.conversations.TeamsForSteward(requestContext(c), sid); err != nil {
			return err
		}
		if p.SharedWith, err = s.conversations.ObjectTeamShares(requestContext(c), sid, baton.TeamShareMatrix, m.ID); err != nil {
			return err
		}
		if status == http.StatusOK {
			// A read-only link just made (MatrixLinkCreate) is shown this once.
			if made := s.cookies.TakeOnce(c.Response(), c.Request(), p.Base, sid); made != "" {
				p.ShareURL, p.ShareTerms, _ = strings.Cut(made, "\x00")
				c.Response().Header().Set("Cache-Control", "no-store")
			}
		}
		if c.QueryParam("done") == "shared" && status == http.StatusOK {
			p.Flash, p.FlashKind = "Shared with the team.", "success"
		}
	}
	p.Share = share
	return renderHTML(c, status, views.MatrixShow(p))
}

// matrixRun is the run at set number {n} of a matrix's runs.
func matrixRun(c echo.Context, runs []*baton.Replay) (*baton.Replay, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 || n > len(runs) {
		return nil, baton.NotFound("run")
	}
	return runs[n-1], nil
}

// MatrixRunShow is GET /matrices/{id}/runs/{n}: one run's two-column
// comparison with the baseline. Its owner gets the run's own comparison
// (made the first time, commented and shared like any); a teammate reads
// it through the matrix shared with them.
func (s *Server) MatrixRunShow(c echo.Context) error {
	sid := stewardID(c)
	m, access, runs, err := s.conversations.SharedReplayMatrix(requestContext(c), sid, c.Param("id"))
	if err != nil {
		return err
	}
	r, err := matrixRun(c, runs)
	if err != nil {
		return err
	}
	if access == baton.AccessOwner {
		return c.Redirect(http.StatusSeeOther, "/replays/"+r.ID+"/comparison")
	}
	cmp := &baton.Comparison{StewardID: m.StewardID, AConversationID: m.SourceConversationID, BConversationID: r.ConversationID,
		Title: m.Title + " · set " + strconv.Itoa(r.MatrixPosition+1), Access: access}
	p, err := s.comparisonPage(c, cmp, nil, nil)
	if err != nil {
		return err
	}
	p.Page = s.page(c, cmp.Title, "comparisons")
	p.Base, p.MatrixURL = "/matrices/"+m.ID+"/runs/"+c.Param("n"), "/matrices/"+m.ID
	return renderHTML(c, http.StatusOK, views.ComparisonShow(p))
}

// MatrixShare is POST /matrices/{id}/shares: the owner shares the matrix,
// and so every run's comparison, with a team they are in.
func (s *Server) MatrixShare(c echo.Context) error {
	m, _, err := s.conversations.ReplayMatrix(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	typed, team, err := shareTeam(c)
	if err == nil {
		_, err = s.conversations.ShareWithTeam(requestContext(c), stewardID(c), baton.TeamShareMatrix, m.ID, team)
	}
	if baton.ErrorCode(err) == baton.EINVALID {
		return s.renderMatrix(c, http.StatusBadRequest, views.ShareForms{TeamID: typed, TeamError: refusal(err)})
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/matrices/"+m.ID+"?done=shared")
}

// MatrixLinkCreate is POST /matrices/{id}/links: a read-only link to the
// matrix and its runs' comparisons, shown once on the matrix's page.
func (s *Server) MatrixLinkCreate(c echo.Context) error {
	m, _, err := s.conversations.ReplayMatrix(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	hide, expires, until, err := comparisonLinkOptions(c)
	if err != nil {
		return s.renderMatrix(c, http.StatusBadRequest, views.ShareForms{LinkExpires: expires, LinkShowSecrets: !hide, LinkError: refusal(err)})
	}
	token, hash := auth.NewShareToken()
	if _, err := s.conversations.CreateMatrixLink(requestContext(c), stewardID(c), m.ID, hash, until, hide); err != nil {
		return err
	}
	page := "/matrices/" + m.ID
	terms := views.LinkTerms(views.ComparisonLinkPage{Redact: hide, Expires: expires})
	if err := s.cookies.WriteOnce(c.Response(), c.Request(), page, stewardID(c), s.baseURL(c)+"/m/"+token+"\x00"+terms); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, page+"#link-created")
}

// linkedMatrix is the matrix a read-only link opens, and the redaction it asks for.
func (s *Server) linkedMatrix(c echo.Context) (*baton.ReplayMatrix, []*baton.Replay, func(string) string, error) {
	token := c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return nil, nil, nil, baton.NotFound("shared page")
	}
	link, err := s.conversations.ShareLinkByToken(requestContext(c), auth.HashToken(token))
	if err != nil {
		return nil, nil, nil, sharedNotFound(err)
	}
	m, runs, err := s.conversations.LinkedReplayMatrix(requestContext(c), link)
	if err != nil {
		return nil, nil, nil, sharedNotFound(err)
	}
	var hide func(string) string
	if link.Redact {
		hide = redact.Text
		m.Title = redact.Text(m.Title)
		// Why a run failed quotes the call the model made, whose input
		// holds what the transcript held.
		for _, r := range runs {
			for _, text := range []*string{&r.FailureReason, &r.SystemPrompt, &r.ExtraContext} {
				*text = redact.Text(*text)
			}
		}
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	return m, runs, hide, nil
}

// SharedMatrix is /m/{token}: a replay matrix, read-only, for anyone with
// the link; secrets hidden when the link says so.
func (s *Server) SharedMatrix(c echo.Context) error {
	m, runs, hide, err := s.linkedMatrix(c)
	if err != nil {
		return err
	}
	p, err := s.matrixPage(c, m, runs, hide)
	if err != nil {
		return err
	}
	p.Page, p.Base = views.Page{Title: m.Title}, "/m/"+c.Param("token")
	return renderHTML(c, http.StatusOK, views.MatrixShow(p))
}

// SharedMatrixRun is /m/{token}/runs/{n}: one run's comparison through
// the matrix's read-only link.
func (s *Server) SharedMatrixRun(c echo.Context) error {
	m, runs, hide, err := s.linkedMatrix(c)
	if err != nil {
		return err
	}
	r, err := matrixRun(c, runs)
	if err != nil {
		return sharedNotFound(err)
	}
	cmp := &baton.Comparison{StewardID: m.StewardID, AConversationID: m.SourceConversationID, BConversationID: r.ConversationID,
		Title: m.Title + " · set " + strconv.Itoa(r.MatrixPosition+1)}
	p, err := s.comparisonPage(c, cmp, nil, hide)
	if err != nil {
		return err
	}
	base := "/m/" + c.Param("token")
	p.Page, p.PublicToken, p.Base, p.MatrixURL = views.Page{Title: cmp.Title}, c.Param("token"), base+"/runs/"+c.Param("n"), base
	return renderHTML(c, http.StatusOK, views.ComparisonShow(p))
}
