// Package render turns message text into HTML that is safe to put on a page:
// Markdown (GitHub flavoured, with highlighted code) and plain code blocks.
//
// Everything here is safe for concurrent use; the Markdown parser, renderer
// and sanitising policy are built once.
package render

import (
	"bufio"
	"bytes"
	"net/url"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Markdown renders src (GitHub flavoured Markdown: tables, strikethrough,
// autolinks, task lists) to sanitised HTML that is safe to insert into a page.
//
// Fenced code blocks with a known language are highlighted with CSS classes
// (see ChromaCSS). Raw HTML in src is shown as text, never interpreted. Links
// keep only http, https, mailto and relative targets and carry
// rel="nofollow noopener"; any other link is reduced to its text.
func Markdown(src string) string {
	return markdownCache.get(src, markdownHTML)
}

// markdownHTML is Markdown without the cache.
func markdownHTML(src string) string {
	var buf bytes.Buffer
	buf.Grow(len(src) + len(src)/2 + 64)
	out := &output{Writer: bufio.NewWriter(&buf), highlightLeft: maxHighlightPerMessage}
	if err := markdown.Convert([]byte(limitNesting(src)), out); err != nil {
		// goldmark only fails when the writer does; a bytes.Buffer does not.
		// Fall back to the escaped source rather than losing the message.
		buf.Reset()
		writePlain(&buf, src)
		return buf.String()
	}
	return policy.Sanitize(buf.String())
}

// maxHighlightPerMessage bounds the code one Markdown call highlights in
// total; later blocks are shown plain. Highlighting runs at a few hundred KB
// a second, so a message made of thousands of code blocks would otherwise
// hold a request for seconds.
const maxHighlightPerMessage = 256 << 10

// output is the writer the renderers see: goldmark's buffered writer plus
// what is left of this message's highlighting budget.
type output struct {
	*bufio.Writer
	highlightLeft int
}

// highlightLanguage returns language if code still fits in w's budget, and
// "" (plain) once the budget is spent.
func highlightLanguage(w util.BufWriter, code, language string) string {
	o, ok := w.(*output)
	if !ok || language == "" {
		return language
	}
	if len(code) > o.highlightLeft {
		o.highlightLeft = 0
		return ""
	}
	o.highlightLeft -= len(code)
	return language
}

var markdown = goldmark.New(
	goldmark.WithExtensions(
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.Strikethrough,
		extension.Linkify,
		extension.TaskList,
	),
	goldmark.WithRendererOptions(
		renderer.WithNodeRenderers(util.Prioritized(safeRenderer{}, 100)),
	),
)

// policy is the last line of defence: bluemonday's user-generated-content
// policy, plus what our own renderer emits (highlighting classes, focusable
// code blocks, link rel, read-only task-list checkboxes).
var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^[a-zA-Z0-9_ -]+$`)).OnElements("code", "span", "pre", "div")
	p.AllowAttrs("tabindex").Matching(regexp.MustCompile(`^0$`)).OnElements("pre")
	p.AllowAttrs("rel").Matching(regexp.MustCompile(`^nofollow noopener$`)).OnElements("a")
	p.AllowAttrs("type").Matching(regexp.MustCompile(`^checkbox$`)).OnElements("input")
	p.AllowAttrs("checked", "disabled").Matching(regexp.MustCompile(`^$`)).OnElements("input")
	p.RequireNoFollowOnLinks(true)
	return p
}()

// safeRenderer overrides goldmark's renderers for the nodes that can carry
// active content or that we draw differently: raw HTML (escaped), links
// (scheme allow-list, rel) and fenced code (highlighted).
type safeRenderer struct{}

func (safeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderFencedCode)
	reg.Register(ast.KindHTMLBlock, renderHTMLBlock)
	reg.Register(ast.KindRawHTML, renderRawHTML)
	reg.Register(ast.KindLink, renderLink)
	reg.Register(ast.KindAutoLink, renderAutoLink)
	reg.Register(ast.KindImage, renderImage)
}

func renderFencedCode(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	code := linesText(source, n.Lines())
	writeCode(w, code, highlightLanguage(w, code, string(n.Language(source))))
	_ = w.WriteByte('\n')
	return ast.WalkSkipChildren, nil
}

// renderHTMLBlock shows a block of raw HTML as HTML source code.
func renderHTMLBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	code := linesText(source, n.Lines())
	if n.HasClosure() {
		code += string(n.ClosureLine.Value(source))
	}
	writeCode(w, code, highlightLanguage(w, code, "html"))
	_ = w.WriteByte('\n')
	return ast.WalkSkipChildren, nil
}

// renderRawHTML shows inline HTML ("use a <kbd> element") as the text it is.
func renderRawHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.RawHTML)
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		_, _ = w.Write(util.EscapeHTML(seg.Value(source)))
	}
	return ast.WalkSkipChildren, nil
}

func renderLink(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	dest := util.URLEscape(n.Destination, true)
	if !safeURL(dest) {
		return ast.WalkContinue, nil // the link text stays, the link goes
	}
	if !entering {
		_, _ = w.WriteString("</a>")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(dest))
	_ = w.WriteByte('"')
	if n.Title != nil {
		_, _ = w.WriteString(` title="`)
		_, _ = w.Write(util.EscapeHTML(n.Title))
		_ = w.WriteByte('"')
	}
	_, _ = w.WriteString(` rel="nofollow noopener">`)
	return ast.WalkContinue, nil
}

func renderAutoLink(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	dest := n.URL(source)
	if n.AutoLinkType == ast.AutoLinkEmail && !bytes.HasPrefix(bytes.ToLower(dest), []byte("mailto:")) {
		dest = append([]byte("mailto:"), dest...)
	}
	dest = util.URLEscape(dest, false)
	label := util.EscapeHTML(n.Label(source))
	if !safeURL(dest) {
		_, _ = w.Write(label)
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(dest))
	_, _ = w.WriteString(`" rel="nofollow noopener">`)
	_, _ = w.Write(label)
	_, _ = w.WriteString(`</a>`)
	return ast.WalkContinue, nil
}

// renderImage draws an image only from an http(s) or relative source; any
// other image is replaced by its alt text.
func renderImage(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Image)
	alt := util.EscapeHTML(nodeText(n, source))
	src := util.URLEscape(n.Destination, true)
	if !safeURL(src) || bytes.HasPrefix(bytes.ToLower(src), []byte("mailto:")) {
		_, _ = w.Write(alt)
		return ast.WalkSkipChildren, nil
	}
	_, _ = w.WriteString(`<img src="`)
	_, _ = w.Write(util.EscapeHTML(src))
	_, _ = w.WriteString(`" alt="`)
	_, _ = w.Write(alt)
	_ = w.WriteByte('"')
	if n.Title != nil {
		_, _ = w.WriteString(` title="`)
		_, _ = w.Write(util.EscapeHTML(n.Title))
		_ = w.WriteByte('"')
	}
	_, _ = w.WriteString(` loading="lazy">`)
	return ast.WalkSkipChildren, nil
}

// safeURL reports whether a link target, after goldmark has resolved entity
// references ("javascript&#58;"), is http, https, mailto or relative.
// Control characters are refused outright: browsers drop them from URLs, so
// "java\tscript:" would otherwise slip past the scheme check.
func safeURL(dest []byte) bool {
	for _, c := range dest {
		if c < 0x20 || c == 0x7f {
			return false
		}
	}
	u, err := url.Parse(string(dest))
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "", "http", "https", "mailto":
		return true
	}
	return false
}

// linesText joins a block's lines as written in the source.
func linesText(source []byte, lines *text.Segments) string {
	var b strings.Builder
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(source))
	}
	return b.String()
}

// nodeText is the plain text under n, for an image's alt attribute.
func nodeText(n ast.Node, source []byte) []byte {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Value(source))
		case *ast.String:
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.Bytes()
}
