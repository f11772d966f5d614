package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/internal/baton"
)

func stewardCmd(ctx context.Context, env environment, args []string, stdout io.Writer) error {
	if len(args) < 2 || args[0] != "add" {
		return fmt.Errorf("usage: baton steward add USERNAME --password-file FILE")
	}
	username := args[1]
	fs := flag.NewFlagSet("steward add", flag.ContinueOnError)
	passwordFile := fs.String("password-file", "", "file holding the password")
	name := fs.String("name", "", "display name")
	if err := fs.Parse(args[2:]); err != nil {
		return err
	}
	if *passwordFile == "" {
		return fmt.Errorf("--password-file is required")
	}
	b, err := os.ReadFile(*passwordFile)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(strings.TrimRight(string(b), "\r\n"))
	if err != nil {
		return fmt.Errorf("%s", baton.ErrorMessage(err))
	}
	st, err := openStore(ctx, env, io.Discard)
	if err != nil {
		return err
	}
	defer st.Close()
	s := &baton.Steward{Username: username, DisplayName: *name, PasswordHash: hash}
	if err := st.CreateSteward(ctx, s); err != nil {
		return fmt.Errorf("%s", baton.ErrorMessage(err))
	}
	fmt.Fprintf(stdout, "created steward %s (id %d)\n", s.Username, s.ID)
	return nil
}

func tokenCmd(ctx context.Context, env environment, args []string, stdout io.Writer) error {
	if len(args) != 3 || args[0] != "create" {
		return fmt.Errorf("usage: baton token create USERNAME TOKEN_NAME")
	}
	st, err := openStore(ctx, env, io.Discard)
	if err != nil {
		return err
	}
	defer st.Close()
	s, err := st.StewardByUsername(ctx, args[1])
	if err != nil {
		return fmt.Errorf("steward %q: %s", args[1], baton.ErrorMessage(err))
	}
	token, hash, prefix := auth.NewToken()
	if _, err := st.CreateToken(ctx, s.ID, args[2], hash, prefix); err != nil {
		return fmt.Errorf("%s", baton.ErrorMessage(err))
	}
	fmt.Fprintln(stdout, token)
	return nil
}
