// Command baton is Baton: the server and the commands that manage it.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "baton:", err)
		os.Exit(1)
	}
}

const usage = `usage: baton <command> [arguments]

commands:
  serve                                   start the web server and API
  migrate up|down|status                  apply, revert or list database migrations
  steward add USERNAME --password-file F  create a local steward
  token create USERNAME TOKEN_NAME        print a new personal access token
  import [--steward USERNAME] PATH…       import files or folders (structured JSON, Claude Code, Codex CLI, Gemini CLI, ChatGPT, Lex frames)
  hook                                    send a Claude Code hook event on stdin to BATON_URL
  watch [--dir PATH]… [--once]            keep ~/.claude, ~/.codex and ~/.gemini transcripts mirrored (local database, or BATON_URL)
  mcp                                     serve Baton's memory as MCP tools over stdio
  export markdown [--steward U] DIR       write users/U/sessions/*.md and cross_conversational_summary.md
  eval export [--steward U] [FILE]        write the steward's corrections as evaluation cases (JSON)
  frames remember|recall|timeline|import|export   Lex frames (baton frames help)
  replay run REPLAY_ID                    run a prepared replay against the model endpoint (BATON_LLM_*)
  healthcheck                             exit 0 when the server at BATON_ADDR answers /healthz (Docker HEALTHCHECK)
  version                                 print the version

environment:
  BATON_DATABASE_URL   sqlite:PATH (default sqlite:data/baton.db) or postgres://…
  BATON_ADDR           listen address for serve (default :8080)
  BATON_DEMO           1 seeds a demo steward on an empty database
  BATON_SESSION_SECRET cookie secret (or BATON_SESSION_SECRET_FILE)
  BATON_BASE_URL       public address, for sign-in callbacks and share links
  BATON_GITHUB_CLIENT_ID / _SECRET, BATON_GOOGLE_…, BATON_GITLAB_… (+ BATON_GITLAB_URL)
  BATON_OIDC_ISSUER, BATON_OIDC_CLIENT_ID / _SECRET, BATON_OIDC_NAME
                       sign in with GitHub, Google, GitLab, an OpenID Connect issuer
  BATON_TRUST_PROXY    1 takes client addresses from X-Forwarded-For (rate limits)
  BATON_API_RATE_LIMIT API requests per second per token (default 50; off)
  BATON_SECURE_COOKIES 1 marks cookies Secure (Baton served over TLS)
  BATON_URL, BATON_TOKEN (or BATON_TOKEN_FILE)
                       the server and token hook, watch and mcp use (BATON_HOOK_DIR, BATON_HOOK_DEBUG=1)
  BATON_PROJECT_DIR    the project mcp answers get_next_context for (default: the working directory)
  BATON_LLM_PROVIDER, BATON_LLM_BASE_URL, BATON_LLM_API_KEY (_FILE), BATON_LLM_MODEL, BATON_LLM_TIMEOUT
                       the model endpoint replays and model-written analysis call
  BATON_LLM_ANALYSIS   1 has the model write a closed session's analysis (BATON_LLM_ANALYSIS_MODEL,
                       BATON_LLM_ANALYSIS_DAILY_TOKENS, BATON_LLM_ANALYSIS_DAILY_USD bound it)
`

// run is the whole program; main only calls it, and tests call it too.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("no command given")
	}
	env := environment{getenv}
	switch args[0] {
	case "serve":
		return serve(ctx, env, stdout, stderr)
	case "migrate":
		return migrate(ctx, env, args[1:], stdout)
	case "steward":
		return stewardCmd(ctx, env, args[1:], stdout)
	case "token":
		return tokenCmd(ctx, env, args[1:], stdout)
	case "import":
		return importCmd(ctx, env, args[1:], stdout, stderr)
	case "hook":
		return hookCmd(ctx, env, stdin, stdout, stderr)
	case "watch":
		return watchCmd(ctx, env, args[1:], stdout, stderr)
	case "mcp":
		return mcpCmd(ctx, env, stdin, stdout)
	case "export": // continuity: a Markdown tree per steward
		return exportCmd(ctx, env, args[1:], stdout, stderr)
	case "eval":
		return evalCmd(ctx, env, args[1:], stdout, stderr)
	case "frames": // Lex frames
		return framesCmd(ctx, env, args[1:], stdin, stdout, stderr)
	case "replay": // run a prepared replay against BATON_LLM_BASE_URL
		return replayCmd(ctx, env, args[1:], stdout)
	case "healthcheck":
		return healthcheckCmd(ctx, env, stdout)
	case "version":
		fmt.Fprintln(stdout, "baton", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}

// environment reads configuration, with NAME_FILE variants for secrets.
type environment struct{ getenv func(string) string }

func (e environment) get(name, fallback string) string {
	if v := e.getenv(name); v != "" {
		return v
	}
	return fallback
}

// secret reads NAME, or the contents of the file NAME_FILE names.
func (e environment) secret(name string) (string, error) {
	if v := e.getenv(name); v != "" {
		return v, nil
	}
	if path := e.getenv(name + "_FILE"); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", fmt.Errorf("%s_FILE: %w", name, err)
		}
		return strings.TrimSpace(string(b)), nil
	}
	return "", nil
}

func (e environment) databaseURL() (string, error) {
	if v, err := e.secret("BATON_DATABASE_URL"); err != nil || v != "" {
		return v, err
	}
	return "sqlite:data/baton.db", nil
}
