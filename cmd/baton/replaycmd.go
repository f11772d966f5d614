package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
)

// replayCmd is "baton replay run ID": run a prepared replay, as its
// steward, against the model the BATON_LLM_* settings name (see
// llmClient: an OpenAI-compatible server or Anthropic Messages), and wait
// for it to end.
func replayCmd(ctx context.Context, env environment, args []string, stdout io.Writer) error {
	if len(args) != 2 || args[0] != "run" {
		return fmt.Errorf("usage: baton replay run REPLAY_ID")
	}
	rn, err := llmRunner(env)
	if err != nil {
		return err
	}
	if rn == nil {
		return fmt.Errorf("set BATON_LLM_BASE_URL (as http://localhost:11434/v1 for Ollama) or BATON_LLM_PROVIDER=anthropic to run replays")
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
	r, err := replay.NewService(st, rn).Run(ctx, owner, args[1])
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
	return &replay.Runner{Model: c, Now: time.Now}, nil
}
