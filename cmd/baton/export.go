package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/baton-dev/baton/internal/continuity"
)

// exportCmd is `baton export markdown DIR [--steward USERNAME]`: the
// per-steward tree of session files and the cross-conversational
// summary.
func exportCmd(ctx context.Context, env environment, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "markdown" {
		return fmt.Errorf("usage: baton export markdown [--steward USERNAME] DIR")
	}
	fs := flag.NewFlagSet("export markdown", flag.ContinueOnError)
	fs.SetOutput(stderr)
	username := fs.String("steward", "", "steward to export (default: the only steward)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: baton export markdown [--steward USERNAME] DIR")
	}
	st, steward, err := openForSteward(ctx, env, *username)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := continuity.New(st, nil).ExportMarkdown(ctx, steward.ID, steward.Username, fs.Arg(0))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "exported %d sessions and the cross-conversational summary of %s to %s/users/%s\n", n, steward.Username, fs.Arg(0), steward.Username)
	return nil
}
