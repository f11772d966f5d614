package claudecode

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// SessionFiles are the files of one Claude Code session.
type SessionFiles struct {
	SessionID string // from the file name
	Project   string // the project folder's name: the working directory with "/" written as "-"
	Path      string // the main transcript, <project>/<session>.jsonl
	// Subagents are the subagent transcripts, sorted: the files
	// <project>/<session>/subagents/agent-*.jsonl, and the older
	// <project>/agent-*.jsonl files whose lines name this session.
	Subagents []string
}

// Discover lists the sessions under path, which is a transcript file, a
// project folder (~/.claude/projects/<project>) or the projects folder
// itself (~/.claude/projects). Sessions come sorted by path.
//
// Internal compaction agents (agent-acompact-*.jsonl) are left out: they
// repeat the conversation they compact.
func Discover(path string) ([]SessionFiles, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		if !strings.HasSuffix(path, ".jsonl") {
			return nil, fmt.Errorf("claudecode: %s is not a .jsonl transcript", path)
		}
		return []SessionFiles{sessionAt(filepath.Dir(path), filepath.Base(path))}, nil
	}
	dirs := []string{path}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(path, e.Name()))
		}
	}
	var out []SessionFiles
	for _, dir := range dirs {
		sessions, err := discoverProject(dir)
		if err != nil {
			return nil, err
		}
		out = append(out, sessions...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// discoverProject lists the sessions whose transcripts sit directly in dir.
func discoverProject(dir string) ([]SessionFiles, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var sessions []SessionFiles
	var agents []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".jsonl") {
			continue
		}
		if strings.HasPrefix(name, "agent-") {
			if !strings.HasPrefix(name, "agent-acompact-") {
				agents = append(agents, name)
			}
			continue
		}
		sessions = append(sessions, sessionAt(dir, name))
	}
	// Older versions wrote subagent transcripts next to the sessions; their
	// lines name the session they belong to.
	for _, name := range agents {
		p := filepath.Join(dir, name)
		sid := peekSessionID(p)
		attached := false
		for i := range sessions {
			if sid != "" && sessions[i].SessionID == sid {
				sessions[i].Subagents = append(sessions[i].Subagents, p)
				sort.Strings(sessions[i].Subagents)
				attached = true
				break
			}
		}
		if !attached {
			// An agent whose session is gone is still worth keeping, as its own session.
			sessions = append(sessions, SessionFiles{SessionID: strings.TrimSuffix(name, ".jsonl"), Project: filepath.Base(dir), Path: p})
		}
	}
	return sessions, nil
}

// sessionAt describes the session of the transcript dir/name and finds its
// subagent files.
func sessionAt(dir, name string) SessionFiles {
	id := strings.TrimSuffix(name, ".jsonl")
	sf := SessionFiles{SessionID: id, Project: filepath.Base(dir), Path: filepath.Join(dir, name)}
	matches, _ := filepath.Glob(filepath.Join(dir, id, "subagents", "agent-*.jsonl"))
	for _, m := range matches {
		if !strings.HasPrefix(filepath.Base(m), "agent-acompact-") {
			sf.Subagents = append(sf.Subagents, m)
		}
	}
	sort.Strings(sf.Subagents)
	return sf
}

// peekSessionID returns the first sessionId in the first lines of a file.
func peekSessionID(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	for range 20 {
		line, err := r.ReadSlice('\n')
		if len(line) > 0 {
			var l struct {
				SessionID string `json:"sessionId"`
			}
			if json.Unmarshal(line, &l) == nil && l.SessionID != "" {
				return l.SessionID
			}
		}
		if err != nil && err != bufio.ErrBufferFull {
			return ""
		}
		for err == bufio.ErrBufferFull { // skip the rest of a long line
			_, err = r.ReadSlice('\n')
		}
	}
	return ""
}

// agentIDFromFile returns the agent id of a subagent file name
// ("agent-a1b2c3.jsonl" → "a1b2c3").
func agentIDFromFile(name string) string {
	base := strings.TrimSuffix(filepath.Base(name), ".jsonl")
	if id, ok := strings.CutPrefix(base, "agent-"); ok && id != "" {
		return id
	}
	return base
}
