package render

import (
	"bufio"
	"bytes"
	"html"
	"io"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// maxHighlightBytes bounds the code chroma will tokenise. Larger blocks are
// shown escaped but uncoloured: some lexers backtrack badly on huge inputs,
// and a multi-megabyte tool result is read by scrolling, not by colour.
const maxHighlightBytes = 128 << 10

// Chroma themes served by ChromaCSS: lightTheme by default, darkTheme when
// the operating system prefers a dark scheme.
const (
	lightTheme = "github"
	darkTheme  = "github-dark"
)

// formatter emits class names only (no style attributes), so the page's CSP
// can forbid inline styles; ChromaCSS supplies the colours.
var formatter = chromahtml.New(
	chromahtml.WithClasses(true),
	chromahtml.TabWidth(4),
	chromahtml.WithPreWrapper(scrollablePre{}),
)

// scrollablePre wraps highlighted code in a <pre> that can take keyboard
// focus, so a block that scrolls horizontally can be scrolled without a mouse.
type scrollablePre struct{}

func (scrollablePre) Start(code bool, styleAttr string) string {
	if code {
		return `<pre tabindex="0"` + styleAttr + `><code>`
	}
	return `<pre tabindex="0"` + styleAttr + `>`
}

func (scrollablePre) End(code bool) string {
	if code {
		return `</code></pre>`
	}
	return `</pre>`
}

// CodeBlock returns code as a highlighted <pre class="chroma"><code> block.
// language is a chroma lexer name, alias or file extension ("go", "json",
// "py"); when it is empty or unknown the code is shown escaped in a plain
// <pre class="code"><code>. The result is safe to insert as HTML.
func CodeBlock(code, language string) string {
	var b strings.Builder
	b.Grow(len(code) + len(code)/2 + 64)
	writeCode(&b, code, language)
	return b.String()
}

// writeCode writes code to w, highlighted when language names a lexer.
func writeCode(w io.Writer, code, language string) {
	if lexer := lexerFor(language); lexer != nil && len(code) <= maxHighlightBytes {
		if it, err := lexer.Tokenise(nil, code); err == nil {
			// Buffer so a formatter error cannot leave half a block behind.
			var buf bytes.Buffer
			if err := formatter.Format(&buf, styles.Get(lightTheme), it); err == nil {
				_, _ = buf.WriteTo(w)
				return
			}
		}
	}
	writePlain(w, code)
}

func writePlain(w io.Writer, code string) {
	_, _ = io.WriteString(w, `<pre tabindex="0" class="code"><code>`)
	_, _ = io.WriteString(w, html.EscapeString(code))
	_, _ = io.WriteString(w, `</code></pre>`)
}

// lexerFor finds the lexer for a fence's language, or nil for plain text.
func lexerFor(language string) chroma.Lexer {
	language = strings.ToLower(strings.TrimSpace(language))
	switch language {
	case "", "text", "plain", "plaintext", "txt", "output", "console-output":
		return nil
	}
	lexer := lexers.Get(language)
	if lexer == nil || lexer == lexers.Fallback {
		return nil
	}
	return chroma.Coalesce(lexer)
}

var chromaCSS = sync.OnceValue(func() string {
	light, dark := themeRules(lightTheme), themeRules(darkTheme)
	var b strings.Builder
	b.WriteString("/* Syntax highlighting for .chroma blocks: " + lightTheme + ", and " + darkTheme + " in dark mode. */\n")
	for _, r := range light {
		b.WriteString(r.text + "\n")
	}
	b.WriteString("@media (prefers-color-scheme: dark) {\n")
	// A token the dark theme leaves to the default text colour would keep
	// its light-theme colour (dark on dark) unless reset here.
	inDark := make(map[string]bool, len(dark))
	for _, r := range dark {
		inDark[r.selector] = true
	}
	var reset []string
	for _, r := range light {
		if !inDark[r.selector] {
			reset = append(reset, r.selector)
		}
	}
	if len(reset) > 0 {
		b.WriteString("  /* Not styled by " + darkTheme + " */ " + strings.Join(reset, ", ") +
			" { color: inherit; background-color: transparent; font-weight: inherit; font-style: inherit; text-decoration: inherit }\n")
	}
	for _, r := range dark {
		b.WriteString("  " + r.text + "\n")
	}
	b.WriteString("}\n")
	return b.String()
})

// ChromaCSS returns the stylesheet for the classes CodeBlock and Markdown
// emit: the light theme, then the dark theme inside
// @media (prefers-color-scheme: dark).
func ChromaCSS() string { return chromaCSS() }

// cssRule is one line of chroma's stylesheet: "/* Keyword */ .chroma .k { … }".
type cssRule struct {
	selector string // ".chroma .k"
	text     string
}

// themeRules returns one theme's rules. Chroma's ".bg" rule is dropped: it is
// unscoped, only used by standalone pages, and would style any element of the
// app that has a "bg" class.
func themeRules(theme string) []cssRule {
	var buf bytes.Buffer
	if err := formatter.WriteCSS(&buf, styles.Get(theme)); err != nil {
		return nil
	}
	var rules []cssRule
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		rest := line
		if strings.HasPrefix(rest, "/*") {
			if _, after, ok := strings.Cut(rest, "*/"); ok {
				rest = strings.TrimSpace(after)
			}
		}
		selector, _, ok := strings.Cut(rest, "{")
		selector = strings.TrimSpace(selector)
		if !ok || !strings.HasPrefix(selector, ".chroma") {
			continue
		}
		rules = append(rules, cssRule{selector: selector, text: line})
	}
	return rules
}
