package ui_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/webtest"
)

// postNoFollow submits a plain form and returns the response without
// following a redirect.
func postNoFollow(b *webtest.Browser, path string, form url.Values) *http.Response {
	b.A.T.Helper()
	form.Set("_csrf", b.CSRF)
	c := *b.Client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.PostForm(b.A.Srv.URL+path, form)
	if err != nil {
		b.A.T.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// emotionalDoc is a structured conversation with a frustrated start, a
// turn, and a relieved, grateful end.
func emotionalDoc(id, title string, day time.Time) string {
	lines := []struct{ who, text string }{
		{"Ada", "This is terrible. The deploy failed again and I'm so frustrated, nothing works and it's awful."},
		{"Claude", "Let's look at the error log together: the migration step times out on the payments table."},
		{"Ada", "Why does it time out only in production? I'm confused."},
		{"Claude", "Production has 40 million rows, so the index build locks the table; building it concurrently fixes that."},
		{"Ada", "Ok, let's try the concurrent index build."},
		{"Claude", "Done: the index is built concurrently and the deploy passed. The error is fixed."},
		{"Ada", "Wow, that's fantastic! Thank you so much, what a relief, I really appreciate it."},
	}
	var conv []map[string]string
	for i, l := range lines {
		conv = append(conv, map[string]string{"speaker": l.who, "content": l.text, "time": day.Add(time.Duration(i) * time.Minute).Format(time.RFC3339)})
	}
	b, _ := json.Marshal(map[string]any{"id": id, "metadata": map[string]any{"title": title},
		"conversation": map[string]any{"source": "slack", "people": []string{"Ada", "Claude"}, "user": "Ada", "conversation": conv}})
	return string(b)
}

// importDocument imports structured documents through the API and returns the session ids.
func importDocument(a *webtest.App, token string, docs ...string) []string {
	a.T.Helper()
	var out struct{ Results []baton.ImportResult }
	if code := a.API(token, "POST", "/api/v1/import/structured", "["+strings.Join(docs, ",")+"]", &out); code != 200 {
		a.T.Fatalf("import = %d", code)
	}
	var ids []string
	for _, r := range out.Results {
		if r.SessionID == "" {
			a.T.Fatalf("import result %+v", r)
		}
		ids = append(ids, r.SessionID)
	}
	return ids
}

// messageIDOf is the id of message seq of a session's main conversation.
func messageIDOf(a *webtest.App, stewardID int64, sessionID string, seq int64) int64 {
	a.T.Helper()
	msgs, err := a.St.Transcript(a.T.Context(), stewardID, sessionID, "", seq-1, 1)
	if err != nil || len(msgs) != 1 {
		a.T.Fatalf("message %d: %v", seq, err)
	}
	return msgs[0].ID
}

var day1 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func TestSessionPageShowsArcQualityPatternsAndReanalyses(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		id := importDocument(a, a.AdaToken, emotionalDoc("deploy", "Deploy that failed", day1))[0]
		b := a.SignIn("ada")
		doc, _ := b.Get("/sessions/" + id)

		svg := doc.Find(".session-strip .chart-arc svg.chart-svg-wide[role=img]")
		if svg.Length() != 1 || svg.AttrOr("aria-labelledby", "") == "" {
			t.Fatal("no labelled arc chart on the session page")
		}
		dots := svg.Find(".chart-dots a")
		if dots.Length() != 7 {
			t.Fatalf("arc has %d dots, want one per message", dots.Length())
		}
		if href := dots.Eq(2).AttrOr("href", ""); href != "/sessions/"+id+"?at=3#m-3" {
			t.Errorf("third dot links to %q", href)
		}
		if !strings.Contains(dots.Eq(0).Find("title").Text(), "−0.") {
			t.Errorf("first dot's hover text = %q, want its negative sentiment", dots.Eq(0).Find("title").Text())
		}
		if svg.Find(".chart-peaks a").Length() == 0 {
			t.Error("no peak moment marked")
		}
		caption := doc.Find(".chart-arc figcaption").Text()
		if !strings.Contains(caption, "frustration") || !strings.Contains(caption, "gratitude") {
			t.Errorf("caption lacks the moods: %q", caption)
		}
		if doc.Find(".chart-arc .chart-data tbody tr").Length() != 7 {
			t.Error("the data table does not list the points")
		}

		quality := doc.Find(".quality-parts tbody tr")
		// A chat without tool calls has no tool-success part.
		if quality.Length() != 4 || !strings.Contains(quality.Text(), "Resolution") || !strings.Contains(quality.Text(), "25%") ||
			strings.Contains(quality.Text(), "Tool success") {
			t.Errorf("quality parts = %q", quality.Text())
		}
		if doc.Find(".quality-score-value").Text() == "" {
			t.Error("no quality score")
		}
		patterns := doc.Find(".patterns .pattern")
		if patterns.Length() == 0 || !strings.Contains(patterns.Text(), "Questions answered") {
			t.Errorf("patterns = %q", patterns.Text())
		}
		if summary := doc.Find(".summary-text").Text(); strings.ContainsAny(summary, "`*") {
			t.Errorf("summary is not plain text: %q", summary)
		}

		// Re-analyse redraws the overview from the page as shown.
		before, _ := a.St.Session(t.Context(), a.Ada.ID, id)
		frag, resp := b.HTMXPost("/sessions/"+id+"/analyse", url.Values{}, "HX-Current-URL", a.Srv.URL+"/sessions/"+id+"?at=2")
		if resp.StatusCode != 200 || frag.Find("#session-page #side-quality .quality-parts").Length() != 1 {
			t.Fatalf("re-analyse = %d", resp.StatusCode)
		}
		after, _ := a.St.Session(t.Context(), a.Ada.ID, id)
		if !after.UpdatedAt.After(before.UpdatedAt) && !after.UpdatedAt.Equal(before.UpdatedAt) {
			t.Error("re-analyse did not write the session")
		}
		if first, _ := frag.Find("#transcript li.msg").First().Attr("id"); first != "m-2" {
			t.Errorf("re-analyse drew the transcript from %q, not where the steward was", first)
		}
		// Without htmx it is a plain form post that comes back to the page.
		if resp := postNoFollow(b, "/sessions/"+id+"/analyse", url.Values{}); resp.StatusCode != http.StatusSeeOther {
			t.Errorf("plain re-analyse = %d", resp.StatusCode)
		}
	})
}

func TestAnnotateAMessageInTheTranscript(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Indexer", 6)
		msgID := messageIDOf(a, a.Ada.ID, sess.ID, 3)
		b := a.SignIn("ada")
		doc, _ := b.Get("/sessions/" + sess.ID)
		toggle := doc.Find("#m-3 .msg-annotations details.annotate")
		formURL, ok := toggle.Attr("hx-get")
		if !ok || toggle.AttrOr("hx-trigger", "") != "toggle once" {
			t.Fatal("message 3 has no lazy annotation toggle")
		}
		if toggle.Find(`a[href="`+formURL+`"]`).Length() != 1 {
			t.Error("the toggle has no link for browsers without JavaScript")
		}
		form, _ := b.HTMX(formURL)
		if form.Find("form.annotate-form textarea[name=note]").Length() != 1 || form.Find(`input[name=label][value="needs-follow-up"]`).Length() != 1 ||
			form.Find("input[name=dimension]").Length() != 1 || form.Find("form.impact-form input[name=significance]").Length() != 1 {
			t.Fatal("annotation form fragment lacks its fields")
		}
		action := form.Find("form.annotate-form").AttrOr("hx-post", "")
		if action != fmt.Sprintf("/messages/%d/annotations", msgID) {
			t.Fatalf("form posts to %q", action)
		}

		// Validation errors come back as the form, naming the field, with 400.
		for _, c := range []struct {
			form  url.Values
			field string
			text  string
		}{
			{url.Values{"dimension": {"accuracy"}, "value": {"1.5"}}, "value", "value must be from 0 to 1"},
			{url.Values{"value": {"0.5"}}, "dimension", "dimension is required"},
			{url.Values{"score_note": {"why not"}}, "dimension", "needs a dimension"},
			{url.Values{"dimension": {"accuracy"}, "value": {"lots"}}, "value", "must be a number"},
			{url.Values{}, "note", "write a comment, pick a label or give a score"},
		} {
			frag, resp := b.HTMXPost(action, c.form)
			if resp.StatusCode != http.StatusBadRequest {
				t.Errorf("%v: status %d", c.form, resp.StatusCode)
			}
			if frag.Find(fmt.Sprintf(`[name=%q][aria-invalid="true"]`, c.field)).Length() != 1 {
				t.Errorf("%v: field %s not marked", c.form, c.field)
			}
			if !strings.Contains(frag.Find(".flash-error").Text(), c.text) {
				t.Errorf("%v: error %q, want %q", c.form, frag.Find(".flash-error").Text(), c.text)
			}
			if frag.Find("details.annotate[open] form.annotate-form").Length() != 1 {
				t.Errorf("%v: the form with its error is folded away", c.form)
			}
		}

		frag, resp := b.HTMXPost(action, url.Values{
			"note": {"Here the plan turned."}, "label": {"insight"}, "label_text": {"Perf, insight"},
			"dimension": {"Accuracy"}, "value": {"0.8"}, "score_note": {"mostly right"},
		})
		if resp.StatusCode != 200 {
			t.Fatalf("annotate = %d", resp.StatusCode)
		}
		block := frag.Find(fmt.Sprintf("#ann-%d", msgID))
		items := block.Find(".annotation-list li.annotation")
		if items.Length() != 4 { // a comment, labels insight and perf, a score
			t.Fatalf("block shows %d annotations: %q", items.Length(), items.Text())
		}
		for _, want := range []string{"Here the plan turned.", "insight", "perf", "Accuracy", "0.80", "mostly right"} {
			if !strings.Contains(items.Text(), want) {
				t.Errorf("annotations lack %q", want)
			}
		}
		if block.Find("details.annotate:not([open]) form.annotate-form").Length() != 1 {
			t.Error("after saving, the form is not folded (ready to unfold for more)")
		}
		if !strings.Contains(block.Find("[role=status]").Text(), "Saved a comment, label insight, label perf, accuracy score 0.80") {
			t.Errorf("saved line = %q", block.Find("[role=status]").Text())
		}
		// The page shows them under the message, on any later visit.
		doc, _ = b.Get("/sessions/" + sess.ID)
		if n := doc.Find("#m-3 .annotation-list li").Length(); n != 4 {
			t.Errorf("page shows %d annotations under message 3", n)
		}
		if doc.Find("#m-2 .annotation-list li").Length() != 0 {
			t.Error("message 2 shows message 3's annotations")
		}

		// Delete one; the block comes back without it.
		del := doc.Find("#m-3 .annotation-comment form.annotation-delete")
		frag, resp = b.HTMXPost(del.AttrOr("hx-post", ""), url.Values{})
		if resp.StatusCode != 200 || frag.Find(".annotation-list li").Length() != 3 || strings.Contains(frag.Text(), "Here the plan turned.") {
			t.Errorf("delete = %d, %d left", resp.StatusCode, frag.Find(".annotation-list li").Length())
		}

		// Without JavaScript: the form page, and a post that redirects back to the message.
		page, _ := b.Get(formURL)
		if page.Find("h1").Text() != "Annotate message #3" || page.Find("form.annotate-form").Length() != 1 {
			t.Errorf("annotate page = %q", page.Find("h1").Text())
		}
		r := postNoFollow(b, action, url.Values{"note": {"plain post"}})
		if loc := r.Header.Get("Location"); r.StatusCode != http.StatusSeeOther || loc != "/sessions/"+sess.ID+"?at=3#m-3" {
			t.Errorf("plain post = %d → %q", r.StatusCode, loc)
		}
	})
}

func TestMessageImpactAndSessionReview(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Impact", 4)
		msgID := messageIDOf(a, a.Ada.ID, sess.ID, 2)
		b := a.SignIn("ada")

		frag, resp := b.HTMXPost(fmt.Sprintf("/messages/%d/impact", msgID), url.Values{"led_to_insight": {"1"}, "significance": {"0.9"}})
		if resp.StatusCode != 200 {
			t.Fatalf("impact = %d", resp.StatusCode)
		}
		badges := frag.Find(".impact .badge").Text()
		if !strings.Contains(badges, "Led to insight") || !strings.Contains(badges, "Significance 0.90") || strings.Contains(badges, "Changed direction") {
			t.Errorf("impact badges = %q", badges)
		}
		m, _ := a.St.Message(t.Context(), a.Ada.ID, msgID)
		if !m.Impact.LedToInsight || m.Impact.ChangedDirection || m.Impact.Significance != 0.9 {
			t.Errorf("stored impact = %+v", m.Impact)
		}
		frag, resp = b.HTMXPost(fmt.Sprintf("/messages/%d/impact", msgID), url.Values{"changed_direction": {"on"}, "significance": {"2"}})
		if resp.StatusCode != http.StatusBadRequest || frag.Find(`[name=significance][aria-invalid="true"]`).Length() != 1 ||
			!strings.Contains(frag.Find(".impact-form .field-error").Text(), "significance must be from 0 to 1") {
			t.Errorf("bad significance = %d %q", resp.StatusCode, frag.Find(".impact-form").Text())
		}
		if m, _ := a.St.Message(t.Context(), a.Ada.ID, msgID); m.Impact.ChangedDirection {
			t.Error("a rejected impact was written")
		}

		// Review status from the session page, with the header badge kept in step.
		doc, _ := b.Get("/sessions/" + sess.ID)
		if doc.Find(`#session-review input[name=status][value=pending][checked]`).Length() != 1 {
			t.Fatal("review block does not show the pending status")
		}
		frag, resp = b.HTMXPost("/sessions/"+sess.ID+"/review", url.Values{"status": {"reviewed"}})
		if resp.StatusCode != 200 || frag.Find(`#session-review input[value=reviewed][checked]`).Length() != 1 ||
			frag.Find(`#review-badge[hx-swap-oob] .badge-reviewed`).Length() != 1 {
			t.Errorf("set review = %d", resp.StatusCode)
		}
		if got, _ := a.St.Session(t.Context(), a.Ada.ID, sess.ID); got.ReviewStatus != baton.ReviewReviewed {
			t.Errorf("status = %s", got.ReviewStatus)
		}
		if _, resp := b.HTMXPost("/sessions/"+sess.ID+"/review", url.Values{"status": {"done"}}); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("bad status = %d", resp.StatusCode)
		}

		// Session-level annotations.
		frag, _ = b.HTMXPost("/sessions/"+sess.ID+"/annotations", url.Values{"note": {"A tidy session."}, "label": {"good-practice"}})
		if items := frag.Find("#session-review .annotation-list li"); items.Length() != 2 || !strings.Contains(items.Text(), "A tidy session.") {
			t.Errorf("session annotations = %q", items.Text())
		}
		frag, resp = b.HTMXPost("/sessions/"+sess.ID+"/annotations", url.Values{"dimension": {"clarity"}, "value": {"-1"}})
		if resp.StatusCode != http.StatusBadRequest || frag.Find(`#session-review [name=value][aria-invalid="true"]`).Length() != 1 {
			t.Errorf("bad session score = %d", resp.StatusCode)
		}
		if v := frag.Find(`#session-review [name=dimension]`).AttrOr("value", ""); v != "clarity" {
			t.Errorf("the form forgot what was typed: dimension %q", v)
		}
	})
}

func TestReviewPageFiltersAndExports(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		s1 := a.SeedSession(a.Ada.ID, "First, \"quoted\" session", 4)
		s2 := a.SeedSession(a.Ada.ID, "Second session", 4)
		b := a.SignIn("ada")
		post := func(path string, form url.Values) {
			if _, resp := b.HTMXPost(path, form); resp.StatusCode != 200 {
				t.Fatalf("POST %s = %d", path, resp.StatusCode)
			}
		}
		post(fmt.Sprintf("/messages/%d/annotations", messageIDOf(a, a.Ada.ID, s1.ID, 2)), url.Values{
			"note": {"Line one, with a comma\nand \"quotes\""}, "label": {"insight"}, "dimension": {"accuracy"}, "value": {"0.7"}})
		post(fmt.Sprintf("/messages/%d/annotations", messageIDOf(a, a.Ada.ID, s2.ID, 1)), url.Values{"label_text": {"=HYPERLINK(\"x\")"}})
		post("/sessions/"+s2.ID+"/annotations", url.Values{"dimension": {"clarity"}, "value": {"0.4"}, "label": {"mistake"}})
		bob := a.SeedSession(a.Bob.ID, "Bob's", 2)
		a.St.AddAnnotations(t.Context(), a.Bob.ID, bob.ID, 0, []*baton.Annotation{{Kind: "comment", Note: "bob's secret"}})

		doc, _ := b.Get("/review")
		rows := doc.Find("#review-rows tr")
		if rows.Length() != 6 || strings.Contains(doc.Text(), "bob's secret") {
			t.Fatalf("review lists %d rows", rows.Length())
		}
		if doc.Find(`#review-filters select[name=label] option[value=insight]`).Length() != 1 ||
			doc.Find(`#review-filters select[name=session] option`).Length() != 3 {
			t.Error("filters do not offer the labels and annotated sessions")
		}
		if href := rows.First().Find(`a[href^="/sessions/"]`).AttrOr("href", ""); href != "/sessions/"+s2.ID {
			t.Errorf("newest row links to %q", href)
		}
		for q, want := range map[string]int{
			"kind=score": 2, "label=insight": 1, "dimension=clarity": 1, "session=" + s1.ID: 3,
			"kind=label&session=" + s2.ID: 2, "from=2000-01-01&to=2000-01-02": 0, "to=" + time.Now().UTC().Format("2006-01-02"): 6,
		} {
			frag, resp := b.HTMX("/review?" + q)
			if resp.StatusCode != 200 || frag.Find("#review-rows tr").Length() != want {
				t.Errorf("review?%s = %d rows (%d), want %d", q, frag.Find("#review-rows tr").Length(), resp.StatusCode, want)
			}
			if frag.Find("header.app-header").Length() != 0 {
				t.Errorf("review?%s with htmx returned a whole page", q)
			}
		}
		if _, resp := b.Get("/review?kind=rating"); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("bad kind = %d", resp.StatusCode)
		}
		frag, _ := b.HTMX("/review?label=insight")
		if href := frag.Find(`.exports a[href*="export.csv"]`).AttrOr("href", ""); href != "/review/export.csv?label=insight" {
			t.Errorf("CSV link = %q", href)
		}

		// CSV: the same filters, real CSV quoting, no formulas.
		resp, err := b.Client.Get(a.Srv.URL + "/review/export.csv?session=" + s1.ID)
		if err != nil {
			t.Fatal(err)
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="baton-annotations-`) || !strings.HasSuffix(cd, `.csv"`) {
			t.Errorf("Content-Disposition = %q", cd)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Errorf("Content-Type = %q", ct)
		}
		records, err := csv.NewReader(resp.Body).ReadAll()
		resp.Body.Close()
		if err != nil || len(records) != 4 {
			t.Fatalf("CSV = %v records, %v", len(records), err)
		}
		if strings.Join(records[0], ",") != "id,created_at,session_id,session_title,message_id,message_seq,kind,label,dimension,value,note" {
			t.Errorf("header = %v", records[0])
		}
		byKind := map[string][]string{}
		for _, r := range records[1:] {
			byKind[r[6]] = r
		}
		if c := byKind["comment"]; c[10] != "Line one, with a comma\nand \"quotes\"" || c[3] != `First, "quoted" session` || c[5] != "2" {
			t.Errorf("comment row = %q", c)
		}
		if s := byKind["score"]; s[8] != "accuracy" || s[9] != "0.7" {
			t.Errorf("score row = %q", s)
		}
		resp, _ = b.Client.Get(a.Srv.URL + "/review/export.csv?session=" + s2.ID + "&kind=label")
		records, _ = csv.NewReader(resp.Body).ReadAll()
		resp.Body.Close()
		formula := false
		for _, r := range records[1:] {
			formula = formula || strings.HasPrefix(r[7], "=")
			if strings.Contains(r[7], "hyperlink") && !strings.HasPrefix(r[7], "'=") {
				t.Errorf("formula label exported as %q", r[7])
			}
		}
		if formula || len(records) != 3 {
			t.Errorf("label export = %q", records)
		}

		// JSON: the same filters.
		resp, _ = b.Client.Get(a.Srv.URL + "/review/export.json?kind=score")
		if cd := resp.Header.Get("Content-Disposition"); !strings.HasSuffix(cd, `.json"`) {
			t.Errorf("JSON Content-Disposition = %q", cd)
		}
		var out struct {
			Filters     map[string]string
			Annotations []baton.Annotation
			Count       int
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err := json.Unmarshal(body, &out); err != nil {
			t.Fatalf("JSON export does not parse: %v\n%s", err, body)
		}
		if out.Count != 2 || len(out.Annotations) != 2 || out.Filters["kind"] != "score" || out.Annotations[0].Value == nil {
			t.Errorf("JSON export = %+v", out)
		}
	})
}

func TestAnotherStewardsAnnotationsAndAnalysisAnswer404(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		sess := a.SeedSession(a.Ada.ID, "Ada's private session", 3)
		msgID := messageIDOf(a, a.Ada.ID, sess.ID, 2)
		anns := []*baton.Annotation{{Kind: "comment", Note: "ada's private note"}}
		if err := a.St.AddAnnotations(t.Context(), a.Ada.ID, "", msgID, anns); err != nil {
			t.Fatal(err)
		}
		bob := a.SignIn("bob")
		for _, r := range []struct {
			method, path string
			form         url.Values
		}{
			{"GET", fmt.Sprintf("/messages/%d/annotate", msgID), nil},
			{"POST", fmt.Sprintf("/messages/%d/annotations", msgID), url.Values{"note": {"mine"}}},
			{"POST", fmt.Sprintf("/messages/%d/impact", msgID), url.Values{"led_to_insight": {"1"}}},
			{"POST", fmt.Sprintf("/annotations/%d/delete", anns[0].ID), url.Values{}},
			{"POST", "/sessions/" + sess.ID + "/review", url.Values{"status": {"archived"}}},
			{"POST", "/sessions/" + sess.ID + "/annotations", url.Values{"note": {"mine"}}},
			{"POST", "/sessions/" + sess.ID + "/analyse", url.Values{}},
			{"GET", "/messages/not-a-number/annotate", nil},
		} {
			var doc *goquery.Document
			var resp *http.Response
			if r.method == "GET" {
				doc, resp = bob.Get(r.path)
			} else {
				doc, resp = bob.HTMXPost(r.path, r.form)
			}
			if resp.StatusCode != http.StatusNotFound || strings.Contains(doc.Text(), "ada's private") || strings.Contains(doc.Text(), "message number") {
				t.Errorf("bob %s %s = %d", r.method, r.path, resp.StatusCode)
			}
		}
		if left, _ := a.St.SessionAnnotations(t.Context(), a.Ada.ID, sess.ID); len(left) != 0 {
			t.Error("bob annotated ada's session")
		}
		if a, _ := a.St.Annotation(t.Context(), a.Ada.ID, anns[0].ID); a == nil {
			t.Error("bob deleted ada's annotation")
		}
		m, _ := a.St.Message(t.Context(), a.Ada.ID, msgID)
		got, _ := a.St.Session(t.Context(), a.Ada.ID, sess.ID)
		if m.Impact.LedToInsight || got.ReviewStatus != baton.ReviewPending {
			t.Error("bob changed ada's message or session")
		}
		for _, path := range []string{"/review", "/review/export.csv", "/review/export.json", "/relationship"} {
			resp, _ := bob.Client.Get(a.Srv.URL + path)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if strings.Contains(string(body), "ada's private") || strings.Contains(string(body), sess.ID) {
				t.Errorf("bob's %s shows ada's data", path)
			}
		}
		// The API answers 404 alike.
		for _, r := range []struct{ method, path string }{
			{"GET", "/api/v1/sessions/" + sess.ID + "/annotations"},
			{"POST", "/api/v1/sessions/" + sess.ID + "/annotations"},
			{"POST", fmt.Sprintf("/api/v1/messages/%d/annotations", msgID)},
			{"PUT", fmt.Sprintf("/api/v1/messages/%d/impact", msgID)},
			{"DELETE", fmt.Sprintf("/api/v1/annotations/%d", anns[0].ID)},
			{"GET", "/api/v1/sessions/" + sess.ID + "/arc"},
			{"POST", "/api/v1/sessions/" + sess.ID + "/analyse"},
		} {
			var e webtest.APIError
			if code := a.API(a.BobToken, r.method, r.path, map[string]any{"kind": "comment", "note": "x"}, &e); code != 404 || e.Error.Code != "not_found" {
				t.Errorf("bob API %s %s = %d %+v", r.method, r.path, code, e)
			}
		}
	})
}

func TestAnnotationAPI(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		id := importDocument(a, a.AdaToken, emotionalDoc("api", "API annotations", day1))[0]
		msgID := messageIDOf(a, a.Ada.ID, id, 4)
		var created baton.Annotation
		if code := a.API(a.AdaToken, "POST", fmt.Sprintf("/api/v1/messages/%d/annotations", msgID),
			map[string]any{"kind": "score", "dimension": "accuracy", "value": 0.9, "note": "spot on"}, &created); code != 201 {
			t.Fatalf("create = %d", code)
		}
		if created.MessageSeq == nil || *created.MessageSeq != 4 || created.SessionTitle != "API annotations" || created.SessionID != id {
			t.Errorf("created = %+v", created)
		}
		for _, bad := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"kind": "score", "value": 0.5}, "dimension"},
			{map[string]any{"kind": "score", "dimension": "x", "value": 3}, "value"},
			{map[string]any{"kind": "label"}, "label"},
			{map[string]any{"kind": "vote"}, "kind"},
			{map[string]any{"kind": "comment", "note": "x", "message_id": -1}, "message_id"},
		} {
			var e webtest.APIError
			if code := a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/annotations", bad.body, &e); code != 400 || e.Error.Field != bad.field {
				t.Errorf("%v = %d %+v", bad.body, code, e)
			}
		}
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/annotations", map[string]any{"kind": "label", "label": "Needs Follow Up"}, nil)
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+id+"/annotations", map[string]any{"kind": "comment", "note": "on a message", "message_id": msgID}, nil)
		var list struct {
			Annotations []baton.Annotation
			NextBefore  *int64 `json:"next_before"`
		}
		a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/annotations", nil, &list)
		if len(list.Annotations) != 3 || list.Annotations[1].Label != "needs-follow-up" || list.NextBefore != nil {
			t.Fatalf("list = %+v", list)
		}
		a.API(a.AdaToken, "GET", "/api/v1/annotations?label=needs-follow-up", nil, &list)
		if len(list.Annotations) != 1 {
			t.Errorf("filtered list = %+v", list)
		}
		a.API(a.AdaToken, "GET", "/api/v1/annotations?limit=2", nil, &list)
		if len(list.Annotations) != 2 || list.NextBefore == nil {
			t.Errorf("page = %+v", list)
		}
		var m baton.Message
		if code := a.API(a.AdaToken, "PUT", fmt.Sprintf("/api/v1/messages/%d/impact", msgID), map[string]any{"led_to_insight": true, "significance": 0.95}, &m); code != 200 || !m.Impact.LedToInsight {
			t.Errorf("impact = %d %+v", code, m.Impact)
		}
		var e webtest.APIError
		if code := a.API(a.AdaToken, "PUT", fmt.Sprintf("/api/v1/messages/%d/impact", msgID), map[string]any{"significance": -0.1}, &e); code != 400 || e.Error.Field != "significance" {
			t.Errorf("bad impact = %d %+v", code, e)
		}
		if code := a.API(a.AdaToken, "DELETE", fmt.Sprintf("/api/v1/annotations/%d", created.ID), nil, nil); code != 204 {
			t.Errorf("delete = %d", code)
		}
		if code := a.API(a.AdaToken, "DELETE", fmt.Sprintf("/api/v1/annotations/%d", created.ID), nil, nil); code != 404 {
			t.Errorf("delete again = %d", code)
		}
		var arc struct {
			EmotionalArc baton.EmotionalArc `json:"emotional_arc"`
			Points       []baton.SentimentPoint
		}
		if a.API(a.AdaToken, "GET", "/api/v1/sessions/"+id+"/arc", nil, &arc); len(arc.Points) != 7 || len(arc.EmotionalArc.StartingMood) == 0 {
			t.Errorf("arc = %+v", arc)
		}
	})
}

func TestRelationshipPageChartsSessionsInARange(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ids := importDocument(a, a.AdaToken,
			emotionalDoc("one", "First deploy", day1),
			emotionalDoc("two", "Second deploy", day1.AddDate(0, 0, 7)),
			emotionalDoc("three", "Third deploy", day1.AddDate(0, 0, 14)))
		a.SeedSession(a.Ada.ID, "Never analysed", 2) // started 1 April
		importDocument(a, a.BobToken, emotionalDoc("bob", "Bob's own", day1))
		b := a.SignIn("ada")
		doc, _ := b.Get("/relationship")
		if doc.Find(`.app-nav a[href="/relationship"][aria-current="page"]`).Length() != 1 {
			t.Error("relationship is not the current nav item")
		}
		trust := doc.Find("#trust-chart-title").Closest("svg")
		if trust.AttrOr("role", "") != "img" || trust.Find(".chart-series-trust a").Length() != 3 {
			t.Fatalf("trust chart has %d points", trust.Find(".chart-series-trust a").Length())
		}
		if href := trust.Find(".chart-series-trust a").Eq(1).AttrOr("href", ""); href != "/sessions/"+ids[1] {
			t.Errorf("second point links to %q", href)
		}
		if doc.Find(".chart-svg-wide .chart-series-health a").Length() != 3 || doc.Find(".chart-svg-wide .chart-series-sentiment a").Length() != 3 {
			t.Error("health or sentiment series missing")
		}
		if strings.Contains(doc.Text(), "Bob's own") {
			t.Error("ada's relationship shows bob's session")
		}
		if !strings.Contains(doc.Find(".relationship-facts").Text(), "Not analysed") {
			t.Error("the unanalysed session is not counted")
		}
		if doc.Find(".share-list li").Length() == 0 || doc.Find(".relationship-data tbody tr").Length() != 3 {
			t.Error("no style mix or session table")
		}

		frag, _ := b.HTMX("/relationship?from=2026-03-05&to=2026-03-12")
		if frag.Find("header.app-header").Length() != 0 || frag.Find(".chart-svg-wide .chart-series-trust a").Length() != 1 {
			t.Errorf("range shows %d sessions", frag.Find(".chart-svg-wide .chart-series-trust a").Length())
		}
		if v := frag.Find("#rel-from").AttrOr("value", ""); v != "2026-03-05" {
			t.Errorf("range form shows from = %q", v)
		}
		frag, _ = b.HTMX("/relationship?from=2020-01-01&to=2020-02-01")
		if !strings.Contains(frag.Find(".empty-state").Text(), "No analysed sessions in this range") {
			t.Error("an empty range does not say so")
		}
		if _, resp := b.Get("/relationship?from=soon"); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("bad date = %d", resp.StatusCode)
		}
		if _, resp := b.Get("/relationship?from=2026-03-12&to=2026-03-01"); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("reversed range = %d", resp.StatusCode)
		}
		var out struct {
			Sessions   []baton.RelationshipSample
			Unanalysed int
		}
		a.API(a.AdaToken, "GET", "/api/v1/relationship", nil, &out)
		if len(out.Sessions) != 3 || out.Unanalysed != 1 || out.Sessions[0].Trust <= 0 || out.Sessions[2].Momentum == "" {
			t.Errorf("API relationship = %+v", out)
		}
	})
}

func TestSessionListFiltersByTopicEmotionAndBreakthroughs(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		ids := importDocument(a, a.AdaToken, emotionalDoc("deploy", "Deploy that failed", day1))
		a.SeedSession(a.Ada.ID, "Plain", 2)
		sess, _ := a.St.Session(t.Context(), a.Ada.ID, ids[0])
		if len(sess.Summary.KeyTopics) == 0 || len(sess.EmotionalArc.StartingMood) == 0 || sess.PeakCount == 0 {
			t.Fatalf("the imported session was not analysed: %+v", sess.EmotionalArc)
		}
		topic, mood := sess.Summary.KeyTopics[0], sess.EmotionalArc.StartingMood[0]
		b := a.SignIn("ada")
		doc, _ := b.Get("/sessions")
		filters := doc.Find("#filters")
		if filters.Find(`input[name=topic]`).Length() != 1 || filters.Find(`#f-topics option[value="`+topic+`"]`).Length() != 1 ||
			filters.Find(`select[name=emotion] option[value="`+mood+`"]`).Length() != 1 || filters.Find(`input[type=checkbox][name=breakthroughs]`).Length() != 1 {
			t.Fatal("filter bar lacks topic, emotion or breakthroughs")
		}
		for q, want := range map[string]int{
			"topic=" + url.QueryEscape(strings.ToUpper(topic)): 1, "emotion=" + mood: 1, "breakthroughs=1": 1,
			"emotion=anger": 0, "": 2, "topic=" + url.QueryEscape(topic) + "&emotion=" + mood + "&min_quality=0": 1,
		} {
			frag, _ := b.HTMX("/sessions?" + q)
			if n := frag.Find("table tbody tr").Length(); n != want {
				t.Errorf("/sessions?%s lists %d, want %d", q, n, want)
			}
		}
		var page baton.SessionPage
		a.API(a.AdaToken, "GET", "/api/v1/sessions?emotion="+mood, nil, &page)
		if page.Total != 1 {
			t.Errorf("API emotion filter = %d", page.Total)
		}
	})
}

// An API session is analysed twice: each message as the API writes it
// (the background worker takes writes made otherwise), the session when it
// is closed. Its page then has the arc, the quality
// parts and the patterns, like an import.
func TestAPISessionIsAnalysedForItsPage(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		var sess baton.Session
		a.API(a.AdaToken, "POST", "/api/v1/sessions", map[string]any{"title": "Through the API"}, &sess)
		batch := map[string]any{"messages": []map[string]any{
			{"source_id": "1", "role": "steward", "content": "The deploy is broken again, this is awful and I'm frustrated.", "timestamp": "2026-05-01T10:00:00Z"},
			{"source_id": "2", "role": "assistant", "content": "The migration locks the table; I'll build the index concurrently.", "timestamp": "2026-05-01T10:01:00Z"},
			{"source_id": "3", "role": "steward", "content": "Brilliant, that fixed it! Thank you so much.", "timestamp": "2026-05-01T10:02:00Z"},
		}}
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/messages", batch, nil)
		b := a.SignIn("ada")
		// The API analyses each message before writing it: the page has
		// the sentiments at once, and the worker finds nothing left.
		doc, _ := b.Get("/sessions/" + sess.ID)
		if doc.Find(".badge-pending[role=status]").Length() != 0 {
			t.Error("an API write analysed as it was written says it is being analysed")
		}
		if title := doc.Find(".chart-dots a").First().Find("title").Text(); !strings.Contains(title, "−0.") {
			t.Errorf("an open session's arc does not show the write's sentiment: %q", title)
		}
		if n, err := analysis.NewService(a.St).AnalyzePending(t.Context()); err != nil || n != 0 {
			t.Fatalf("worker analysed %d, %v; the API had analysed all", n, err)
		}
		// A write the API did not analyse (here, straight to the store)
		// is the worker's, and the page says so until it has run.
		if _, err := a.St.AppendMessages(t.Context(), a.Ada.ID, sess.ID, "", []*baton.Message{
			{SourceID: "4", Role: baton.RoleSteward, Content: "One more thing is broken.", Timestamp: time.Date(2026, 5, 1, 10, 3, 0, 0, time.UTC)}}); err != nil {
			t.Fatal(err)
		}
		doc, _ = b.Get("/sessions/" + sess.ID)
		if doc.Find(".badge-pending[role=status]").Length() != 1 {
			t.Error("an unanalysed write does not say it is being analysed")
		}
		if n, err := analysis.NewService(a.St).AnalyzePending(t.Context()); err != nil || n != 1 {
			t.Fatalf("worker analysed %d, %v", n, err)
		}
		doc, _ = b.Get("/sessions/" + sess.ID)
		if doc.Find(".badge-pending[role=status]").Length() != 0 {
			t.Error("the page still says analysing after the worker ran")
		}
		if doc.Find(".quality-parts").Length() != 0 {
			t.Error("an open session shows quality parts before its analysis")
		}
		a.API(a.AdaToken, "POST", "/api/v1/sessions/"+sess.ID+"/close", nil, nil)
		doc, _ = b.Get("/sessions/" + sess.ID)
		if doc.Find(".quality-parts tbody tr").Length() != 4 || doc.Find(".chart-peaks a").Length() == 0 { // no tools: no tool-success part
			t.Error("a closed API session lacks its quality parts or peak moments")
		}
	})
}
