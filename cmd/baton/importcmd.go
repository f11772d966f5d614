package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
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
	st, err := openStore(ctx, env, io.Discard)
	if err != nil {
		return err
	}
	defer st.Close()
	if *username == "" {
		n, err := st.CountStewards(ctx)
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("there are %d stewards; say which with --steward USERNAME", n)
		}
	}
	steward, err := stewardForImport(ctx, st, *username)
	if err != nil {
		return err
	}
	im := ingest.New(st)
	failed := 0
	for _, path := range fs.Args() {
		results, err := im.ImportPath(ctx, steward.ID, path, func(p baton.ImportProgress) {
			if p.Total > 1 {
				fmt.Fprintf(stderr, "\r%s: %d/%d documents", path, p.Done, p.Total)
			}
		})
		if err != nil {
			return fmt.Errorf("%s: %s", path, baton.ErrorMessage(err))
		}
		if len(results) > 1 {
			fmt.Fprintln(stderr)
		}
		for _, r := range results {
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%d messages", path, r.Key, r.Status, r.Messages)
			if r.Error != "" {
				fmt.Fprintf(stdout, "\t%s", r.Error)
				failed++
			}
			fmt.Fprintln(stdout)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d document(s) rejected", failed)
	}
	return nil
}
