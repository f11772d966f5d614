package main

import (
	"log/slog"

	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
)

// services builds the server's services over the one store (web.NewServices):
// the importer analyses with the model when one is configured, and the
// replay service runs replays with runner (nil when no model is
// configured) and logs what a background run fails on.
func services(env environment, st *store.Store, runner *replay.Runner, log *slog.Logger) (web.Services, error) {
	importer := ingest.New(st)
	if err := withModelAnalysis(env, st, importer); err != nil {
		return web.Services{}, err
	}
	svc := web.NewServices(st, importer, runner)
	svc.Replays.OnError = func(err error) { log.Error("replay run", "err", err) }
	return svc, nil
}
