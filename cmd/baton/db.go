package main

import (
	"context"
	"fmt"
	"io"

	"github.com/baton-dev/baton/internal/store"
)

// openStore opens the configured database and brings its schema up to date.
func openStore(ctx context.Context, env environment, log io.Writer) (*store.Store, error) {
	url, err := env.databaseURL()
	if err != nil {
		return nil, err
	}
	st, err := store.Open(url)
	if err != nil {
		return nil, err
	}
	applied, err := st.MigrateUp(ctx)
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	for _, m := range applied {
		fmt.Fprintf(log, "applied migration %04d_%s\n", m.Version, m.Name)
	}
	return st, nil
}

func migrate(ctx context.Context, env environment, args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: baton migrate up|down|status")
	}
	url, err := env.databaseURL()
	if err != nil {
		return err
	}
	st, err := store.Open(url)
	if err != nil {
		return err
	}
	defer st.Close()
	switch args[0] {
	case "up":
		applied, err := st.MigrateUp(ctx)
		for _, m := range applied {
			fmt.Fprintf(stdout, "applied %04d_%s\n", m.Version, m.Name)
		}
		if err == nil && len(applied) == 0 {
			fmt.Fprintln(stdout, "up to date")
		}
		return err
	case "down":
		m, err := st.MigrateDown(ctx)
		if err != nil {
			return err
		}
		if m == nil {
			fmt.Fprintln(stdout, "nothing to revert")
		} else {
			fmt.Fprintf(stdout, "reverted %04d_%s\n", m.Version, m.Name)
		}
		return nil
	case "status":
		ms, err := st.Migrations(ctx)
		if err != nil {
			return err
		}
		for _, m := range ms {
			state := "pending"
			if m.Applied {
				state = "applied"
			}
			fmt.Fprintf(stdout, "%04d_%s\t%s\n", m.Version, m.Name, state)
		}
		return nil
	}
	return fmt.Errorf("usage: baton migrate up|down|status")
}
