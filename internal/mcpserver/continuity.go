package mcpserver

import (
	"context"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// addContinuityTools registers the continuity tools.
func addContinuityTools(s *mcp.Server, t *tools) {
	mcp.AddTool(s, &mcp.Tool{
		Name: "get_cross_conversational_summary",
		Description: "The cross-conversational summary of the steward's most relevant recent sessions (500–1,000 tokens of Markdown: " +
			"recent highlights, patterns across sessions, current context) and the sessions it came from.",
	}, t.getSummary)
}

// SummaryIn is the input of get_cross_conversational_summary.
type SummaryIn struct {
	Refresh bool `json:"refresh,omitempty" jsonschema:"build the summary anew from the latest sessions first"`
}

// SummaryOut is its output.
type SummaryOut struct {
	Tokens   int                   `json:"tokens"`
	Sessions []baton.SummarySource `json:"sessions"`
}

func (t *tools) getSummary(ctx context.Context, _ *mcp.CallToolRequest, in SummaryIn) (*mcp.CallToolResult, SummaryOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, SummaryOut{}, err
	}
	cs, err := c.Summary(ctx, in.Refresh)
	if err != nil {
		return nil, SummaryOut{}, err
	}
	return textResult(cs.Markdown), SummaryOut{Tokens: cs.Tokens, Sessions: cs.Sessions}, nil
}
