package main

import (
	"context"
	"io"
	"time"

	"github.com/baton-dev/baton/internal/mcpserver"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpCmd is `baton mcp`: Baton's memory as MCP tools over stdio, answered by
// the Baton server at BATON_URL with BATON_TOKEN. Without them it still
// starts, and every tool says what to set. The project it answers
// get_next_context for is the folder it was started in (BATON_PROJECT_DIR,
// else PWD as the assistant passes it on).
func mcpCmd(ctx context.Context, env environment, stdin io.Reader, stdout io.Writer) error {
	c, err := apiClient(env, 30*time.Second)
	srv := mcpserver.New(c, err, version, env.get("BATON_PROJECT_DIR", env.get("PWD", "")))
	return srv.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}})
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
