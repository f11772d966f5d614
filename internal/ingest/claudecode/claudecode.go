// Package claudecode turns Claude Code transcripts (the JSONL files under
// ~/.claude/projects) into Baton import documents.
//
// One session is one document: the main transcript `<session>.jsonl` is the
// main conversation; sidechain lines and the subagent transcripts in
// `<session>/subagents/agent-*.jsonl` become child conversations. The parser
// is lenient line by line (a malformed line is reported with its number and
// the rest still imports) and strict about the document: the store writes it
// whole or not at all.
//
// Every message carries a source id derived from the transcript (the line
// uuid), so importing a transcript again after it has grown adds only the new
// messages.
package claudecode

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Source is the Session.Source of every document this package produces.
const Source = "claude-code"

// MainKey is the key of the main conversation of every document.
const MainKey = "main"

// DefaultMaxLineBytes is the longest line Parse reads when Options does not
// say otherwise. Claude Code writes whole tool outputs (file contents,
// images as base64) on one line, so lines of several megabytes are normal.
const DefaultMaxLineBytes = 64 << 20

// ErrNoMessages is returned when a transcript holds no message at all (only
// summaries or file snapshots, which Claude Code writes for sessions that
// were opened and left).
var ErrNoMessages = &baton.Error{Code: baton.EINVALID, Message: "transcript has no messages"}

// Options tunes Parse.
type Options struct {
	// Subagents are the session's subagent transcripts, keyed by file name
	// ("agent-<id>.jsonl"). Each becomes a child conversation. They are read
	// in the order of their names.
	Subagents map[string]io.Reader
	// MaxLineBytes caps one line; a longer line is reported as a LineError
	// and skipped. Zero means DefaultMaxLineBytes.
	MaxLineBytes int
	// Live marks a transcript that is still being written (Claude Code
	// hooks send it as it grows). Parse then leaves out the subagent and
	// sidechain conversations whose spawning tool call has not returned
	// yet: until it has, neither their place nor their title is known, and
	// a stored conversation keeps both. See also OpenResponse.
	Live bool
}

// LineError is one line that could not be read (the rest of the file is
// imported without it), or one read with a note: an unusable timestamp,
// replaced by the time of the line before.
type LineError struct {
	File string // the transcript's name as given to Parse, or the subagent file name
	Line int    // 1-based
	Err  error
}

func (e LineError) Error() string {
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e LineError) Unwrap() error { return e.Err }

// Parse reads one session transcript. name names the document (usually the
// file name; "<session id>.jsonl" lets the session id come from it). The
// returned line errors are lines that were skipped or noted; err is set only when
// nothing can be imported: the reader failed, or the transcript holds no
// message (ErrNoMessages).
func Parse(r io.Reader, name string, opts Options) (baton.ImportDocument, []LineError, error) {
	b := newBuilder(name, opts)
	if err := b.readFile(r, name, ""); err != nil {
		return baton.ImportDocument{}, b.lineErrs, fmt.Errorf("claudecode: read %s: %w", name, err)
	}
	names := make([]string, 0, len(opts.Subagents))
	for n := range opts.Subagents {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := b.readFile(opts.Subagents[n], n, agentIDFromFile(n)); err != nil {
			return baton.ImportDocument{}, b.lineErrs, fmt.Errorf("claudecode: read %s: %w", n, err)
		}
	}
	doc := b.document()
	if doc.Session.MessageCount == 0 {
		if len(b.lineErrs) > 0 {
			return baton.ImportDocument{}, b.lineErrs, unreadable(b.lineErrs)
		}
		return baton.ImportDocument{}, b.lineErrs, ErrNoMessages
	}
	return doc, b.lineErrs, nil
}

// ParseFiles opens and reads the files Discover found for one session.
// opts.Subagents is ignored: the subagents are sf.Subagents.
func ParseFiles(sf SessionFiles, opts Options) (baton.ImportDocument, []LineError, error) {
	main, err := os.Open(sf.Path)
	if err != nil {
		return baton.ImportDocument{}, nil, err
	}
	defer main.Close()
	opts.Subagents = make(map[string]io.Reader, len(sf.Subagents))
	for _, p := range sf.Subagents {
		f, err := os.Open(p)
		if err != nil {
			return baton.ImportDocument{}, nil, err
		}
		defer f.Close()
		opts.Subagents[filepath.Base(p)] = f
	}
	return Parse(main, filepath.Base(sf.Path), opts)
}

// errLineTooLong is the LineError of a line longer than Options.MaxLineBytes.
var errLineTooLong = errors.New("line too long")

// unreadableError is the ErrNoMessages of a transcript whose lines failed:
// it says which line failed first and what was expected, since "no
// messages" alone would mislead.
type unreadableError struct{ err *baton.Error }

func (e unreadableError) Error() string        { return e.err.Error() }
func (e unreadableError) Unwrap() error        { return e.err }
func (e unreadableError) Is(target error) bool { return target == ErrNoMessages }

func unreadable(lineErrs []LineError) error {
	first := lineErrs[0]
	where := fmt.Sprintf("line %d", first.Line)
	if strings.HasPrefix(first.Err.Error(), "element ") {
		where = "" // the array reader names the element itself
	}
	return unreadableError{&baton.Error{Code: baton.EINVALID, Field: "file", Message: fmt.Sprintf(
		"%s: no message could be read (%d line(s) failed); first failure %s: %s. A Claude Code transcript holds one JSON object per line (JSONL) or a JSON array of them, each with a \"type\" such as \"user\" or \"assistant\"",
		first.File, len(lineErrs), strings.TrimSpace(where+" "), first.Err)}}
}
