package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionRequestedMeans: a steward's request that names what to
// build with is a decision when the session uses it; a means that is no
// technology, a question and a sentence about the steward are not.
func TestDecisionRequestedMeans(t *testing.T) {
	c := newConvo()
	c.steward("let's build the cache layer using Redis, because restarts must keep the data.")
	c.assistant("I'll add the Redis client.")
	c.shell("go get github.com/redis/go-redis/v9")
	c.tool("Write", map[string]any{"file_path": "cache/redis.go", "content": "package cache\n\nimport \"github.com/redis/go-redis/v9\"\n"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "let's build the cache layer using Redis", Rationale: "restarts must keep the data"}})

	c = newConvo()
	c.steward("let's lay the page out using the old grid")
	c.tool("Write", map[string]any{"file_path": "page.html", "content": "<div></div>"}, "ok", "")
	checkDecisions(t, c, nil) // no technology named

	c = newConvo()
	c.steward("could we build the cache layer using Redis?")
	c.shell("go get github.com/redis/go-redis/v9")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("I don't have many constraints beyond using Redis.")
	c.shell("go get github.com/redis/go-redis/v9")
	checkDecisions(t, c, nil)
}

// TestDecisionMeansOrdered: a steward's sentence that is itself the order
// to build with something ("use pnpm", "請使用 curl") is a decision when
// the session then uses it; a "use" of something that is no technology is
// an instruction about the work, not a choice of means.
func TestDecisionMeansOrdered(t *testing.T) {
	c := newConvo()
	c.steward("the install keeps failing with npm")
	c.assistant("Let me retry the install.")
	c.steward("just use pnpm")
	c.shell("pnpm install")
	checkDecisions(t, c, []baton.Decision{{Decision: "just use pnpm"}})

	c = newConvo()
	c.steward("下載那個檔案")
	c.assistant("我用 fetch 工具下載。")
	c.steward("請使用 curl")
	c.shell("curl -O https://example.org/data.csv")
	checkDecisions(t, c, []baton.Decision{{Decision: "請使用 curl"}})

	c = newConvo()
	c.steward("use the old layout notes as the reference")
	c.tool("Write", map[string]any{"file_path": "page.html", "content": "<div></div>"}, "ok", "")
	checkDecisions(t, c, nil) // no technology named
}
