package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// contentSecurityPolicy allows nothing inline and nothing from elsewhere.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'"

func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		return next(c)
	}
}

// logRequests logs method, route, status and time; never bodies, tokens or queries.
func (s *Server) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		if c.Path() != "/healthz" && !strings.HasPrefix(c.Path(), "/static") {
			s.log.Info("request", "method", c.Request().Method, "route", c.Path(), "status", c.Response().Status,
				"ms", time.Since(start).Milliseconds(), "steward", stewardID(c))
		}
		return nil
	}
}

// browser reads the cookie session and, when it names a live sign-in, puts
// the steward in the request context.
func (s *Server) browser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		b := s.cookies.Read(c.Request())
		c.Set("browser", b)
		if b.SessionID != "" {
			st, err := s.store.StewardByLoginSession(requestContext(c), auth.HashToken(b.SessionID))
			if err == nil {
				c.SetRequest(c.Request().WithContext(baton.NewContextWithSteward(requestContext(c), st)))
			} else if baton.ErrorCode(err) != baton.ENOTFOUND {
				return err
			}
		}
		if b.Fresh() {
			if err := s.cookies.Write(c.Response(), c.Request(), b); err != nil {
				return err
			}
		}
		return next(c)
	}
}

// checkCSRF refuses a state-changing browser request whose form field or
// X-CSRF-Token header does not carry the cookie's token.
func checkCSRF(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		want := httpx.BrowserOf(c).CSRF
		token := c.Request().Header.Get("X-CSRF-Token")
		switch {
		case want == "":
			// No cookie, no token to match: refused before the body is read.
		case token == "" && isMultipart(c.Request()):
			// An upload is not parsed before it is allowed: the token must
			// be its first part (the forms put it first), read alone; the
			// handler streams the rest from the same reader.
			mr, err := c.Request().MultipartReader()
			if err != nil {
				return baton.Invalid("body", "the form could not be read")
			}
			if part, err := mr.NextPart(); err == nil && part.FormName() == "_csrf" {
				b, _ := io.ReadAll(io.LimitReader(part, 256))
				token = string(b)
			}
			httpx.SetMultipart(c, mr)
		case token == "":
			// The form is read only here, after limitBody has bounded it.
			if err := parseForm(c.Request()); err != nil {
				return err
			}
			token = c.Request().FormValue("_csrf")
		}
		if want == "" || !auth.Equal(token, want) {
			if c.Request().ContentLength != 0 {
				// Not kept alive: net/http would otherwise read up to 256 KB
				// of the unread body before answering.
				c.Response().Header().Set("Connection", "close")
			}
			// 403, not 401: the steward may well be signed in, and the front
			// end (baton.js) says "your session may have expired" on a 403.
			return &baton.Error{Code: baton.EFORBIDDEN, Message: "The form expired or came from elsewhere. Reload the page and try again."}
		}
		return next(c)
	}
}

// requireSteward sends a signed-out browser to the sign-in page.
func requireSteward(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if stewardID(c) == 0 {
			target := "/login?next=" + url.QueryEscape(c.Request().URL.RequestURI())
			if isHTMX(c) {
				c.Response().Header().Set("HX-Redirect", target)
				return c.NoContent(http.StatusUnauthorized)
			}
			return c.Redirect(http.StatusSeeOther, target)
		}
		return next(c)
	}
}

// requireToken authenticates an API request by its bearer token.
func (s *Server) requireToken(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		header := c.Request().Header.Get("Authorization")
		token, ok := strings.CutPrefix(header, "Bearer ")
		if !ok || !auth.LooksLikeToken(strings.TrimSpace(token)) {
			return &baton.Error{Code: baton.EUNAUTHORIZED, Message: "send a personal access token as 'Authorization: Bearer bat_…' (create one in Settings)"}
		}
		st, err := s.store.StewardByTokenHash(requestContext(c), auth.HashToken(strings.TrimSpace(token)))
		if baton.ErrorCode(err) == baton.ENOTFOUND {
			return &baton.Error{Code: baton.EUNAUTHORIZED, Message: "the token is unknown or revoked"}
		} else if err != nil {
			return err
		}
		c.SetRequest(c.Request().WithContext(baton.NewContextWithSteward(requestContext(c), st)))
		return next(c)
	}
}

// pageBodyLimit bounds the body of every page form but the import upload.
const pageBodyLimit = 1 << 20

// limitBody bounds the body of every page request before anything reads it
// (the CSRF check and rejectBadText parse forms), and removes the temp files
// of a multipart form parsed on this request, whichever copy of the request
// parsed it: the server only cleans up the request it created. The API has
// its own limit (httpx.BodyLimit).
func (s *Server) limitBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if !strings.HasPrefix(r.URL.Path, "/api/") && r.Body != nil && r.Body != http.NoBody {
			limit := int64(pageBodyLimit)
			if r.Method == http.MethodPost && c.Path() == "/import" {
				limit = s.cfg.MaxUploadBytes
			}
			if r.ContentLength > limit {
				return baton.Errorf(baton.ETOOLARGE, "The request body is larger than %d MB.", max(1, limit>>20))
			}
			r.Body = http.MaxBytesReader(c.Response(), r.Body, limit)
		}
		defer func() {
			if f := c.Request().MultipartForm; f != nil {
				_ = f.RemoveAll()
			}
		}()
		return next(c)
	}
}

func isMultipart(r *http.Request) bool {
	return strings.HasPrefix(r.Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm)
}

// safeName keeps a bad parameter name printable in an error message.
func safeName(name string) string {
	if utf8.ValidString(name) && strings.IndexByte(name, 0) < 0 && len(name) <= 40 {
		return name
	}
	return fmt.Sprintf("parameter (%d bytes)", len(name))
}

// parseForm reads a urlencoded or multipart form once, turning a body over
// its limit into 413 and an unreadable one into 400.
func parseForm(r *http.Request) error {
	var err error
	if strings.HasPrefix(r.Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm) {
		if r.MultipartForm == nil {
			err = r.ParseMultipartForm(1 << 20)
		}
	} else {
		err = r.ParseForm()
	}
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		return baton.Errorf(baton.ETOOLARGE, "The request body is larger than %d MB.", max(1, tooBig.Limit>>20))
	}
	return baton.Invalid("body", "the form could not be read")
}

// rejectBadText refuses a request whose route parameters, query or form
// values are not valid UTF-8 or hold NUL bytes, which no page needs and
// which PostgreSQL refuses in text: a clear 400 instead of a failed query.
func rejectBadText(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		bad := func(v string) bool { return !utf8.ValidString(v) || strings.IndexByte(v, 0) >= 0 }
		for i, v := range c.ParamValues() {
			if bad(v) {
				name := "id"
				if names := c.ParamNames(); i < len(names) {
					name = names[i]
				}
				return baton.Invalid(name, "the address is not valid text")
			}
		}
		for name, vs := range c.QueryParams() {
			for _, v := range vs {
				if bad(v) || bad(name) {
					return baton.Invalid(safeName(name), "%s must be valid UTF-8 text without NUL bytes", safeName(name))
				}
			}
		}
		ct := c.Request().Header.Get(echo.HeaderContentType)
		// The JSON API reads its body as JSON whatever the content type says
		// (curl -d labels JSON as a form): parsing it as a form would eat it.
		api := strings.HasPrefix(c.Request().URL.Path, "/api/")
		// A multipart body is streamed by its handler, which checks its parts
		// (an upload is not read before it is allowed).
		if !api && strings.HasPrefix(ct, echo.MIMEApplicationForm) && c.Request().Method == http.MethodPost {
			if err := parseForm(c.Request()); err != nil {
				return err
			}
			form := c.Request().PostForm
			if mf := c.Request().MultipartForm; mf != nil {
				form = mf.Value
			}
			for name, vs := range form {
				for _, v := range vs {
					if bad(v) || bad(name) {
						return baton.Invalid(safeName(name), "%s must be valid UTF-8 text without NUL bytes", safeName(name))
					}
				}
			}
		}
		return next(c)
	}
}

// noStore keeps a steward's pages and API answers out of every cache: the
// browser's back-forward cache after sign-out, and any proxy between.
func noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return next(c)
	}
}
