package analysis

import "strings"

// A call to a tool an MCP server serves uses MCP and the product the
// server is for: Claude Code names the call "mcp__server__tool", Cursor
// "mcp_server_tool", and SpecStory's record of Cursor writes "*Called
// tool*: server - tool". The servers an editor or the agent itself runs
// for the agent's own tools (Zed's "acp", Claude Code's "ide") are not
// the session's use of MCP.
var agentOwnMCPServers = set("acp", "ide")

// mcpServerTechnologies are products known by the name of their MCP
// server, where the name alone says little elsewhere.
var mcpServerTechnologies = map[string]string{
	"brightdata": "Bright Data", "bright-data": "Bright Data", "task-master": "Task Master",
	"taskmaster": "Task Master", "task-master-ai": "Task Master", "taskmaster-ai": "Task Master",
	"basic-memory": "Basic Memory", "context7": "Context7", "perplexity": "Perplexity",
	"perplexity-ask": "Perplexity", "linear": "Linear", "notion": "Notion", "slack": "Slack",
	"atlassian": "Jira", "jira": "Jira", "sentry": "Sentry", "stripe": "Stripe", "figma": "Figma",
	"github": "GitHub", "gitlab": "GitLab", "supabase": "Supabase", "playwright": "Playwright",
	"puppeteer": "Puppeteer", "firecrawl": "Firecrawl", "exa": "Exa", "tavily": "Tavily",
	"deepwiki": "DeepWiki", "serena": "Serena", "chrome-devtools": "Chrome DevTools",
	"postgres": "PostgreSQL", "postgresql": "PostgreSQL", "sqlite": "SQLite", "redis": "Redis",
	"mongodb": "MongoDB", "cloudflare": "Cloudflare", "vercel": "Vercel", "neon": "Neon",
}

// mcpServerAffixes are the words a server's name adds to the product's.
var mcpServerAffixes = []string{"mcp-server-", "server-", "mcp-", "mcp_", "c-"}
var mcpServerSuffixes = []string{"-mcp-server", "-server", "-mcp", "_mcp"}

// mcpServerTechnology names the product an MCP server is for, or "".
func mcpServerTechnology(server string) string {
	s := strings.ToLower(strings.TrimSpace(server))
	for _, a := range mcpServerAffixes {
		s = strings.TrimPrefix(s, a)
	}
	for _, a := range mcpServerSuffixes {
		s = strings.TrimSuffix(s, a)
	}
	return mcpServerTechnologies[s]
}

// mcpCallServer is the MCP server a tool call's name says it went to
// ("mcp__github__get_pr" went to github), or "".
func mcpCallServer(name string) string {
	rest, ok := strings.CutPrefix(name, "mcp__")
	if !ok {
		return ""
	}
	server, _, found := strings.Cut(rest, "__")
	if !found || agentOwnMCPServers[strings.ToLower(server)] {
		return ""
	}
	return server
}

// mcpCallsInText lists the MCP servers a transcript kept as text shows
// calls to: "*Called tool*: brightdata - search_engine" and "Tool use:
// **mcp__task-master__add_task**" (also Cursor's "mcp_server_tool",
// whose server is found when it is a known one).
func mcpCallsInText(content string) []string {
	if !strings.Contains(content, "Called tool") && !strings.Contains(content, "mcp_") {
		return nil
	}
	var out []string
	for l := range strings.SplitSeq(truncate(content, maxTurnText), "\n") {
		l = strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(l, "*Called tool*: "); ok {
			if server, _, found := strings.Cut(rest, " - "); found && server != "" && !strings.Contains(server, " ") {
				out = append(out, server)
			}
			continue
		}
		rest, ok := strings.CutPrefix(l, "Tool use: **")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, "**")
		if server := mcpCallServer(name); server != "" {
			out = append(out, server)
			continue
		}
		if rest, ok := strings.CutPrefix(name, "mcp_"); ok && !strings.HasPrefix(rest, "_") {
			// Cursor's "mcp_brightdata_search_engine": the known server
			// its name opens with.
			for i := len(rest); i > 0; i = strings.LastIndexByte(rest[:i], '_') {
				if mcpServerTechnology(rest[:i]) != "" {
					out = append(out, rest[:i])
					break
				}
			}
		}
	}
	return out
}

// mcpTechnologies adds what one call to server shows in use: MCP, and
// the product the server is for.
func mcpTechnologies(server string, te *techEvidence) {
	te.add("MCP", evidenceUsed, "called a tool of the MCP server "+server)
	te.add(mcpServerTechnology(server), evidenceUsed, "called a tool of its MCP server "+server)
}
