package views

import (
	"github.com/PuerkitoBio/goquery"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

func correctedSession() (*baton.Session, []baton.Correction) {
	sess := &baton.Session{ID: "s1", Title: "Spawn sub-agents for the review"}
	sess.Summary.Decisions = []baton.Decision{{Decision: "Review in parallel", Rationale: "it halves the wait", Timestamp: t0}}
	sess.Progress = baton.Progress{TasksDiscussed: []string{"Write the prompt", "Merge the findings"}, TasksCompleted: []string{"Write the prompt"}, TasksRemaining: []string{"Merge the findings"}}
	sess.Technical.Technologies = []string{"Go"}
	cs := []baton.Correction{{SessionID: "s1", Field: baton.FieldTitle, EditedAt: t0,
		Value: baton.FieldValues{Title: sess.Title}, Extracted: baton.FieldValues{Title: "Spaw sub-agents…"}}}
	return sess, cs
}

// A corrected field says "edited", what the analysis said, and offers
// Revert; a field the steward left alone offers Edit only. Every control
// is a link, button or labelled input, reachable by keyboard.
func TestCorrectionBlockShowsEdited(t *testing.T) {
	sess, cs := correctedSession()
	views := CorrectionsOf(sess, cs, "csrf-token-123")

	doc := render(t, CorrectionBlock(views.For(baton.FieldTitle)))
	block := doc.Find("#correction-title")
	if block.Find(".badge-edited").Text() != "edited" {
		t.Errorf("no edited badge: %s", html(t, block))
	}
	if got := block.Find(".correction-extracted").Text(); !strings.Contains(got, "Spaw sub-agents…") {
		t.Errorf("extracted %q", got)
	}
	if a := block.Find(`a[href="/sessions/s1/corrections/title/edit"][hx-get="/sessions/s1/corrections/title/edit"]`); a.Length() != 1 || !strings.Contains(a.Text(), "Edit") {
		t.Errorf("edit link: %s", html(t, block))
	}
	if f := block.Find(`form[action="/sessions/s1/corrections/title/revert"] input[name="_csrf"][value="csrf-token-123"]`); f.Length() != 1 {
		t.Errorf("revert form: %s", html(t, block))
	}

	doc = render(t, CorrectionBlock(views.For(baton.FieldDecisions)))
	block = doc.Find("#correction-decisions")
	if block.Find(".badge-edited").Length() != 0 || block.Find(`form[action$="/revert"]`).Length() != 0 {
		t.Errorf("an uncorrected field looks edited: %s", html(t, block))
	}
	if got := block.Find(".decisions li strong").Text(); got != "Review in parallel" {
		t.Errorf("decision %q", got)
	}
}

// The form has a visible label for every control, keeps the CSRF token,
// shows an error where the steward typed, and has empty rows to add to.
func TestCorrectionFormLabels(t *testing.T) {
	sess, cs := correctedSession()
	for _, f := range baton.CorrectionFields {
		v := CorrectionsOf(sess, cs, "csrf-token-123").For(f)
		v.Editing = true
		if f == baton.FieldTasks {
			v.Error, v.ErrorField = "tasks[1].task must not be empty", "tasks[1].task"
		}
		doc := render(t, CorrectionBlock(v))
		form := doc.Find("form.correction-form")
		if form.AttrOr("action", "") != "/sessions/s1/corrections/"+string(f) || form.Find(`input[name="_csrf"]`).Length() != 1 {
			t.Errorf("%s: form %s", f, html(t, form))
		}
		form.Find("input:not([type=hidden]), textarea").Each(func(_ int, in *goquerySelection) {
			id := in.AttrOr("id", "")
			if id == "" || doc.Find(`label[for="`+id+`"]`).Length() != 1 {
				t.Errorf("%s: control %s has no label", f, html(t, in))
			}
		})
		switch f {
		case baton.FieldDecisions:
			if n := form.Find(`input[name="decision"]`).Length(); n != 3 {
				t.Errorf("%d decision rows, want 1 and 2 empty", n)
			}
		case baton.FieldTasks:
			if form.Find(`input[name="done"][value="0"][checked]`).Length() != 1 || form.Find(`input[name="done"][value="1"][checked]`).Length() != 0 {
				t.Errorf("done boxes: %s", html(t, form))
			}
			if form.Find(`input[name="task"][aria-invalid="true"]`).AttrOr("id", "") != "correction-tasks-task-2" || form.Find(`[role="alert"]`).Text() != v.Error {
				t.Errorf("error not shown at its task: %s", html(t, form))
			}
		case baton.FieldTechnologies:
			if form.Find("textarea").Text() != "Go" {
				t.Errorf("technologies %q", form.Find("textarea").Text())
			}
		}
	}
}

type goquerySelection = goquery.Selection

func html(t *testing.T, s *goquery.Selection) string {
	t.Helper()
	out, err := goquery.OuterHtml(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A title the model wrote carries its mark until the steward corrects it:
// then the title is the steward's, and the mark goes.
func TestCorrectedTitleLosesTheModelMark(t *testing.T) {
	p := analysedPage()
	p.Analysis.Model = &baton.ModelAnalysis{Model: "fake-model-1", Status: baton.ModelWritten,
		Fields: []baton.FieldSource{{Field: baton.ModelFieldTitle, Source: "fake-model-1"}}}
	if n := render(t, SessionShow(p)).Find(`.session-badges .badge-model[data-model-field="title"]`).Length(); n != 1 {
		t.Fatalf("the model's title has %d marks, want 1", n)
	}
	p.Corrections = []baton.Correction{{SessionID: p.Session.ID, Field: baton.FieldTitle, Value: baton.FieldValues{Title: "Mine"}, EditedAt: t0}}
	if n := render(t, SessionShow(p)).Find(`.session-badges .badge-model`).Length(); n != 0 {
		t.Errorf("a corrected title still has %d model marks", n)
	}
}
