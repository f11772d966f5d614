package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/replay"
)

// replayCmd is "baton replay run ID": run a prepared replay against the
// OpenAI-compatible server BATON_LLM_BASE_URL names (BATON_LLM_API_KEY or
// BATON_LLM_API_KEY_FILE is its key), as its steward.
func replayCmd(ctx context.Context, env environment, args []string, stdout io.Writer) error {
	if len(args) != 2 || args[0] != "run" {
		return fmt.Errorf("usage: baton replay run REPLAY_ID")
	}
	rn, err := llmRunner(env)
	if err != nil {
		return err
	}
	if rn == nil {
		return fmt.Errorf("set BATON_LLM_BASE_URL to an OpenAI-compatible server (as http://localhost:11434/v1) to run replays")
	}
	st, err := openStore(ctx, env, io.Discard)
	if err != nil {
		return err
	}
	defer st.Close()
	owner, err := st.ReplayOwner(ctx, args[1])
	if err != nil {
		return fmt.Errorf("replay %q: %s", args[1], baton.ErrorMessage(err))
	}
	r, err := replay.RunReplay(ctx, st, rn, owner, args[1])
	if err != nil {
		return fmt.Errorf("%s", baton.ErrorMessage(err))
	}
	if r.Status == baton.ReplayFailed {
		fmt.Fprintf(stdout, "replay %s failed: %s\n", r.ID, r.FailureReason)
		return nil
	}
	fmt.Fprintf(stdout, "replay %s %s\n", r.ID, r.Status)
	return nil
}

// llmRunner is the replay runner the model settings configure (see
// llmClient), or nil.
func llmRunner(env environment) (*replay.Runner, error) {
	c, err := llmClient(env)
	if err != nil || c == nil {
		return nil, err
	}
	if c.Provider() != llm.ProviderOpenAI {
		return nil, fmt.Errorf("BATON_LLM_PROVIDER: replays run against OpenAI-compatible servers only")
	}
	key, err := env.secret("BATON_LLM_API_KEY")
	if err != nil {
		return nil, err
	}
	return &replay.Runner{BaseURL: c.BaseURL(), APIKey: key, Now: time.Now}, nil
}
