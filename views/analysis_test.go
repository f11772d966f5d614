package views

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views/charts"
)

func analysedPage() SessionPage {
	p := sessionPage()
	pts := []baton.SentimentPoint{
		{Seq: 1, Role: baton.RoleSteward, Timestamp: t0, Sentiment: -0.6, Emotion: "frustration"},
		{Seq: 2, Role: baton.RoleAssistant, Timestamp: t0.Add(time.Minute), Sentiment: 0.1},
		{Seq: 42, Role: baton.RoleSteward, Timestamp: t0.Add(time.Hour), Sentiment: 0.8, Emotion: "relief"},
	}
	v := 0.9
	p.Analysis = SessionAnalysisView{
		ArcChart:   charts.ArcChart(charts.NewArc("s1", pts, p.Session.EmotionalArc)),
		AnalysedAt: t0.Add(time.Hour),
		Quality: &QualityView{Score: 0.82, Parts: []QualityPartView{
			{Name: "resolution", Weight: 0.25, Value: 1, Detail: "1 of 1 errors resolved"},
			{Name: "tool_success", Weight: 0.2, Value: 0.5, Detail: "2 of 4 tool results succeeded"},
		}},
		Patterns:     []PatternView{{Type: "problem_solving", Subtype: "debugging", Frequency: 1, Insight: "1 debugging sequence.", Examples: [][]int64{{3, 5, 9}}}},
		ReanalyseURL: "/sessions/s1/analyse",
		Review: SessionReviewView{
			SessionID: "s1", Status: baton.ReviewReviewed, CSRF: "tok",
			Annotations: []*baton.Annotation{{ID: 7, Kind: baton.AnnotationScore, Dimension: "clarity", Value: &v, CreatedAt: t0}},
			Form:        AnnotationForm{Action: "/sessions/s1/annotations", Target: "session-review", IDPrefix: "session-annotate", Labels: baton.SuggestedLabels, CSRF: "tok", Values: url.Values{}},
		},
	}
	return p
}

func TestSessionShowAnalysis(t *testing.T) {
	doc := render(t, SessionShow(analysedPage()))
	assertLabelled(t, doc)

	// The arc is in the strip above the transcript, drawn wide and narrow.
	strip := doc.Find(".session-strip .strip-arc")
	if strip.Find("svg.chart-svg-wide[role=img]").Length() != 1 || strip.Find("svg.chart-svg-narrow[role=img]").Length() != 1 {
		t.Fatal("the arc chart is not in the strip")
	}
	if strip.Find(`.chart-svg-wide .chart-dots a[href="/sessions/s1?at=42#m-42"]`).Length() != 1 {
		t.Error("the arc's dot does not link into the transcript")
	}
	quality := doc.Find(".quality-parts tbody tr")
	if quality.Length() != 2 || !strings.Contains(quality.Eq(1).Text(), "Tool success") || !strings.Contains(quality.Eq(1).Text(), "20%") ||
		!strings.Contains(quality.Eq(1).Text(), "0.50") || !strings.Contains(quality.Eq(1).Text(), "2 of 4 tool results succeeded") {
		t.Errorf("quality parts = %q", quality.Text())
	}
	pattern := doc.Find(".patterns .pattern")
	if !strings.Contains(pattern.Text(), "Error → debugging → fixed") || pattern.Find(`a[href="/sessions/s1?at=9#m-9"]`).Length() != 1 {
		t.Errorf("pattern = %q", pattern.Text())
	}

	review := doc.Find("#side-review #session-review")
	if review.Find(`input[type=radio][name=status][value=reviewed][checked]`).Length() != 1 {
		t.Error("review status not shown")
	}
	if f := review.Find("form.review-status"); f.AttrOr("hx-post", "") != "/sessions/s1/review" || f.AttrOr("hx-trigger", "") != "change" {
		t.Error("review status does not post on change")
	}
	re := review.Find("form.reanalyse")
	if re.AttrOr("hx-post", "") != "/sessions/s1/analyse" || re.AttrOr("hx-select", "") != "#session-page" || re.Find(`input[name=_csrf][value=tok]`).Length() != 1 {
		t.Error("re-analyse is not a CSRF-protected htmx post of the overview")
	}
	if !strings.Contains(review.Find(".annotation-list").Text(), "Clarity") {
		t.Error("session annotation not listed")
	}
	if review.Find("form.annotate-form textarea[name=note]").Length() != 1 || review.Find(`input[type=checkbox][name=label][value=mistake]`).Length() != 1 {
		t.Error("session annotation form lacks comment or labels")
	}
	// Only an htmx answer carries the out-of-band badge: the page has one.
	if doc.Find("#review-badge").Length() != 1 || doc.Find("[hx-swap-oob]").Length() != 0 {
		t.Error("review badge duplicated on the page")
	}
}

func TestMessageAnnotationsBlock(t *testing.T) {
	v := 0.4
	m := &baton.Message{ID: 99, Seq: 12, SessionID: "s1", Impact: baton.Impact{LedToInsight: true, Significance: 0.5}}
	anns := []*baton.Annotation{
		{ID: 1, Kind: baton.AnnotationComment, Note: "Look here", CreatedAt: t0},
		{ID: 2, Kind: baton.AnnotationLabel, Label: "needs-follow-up", CreatedAt: t0},
		{ID: 3, Kind: baton.AnnotationScore, Dimension: "accuracy", Value: &v, CreatedAt: t0},
	}
	closed := render(t, MessageAnnotations(MessageAnnotationsView{Message: m, Annotations: anns, CSRF: "tok"}))
	block := closed.Find("#ann-99")
	if block.Find(".annotation-list li").Length() != 3 || block.Find("form.annotate-form").Length() != 0 {
		t.Fatal("closed block shows forms or misses annotations")
	}
	if d := block.Find("details.annotate"); d.AttrOr("hx-get", "") != "/messages/99/annotate" || d.AttrOr("hx-target", "") != "find .annotate-slot" {
		t.Error("closed block does not load its forms lazily")
	}
	badges := block.Find(".impact").Text()
	if !strings.Contains(badges, "Led to insight") || strings.Contains(badges, "Significance") {
		t.Errorf("impact = %q (the neutral 0.5 significance is not news)", badges)
	}
	del := block.Find(".annotation-label form.annotation-delete")
	if del.AttrOr("hx-post", "") != "/annotations/2/delete" || del.AttrOr("hx-target", "") != "#ann-99" ||
		del.Find("button").AttrOr("aria-label", "") != "Delete label needs-follow-up" {
		t.Error("delete button does not name the annotation or redraw the block")
	}

	open := render(t, MessageAnnotations(MessageAnnotationsView{
		Message: m, Open: true, Expanded: true, CSRF: "tok", Saved: "Saved a comment.",
		Form: AnnotationForm{Action: "/messages/99/annotations", Target: "ann-99", IDPrefix: "m99", Labels: baton.SuggestedLabels,
			Values: url.Values{"dimension": {"accuracy"}, "value": {"7"}}, Error: "value must be from 0 to 1", ErrorField: "value", CSRF: "tok"},
		Impact: ImpactForm{Action: "/messages/99/impact", Impact: m.Impact},
	}))
	assertLabelled(t, open)
	if open.Find(`details.annotate[open] form.annotate-form[hx-post="/messages/99/annotations"][hx-target="#ann-99"]`).Length() != 1 {
		t.Fatal("open block has no annotation form")
	}
	if open.Find(`input[name=value][aria-invalid="true"]`).AttrOr("value", "") != "7" || open.Find(`input[name=dimension][aria-invalid]`).Length() != 0 {
		t.Error("the field in error is not marked, or keeps no value")
	}
	if open.Find(`[role=alert]`).Text() != "value must be from 0 to 1" || open.Find(`[role=status]`).Text() != "Saved a comment." {
		t.Error("error or saved line missing")
	}
	if open.Find(`form.impact-form input[name=led_to_insight][checked]`).Length() != 1 {
		t.Error("impact form does not show the current impact")
	}
}

func TestReviewPage(t *testing.T) {
	v, seq := 0.7, int64(4)
	p := ReviewPage{
		Page: Page{Title: "Review", Steward: ada, CSRF: "tok", Nav: "review"}, Query: url.Values{"label": {"insight"}},
		Annotations: []*baton.Annotation{
			{ID: 5, SessionID: "s1", SessionTitle: "Indexer", MessageID: &seq, MessageSeq: &seq, Kind: "score", Dimension: "accuracy", Value: &v, CreatedAt: t0},
			{ID: 4, SessionID: "s2", Kind: "comment", Note: "session note", CreatedAt: t0},
		},
		NextURL: "/review?before=4&label=insight&rows=1", Kinds: baton.AnnotationKinds, Labels: []string{"insight"},
		ExportCSV: "/review/export.csv?label=insight", ExportJSON: "/review/export.json?label=insight",
	}
	doc := render(t, Review(p))
	assertLabelled(t, doc)
	if doc.Find(`.app-nav a[aria-current="page"]`).Text() != "Review" {
		t.Error("review is not the current nav item")
	}
	rows := doc.Find("#review-rows tr")
	if rows.Length() != 2 || rows.Eq(0).Find(`a[href="/sessions/s1?at=4#m-4"]`).Text() != "Message #4" || !strings.Contains(rows.Eq(1).Text(), "Untitled session") {
		t.Errorf("rows = %q", rows.Text())
	}
	if doc.Find(`select[name=label] option[value=insight][selected]`).Length() != 1 {
		t.Error("label filter not kept")
	}
	if doc.Find(`a[href="/review/export.csv?label=insight"][download]`).Length() != 1 || doc.Find(`a[href="/review/export.json?label=insight"]`).Length() != 1 {
		t.Error("export links do not carry the filters")
	}
	if doc.Find(`#review-pager a[hx-get="/review?before=4&label=insight&rows=1"]`).AttrOr("href", "") != "/review?before=4&label=insight" {
		t.Error("pager does not load the next rows")
	}
	if del := rows.Eq(0).Find("form.annotation-delete"); del.AttrOr("hx-target", "") != "closest tr" || del.Find(`input[name=from][value=review]`).Length() != 1 {
		t.Error("delete on the review page does not remove its row")
	}
	empty := render(t, Review(ReviewPage{Page: p.Page, Query: url.Values{}}))
	if !strings.Contains(empty.Find(".empty-state").Text(), "No annotations yet") {
		t.Error("empty review does not say what to do")
	}
}

func TestRelationshipPage(t *testing.T) {
	samples := []baton.RelationshipSample{
		{SessionID: "a", Title: "One", StartedAt: t0, Trust: 0.5, Health: 0.7, HasHealth: true, Sentiment: 0.1, Momentum: "building", Style: baton.StyleDirective},
		{SessionID: "b", Title: "Two", StartedAt: t0.AddDate(0, 0, 3), Trust: 0.62, Health: 0.9, HasHealth: true, Sentiment: 0.3, Momentum: "steady", Style: baton.StyleDirective},
	}
	th, se := charts.NewRelationship(samples)
	p := RelationshipPage{
		Page: Page{Title: "Relationship", Steward: ada, CSRF: "tok", Nav: "relationship"}, Query: url.Values{},
		Samples: samples, Trust: th, Sentiment: se, Latest: &samples[1], Unanalysed: 2,
		Styles:   []Share{{Name: "directive", Count: 2, Of: 2}},
		Momentum: []Share{{Name: "building", Count: 1, Of: 2}, {Name: "steady", Count: 1, Of: 2}},
		Ranges:   []RangeLink{{Label: "All time", Href: "/relationship", Current: true}},
	}
	doc := render(t, Relationship(p))
	assertLabelled(t, doc)
	if doc.Find("svg.chart-svg-wide[role=img]").Length() != 2 || doc.Find("svg.chart-svg-narrow[role=img]").Length() != 2 || doc.Find(`#trust-chart-title`).Length() != 1 || doc.Find(`#sentiment-chart-desc`).Length() != 1 {
		t.Error("two labelled charts expected")
	}
	facts := doc.Find(".relationship-facts").Text()
	for _, want := range []string{"0.62", "+0.12 in range", "0.80", "Not analysed"} {
		if !strings.Contains(facts, want) {
			t.Errorf("facts lack %q: %q", want, facts)
		}
	}
	if !strings.Contains(doc.Find(".share-list").Text(), "Directive") || doc.Find(".badge-momentum-steady").Length() != 1 {
		t.Error("style mix or momentum missing")
	}
	if doc.Find(`.range-presets a[aria-current="true"]`).Text() != "All time" {
		t.Error("current range not marked")
	}
	if rows := doc.Find(".relationship-data tbody tr"); rows.Length() != 2 || !strings.Contains(rows.First().Text(), "Two") {
		t.Error("session table is not newest first")
	}
}
