package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestMCPToolCalls: a call to an MCP server's tool uses MCP and the
// product the server is for, whether the agent made the call or a
// transcript kept as text records it; the editor's bridge for the
// agent's own tools and a call that failed show neither.
func TestMCPToolCalls(t *testing.T) {
	techs := func(c *convo) []string {
		s := &baton.Session{}
		New().Session(s, c.analysed(New()))
		return s.Technical.Technologies
	}
	c := newConvo()
	c.steward("which tickets are still open for the billing page?")
	c.tool("mcp__linear__list_issues", obj{"team": "billing"}, `[{"id": "BIL-4"}]`, "")
	if got := techs(c); !slices.Contains(got, "MCP") || !slices.Contains(got, "Linear") {
		t.Errorf("a Linear MCP call: %q", got)
	}

	c = newConvo()
	c.steward("tidy the header comment")
	c.tool("mcp__acp__Read", obj{"file_path": "/w/notes.txt"}, "hello", "")
	c.tool("mcp__sentry__get_issue", obj{"id": "9"}, "", "permission denied")
	if got := techs(c); slices.Contains(got, "MCP") || slices.Contains(got, "Sentry") {
		t.Errorf("the bridge's own Read and a failed call: %q", got)
	}

	c = newConvo()
	c.steward("look up how other people cache the rendered pages")
	c.assistant("I'll search for that.\n\nTool use: **mcp_firecrawl_search**\n\n" +
		"<details>\n<summary>MCP tool call</summary>\n\n*Called tool*: firecrawl - search: Search the web.\n\n</details>\n\n" +
		"Tool use: **mcp__context7__get-library-docs**\n\nThe docs say to cache at the edge.")
	if got := techs(c); !slices.Contains(got, "MCP") || !slices.Contains(got, "Firecrawl") || !slices.Contains(got, "Context7") {
		t.Errorf("calls recorded as text: %q", got)
	}

	c = newConvo()
	c.steward("could an MCP server for Notion help here?")
	c.assistant("A Notion MCP server could list the pages, yes.")
	if got := techs(c); slices.Contains(got, "Notion") {
		t.Errorf("a server only talked about: %q", got)
	}
}
