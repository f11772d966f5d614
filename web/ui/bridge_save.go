package ui

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/views"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// bridgeSaver is what BridgeSave calls on the continuity service: Save
// checks the edit and writes it, reading the bridge once; Refused reads
// it for a refusal (not found when it is another steward's); Next is what
// the next session receives now (nextReceives).
type bridgeSaver interface {
	Save(ctx context.Context, stewardID int64, id string, baseRevision int, author string, content baton.BridgeContent) (*baton.Bridge, error)
	Refused(ctx context.Context, stewardID int64, id string, refusal error) (*baton.Bridge, error)
	Next(ctx context.Context, stewardID int64, req continuity.NextRequest) (*continuity.NextContext, error)
}

// BridgeSave stores the editor's form as a new revision (the autosave).
// It answers with out-of-band pieces only — status, base revision, the
// bridge's state (published or not, unpublished changes), what the next
// session receives, preview, quality, revisions — so no field being typed
// in is replaced and the page shows the state the save left. A
// stale base_revision answers 409 with both versions.
func (s *Server) BridgeSave(c echo.Context) error {
	id := c.Param("id")
	form, err := c.FormParams()
	if err != nil {
		_, err = s.continuity.Refused(requestContext(c), stewardID(c), id, baton.Invalid("body", "the form could not be read"))
		return err
	}
	base, err := strconv.Atoi(form.Get("base_revision"))
	if err != nil {
		_, err = s.continuity.Refused(requestContext(c), stewardID(c), id, baton.Invalid("base_revision", "base_revision is required: the revision this edit started from"))
		return err
	}
	content := bridgeContentFromForm(form)
	saved, err := s.continuity.Save(requestContext(c), stewardID(c), id, base, httpx.StewardName(c), content)
	switch {
	case baton.ErrorCode(err) == baton.ECONFLICT && saved != nil:
		mine := *saved
		mine.BridgeContent = content
		_ = continuity.Normalize(&mine.BridgeContent)
		return renderHTML(c, http.StatusConflict, views.BridgeConflictFragment(views.BridgeConflict{
			Current: saved, Message: "Your edit started from revision " + strconv.Itoa(base),
			MineMarkdown: continuity.BridgeMarkdown(&mine), TheirsMarkdown: continuity.BridgeMarkdown(saved)}))
	case baton.ErrorCode(err) == baton.EINVALID && saved != nil:
		return renderHTML(c, formErrorStatus, views.BridgeSaveError(saved, baton.ErrorMessage(err)))
	case err != nil:
		return err
	}
	if !isHTMX(c) {
		return c.Redirect(http.StatusSeeOther, "/bridges/"+url.PathEscape(saved.ID))
	}
	revs, err := s.bridges.BridgeRevisions(requestContext(c), stewardID(c), saved.ID)
	if err != nil {
		return err
	}
	next, err := s.nextReceives(c, saved)
	if err != nil {
		return err
	}
	return renderHTML(c, http.StatusOK, views.BridgeSavedFragment(views.BridgeSaved{Bridge: saved, Revisions: revs,
		Markdown: continuity.BridgeMarkdown(saved), Rules: qualityRules, Next: next, CSRF: browserOf(c).CSRF}))
}

// bridgeContentFromForm reads the editor's fields. Lists come as repeated
// fields in page order (task, task_status, task_context, …), so the order
// the steward arranged is the order kept.
func bridgeContentFromForm(f url.Values) baton.BridgeContent {
	var c baton.BridgeContent
	tc, hi := &c.Transferred, &c.Instructions
	at := func(name string, i int) string {
		if v := f[name]; i < len(v) {
			return v[i]
		}
		return ""
	}
	tc.Summary = f.Get("summary")
	for i, t := range f["task"] {
		tc.ActiveTasks = append(tc.ActiveTasks, baton.BridgeTask{Task: t, Status: at("task_status", i), Context: at("task_context", i)})
	}
	for i, q := range f["question"] {
		tc.OpenQuestions = append(tc.OpenQuestions, baton.OpenQuestion{Question: q, Priority: at("question_priority", i), Context: at("question_context", i)})
	}
	for i, d := range f["decision"] {
		tc.RecentDecisions = append(tc.RecentDecisions, baton.BridgeDecision{Decision: d, Rationale: at("decision_rationale", i),
			AlternativesConsidered: splitList(at("decision_alternatives", i), ";")})
	}
	tc.StewardState = baton.StewardState{CurrentMood: splitList(f.Get("mood"), ","), EnergyLevel: f.Get("energy"),
		FocusAreas: splitList(f.Get("focus"), "\n"), RecentWins: splitList(f.Get("wins"), "\n"), RecentChallenges: splitList(f.Get("challenges"), "\n")}
	tc.TechnicalState = baton.TechnicalState{CurrentBranch: f.Get("branch"), UncommittedChanges: f.Get("uncommitted") == "yes",
		ActiveErrors: splitList(f.Get("errors"), "\n"), EnvironmentState: map[string]string{}}
	for _, line := range splitList(f.Get("environment"), "\n") {
		k, v, _ := strings.Cut(line, ":")
		tc.TechnicalState.EnvironmentState[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	hi.ImmediatePriority = f.Get("immediate_priority")
	hi.CommunicationStyle = f.Get("communication_style")
	hi.AvoidRepeating = f["avoid"]
	hi.KeyContext = f["key_context"]
	return c
}

func splitList(s, sep string) []string {
	out := []string{}
	for _, part := range strings.Split(s, sep) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
