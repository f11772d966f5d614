package ui

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/pricing"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/views"
	"github.com/labstack/echo/v4"
)

// ComparisonShow is /comparisons/{id}: to its owner and to the members and
// viewers of a team it is shared with.
func (s *Server) ComparisonShow(c echo.Context) error {
	cmp, err := s.comparisonRecords.Comparison(requestContext(c), stewardID(c), c.Param("id"))
	if err != nil {
		return err
	}
	return s.renderComparison(c, http.StatusOK, cmp, nil)
}

// renderComparison draws a comparison's page with its ratings section:
// as read (ratings nil), or as a refused rating form left it.
func (s *Server) renderComparison(c echo.Context, status int, cmp *baton.Comparison, ratings *views.ComparisonRatings) error {
	return s.renderComparisonWith(c, status, cmp, ratings, nil)
}

// renderComparisonWith is renderComparison with a last change to the page
// (a refused comment's form).
func (s *Server) renderComparisonWith(c echo.Context, status int, cmp *baton.Comparison, ratings *views.ComparisonRatings, change func(*views.ComparisonPage)) error {
	sid := stewardID(c)
	comments, err := s.comparisonRecords.ComparisonComments(requestContext(c), sid, cmp.ID)
	if err != nil {
		return err
	}
	p, err := s.comparisonPage(c, cmp, comments, nil)
	if err != nil {
		return err
	}
	p.Page = s.page(c, cmp.Title, "comparisons")
	if p.Ratings = ratings; ratings == nil {
		if p.Ratings, err = s.comparisonRatings(c, cmp); err != nil {
			return err
		}
	}
	p.CanComment = baton.CanComment(cmp.Access)
	p.IsOwner = cmp.Access == baton.AccessOwner
	if p.IsOwner {
		if p.Teams, err = s.comparisonRecords.TeamsForSteward(requestContext(c), sid); err != nil {
			return err
		}
		if p.SharedWith, err = s.comparisonRecords.ObjectTeamShares(requestContext(c), sid, baton.TeamShareComparison, cmp.ID); err != nil {
			return err
		}
	}
	if p.IsOwner && status == http.StatusOK {
		// A read-only link just made (comparison_link.go) is shown this once.
		if made := s.cookies.TakeOnce(c.Response(), c.Request(), "/comparisons/"+cmp.ID, sid); made != "" {
			p.ShareURL, p.ShareTerms, _ = strings.Cut(made, "\x00")
			c.Response().Header().Set("Cache-Control", "no-store")
		}
	}
	if msg := comparisonDone[c.QueryParam("done")]; msg != "" {
		p.Flash, p.FlashKind = msg, "success"
	}
	if change != nil {
		change(&p)
	}
	return renderHTML(c, status, views.ComparisonShow(p))
}

var comparisonDone = map[string]string{"comment": "Comment posted.", "shared": "Shared with the team.", "rated": "Your scores are saved."}

// comparisonPage builds the page's content from the owner's two
// conversations; redact, when set, rewrites every text shown.
func (s *Server) comparisonPage(c echo.Context, cmp *baton.Comparison, comments []*baton.ComparisonComment, redact func(string) string) (views.ComparisonPage, error) {
	runs, err := s.comparisons.Runs(requestContext(c), cmp.StewardID, cmp.AConversationID, cmp.BConversationID, redact)
	if err != nil {
		return views.ComparisonPage{}, err
	}
	res := runs.Result
	scoresA, scoresB, err := s.comparisons.Scores(requestContext(c), cmp.StewardID, runs, redact)
	if err != nil {
		return views.ComparisonPage{}, err
	}
	all := comparisonRows(res.Diff, runs.A, runs.B)
	page := 1
	if v := c.QueryParam("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return views.ComparisonPage{}, baton.Invalid("page", "page must be a page number")
		}
		page = n
	}
	pages := max(1, (len(all)+comparisonRowsPerPage-1)/comparisonRowsPerPage)
	page = min(page, pages)
	rows := drawRows(all[min(len(all), (page-1)*comparisonRowsPerPage):min(len(all), page*comparisonRowsPerPage)])
	for i := range rows {
		if rows[i].Key != "" {
			rows[i].Comments = pairCommentsOf(comments, rows[i].Key)
		}
	}
	tailA, tailB := runs.A[min(len(runs.A), res.Diff.PrefixLength):], runs.B[min(len(runs.B), res.Diff.PrefixLength):]
	return views.ComparisonPage{
		Comparison: cmp, Diff: res.Diff, ScoresA: scoresA, ScoresB: scoresB, Rows: rows, PageNo: page, Pages: pages,
		Comments: pairCommentsOf(comments, ""), VerdictRules: replay.VerdictRules,
		TokensA: pricing.Totals(tailA), TokensB: pricing.Totals(tailB), DurationA: spanOf(tailA), DurationB: spanOf(tailB),
	}, nil
}

// spanOf is the time from the first to the last of messages.
func spanOf(msgs []*baton.Message) time.Duration {
	if len(msgs) < 2 {
		return 0
	}
	return max(0, msgs[len(msgs)-1].Timestamp.Sub(msgs[0].Timestamp))
}

// pairCommentsOf picks the comments on one pair ("" or "all": the whole comparison).
func pairCommentsOf(all []*baton.ComparisonComment, key string) []*baton.ComparisonComment {
	var out []*baton.ComparisonComment
	for _, c := range all {
		k := c.PairKey
		if k == "all" {
			k = ""
		}
		if k == key {
			out = append(out, c)
		}
	}
	return out
}
