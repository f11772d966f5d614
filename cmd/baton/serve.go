package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/demo"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web"
)

// Demo credentials, printed in the log and the README.
const (
	demoUsername = "demo"
	demoPassword = "demo-steward"
)

func serve(ctx context.Context, env environment, stdout, stderr io.Writer) error {
	log := slog.New(slog.NewTextHandler(stderr, nil))
	st, err := openStore(ctx, env, stderr)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.ClaimSingleProcess(); err != nil {
		return err
	}

	secret, err := env.secret("BATON_SESSION_SECRET")
	if err != nil {
		return err
	}
	if secret == "" {
		// Kept in the database so every instance signs cookies alike.
		if secret, err = st.SetSettingOnce(ctx, "session_secret", auth.RandomString(32)); err != nil {
			return err
		}
	}
	cfg := web.Config{SecureCookies: env.get("BATON_SECURE_COOKIES", "") == "1"}
	if err := identityConfig(env, &cfg); err != nil {
		return err
	}
	runner, err := llmRunner(env) // replays' Run button
	if err != nil {
		return err
	}
	svc, err := services(env, st, runner, log)
	if err != nil {
		return err
	}
	// Replays run in the background; runs a previous process left running
	// are failed with the reason before anything is served.
	if n, err := svc.Replays.Recover(ctx, st.Dialect() == store.SQLite); err != nil {
		return err
	} else if n > 0 {
		log.Warn("replay runs left running by a stopped server were marked failed", "runs", n)
	}
	if env.get("BATON_DEMO", "0") == "1" {
		if err := seedDemo(ctx, st, svc.Importer, log); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
		cfg.DemoHint = "Demo install: sign in as " + demoUsername + " / " + demoPassword
	}

	// An import's temporary files go when it ends; those a stopped
	// server left behind go now.
	if n, err := web.RemoveStaleUploads(os.TempDir(), time.Now().Add(-web.StaleUploadAge)); err != nil {
		log.Warn("removing stale upload folders", "removed", n, "err", err)
	} else if n > 0 {
		log.Info("removed upload folders a stopped server left", "folders", n, "dir", os.TempDir())
	}

	indexCtx, stopIndexer := context.WithCancel(ctx)
	defer stopIndexer()
	go st.RunIndexer(indexCtx, func(err error) { log.Error("search indexer", "err", err) })
	go svc.Analysis.Run(indexCtx, func(err error) { log.Error("analysis worker", "err", err) })
	go svc.Replays.Upkeep(indexCtx)

	addr := env.get("BATON_ADDR", ":8080")
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           web.New(st, svc, secret, log, cfg),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
	fmt.Fprintf(stdout, "Baton %s listening on http://%s\n", version, displayAddr(ln.Addr()))
	if cfg.DemoHint != "" {
		fmt.Fprintf(stdout, "Sign in as %s / %s\n", demoUsername, demoPassword)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if err := svc.Replays.Close(shutdownCtx); err != nil { // runs in progress end failed, with the reason
		return err
	}
	return svc.Importer.Hooks().Wait(shutdownCtx) // hooked sessions still being built, before the store closes
}

func displayAddr(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		return fmt.Sprintf("localhost:%d", tcp.Port)
	}
	return a.String()
}

// seedDemo creates the demo steward and its sample sessions, once. Two
// instances started together on one database both start: on PostgreSQL
// the second waits for the first's seeding (an advisory lock) and finds
// the demo there; on SQLite the one whose demo steward came second leaves
// the seeding to the first.
func seedDemo(ctx context.Context, st *store.Store, importer *ingest.Importer, log *slog.Logger) error {
	return st.WithLock(ctx, "demo seed", func() error { return seedDemoOnce(ctx, st, importer, log) })
}

func seedDemoOnce(ctx context.Context, st *store.Store, importer *ingest.Importer, log *slog.Logger) error {
	if _, err := st.StewardByUsername(ctx, demoUsername); err == nil {
		return nil
	} else if baton.ErrorCode(err) != baton.ENOTFOUND {
		return err
	}
	hash, err := auth.HashPassword(demoPassword)
	if err != nil {
		return err
	}
	steward := &baton.Steward{Username: demoUsername, DisplayName: "Demo Steward", PasswordHash: hash}
	if err := st.CreateSteward(ctx, steward); baton.ErrorCode(err) == baton.ECONFLICT {
		log.Info("demo steward created by another instance, which seeds it", "username", demoUsername)
		return nil
	} else if err != nil {
		return err
	}
	start := time.Now()
	results, err := importer.Documents(ctx, steward.ID, demo.Documents(time.Now()), nil)
	if err != nil {
		return err
	}
	var ids []string
	for _, r := range results {
		if r.Status == baton.ImportRejected {
			return fmt.Errorf("demo document %s rejected: %s", r.Key, r.Error)
		}
		ids = append(ids, r.SessionID)
	}
	// Continuity: bridges (a draft, a published one), markers, the summary.
	if err := demo.Continuity(ctx, st, importer.Analysis(), steward.ID, ids); err != nil {
		return fmt.Errorf("demo continuity: %w", err)
	}
	// Annotations: the review page and review blocks show comments, labels and scores.
	if err := demo.Annotations(ctx, st, steward.ID, ids); err != nil {
		return fmt.Errorf("demo annotations: %w", err)
	}
	// Lex frames: the demo's frames follow its sessions.
	if _, err := frames.NewService(st).Import(ctx, steward.ID, demo.Frames(time.Now())); err != nil {
		return fmt.Errorf("demo frames: %w", err)
	}
	// Replay and comparison: a replay, a comparison shared with
	// the demo team, whose member "reviewer" signs in with the demo password.
	if err := demo.SeedReplay(ctx, st, steward.ID, hash); err != nil {
		return err
	}
	log.Info("seeded demo steward", "username", demoUsername, "sessions", len(results), "ms", time.Since(start).Milliseconds())
	return nil
}
