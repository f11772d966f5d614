package main

import (
	"log/slog"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/corrections"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
	"github.com/baton-dev/baton/web/comparison"
)

// services builds each of the server's services over the one store: one
// analysis service that the importer fills and every page reads, the
// continuity service over it, the replay service running replays with
// runner (nil when no model is configured), the frames service, and the
// corrections, which hand a corrected field on through continuity.
func services(env environment, st *store.Store, runner *replay.Runner, log *slog.Logger) (web.Services, error) {
	an := analysis.NewService(st)
	importer := ingest.NewWithAnalysis(st, an)
	if err := withModelAnalysis(env, st, importer); err != nil {
		return web.Services{}, err
	}
	cont := continuity.New(st, an)
	replays := replay.NewService(st, runner)
	replays.OnError = func(err error) { log.Error("replay run", "err", err) }
	return web.Services{
		Importer:    importer,
		Analysis:    an,
		Continuity:  cont,
		Comparisons: comparison.New(st),
		Replays:     replays,
		Frames:      frames.NewService(st),
		Corrections: corrections.New(st, cont.Corrected),
	}, nil
}
