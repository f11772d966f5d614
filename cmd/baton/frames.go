package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/store"
	"github.com/google/uuid"
)

const framesUsage = `usage: baton frames <command> [flags] [--steward USERNAME] [--json]

  remember --summary TEXT --next TEXT --modules A,B [--reference-point TEXT] [--branch B] [--jira T]
           [--keywords A,B] [--blockers …] [--merge-blockers …] [--tests-failing …] [--feature-flags …]
           [--permissions …] [--run-id R] [--executor-role R] [--tool-calls A,B] [--guardrail-profile P]
           [--id ID] [--timestamp RFC3339]        store a frame (or: remember --file FRAME.json, - for stdin)
  recall QUERY [--module M] [--branch B] [--since T] [--until T] [--limit N] [--mode all|any]
  timeline [BRANCH] [--module M] [--since T] [--until T] [--limit N]    newest first
  import PATH…                                    Lex JSON: frame files, arrays, NDJSON, or folders of them
  export [--out FILE] [--format json|ndjson|files|zip] [--branch B] [--module M] [--since T] [--until T]
                                                  files: --out FOLDER gets frame-<id>.json files, as Lex writes
`

// framesCmd is `baton frames`: Lex frames in the local database, as the
// steward --steward names (or the only one).
func framesCmd(ctx context.Context, env environment, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, framesUsage)
		if len(args) == 0 {
			return fmt.Errorf("no frames command given")
		}
		return nil
	}
	fl := flag.NewFlagSet("frames "+args[0], flag.ContinueOnError)
	fl.SetOutput(stderr)
	username := fl.String("steward", "", "steward (default: the only steward)")
	asJSON := fl.Bool("json", false, "print JSON")
	var run func(ctx context.Context, st *store.Store, stewardID int64, rest []string) error
	switch args[0] {
	case "remember":
		run = frameRemember(fl, stdin, stdout, asJSON)
	case "recall":
		run = frameRecall(fl, stdout, asJSON)
	case "timeline":
		run = frameTimeline(fl, stdout, asJSON)
	case "import":
		run = frameImport(stdout, asJSON)
	case "export":
		run = frameExport(fl, stdout)
	default:
		fmt.Fprint(stderr, framesUsage)
		return fmt.Errorf("unknown frames command %q", args[0])
	}
	rest, err := parseInterleaved(fl, args[1:])
	if err != nil {
		return err
	}
	st, steward, err := openForSteward(ctx, env, *username)
	if err != nil {
		return err
	}
	defer st.Close()
	return run(ctx, st, steward.ID, rest)
}

// parseInterleaved parses flags given before, between or after the
// positional arguments, and returns the positional ones.
func parseInterleaved(fl *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		if fl.NArg() == 0 {
			return rest, nil
		}
		if used := len(args) - fl.NArg(); used > 0 && args[used-1] == "--" {
			return append(rest, fl.Args()...), nil // after --, everything is an argument
		}
		rest = append(rest, fl.Arg(0))
		args = fl.Args()[1:]
	}
}

func list(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func frameRemember(fl *flag.FlagSet, stdin io.Reader, stdout io.Writer, asJSON *bool) func(context.Context, *store.Store, int64, []string) error {
	file := fl.String("file", "", "a frame as Lex JSON (- reads stdin)")
	ff := rememberFlags{
		id:            fl.String("id", "", "frame id (default f-<uuid>)"),
		timestamp:     fl.String("timestamp", "", "RFC 3339 time (default now)"),
		branch:        fl.String("branch", "", "git branch (default: the current one, or main)"),
		modules:       fl.String("modules", "", "module_scope, comma-separated"),
		summary:       fl.String("summary", "", "summary_caption"),
		reference:     fl.String("reference-point", "", "reference_point (default: the summary)"),
		next:          fl.String("next", "", "status_snapshot.next_action"),
		jira:          fl.String("jira", "", "ticket id"),
		keywords:      fl.String("keywords", "", "keywords, comma-separated"),
		blockers:      fl.String("blockers", "", "blockers, comma-separated"),
		mergeBlockers: fl.String("merge-blockers", "", "merge blockers, comma-separated"),
		testsFailing:  fl.String("tests-failing", "", "failing tests, comma-separated"),
		flags:         fl.String("feature-flags", "", "feature flags, comma-separated"),
		permissions:   fl.String("permissions", "", "permissions, comma-separated"),
		runID:         fl.String("run-id", "", "runId"),
		role:          fl.String("executor-role", "", "executorRole"),
		toolCalls:     fl.String("tool-calls", "", "toolCalls, comma-separated"),
		guardrail:     fl.String("guardrail-profile", "", "guardrailProfile"),
	}
	return func(ctx context.Context, st *store.Store, stewardID int64, rest []string) error {
		var raw []byte
		if *file != "" {
			var err error
			if *file == "-" {
				raw, err = io.ReadAll(stdin)
			} else {
				raw, err = os.ReadFile(*file)
			}
			if err != nil {
				return err
			}
		} else {
			raw = ff.frameJSON()
		}
		f, err := frames.Parse(raw)
		if err != nil {
			return fmt.Errorf("%s: %s (flag or field %s)", "frame not stored", baton.ErrorMessage(err), baton.ErrorField(err))
		}
		if *file == "" {
			f.Raw = nil // made from flags: written in Lex's field order, & < > as they are
		}
		res, err := st.CreateFrames(ctx, stewardID, []*baton.Frame{f})
		if err != nil {
			return err
		}
		if res[0].Status == baton.FrameConflict {
			return errors.New(res[0].Error)
		}
		if *asJSON {
			return printJSON(stdout, map[string]any{"status": res[0].Status, "frame": f})
		}
		fmt.Fprintf(stdout, "%s\t%s\t%s\n", res[0].Status, f.ID, f.ReferencePoint)
		return nil
	}
}

// rememberFlags are the flags `baton frames remember` makes a frame of
// when no -file is given.
type rememberFlags struct {
	id, timestamp, branch, modules, summary, reference, next, jira, keywords, blockers, mergeBlockers *string
	testsFailing, flags, permissions, runID, role, toolCalls, guardrail                               *string
}

// frameJSON is the frame the flags describe, as Lex JSON; an id, time,
// branch and reference point left out get their defaults.
func (ff rememberFlags) frameJSON() []byte {
	m := map[string]any{}
	set := func(k, v string) {
		if v != "" {
			m[k] = v
		}
	}
	setList := func(k, v string) {
		if l := list(v); l != nil {
			m[k] = l
		}
	}
	if *ff.id == "" {
		*ff.id = "f-" + uuid.NewString()
	}
	if *ff.timestamp == "" {
		*ff.timestamp = time.Now().UTC().Format(time.RFC3339Nano)
	}
	if *ff.branch == "" {
		*ff.branch = currentBranch()
	}
	if *ff.reference == "" {
		*ff.reference = *ff.summary
	}
	status := map[string]any{"next_action": *ff.next}
	if l := list(*ff.blockers); l != nil {
		status["blockers"] = l
	}
	if l := list(*ff.mergeBlockers); l != nil {
		status["merge_blockers"] = l
	}
	if l := list(*ff.testsFailing); l != nil {
		status["tests_failing"] = l
	}
	m["id"], m["timestamp"], m["branch"], m["summary_caption"], m["reference_point"] = *ff.id, *ff.timestamp, *ff.branch, *ff.summary, *ff.reference
	m["module_scope"], m["status_snapshot"] = list(*ff.modules), status
	if m["module_scope"] == nil {
		m["module_scope"] = []string{}
	}
	set("jira", *ff.jira)
	setList("keywords", *ff.keywords)
	setList("feature_flags", *ff.flags)
	setList("permissions", *ff.permissions)
	set("runId", *ff.runID)
	set("executorRole", *ff.role)
	setList("toolCalls", *ff.toolCalls)
	set("guardrailProfile", *ff.guardrail)
	raw, _ := json.Marshal(m)
	return raw
}

// currentBranch is the git branch of the working directory, or main.
func currentBranch() string {
	out, err := exec.Command("git", "rev-parse", "--abbrev-ref", "HEAD").Output()
	if b := strings.TrimSpace(string(out)); err == nil && b != "" && b != "HEAD" {
		return b
	}
	return "main"
}

func frameRecall(fl *flag.FlagSet, stdout io.Writer, asJSON *bool) func(context.Context, *store.Store, int64, []string) error {
	var r frames.RecallRequest
	fl.StringVar(&r.Module, "module", "", "only frames with this module_scope entry")
	fl.StringVar(&r.Branch, "branch", "", "only frames of this branch")
	fl.StringVar(&r.Since, "since", "", "only frames at or after (RFC 3339 or a date)")
	fl.StringVar(&r.Until, "until", "", "only frames at or before")
	fl.StringVar(&r.Limit, "limit", "", "how many (default 10)")
	fl.StringVar(&r.Mode, "mode", "", "all (every term, default) or any")
	return func(ctx context.Context, st *store.Store, stewardID int64, rest []string) error {
		r.Q = strings.Join(rest, " ")
		res, err := frames.NewService(st).Recall(ctx, stewardID, r)
		if err != nil {
			return fmt.Errorf("%s (%s)", baton.ErrorMessage(err), baton.ErrorField(err))
		}
		if *asJSON {
			return printJSON(stdout, res)
		}
		if res.Message != "" {
			fmt.Fprintln(stdout, res.Message)
		}
		for _, h := range res.Hits {
			printFrameLine(stdout, h.Frame)
		}
		fmt.Fprintf(stdout, "%d frames in %.1f ms\n", res.Count, res.TookMS)
		return nil
	}
}

func printFrameLine(w io.Writer, f *baton.Frame) {
	fmt.Fprintf(w, "%s  %s  %s  [%s]  %s\n    next: %s\n", f.At.Format("2006-01-02 15:04"), f.Branch, f.ReferencePoint,
		strings.Join(f.ModuleScope, ", "), f.SummaryCaption, f.StatusSnapshot.NextAction)
}

func frameFilterFlags(fl *flag.FlagSet) (module, since, until *string, limit *int) {
	return fl.String("module", "", "only frames with this module_scope entry"),
		fl.String("since", "", "only frames at or after (RFC 3339 or a date)"),
		fl.String("until", "", "only frames at or before"),
		fl.Int("limit", 50, "how many frames, newest first")
}

func buildFilter(branch, module, since, until string) (baton.FrameFilter, error) {
	f := baton.FrameFilter{Branch: branch, Module: module}
	var err error
	if f.Since, err = frames.ParseInstant("since", since, false); err != nil {
		return f, err
	}
	f.Until, err = frames.ParseInstant("until", until, true)
	return f, err
}

func frameTimeline(fl *flag.FlagSet, stdout io.Writer, asJSON *bool) func(context.Context, *store.Store, int64, []string) error {
	module, since, until, limit := frameFilterFlags(fl)
	return func(ctx context.Context, st *store.Store, stewardID int64, rest []string) error {
		if len(rest) > 1 {
			return fmt.Errorf("usage: baton frames timeline [BRANCH] [--module M] [--since T] [--until T] [--limit N]")
		}
		branch := ""
		if len(rest) == 1 {
			branch = rest[0]
		}
		f, err := buildFilter(branch, *module, *since, *until)
		if err != nil {
			return err
		}
		var all []*baton.Frame
		for len(all) < *limit {
			f.Limit = min(*limit-len(all), 1000)
			page, err := st.FrameTimeline(ctx, stewardID, f)
			if err != nil {
				return err
			}
			all = append(all, page.Frames...)
			if page.NextCursor == "" {
				break
			}
			f.Cursor = page.NextCursor
		}
		if *asJSON {
			if all == nil {
				all = []*baton.Frame{}
			}
			return printJSON(stdout, map[string]any{"frames": all})
		}
		for _, fr := range all {
			printFrameLine(stdout, fr)
		}
		fmt.Fprintf(stdout, "%d frames\n", len(all))
		return nil
	}
}

// frameFiles lists the Lex JSON files of a path: the file itself, or every
// .json and .ndjson file under a folder (Lex's frames.export layout).
func frameFiles(path string) ([]string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{path}, nil
	}
	var out []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".ndjson") || strings.HasSuffix(p, ".jsonl")) {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

func frameImport(stdout io.Writer, asJSON *bool) func(context.Context, *store.Store, int64, []string) error {
	return func(ctx context.Context, st *store.Store, stewardID int64, rest []string) error {
		if len(rest) == 0 {
			return fmt.Errorf("usage: baton frames import PATH…")
		}
		type fileResult struct {
			File    string                    `json:"file"`
			Results []baton.FrameImportResult `json:"results"`
			Error   string                    `json:"error,omitempty"`
		}
		var out []fileResult
		invalid := 0
		for _, path := range rest {
			files, err := frameFiles(path)
			if err != nil {
				return err
			}
			for _, file := range files {
				data, err := os.ReadFile(file)
				if err != nil {
					return err
				}
				res, err := frames.NewService(st).Import(ctx, stewardID, data)
				fr := fileResult{File: file, Results: res}
				if err != nil {
					if baton.ErrorCode(err) != baton.EINVALID {
						return err
					}
					fr.Error = baton.ErrorMessage(err)
					invalid++
				}
				for _, r := range res {
					if r.Status == baton.FrameInvalid || r.Status == baton.FrameConflict {
						invalid++
					}
				}
				out = append(out, fr)
				if !*asJSON {
					if fr.Error != "" {
						fmt.Fprintf(stdout, "%s\t%s\n", file, fr.Error)
						continue
					}
					fmt.Fprintf(stdout, "%s\t%s\n", file, frames.Summary(res))
					for _, r := range res {
						if r.Status == baton.FrameInvalid || r.Status == baton.FrameConflict {
							fmt.Fprintf(stdout, "  frame %d %s: %s: %s\n", r.Index+1, r.ID, r.Field, r.Error)
						}
					}
				}
			}
		}
		if *asJSON {
			if err := printJSON(stdout, out); err != nil {
				return err
			}
		}
		if invalid > 0 {
			return fmt.Errorf("%d frame(s) rejected", invalid)
		}
		return nil
	}
}

func frameExport(fl *flag.FlagSet, stdout io.Writer) func(context.Context, *store.Store, int64, []string) error {
	outPath := fl.String("out", "", "write to this file (a folder for --format files) instead of stdout")
	format := fl.String("format", "json", "json (an array, the file Lex's import reads), ndjson (one frame a line), files (a folder of Lex's frame-<id>.json files) or zip (those files zipped)")
	branch := fl.String("branch", "", "only frames of this branch")
	module := fl.String("module", "", "only frames with this module_scope entry")
	since := fl.String("since", "", "only frames at or after")
	until := fl.String("until", "", "only frames at or before")
	return func(ctx context.Context, st *store.Store, stewardID int64, rest []string) error {
		if len(rest) > 0 {
			return fmt.Errorf("usage: baton frames export [--out FILE] [--format json|ndjson|files|zip] [--branch B] [--module M] [--since T] [--until T]")
		}
		if !slices.Contains([]string{"json", "ndjson", "files", "zip"}, *format) {
			return fmt.Errorf("--format must be json, ndjson, files or zip; got %q", *format)
		}
		if *format == "files" && *outPath == "" {
			return fmt.Errorf("--format files writes a folder: give it with --out FOLDER")
		}
		f, err := buildFilter(*branch, *module, *since, *until)
		if err != nil {
			return err
		}
		svc := frames.NewService(st)
		var n int
		if *format == "files" {
			n, err = exportLexFiles(ctx, svc, stewardID, f, *outPath)
		} else {
			n, err = exportTo(*outPath, stdout, func(w io.Writer) (int, error) {
				if *format == "zip" {
					return svc.ExportZip(ctx, stewardID, f, frames.ExportOptions{}, w)
				}
				return svc.Export(ctx, stewardID, f, frames.ExportOptions{Array: *format == "json"}, w)
			})
		}
		if err != nil {
			return err
		}
		if *outPath != "" {
			fmt.Fprintf(stdout, "%d frames written to %s\n", n, *outPath)
		}
		return nil
	}
}

// exportTo runs write into the file at path, or stdout when path is "".
func exportTo(path string, stdout io.Writer, write func(io.Writer) (int, error)) (int, error) {
	if path == "" {
		return write(stdout)
	}
	file, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	n, err := write(file)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// exportLexFiles writes each frame f selects into dir as Lex's own export
// does: a file frame-<id>.json per frame (frames.LexFile), which
// `lex frames import --from-dir` reads.
func exportLexFiles(ctx context.Context, svc *frames.Service, stewardID int64, f baton.FrameFilter, dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	return svc.EachFrame(ctx, stewardID, f, func(fr *baton.Frame) error {
		name, data, err := frames.LexFile(fr)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name), data, 0o644)
	})
}
