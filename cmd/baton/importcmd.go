package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/store"
)

func importCmd(ctx context.Context, env environment, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	username := fs.String("steward", "", "steward to import for (default: the only steward)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("usage: baton import [--steward USERNAME] FILE…")
	}
	st, steward, err := openForSteward(ctx, env, *username)
	if err != nil {
		return err
	}
	defer st.Close()
	im, err := importerFor(env, st)
	if err != nil {
		return err
	}
	// The files are a backlog read in one go, as a watcher's first sync.
	defer ingest.CatchUpGC()()
	// Every file is imported or reported; the exit status says whether
	// anything was rejected. Warnings (parts an importer skipped) go to
	// stderr, as the upload page shows them.
	failed, total := 0, 0
	for _, path := range fs.Args() {
		results, err := im.ImportPath(ctx, steward.ID, path, func(p baton.ImportProgress) {
			if p.Total > 1 {
				fmt.Fprintf(stderr, "\r%s: %d/%d files", path, p.Done, p.Total)
			}
		})
		if len(results) > 1 {
			fmt.Fprintln(stderr)
		}
		for _, r := range results {
			total++
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%d messages", path, r.Key, r.Status, r.Messages)
			if r.Error != "" {
				fmt.Fprintf(stdout, "\t%s", r.Error)
				failed++
			}
			fmt.Fprintln(stdout)
			for _, w := range r.Skipped {
				fmt.Fprintf(stderr, "%s\t%s\twarning: %s\n", path, r.Key, w)
			}
		}
		if err != nil {
			total++
			failed++
			msg := baton.ErrorMessage(err)
			if baton.ErrorCode(err) == baton.EINTERNAL {
				msg = err.Error() // the operator's own command: say what failed
			}
			fmt.Fprintf(stdout, "%s\t\t%s\t0 messages\t%s\n", path, baton.ImportRejected, msg)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d document(s) rejected", failed, total)
	}
	return nil
}

// openForSteward opens the store for a command that works for one steward
// (import, export, frames, eval, watch) and finds that steward
// (stewardForCommand). The caller closes the store.
func openForSteward(ctx context.Context, env environment, username string) (*store.Store, *baton.Steward, error) {
	st, err := openStore(ctx, env, io.Discard)
	if err != nil {
		return nil, nil, err
	}
	steward, err := stewardForCommand(ctx, st, username)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, steward, nil
}

// stewardForCommand finds the steward a command (import, export, frames)
// is for: the named one, or the only one; with several and none named it
// says so rather than guessing.
func stewardForCommand(ctx context.Context, st *store.Store, username string) (*baton.Steward, error) {
	if username != "" {
		s, err := st.StewardByUsername(ctx, username)
		if err != nil {
			return nil, fmt.Errorf("steward %q: %s", username, baton.ErrorMessage(err))
		}
		return s, nil
	}
	n, err := st.CountStewards(ctx)
	if err != nil {
		return nil, err
	}
	switch {
	case n == 0:
		return nil, fmt.Errorf("no steward yet: create one with baton steward add")
	case n > 1:
		return nil, fmt.Errorf("there are %d stewards; say which with --steward USERNAME", n)
	}
	var ids []int64
	if err := st.DB().NewRaw("SELECT id FROM stewards WHERE id > 0 ORDER BY id LIMIT 1").Scan(ctx, &ids); err != nil || len(ids) == 0 {
		return nil, fmt.Errorf("no steward yet: create one with baton steward add")
	}
	return st.StewardByID(ctx, ids[0])
}
