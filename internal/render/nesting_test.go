package render

import (
	"strings"
	"testing"
)

func TestLimitNesting(t *testing.T) {
	deep := func(marker string, n int) string { return strings.Repeat(marker, n) }
	tests := []struct {
		name, src, want string
	}{
		{"ordinary message is untouched", sampleMessage, sampleMessage},
		{"nesting at the limit is untouched", deep("> ", maxNesting) + "x", deep("> ", maxNesting) + "x"},
		{"quotes beyond the limit become text", deep(">", maxNesting+3) + "x\nnext", deep(">", maxNesting) + `\>>>x` + "\nnext"},
		{"bullets beyond the limit become text", deep("- ", maxNesting) + "* * x", deep("- ", maxNesting) + `\* * x`},
		{"numbers beyond the limit become text", deep("1. ", maxNesting+1) + "x", deep("1. ", maxNesting) + `\1. x`},
		{"every deep line is cut", deep(">", 40) + "\n" + deep(">", 40), deep(">", 32) + `\` + deep(">", 8) + "\n" + deep(">", 32) + `\` + deep(">", 8)},
		{"a long thematic break is untouched", deep("- ", 50), deep("- ", 50)},
		{"fenced code is untouched", "```\n" + deep("> ", 40) + "\n```\n", "```\n" + deep("> ", 40) + "\n```\n"},
		{"text after a fence is cut again", "~~~\n~~~\n" + deep(">", 33), "~~~\n~~~\n" + deep(">", 32) + `\>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := limitNesting(tt.src); got != tt.want {
				t.Errorf("\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestMarkdownDeepNestingReadsAsText(t *testing.T) {
	doc := parse(t, Markdown(strings.Repeat(">", 40)+" deep"))
	if got := doc.Find("blockquote").Length(); got != maxNesting {
		t.Errorf("got %d nested quotes, want %d", got, maxNesting)
	}
	if !strings.Contains(doc.Text(), ">>>>>>>> deep") {
		t.Errorf("markers beyond the limit should read as text: %q", doc.Text())
	}
}
