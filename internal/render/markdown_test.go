package render

import (
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// parse reads rendered HTML as a document, the way a browser would.
func parse(t testing.TB, h string) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(h))
	if err != nil {
		t.Fatalf("parse HTML: %v", err)
	}
	return doc
}

// assertInert fails if the HTML carries anything a browser would run or
// anything the CSP would refuse: scripts, event handlers, inline styles,
// non-http(s) link targets.
func assertInert(t *testing.T, doc *goquery.Document) {
	t.Helper()
	for _, sel := range []string{"script", "style", "iframe", "object", "embed", "form", "[style]"} {
		if n := doc.Find(sel).Length(); n != 0 {
			t.Errorf("found %d %q", n, sel)
		}
	}
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			if strings.HasPrefix(strings.ToLower(a.Key), "on") {
				t.Errorf("<%s> has event handler %s=%q", goquery.NodeName(s), a.Key, a.Val)
			}
			if a.Key == "href" || a.Key == "src" {
				v := strings.ToLower(strings.TrimSpace(a.Val))
				if strings.Contains(v, "script:") || strings.HasPrefix(v, "data:") {
					t.Errorf("<%s> has %s=%q", goquery.NodeName(s), a.Key, a.Val)
				}
			}
		}
	})
}

func TestMarkdown(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		check func(t *testing.T, doc *goquery.Document)
	}{
		{
			name: "fenced go block is highlighted with classes",
			src:  "Here:\n\n```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```\n",
			check: func(t *testing.T, doc *goquery.Document) {
				code := doc.Find("pre.chroma code")
				if code.Length() != 1 {
					t.Fatalf("want one pre.chroma code, got %d", code.Length())
				}
				if code.Find("span.kd").Text() != "func" {
					t.Errorf("keyword span: got %q, want %q", code.Find("span.kd").Text(), "func")
				}
				if !strings.Contains(code.Text(), `fmt.Println("hi")`) {
					t.Errorf("code text lost: %q", code.Text())
				}
				if v, _ := doc.Find("pre").Attr("tabindex"); v != "0" {
					t.Errorf("pre should be focusable for keyboard scrolling, tabindex=%q", v)
				}
			},
		},
		{
			name: "fence without a language is plain",
			src:  "```\n<b>not bold</b>\n```\n",
			check: func(t *testing.T, doc *goquery.Document) {
				if got := doc.Find("pre.code code").Text(); got != "<b>not bold</b>\n" {
					t.Errorf("plain code text: got %q", got)
				}
				if doc.Find("b").Length() != 0 {
					t.Error("markup inside code was interpreted")
				}
			},
		},
		{
			name: "fence with an unknown language is plain",
			src:  "```no-such-language\nx := 1\n```\n",
			check: func(t *testing.T, doc *goquery.Document) {
				if doc.Find("pre.code code").Text() != "x := 1\n" {
					t.Errorf("got %q", doc.Find("pre").Text())
				}
			},
		},
		{
			name: "script element is shown as text, not run",
			src:  "hello <script>alert(1)</script> world\n\n<script>\nalert(2)\n</script>\n",
			check: func(t *testing.T, doc *goquery.Document) {
				if !strings.Contains(doc.Find("p").Text(), "<script>alert(1)</script>") {
					t.Errorf("inline script should read as text, got %q", doc.Find("p").Text())
				}
				if !strings.Contains(doc.Find("pre").Text(), "alert(2)") {
					t.Errorf("script block should read as code, got %q", doc.Text())
				}
			},
		},
		{
			name: "event handler attributes never become attributes",
			src:  `<img src="x" onerror="alert(1)"> and <a href="#" onclick="alert(1)">x</a>` + "\n\ninline <svg onload=alert(1)>\n",
			check: func(t *testing.T, doc *goquery.Document) {
				if n := doc.Find("img, svg, a").Length(); n != 0 {
					t.Errorf("raw HTML became %d elements", n)
				}
			},
		},
		{
			name: "javascript links lose their link but keep their text",
			src: "[one](javascript:alert(1)) [two](JaVaScRiPt:alert(1)) [three](javascript&#58;alert(1)) " +
				"[four](<java script:alert(1)>) <javascript:alert(1)> [five](vbscript:x) [six](data:text/html,<b>)",
			check: func(t *testing.T, doc *goquery.Document) {
				if n := doc.Find("a").Length(); n != 0 {
					h, _ := doc.Html()
					t.Errorf("want no links, got %d: %s", n, h)
				}
				for _, w := range []string{"one", "two", "three", "four", "five", "six"} {
					if !strings.Contains(doc.Text(), w) {
						t.Errorf("link text %q lost", w)
					}
				}
			},
		},
		{
			name: "javascript image is reduced to its alt text",
			src:  "![a cat](javascript:alert(1)) ![a dog](https://example.com/dog.png)",
			check: func(t *testing.T, doc *goquery.Document) {
				img := doc.Find("img")
				if img.Length() != 1 {
					t.Fatalf("want one img, got %d", img.Length())
				}
				if src, _ := img.Attr("src"); src != "https://example.com/dog.png" {
					t.Errorf("src=%q", src)
				}
				if alt, _ := img.Attr("alt"); alt != "a dog" {
					t.Errorf("alt=%q", alt)
				}
				if !strings.Contains(doc.Text(), "a cat") {
					t.Error("alt text of the refused image lost")
				}
			},
		},
		{
			name: "links are nofollow noopener without target",
			src:  "See [the docs](https://go.dev/doc \"Go docs\") and [a section](#usage).",
			check: func(t *testing.T, doc *goquery.Document) {
				links := doc.Find("a")
				if links.Length() != 2 {
					t.Fatalf("want 2 links, got %d", links.Length())
				}
				links.Each(func(_ int, a *goquery.Selection) {
					if rel, _ := a.Attr("rel"); rel != "nofollow noopener" {
						t.Errorf("rel=%q", rel)
					}
					if _, ok := a.Attr("target"); ok {
						t.Error("target should be absent")
					}
				})
				if doc.Find(`a[href="https://go.dev/doc"][title="Go docs"]`).Length() != 1 {
					t.Error("absolute link with title missing")
				}
				if doc.Find(`a[href="#usage"]`).Length() != 1 {
					t.Error("fragment link missing")
				}
			},
		},
		{
			name: "bare URLs and emails are linked",
			src:  "Visit https://example.com/a?b=c, www.example.org or mail me@example.com.",
			check: func(t *testing.T, doc *goquery.Document) {
				for _, sel := range []string{
					`a[href="https://example.com/a?b=c"][rel="nofollow noopener"]`,
					`a[href="http://www.example.org"]`,
					`a[href="mailto:me@example.com"]`,
				} {
					if doc.Find(sel).Length() != 1 {
						h, _ := doc.Html()
						t.Errorf("missing %s in %s", sel, h)
					}
				}
			},
		},
		{
			name: "GFM table",
			src:  "| Name | Count |\n|:-----|------:|\n| a | 1 |\n| b | 22 |\n",
			check: func(t *testing.T, doc *goquery.Document) {
				if n := doc.Find("table thead th").Length(); n != 2 {
					t.Errorf("header cells: %d", n)
				}
				if n := doc.Find("table tbody tr").Length(); n != 2 {
					t.Errorf("body rows: %d", n)
				}
				if v, _ := doc.Find("tbody td").Eq(1).Attr("align"); v != "right" {
					t.Errorf("alignment should be an attribute, not a style: align=%q", v)
				}
			},
		},
		{
			name: "strikethrough, emphasis and inline code",
			src:  "~~old~~ **new** `x < y`",
			check: func(t *testing.T, doc *goquery.Document) {
				if doc.Find("del").Text() != "old" || doc.Find("strong").Text() != "new" || doc.Find("code").Text() != "x < y" {
					h, _ := doc.Html()
					t.Errorf("got %s", h)
				}
			},
		},
		{
			name: "task list renders read-only checkboxes",
			src:  "- [x] done\n- [ ] todo\n",
			check: func(t *testing.T, doc *goquery.Document) {
				boxes := doc.Find(`li input[type="checkbox"][disabled]`)
				if boxes.Length() != 2 {
					t.Fatalf("want 2 disabled checkboxes, got %d", boxes.Length())
				}
				if _, ok := boxes.Eq(0).Attr("checked"); !ok {
					t.Error("first box should be checked")
				}
				if _, ok := boxes.Eq(1).Attr("checked"); ok {
					t.Error("second box should not be checked")
				}
			},
		},
		{
			name: "inline tags read as text",
			src:  "Press <kbd>Ctrl</kbd> or wrap it in a <div> element.",
			check: func(t *testing.T, doc *goquery.Document) {
				if doc.Find("kbd, div").Length() != 0 {
					t.Error("inline HTML became elements")
				}
				if want := "Press <kbd>Ctrl</kbd> or wrap it in a <div> element."; doc.Find("p").Text() != want {
					t.Errorf("got %q, want %q", doc.Find("p").Text(), want)
				}
			},
		},
		{
			name: "HTML block reads as highlighted HTML source",
			src:  "<div class=\"x\">\n  <p>hi</p>\n</div>\n",
			check: func(t *testing.T, doc *goquery.Document) {
				if doc.Find("div.x, p").Length() != 0 {
					t.Error("HTML block became elements")
				}
				if !strings.Contains(doc.Find("pre.chroma").Text(), `<div class="x">`) {
					t.Errorf("HTML block text: %q", doc.Text())
				}
			},
		},
		{
			name: "headings, lists and quotes",
			src:  "# Title\n\n> quoted\n\n1. one\n2. two\n\n---\n",
			check: func(t *testing.T, doc *goquery.Document) {
				for sel, want := range map[string]int{"h1": 1, "blockquote p": 1, "ol li": 2, "hr": 1} {
					if got := doc.Find(sel).Length(); got != want {
						t.Errorf("%s: got %d, want %d", sel, got, want)
					}
				}
				if _, ok := doc.Find("h1").Attr("id"); ok {
					t.Error("headings should not get ids that could clash with message anchors")
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := parse(t, Markdown(tt.src))
			assertInert(t, doc)
			tt.check(t, doc)
		})
	}
}

// largeInputs are about a megabyte each of shapes that make naive
// Markdown parsers or highlighters go quadratic.
func largeInputs() map[string]string {
	const size = 1 << 20
	fill := func(unit string) string { return strings.Repeat(unit, size/len(unit)+1)[:size] }
	return map[string]string{
		"prose":           fill("Some *emphasis*, a [link](https://example.com) and `code`.\n\n"),
		"one huge fence":  "```go\n" + fill("x := map[string]int{\"a\": 1} // c\n") + "```\n",
		"many fences":     fill("```python\ndef f(x):\n    return x * 2\n```\n\n"),
		"open brackets":   fill("["),
		"open emphasis":   fill("*a _b "),
		"nested quotes":   fill(">"),
		"nested bullets":  fill("- * "),
		"nested numbers":  fill("1. "),
		"deep lines":      fill(strings.Repeat("> ", 40) + "text\n"),
		"rule of dashes":  fill("- "),
		"backticks":       fill("`"),
		"angle brackets":  fill("<a "),
		"long table":      "| a | b |\n|---|---|\n" + fill("| x | y |\n"),
		"unclosed fence":  "```js\n" + fill("let a = `${b}`;\n"),
		"html block tags": fill("<div>\n"),
	}
}

// TestMarkdownLargeInputs renders each large input whole. How long that
// takes is BenchmarkMarkdownLargeInputs's to measure, not a unit test's:
// a quadratic blow-up shows there (and hits go test's timeout here).
func TestMarkdownLargeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("megabyte inputs take seconds")
	}
	for name, src := range largeInputs() {
		t.Run(name, func(t *testing.T) {
			out := Markdown(src)
			if len(out) == 0 {
				t.Fatal("empty output")
			}
			t.Logf("%d KB in, %d KB out", len(src)>>10, len(out)>>10)
		})
	}
}

// BenchmarkMarkdownLargeInputs is the time budget of the large inputs
// (make bench): each should take well under a second on one core.
func BenchmarkMarkdownLargeInputs(b *testing.B) {
	for name, src := range largeInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Markdown(src)
			}
		})
	}
}

// TestMarkdownConcurrent is meant for -race: the package-level parser,
// highlighter and policy are shared by every request.
func TestMarkdownConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	want := Markdown(sampleMessage)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				if got := Markdown(sampleMessage); got != want {
					t.Error("concurrent render differs")
					return
				}
				_ = CodeBlock(`{"a": [1, 2]}`, "json")
			}
		}()
	}
	wg.Wait()
}

// sampleMessage is a typical assistant reply: prose, a list, a code block.
const sampleMessage = "You're right that the handler swallows the error. The problem is in `loadSession`: when the\n" +
	"row is missing, `sql.ErrNoRows` is wrapped twice, so `errors.Is` in the caller never matches and\n" +
	"the user sees a **500** instead of a 404.\n\n" +
	"Here's a fix that keeps the error code in one place:\n\n" +
	"```go\n" +
	"func (s *Store) SessionByID(ctx context.Context, stewardID, id int64) (*baton.Session, error) {\n" +
	"\tvar row sessionRow\n" +
	"\terr := s.db.NewSelect().Model(&row).\n" +
	"\t\tWhere(\"id = ? AND steward_id = ?\", id, stewardID).\n" +
	"\t\tScan(ctx)\n" +
	"\tif errors.Is(err, sql.ErrNoRows) {\n" +
	"\t\treturn nil, baton.Errorf(baton.ENOTFOUND, \"session %d not found\", id)\n" +
	"\t} else if err != nil {\n" +
	"\t\treturn nil, fmt.Errorf(\"select session %d: %w\", id, err)\n" +
	"\t}\n" +
	"\treturn row.toDomain(), nil\n" +
	"}\n" +
	"```\n\n" +
	"A few things to note:\n\n" +
	"1. The `steward_id` condition sits in the query itself, so a steward can never read another\n" +
	"   steward's session even if a handler forgets to check.\n" +
	"2. `ENOTFOUND` maps to **404** in the one table in `web/errors.go`; nothing else needs to change.\n" +
	"3. The wrapped error keeps the cause for the logs, while the user only sees *Not found*.\n\n" +
	"| Case | Before | After |\n|---|---|---|\n| missing row | 500 | 404 |\n| other steward | 200 (!) | 404 |\n\n" +
	"> If you'd rather keep `loadSession`, the same two lines work there — just make sure the\n" +
	"> `errors.Is` check happens *before* wrapping.\n\n" +
	"Want me to add a test that boots the server on `:0` and asserts the 404? See https://go.dev/blog/go1.13-errors for background.\n"

func BenchmarkMarkdown(b *testing.B) {
	b.SetBytes(int64(len(sampleMessage)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Markdown(sampleMessage)
	}
}

func TestMarkdownHighlightBudget(t *testing.T) {
	block := "```go\n" + strings.Repeat("x := 1\n", 1000) + "```\n\n"
	n := maxHighlightPerMessage/(7*1000) + 5
	doc := parse(t, Markdown(strings.Repeat(block, n)))
	highlighted, plain := doc.Find("pre.chroma").Length(), doc.Find("pre.code").Length()
	if highlighted == 0 || plain == 0 || highlighted+plain != n {
		t.Errorf("got %d highlighted and %d plain blocks of %d; want the budget to switch to plain part-way", highlighted, plain, n)
	}
}
