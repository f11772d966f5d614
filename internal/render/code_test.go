package render

import (
	"regexp"
	"strings"
	"testing"
)

func TestCodeBlock(t *testing.T) {
	tests := []struct {
		name      string
		code      string
		language  string
		wantClass string // class of the <pre>
		wantSpan  string // a token span that must exist, "" for none
	}{
		{"no language is plain", "<b>hi</b> & bye", "", "code", ""},
		{"text is plain", "ok\n", "text", "code", ""},
		{"unknown language is plain", "ok\n", "klingon", "code", ""},
		{"go is highlighted", "package main\n", "go", "chroma", "span.kn"},
		{"language names are case-insensitive", "package main\n", "Go", "chroma", "span.kn"},
		{"json tool input", `{"path": "/tmp/x", "limit": 10}`, "json", "chroma", "span.nt"},
		{"aliases work", "echo hi\n", "sh", "chroma", "span.nb"},
		{"huge input falls back to plain", strings.Repeat("x = 1\n", maxHighlightBytes/6+1), "python", "code", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := parse(t, CodeBlock(tt.code, tt.language))
			assertInert(t, doc)
			pre := doc.Find("pre." + tt.wantClass + " > code")
			if pre.Length() != 1 {
				h, _ := doc.Html()
				t.Fatalf("want pre.%s > code, got %s", tt.wantClass, h)
			}
			if got := pre.Text(); got != tt.code {
				t.Errorf("text changed:\n got %q\nwant %q", got, tt.code)
			}
			if tt.wantSpan != "" && pre.Find(tt.wantSpan).Length() == 0 {
				h, _ := pre.Html()
				t.Errorf("no %s in %s", tt.wantSpan, h)
			}
			if tt.wantSpan == "" && pre.Find("*").Length() != 0 {
				t.Error("plain block should hold only text")
			}
		})
	}
}

func TestChromaCSS(t *testing.T) {
	css := ChromaCSS()
	light, dark, ok := strings.Cut(css, "@media (prefers-color-scheme: dark) {")
	if !ok {
		t.Fatal("no dark-mode media query")
	}
	for _, part := range []struct{ name, css string }{{"light", light}, {"dark", dark}} {
		for _, want := range []string{".chroma {", ".chroma .k {", ".chroma .s {", ".chroma .c {"} {
			if !strings.Contains(part.css, want) {
				t.Errorf("%s theme lacks %q", part.name, want)
			}
		}
		if strings.Contains(part.css, ".bg ") {
			t.Errorf("%s theme has the unscoped .bg rule", part.name)
		}
	}
	if strings.Count(css, "{") != strings.Count(css, "}") {
		t.Error("unbalanced braces")
	}
	if light == dark {
		t.Error("light and dark themes are identical")
	}
	// github styles punctuation (.p) in dark grey; github-dark leaves it to
	// the text colour, so dark mode must reset it or it is unreadable.
	if !strings.Contains(light, ".chroma .p {") || !regexp.MustCompile(`\.chroma \.p[ ,][^\n]*color: inherit`).MatchString(dark) {
		t.Error("dark mode does not reset tokens only the light theme colours")
	}
}
