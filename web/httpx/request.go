// Package httpx holds what the JSON API (web/api) and the pages (web/ui)
// both need to read a request and answer it: the signed-in steward, route
// ids, query filters, the one JSON body decoder and the one error shape.
package httpx

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/url"
	"strconv"
	"sync"

	"github.com/a-h/templ"
	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// StewardID is the signed-in steward's id; routes that reach a handler
// that calls it have passed requireSteward or requireToken.
func StewardID(c echo.Context) int64 { return baton.StewardIDFromContext(c.Request().Context()) }

// Context is the request's context: the steward, cancellation and deadline
// travel in it to the services and the store.
func Context(c echo.Context) context.Context { return c.Request().Context() }

// IsHTMX reports whether htmx sent the request (and wants a fragment).
func IsHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

// IDParam reads a numeric id from the route; anything else is not found.
func IDParam(c echo.Context, name, what string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, baton.NotFound(what)
	}
	return id, nil
}

// Messages reads one message of a steward.
type Messages interface {
	Message(ctx context.Context, stewardID, id int64) (*baton.Message, error)
}

// MessageParam reads the :id of a message route and loads that message of
// the signed-in steward; a malformed id is as unknown as another steward's.
func MessageParam(c echo.Context, messages Messages) (*baton.Message, error) {
	id, err := IDParam(c, "id", "message")
	if err != nil {
		return nil, err
	}
	return messages.Message(Context(c), StewardID(c), id)
}

// StewardName is who a revision says saved it.
func StewardName(c echo.Context) string {
	if st := baton.StewardFromContext(Context(c)); st != nil {
		return st.Username
	}
	return "unknown"
}

// FrameIDParam is the :id of a frame route. Lex ids may hold a slash, sent
// as %2F; Echo then matches on the escaped path and leaves the id escaped.
func FrameIDParam(c echo.Context) string {
	id := c.Param("id")
	if c.Request().URL.RawPath != "" {
		if u, err := url.PathUnescape(id); err == nil {
			return u
		}
	}
	return id
}

// BrowserOf is the cookie session web.browser read for this request.
func BrowserOf(c echo.Context) *auth.Browser {
	b, _ := c.Get("browser").(*auth.Browser)
	if b == nil {
		b = &auth.Browser{}
	}
	return b
}

// RenderHTML writes a component after rendering it whole into a buffer, so a
// failed render never leaves a half-sent 200.
func RenderHTML(c echo.Context, status int, component templ.Component) error {
	buf := renderBuffers.Get().(*bytes.Buffer)
	defer putRenderBuffer(buf)
	if err := component.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	ReleasePageSlot(c) // drawn: writing it out needs no slot
	return c.HTMLBlob(status, buf.Bytes())
}

// renderBuffers are RenderHTML's buffers, reused: a session page is ~360 KB
// of HTML, and growing a new buffer to that size, doubling and copying on
// the way, was a sixth of the page's CPU. HTMLBlob has written the bytes
// out when it returns, so the buffer is free again then.
var renderBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledRender bounds the buffers kept: an export-sized page is not
// held on to.
const maxPooledRender = 4 << 20

func putRenderBuffer(buf *bytes.Buffer) {
	if buf.Cap() > maxPooledRender {
		return
	}
	buf.Reset()
	renderBuffers.Put(buf)
}

// PageSlot is a page request's hold on one of the slots that bound how
// many pages are drawn at once (web/page_slots.go). Writing the answer
// gives it back; a download that reads in batches takes it again for each.
type PageSlot interface {
	Acquire(ctx context.Context) error
	Release()
}

// ReleasePageSlot frees the request's page slot, if it holds one.
func ReleasePageSlot(c echo.Context) {
	if slot, ok := c.Get(PageSlotKey).(PageSlot); ok {
		slot.Release()
	}
}

// AcquirePageSlot takes the request's page slot again before a download
// reads its next batch; requests that are not bounded go on at once.
func AcquirePageSlot(c echo.Context) error {
	if slot, ok := c.Get(PageSlotKey).(PageSlot); ok {
		return slot.Acquire(Context(c))
	}
	return nil
}

// PageSlotKey is where a request keeps its PageSlot (echo context).
const PageSlotKey = "page-slot"

// SetMultipart keeps the reader of a multipart body whose first part the
// CSRF check has read; Multipart gives it to the handler, or opens the
// body's reader when the token came in a header.
func SetMultipart(c echo.Context, mr *multipart.Reader) { c.Set("multipart", mr) }

// Multipart is the request's multipart reader, positioned after the parts
// already read.
func Multipart(c echo.Context) (*multipart.Reader, error) {
	if mr, ok := c.Get("multipart").(*multipart.Reader); ok {
		return mr, nil
	}
	return c.Request().MultipartReader()
}
