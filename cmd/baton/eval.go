package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/baton-dev/baton/internal/corrections"
)

const evalUsage = "usage: baton eval export [--steward USERNAME] [FILE]"

// evalCmd is `baton eval export [--steward USERNAME] [FILE]`: the
// steward's corrections of session analyses as evaluation cases (JSON, to
// FILE or standard output), so a team's corrections grow its evaluation set.
func evalCmd(ctx context.Context, env environment, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "export" {
		return errors.New(evalUsage)
	}
	fs := flag.NewFlagSet("eval export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	username := fs.String("steward", "", "steward whose corrections to export (default: the only steward)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return errors.New(evalUsage)
	}
	st, steward, err := openForSteward(ctx, env, *username)
	if err != nil {
		return err
	}
	defer st.Close()
	svc := corrections.New(st, nil)
	if fs.NArg() == 0 {
		n, err := svc.ExportCases(ctx, steward.ID, stdout)
		if err == nil {
			fmt.Fprintf(stderr, "exported %d evaluation cases of %s\n", n, steward.Username)
		}
		return err
	}
	// The file appears whole or not at all.
	path := fs.Arg(0)
	tmp, err := os.CreateTemp(filepath.Dir(path), ".baton-eval-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	n, err := svc.ExportCases(ctx, steward.ID, tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "exported %d evaluation cases of %s to %s\n", n, steward.Username, path)
	return nil
}
