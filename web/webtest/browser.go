package webtest

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/baton-dev/baton/internal/auth/authtest"
)

// Browser is a signed-in browser: a cookie jar and the page's CSRF token.
type Browser struct {
	A      *App
	Client *http.Client
	CSRF   string
}

// Do sends req, fails the test when it cannot, and parses the answer.
func (b *Browser) Do(req *http.Request) (*goquery.Document, *http.Response) {
	b.A.T.Helper()
	resp, err := b.Client.Do(req)
	if err != nil {
		b.A.T.Fatal(err)
	}
	defer resp.Body.Close()
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		b.A.T.Fatal(err)
	}
	return doc, resp
}

// request is a request to path on the app, with header's name and value
// pairs set.
func (b *Browser) request(method, path string, body io.Reader, header ...string) *http.Request {
	req, _ := http.NewRequest(method, b.A.Srv.URL+path, body)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

// Get fetches a page and parses it.
func (b *Browser) Get(path string) (*goquery.Document, *http.Response) {
	b.A.T.Helper()
	return b.Do(b.request("GET", path, nil))
}

// HTMX fetches a fragment the way htmx does, with header's name and value
// pairs set too.
func (b *Browser) HTMX(path string, header ...string) (*goquery.Document, *http.Response) {
	b.A.T.Helper()
	return b.Do(b.request("GET", path, nil, append([]string{"HX-Request", "true"}, header...)...))
}

// HTMXPost submits a form the way htmx does, with the CSRF header and
// header's name and value pairs, and parses the fragment.
func (b *Browser) HTMXPost(path string, form url.Values, header ...string) (*goquery.Document, *http.Response) {
	b.A.T.Helper()
	header = append([]string{"Content-Type", "application/x-www-form-urlencoded", "HX-Request", "true", "X-CSRF-Token", b.CSRF}, header...)
	return b.Do(b.request("POST", path, strings.NewReader(form.Encode()), header...))
}

// PostHTMX posts a form the way htmx does, its CSRF token in the form
// too, and parses the answer.
func (b *Browser) PostHTMX(path string, form url.Values) (*goquery.Document, int) {
	b.A.T.Helper()
	form.Set("_csrf", b.CSRF)
	doc, resp := b.HTMXPost(path, form)
	return doc, resp.StatusCode
}

// Post submits a form with the CSRF token.
func (b *Browser) Post(path string, form url.Values) *http.Response {
	b.A.T.Helper()
	if form.Get("_csrf") == "" && b.CSRF != "" {
		form.Set("_csrf", b.CSRF)
	}
	resp, err := b.Client.PostForm(b.A.Srv.URL+path, form)
	if err != nil {
		b.A.T.Fatal(err)
	}
	return resp
}

// Upload posts files as the import page does.
func (b *Browser) Upload(path string, files map[string]string) *goquery.Document {
	b.A.T.Helper()
	body, contentType := b.files(files)
	doc, _ := b.Do(b.request("POST", path, body, "Content-Type", contentType))
	return doc
}

// files is the multipart body of an upload of files, with the CSRF token,
// and its content type.
func (b *Browser) files(files map[string]string) (*bytes.Buffer, string) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("_csrf", b.CSRF)
	for name, content := range files {
		fw, _ := w.CreateFormFile("files", name)
		_, _ = fw.Write([]byte(content))
	}
	w.Close()
	return &body, w.FormDataContentType()
}

// NoRedirects makes the browser stop at each redirect, to look at it.
func (b *Browser) NoRedirects() *Browser {
	c := *b.Client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &Browser{A: b.A, Client: &c, CSRF: b.CSRF}
}

// Fetch GETs an absolute URL and returns the response with its body read.
func (b *Browser) Fetch(u string) (*http.Response, string) {
	b.A.T.Helper()
	resp, err := b.Client.Get(u)
	if err != nil {
		b.A.T.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

// OIDCSignIn runs the whole round trip in b: Baton → provider → callback.
func (b *Browser) OIDCSignIn(user authtest.User, idp *authtest.Provider) (*http.Response, *goquery.Document) {
	b.A.T.Helper()
	idp.QueueUser(user)
	doc, resp := b.Get("/auth/oidc")
	return resp, doc
}

// CallbackURL runs the first two legs of a sign-in without following the
// last redirect: it returns the provider's redirect back to Baton.
func (b *Browser) CallbackURL(start string, user authtest.User, idp *authtest.Provider) *url.URL {
	b.A.T.Helper()
	idp.QueueUser(user)
	nb := b.NoRedirects()
	resp, _ := nb.Fetch(b.A.Srv.URL + start)
	if resp.StatusCode != http.StatusSeeOther {
		b.A.T.Fatalf("start = %d", resp.StatusCode)
	}
	authorize, _ := url.Parse(resp.Header.Get("Location"))
	q := authorize.Query()
	if q.Get("state") == "" || q.Get("nonce") == "" || q.Get("code_challenge_method") != "S256" {
		b.A.T.Fatalf("authorization URL lacks state, nonce or PKCE: %s", authorize)
	}
	resp, _ = nb.Fetch(authorize.String())
	if resp.StatusCode != http.StatusFound {
		b.A.T.Fatalf("provider authorize = %d", resp.StatusCode)
	}
	back, _ := url.Parse(resp.Header.Get("Location"))
	return back
}

// Cookie returns the value of one of the browser's cookies for the app.
func (b *Browser) Cookie(name, path string) string {
	u, _ := url.Parse(b.A.Srv.URL + path)
	for _, c := range b.Client.Jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// SetCookie replaces one of the browser's cookies.
func (b *Browser) SetCookie(name, path, value string) {
	u, _ := url.Parse(b.A.Srv.URL + path)
	b.Client.Jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value, Path: path}})
}

// SignedInAs tells who the browser is signed in as ("" when signed out).
func (b *Browser) SignedInAs() string {
	b.A.T.Helper()
	doc, resp := b.Get("/settings")
	if resp.Request.URL.Path != "/settings" {
		return ""
	}
	return strings.TrimSpace(doc.Find(".app-user-name").Text())
}

// HTMXUpload posts files to /import as htmx does.
func (b *Browser) HTMXUpload(files map[string]string) *goquery.Document {
	b.A.T.Helper()
	body, contentType := b.files(files)
	doc, resp := b.Do(b.request("POST", "/import", body, "Content-Type", contentType, "HX-Request", "true"))
	if resp.StatusCode != http.StatusOK {
		b.A.T.Fatalf("upload = %d: %s", resp.StatusCode, doc.Text())
	}
	return doc
}

// Poll asks for a job as the page's htmx poll does.
func (b *Browser) Poll(path string) (int, *goquery.Document) {
	b.A.T.Helper()
	doc, resp := b.HTMX(path)
	return resp.StatusCode, doc
}

// FinishedImportJob uploads a one-document file as b through htmx, waits
// for its import job to finish, and returns the job's id.
func FinishedImportJob(t *testing.T, b *Browser) string {
	t.Helper()
	file, _ := MultiDocumentNDJSON(1)
	path, _ := b.HTMXUpload(map[string]string{"chat.ndjson": file}).Find("section#import-results[hx-get]").Attr("hx-get")
	for range 500 {
		if code, doc := b.Poll(path); code == http.StatusOK && doc.Find("section#import-results[data-import-finished]").Length() == 1 {
			return strings.TrimPrefix(path, "/import/jobs/")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the import job %s never finished", path)
	return ""
}

// Share creates a share link from the session page's form and returns its path.
func (b *Browser) Share(sessionID, expires string) string {
	b.A.T.Helper()
	doc, resp := b.HTMXPost("/sessions/"+sessionID+"/share", url.Values{"expires": {expires}, "_csrf": {b.CSRF}})
	if resp.StatusCode != 200 || doc.Find("header.app-header").Length() != 0 {
		b.A.T.Fatalf("share = %d, whole page %v", resp.StatusCode, doc.Find("header.app-header").Length() != 0)
	}
	u, err := url.Parse(strings.TrimSpace(doc.Find("#share-url").Text()))
	if err != nil || !strings.HasPrefix(u.Path, "/s/") {
		b.A.T.Fatalf("share URL = %q", doc.Find("#share-url").Text())
	}
	return u.Path
}

// Form posts and parses the answer.
func (b *Browser) Form(path string, form url.Values) (*goquery.Document, *http.Response) {
	b.A.T.Helper()
	resp := b.Post(path, form)
	defer resp.Body.Close()
	doc, _ := goquery.NewDocumentFromReader(resp.Body)
	return doc, resp
}
