package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/baton-dev/baton/internal/client"
	"github.com/baton-dev/baton/internal/hookclient"
)

// hookCmd is `baton hook`, run by Claude Code for each hook event: it sends
// the payload on stdin (and the transcript lines not sent yet) to the Baton
// server at BATON_URL with BATON_TOKEN, and on SessionStart prints the
// continuity context, which Claude Code adds to the new session. It never
// fails the hook: it returns nil whatever happens, and says what went wrong
// on stderr only when BATON_HOOK_DEBUG=1.
func hookCmd(ctx context.Context, env environment, stdin io.Reader, stdout, stderr io.Writer) error {
	var log io.Writer
	if env.get("BATON_HOOK_DEBUG", "") == "1" {
		log = stderr
	}
	cfg := hookclient.Config{Dir: env.get("BATON_HOOK_DIR", ""), Log: log}
	if cfg.Dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			home = os.TempDir()
		}
		cfg.Dir = filepath.Join(home, ".baton", "hooks")
	}
	c, err := apiClient(env, hookclient.DefaultRequestTimeout)
	if err != nil && log != nil {
		fmt.Fprintln(log, "baton hook:", err, "(the event waits in the spool)")
	}
	cfg.Client = c
	_ = hookclient.Run(ctx, cfg, stdin, stdout) // Run reports to cfg.Log itself
	return nil
}

// apiClient is a client of the Baton server named by BATON_URL (default
// http://localhost:8080), with the token in BATON_TOKEN (or the file
// BATON_TOKEN_FILE names).
func apiClient(env environment, timeout time.Duration) (*client.Client, error) {
	token, err := env.secret("BATON_TOKEN")
	if err != nil {
		return nil, err
	}
	return client.New(env.get("BATON_URL", "http://localhost:8080"), token, "baton/"+version, timeout)
}
