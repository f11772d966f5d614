package ui

import (
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/redact"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// comparisonLinkOptions reads the link form: whether to hide secrets and
// when the link expires (refused, as sent).
func comparisonLinkOptions(c echo.Context) (redact bool, expires string, until *time.Time, err error) {
	redact = c.FormValue("redact") == "on"
	expires = c.FormValue("expires")
	if expires == "" {
		expires = "never"
	}
	d, ok := shareExpiries[expires]
	if !ok {
		return redact, expires, nil, baton.Invalid("expires", "expires %q is not a choice: never, 1d, 7d or 30d", expires)
	}
	if d > 0 {
		t := time.Now().Add(d)
		until = &t
	}
	return redact, expires, until, nil
}

// refusedComparisonLink is the comparison's page again (400), its link
// form as sent, saying why it was refused.
func (s *Server) refusedComparisonLink(c echo.Context, cmp *baton.Comparison, redact bool, expires string, err error) error {
	return s.renderComparisonWith(c, http.StatusBadRequest, cmp, nil, func(p *views.ComparisonPage) {
		p.Share = views.ShareForms{LinkExpires: expires, LinkShowSecrets: !redact, LinkError: refusal(err)}
	})
}

// ownComparison is one of the steward's own comparisons (not one shared with them).
func (s *Server) ownComparison(c echo.Context) (*baton.Comparison, error) {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return nil, err
	}
	if cmp.Access != baton.AccessOwner {
		return nil, baton.NotFound("comparison")
	}
	return cmp, nil
}

// ComparisonLinkPreview shows what a read-only link would hide before it is made.
func (s *Server) ComparisonLinkPreview(c echo.Context) error {
	cmp, err := s.ownComparison(c)
	if err != nil {
		return err
	}
	redact, expires, _, err := comparisonLinkOptions(c)
	if err != nil {
		return s.refusedComparisonLink(c, cmp, redact, expires, err)
	}
	p := views.ComparisonLinkPage{Page: s.page(c, "Read-only link", "comparisons"), Comparison: cmp, Redact: redact, Expires: expires}
	if redact {
		if p.Found, err = s.comparisonSecrets(c, cmp); err != nil {
			return err
		}
	}
	return renderHTML(c, http.StatusOK, views.ComparisonLink(p))
}

// ComparisonLinkCreate makes the link and redirects to the comparison's
// page, which shows it once: a reload makes no second link.
func (s *Server) ComparisonLinkCreate(c echo.Context) error {
	cmp, err := s.ownComparison(c)
	if err != nil {
		return err
	}
	redact, expires, until, err := comparisonLinkOptions(c)
	if err != nil {
		return s.refusedComparisonLink(c, cmp, redact, expires, err)
	}
	token, hash := auth.NewShareToken()
	if _, err := s.comparisonRecords.CreateComparisonLink(requestContext(c), stewardID(c), cmp.ID, hash, until, redact); err != nil {
		return err
	}
	page := "/comparisons/" + cmp.ID
	terms := views.LinkTerms(views.ComparisonLinkPage{Redact: redact, Expires: expires})
	if err := s.cookies.WriteOnce(c.Response(), c.Request(), page, stewardID(c), s.baseURL(c)+"/c/"+token+"\x00"+terms); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, page+"#link-created")
}

// comparisonSecrets lists the secrets in both runs, as redaction finds them.
func (s *Server) comparisonSecrets(c echo.Context, cmp *baton.Comparison) ([]redact.Found, error) {
	runs, err := s.comparisons.Runs(requestContext(c), cmp.StewardID, cmp.AConversationID, cmp.BConversationID, nil)
	if err != nil {
		return nil, err
	}
	found := map[string]*redact.Found{}
	var order []string
	for _, msgs := range [][]*baton.Message{runs.A, runs.B[runs.Result.Diff.PrefixLength:]} {
		for _, m := range msgs {
			texts := []string{m.Content, m.Thinking}
			for _, tc := range m.ToolCalls {
				texts = append(texts, string(tc.Input))
			}
			for _, t := range texts {
				_, rs := redact.Redact(t)
				for _, r := range rs {
					k := r.Kind + "\x00" + r.Sample
					if found[k] == nil {
						found[k] = &redact.Found{Kind: r.Kind, Sample: r.Sample}
						order = append(order, k)
					}
					found[k].Count += r.Count
				}
			}
		}
	}
	out := make([]redact.Found, 0, len(order))
	for _, k := range order {
		out = append(out, *found[k])
	}
	return out, nil
}

// SharedComparison is /c/{token}: a comparison, read-only, for anyone with
// the link; secrets hidden when the link says so. It shows the two runs
// and their analysis, and nothing else of the owner's: no comments, no
// links into their sessions.
func (s *Server) SharedComparison(c echo.Context) error {
	token := c.Param("token")
	if !auth.LooksLikeLinkToken(token) {
		return baton.NotFound("shared page")
	}
	link, err := s.comparisonRecords.ShareLinkByToken(requestContext(c), auth.HashToken(token))
	if err != nil {
		return sharedNotFound(err)
	}
	cmp, err := s.comparisonRecords.LinkedComparison(requestContext(c), link)
	if err != nil {
		return sharedNotFound(err)
	}
	var hide func(string) string
	if link.Redact {
		hide = redact.Text
		cmp.Title = redact.Text(cmp.Title)
	}
	p, err := s.comparisonPage(c, cmp, nil, hide)
	if err != nil {
		return err
	}
	p.Page = views.Page{Title: cmp.Title}
	p.PublicToken = token
	h := c.Response().Header()
	h.Set("Cache-Control", "private, no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	return renderHTML(c, http.StatusOK, views.ComparisonShow(p))
}

// sharedNotFound keeps "not found" uniform on a public page, whatever was missing.
func sharedNotFound(err error) error {
	if baton.ErrorCode(err) == baton.ENOTFOUND {
		return baton.NotFound("shared page")
	}
	return err
}
