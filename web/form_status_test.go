package web_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/web/webtest"
)

// Every page form refused for what was typed answers 400, page or htmx
// fragment alike, as the API does (some answered 422, some 400). The walk
// posts each form route of the table, on the steward's own data, with
// nonsense in every field a form reads, plainly and as htmx: no answer is
// a 422 or a 5xx, and a refusal that comes back as HTML from htmx is the
// form again (baton.js swaps a 400 in HTML in place).
func TestFormErrorsAnswer400Everywhere(t *testing.T) {
	webtest.Each(t, func(t *testing.T, a *webtest.App) {
		a.WithOIDC()
		own := seedWorld(t, a.St, a.Ada, "ada")
		ada := a.SignIn("ada")
		bad := url.Values{}
		for _, k := range []string{"name", "who", "role", "expires", "status", "kind", "note", "label", "dimension", "value",
			"impact", "significance", "title", "base_revision", "decision", "task", "topics", "technologies", "message_id",
			"message_ids", "from_seq", "to_seq", "temperature", "max_tokens", "model", "content", "body", "team_id", "score_a", "better"} {
			bad.Set(k, "☃ not a value ☃")
		}
		posted, refused := 0, 0
		for _, r := range routeTable(a) {
			if r.Method != http.MethodPost || strings.HasPrefix(r.Path, "/api/") || strings.HasPrefix(r.Path, "/log") || r.Path == "/import" {
				continue
			}
			path := r.Path
			for _, seg := range strings.Split(r.Path, "/") {
				name, ok := strings.CutPrefix(seg, ":")
				if !ok {
					continue
				}
				kind := paramKind(r.Path, name)
				v, known := notAboutStewardData[kind]
				if !known {
					v = own.ids[kind]
				}
				path = strings.Replace(path, seg, url.PathEscape(v), 1)
			}
			for _, htmx := range []bool{false, true} {
				form := url.Values{"_csrf": {ada.CSRF}}
				for k, v := range bad {
					form[k] = v
				}
				req, _ := http.NewRequest(http.MethodPost, a.Srv.URL+path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				if htmx {
					req.Header.Set("HX-Request", "true")
				}
				resp, err := ada.NoRedirects().Client.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				posted++
				switch code := resp.StatusCode; {
				case code == http.StatusUnprocessableEntity || code >= 500:
					t.Errorf("POST %s (htmx %v) = %d %.200s", path, htmx, code, body)
				case code == http.StatusBadRequest:
					refused++
					html := strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html")
					if htmx && html && !strings.Contains(string(body), "<form") && !strings.Contains(string(body), "hx-swap-oob") {
						t.Errorf("POST %s (htmx) = 400 in HTML that is no form to swap in: %.200s", path, body)
					}
				}
			}
		}
		if posted < 40 || refused < 10 {
			t.Fatalf("posted %d forms, %d refused: the walk is not reaching the forms", posted, refused)
		}
	})
}
