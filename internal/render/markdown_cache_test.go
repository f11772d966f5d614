package render

import (
	"fmt"
	"strings"
	"testing"
)

// The cache answers what rendering answers, for the same source and for
// different ones, and stays within its bounds.
func TestMarkdownCacheAnswersAsRendering(t *testing.T) {
	c := &htmlCache{}
	renders := 0
	render := func(src string) string { renders++; return markdownHTML(src) }
	for _, src := range []string{"**bold** and `code`", "<script>alert(1)</script>", "**bold** and `code`", "# Title\n\n[x](javascript:alert(1))"} {
		if got, want := c.get(src, render), markdownHTML(src); got != want {
			t.Errorf("cached %q = %q; want %q", src, got, want)
		}
	}
	if renders != 3 {
		t.Errorf("rendered %d times for 3 distinct sources", renders)
	}
	for i := 0; i < markdownCacheEntries+10; i++ {
		c.get(fmt.Sprint("message ", i), func(s string) string { return s })
	}
	if len(c.entries) > markdownCacheEntries || c.bytes > markdownCacheBytes {
		t.Errorf("cache holds %d entries, %d bytes", len(c.entries), c.bytes)
	}
	big := strings.Repeat("x", markdownCacheLargest+1)
	c.get(big, func(s string) string { return s })
	if _, kept := c.entries[big]; kept {
		t.Error("a source over the largest size was kept")
	}
}
