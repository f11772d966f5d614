package watch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/client"
)

// A rollout's lines the server could not take are kept in the spool as two
// files: NAME.lines, the lines in the order read, and NAME.lines.json, the
// header saying whose they are, where they start, and the state they
// follow. Lines read while they wait are added to them, so the server gets
// them in order, and the spool holds the new lines only, never the file.
const (
	linesData   = ".lines"
	linesHeader = ".lines.json"
)

type linesSpool struct {
	Path   string          `json:"path"`
	Offset int64           `json:"offset"`
	State  json.RawMessage `json:"state,omitempty"`
}

func (s RemoteSink) linesName(path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(s.SpoolDir, hex.EncodeToString(sum[:12]))
}

func (s RemoteSink) maxRequest() int {
	if s.MaxRequestBytes > 0 {
		return s.MaxRequestBytes
	}
	return 16 << 20
}

// ImportLines sends a rollout's new lines, in parts the server takes.
// While lines of the file wait in the spool, these wait after them.
func (s RemoteSink) ImportLines(ctx context.Context, req LinesRequest) (LinesResult, error) {
	name := s.linesName(req.Path)
	if head, ok := s.readLinesHeader(name); ok {
		data, _ := os.Stat(name + linesData)
		if data == nil || head.Offset+data.Size() != req.Offset {
			s.dropLines(name)
			return LinesResult{}, fmt.Errorf("the spooled lines of %s do not end where the file's new lines start; it is read again", filepath.Base(req.Path))
		}
		if err := s.appendLines(name, nil, req.Lines); err != nil {
			return LinesResult{}, err
		}
		return LinesResult{State: head.State, Sent: head.Offset, Spooled: true}, nil
	}
	results, state, sent, err := s.sendLines(ctx, req, req.Offset, req.Lines, req.State)
	if err == nil {
		return LinesResult{Results: results, State: state, Sent: sent}, nil
	}
	rest := req.Lines[sent-req.Offset:]
	if !retryable(err) || s.SpoolDir == "" || len(rest) == 0 {
		return LinesResult{Results: results, State: state, Sent: sent}, err
	}
	if serr := s.appendLines(name, &linesSpool{Path: req.Path, Offset: sent, State: state}, rest); serr != nil {
		return LinesResult{Results: results, State: state, Sent: sent}, err
	}
	return LinesResult{Results: results, State: state, Sent: sent, Spooled: true}, nil
}

// sendLines sends lines that start at byte offset of the file, part by
// part, each after the state the previous answered. sent is where what
// the server stored ends; state is the reading's state there.
// req says the file and what follows (Final, More).
func (s RemoteSink) sendLines(ctx context.Context, req LinesRequest, offset int64, lines []byte, state json.RawMessage) (
	results []baton.ImportResult, _ json.RawMessage, sent int64, err error) {
	size := s.maxRequest()
	sent = offset
	for first := true; first || len(lines) > 0; first = false {
		part := lines
		if len(part) > size {
			cut := bytes.LastIndexByte(part[:size], '\n')
			if cut < 0 {
				cut = bytes.IndexByte(part, '\n') // one line longer than a part goes alone
			}
			part = part[:cut+1]
		}
		last := len(part) == len(lines)
		res, err := s.Client.ImportFile(ctx, baton.ImportFileRequest{Path: req.Path, Data: part, State: state,
			Final: req.Final && last, More: req.More || !last})
		var ce *client.Error
		if errors.As(err, &ce) && ce.Status == http.StatusRequestEntityTooLarge && len(part) > 64<<10 {
			size = len(part) / 2
			continue
		}
		if err != nil {
			return results, state, sent, err
		}
		results = append(results, res.Results...)
		state = res.State
		sent += int64(len(part))
		lines = lines[len(part):]
		if last {
			break
		}
	}
	return results, state, sent, nil
}

func (s RemoteSink) readLinesHeader(name string) (linesSpool, bool) {
	var head linesSpool
	data, err := os.ReadFile(name + linesHeader)
	if err != nil || json.Unmarshal(data, &head) != nil {
		return head, false
	}
	return head, true
}

// appendLines adds lines to the file's spooled lines, starting them with
// head when it is given. The spool's cap applies.
func (s RemoteSink) appendLines(name string, head *linesSpool, lines []byte) error {
	if err := os.MkdirAll(s.SpoolDir, 0o700); err != nil {
		return err
	}
	var used int64
	entries, _ := os.ReadDir(s.SpoolDir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			used += info.Size()
		}
	}
	if used+int64(len(lines)) > s.spoolBytes() {
		return errors.New("the spool is full")
	}
	if head != nil {
		data, err := json.Marshal(head)
		if err != nil {
			return err
		}
		if err := os.WriteFile(name+linesData, nil, 0o600); err != nil {
			return err
		}
		if err := os.WriteFile(name+linesHeader+".tmp", data, 0o600); err != nil {
			return err
		}
		if err := os.Rename(name+linesHeader+".tmp", name+linesHeader); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(name+linesData, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(lines); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (s RemoteSink) dropLines(name string) {
	_ = os.Remove(name + linesHeader)
	_ = os.Remove(name + linesData)
}

// flushLines sends the spooled lines of each rollout. Lines the server
// took are dropped from the spool; on a failure that may pass, the rest
// stays (after what was sent) and Flush stops.
func (s RemoteSink) flushLines(ctx context.Context) ([]Flushed, error) {
	entries, err := os.ReadDir(s.SpoolDir)
	if err != nil {
		return nil, nil
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), linesHeader) {
			names = append(names, filepath.Join(s.SpoolDir, strings.TrimSuffix(e.Name(), linesHeader)))
		}
	}
	sort.Strings(names)
	var done []Flushed
	for _, name := range names {
		head, ok := s.readLinesHeader(name)
		data, derr := os.ReadFile(name + linesData)
		if !ok || derr != nil {
			s.dropLines(name) // damaged: its lines are read again from the file
			continue
		}
		results, state, sent, err := s.sendLines(ctx, LinesRequest{Path: head.Path, More: true}, head.Offset, data, head.State)
		if err != nil && retryable(err) {
			if sent > head.Offset {
				rest := data[sent-head.Offset:]
				s.dropLines(name)
				_ = s.appendLines(name, &linesSpool{Path: head.Path, Offset: sent, State: state}, rest)
			}
			return done, fmt.Errorf("the server cannot take the spooled lines now: %w", err)
		}
		if err != nil {
			results = append(results, baton.ImportResult{Key: filepath.Base(head.Path), Status: baton.ImportRejected, Error: baton.ErrorMessage(err)})
		}
		s.dropLines(name)
		done = append(done, Flushed{Path: head.Path, Results: results, Lines: true, State: state, End: sent})
	}
	return done, nil
}
