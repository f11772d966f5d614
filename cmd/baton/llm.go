package main

import (
	"fmt"

	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/llm"
	"github.com/baton-dev/baton/internal/modelanalysis"
	"github.com/baton-dev/baton/internal/store"
)

// llmClient is the model client the environment configures (see
// llm.FromEnv for the BATON_LLM_* settings), or nil.
func llmClient(env environment) (*llm.Client, error) {
	return llm.FromEnv(env.getenv)
}

// modelWriter is the model-written analysis the environment turns on
// with BATON_LLM_ANALYSIS=1, or nil (the default: no session text leaves
// the machine unless asked); modelanalysis.ConfigFromEnv reads the rest.
func modelWriter(env environment, st *store.Store) (*modelanalysis.Writer, error) {
	switch on := env.get("BATON_LLM_ANALYSIS", "0"); on {
	case "0", "off", "":
		return nil, nil
	case "1", "on":
	default:
		return nil, fmt.Errorf("BATON_LLM_ANALYSIS: %q is neither 1 nor 0", on)
	}
	cfg, err := modelanalysis.ConfigFromEnv(env.getenv)
	if err != nil {
		return nil, fmt.Errorf("BATON_LLM_ANALYSIS: %w", err)
	}
	return modelanalysis.New(st, cfg), nil
}

// importerFor is an importer over st, with its own analysis service that
// has the model write its part when the BATON_LLM_* settings name one.
func importerFor(env environment, st *store.Store) (*ingest.Importer, error) {
	im := ingest.New(st)
	if err := withModelAnalysis(env, st, im); err != nil {
		return nil, err
	}
	return im, nil
}

// withModelAnalysis turns model-written analysis on for an importer's
// analysis when the environment asks for it.
func withModelAnalysis(env environment, st *store.Store, im *ingest.Importer) error {
	w, err := modelWriter(env, st)
	if err != nil || w == nil {
		return err
	}
	im.Analysis().SetModelWriter(w)
	return nil
}
