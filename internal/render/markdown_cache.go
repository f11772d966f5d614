package render

import "sync"

// markdownCache keeps the HTML of recently rendered Markdown, by source.
// Markdown is a pure function of its source, and a transcript page renders
// the same messages for every reader and every view: on the realistic mix
// (make load) rendering a page's messages again was a tenth of the page's
// CPU. Sources above markdownCacheLargest are rendered every time; a full
// cache starts over.
var markdownCache = &htmlCache{}

const (
	markdownCacheEntries = 8192
	markdownCacheBytes   = 32 << 20
	markdownCacheLargest = 64 << 10
)

type htmlCache struct {
	mu      sync.Mutex
	entries map[string]string
	bytes   int
}

// get returns render(src), from the cache when it holds src.
func (c *htmlCache) get(src string, render func(string) string) string {
	if len(src) > markdownCacheLargest {
		return render(src)
	}
	c.mu.Lock()
	html, ok := c.entries[src]
	c.mu.Unlock()
	if ok {
		return html
	}
	html = render(src)
	size := len(src) + len(html)
	c.mu.Lock()
	if c.entries == nil || len(c.entries) >= markdownCacheEntries || c.bytes+size > markdownCacheBytes {
		c.entries, c.bytes = map[string]string{}, 0
	}
	if _, had := c.entries[src]; !had {
		c.entries[src] = html
		c.bytes += size
	}
	c.mu.Unlock()
	return html
}
