package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/watch"
)

// folderFlags collects repeated --dir flags.
type folderFlags []string

func (f *folderFlags) String() string     { return strings.Join(*f, ",") }
func (f *folderFlags) Set(v string) error { *f = append(*f, v); return nil }

// watchCmd is `baton watch`: keep the agents' transcript folders mirrored
// into the local database (as --steward), or into the Baton server at
// BATON_URL with BATON_TOKEN when those are set.
func watchCmd(ctx context.Context, env environment, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("watch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	username := fs.String("steward", "", "steward to keep sessions for in the local database (default: the only steward)")
	var dirs folderFlags
	fs.Var(&dirs, "dir", "another folder to watch, every format (repeatable)")
	noDefaults := fs.Bool("no-defaults", false, "watch only the --dir folders, not ~/.claude/projects, ~/.codex/sessions and ~/.gemini/tmp")
	interval := fs.Duration("interval", 30*time.Second, "longest time between two passes (changes start one sooner)")
	stateDir := fs.String("state", "", "where to keep what was read and what waits for the server (default ~/.baton/watch)")
	once := fs.Bool("once", false, "make one pass and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("usage: baton watch [--steward U] [--dir PATH]… [--no-defaults] [--interval D] [--state DIR] [--once]")
	}
	if *interval < time.Second {
		return fmt.Errorf("--interval must be at least 1s; got %s", *interval)
	}
	home, err := os.UserHomeDir()
	if err != nil && (!*noDefaults || *stateDir == "") {
		return fmt.Errorf("no home folder to find the agents' folders in: %w", err)
	}
	var folders []watch.Folder
	if !*noDefaults {
		folders = watch.DefaultFolders(home)
	}
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return err
		}
		folders = append(folders, watch.Folder{Agent: watch.AgentAny, Path: abs})
	}
	if len(folders) == 0 {
		return fmt.Errorf("nothing to watch: --no-defaults needs at least one --dir")
	}
	if *stateDir == "" {
		*stateDir = filepath.Join(home, ".baton", "watch")
	}
	logf := func(format string, a ...any) {
		fmt.Fprintf(stderr, time.Now().Format("15:04:05")+" "+format+"\n", a...)
	}

	var sink watch.Sink
	target := ""
	if env.getenv("BATON_URL") != "" || env.getenv("BATON_TOKEN") != "" || env.getenv("BATON_TOKEN_FILE") != "" {
		c, err := apiClient(env, 2*time.Minute)
		if err != nil {
			return err
		}
		sink = watch.RemoteSink{Client: c, SpoolDir: filepath.Join(*stateDir, "spool")}
		target = c.BaseURL()
	} else {
		st, steward, err := openForSteward(ctx, env, *username)
		if err != nil {
			return err
		}
		defer st.Close()
		im, err := importerFor(env, st)
		if err != nil {
			return err
		}
		sink = watch.LocalSink{Importer: im, Store: st, StewardID: steward.ID}
		target = "the local database, as " + steward.Username
	}
	w, err := watch.New(watch.Config{Folders: folders, Sink: sink, StateDir: *stateDir, Interval: *interval, Once: *once, Logf: logf})
	if err != nil {
		return err
	}
	for _, f := range folders {
		fmt.Fprintf(stderr, "watching %s (%s)\n", f.Path, f.Agent)
	}
	fmt.Fprintf(stderr, "into %s; state in %s\n", target, *stateDir)
	if *once {
		res, err := w.Scan(ctx)
		if err != nil {
			return err
		}
		if err := w.Settle(ctx); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d files, %d stored, %d waiting, %d deleted upstream\n", res.Seen, res.Imported, res.Failed, res.Deleted)
		if res.Failed > 0 {
			return fmt.Errorf("%d file(s) could not be stored yet; the next pass tries again", res.Failed)
		}
		return nil
	}
	return w.Run(ctx)
}
