package ingest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest/codex"
	"github.com/baton-dev/baton/internal/ingest/gemini"
)

// Formats of the agents other than Claude Code.
const (
	FormatCodex  = "codex-cli"
	FormatGemini = "gemini-cli"
)

// isCodexKeys reports whether a first JSON object is a Codex CLI rollout
// line: {"timestamp", "type", "payload"}, or the first layout's metadata
// line {"id", "timestamp", "instructions" or "git"}.
func isCodexKeys(first map[string]bool) bool {
	if first["uuid"] || first["sessionId"] {
		return false
	}
	return (first["type"] && first["payload"]) || (first["id"] && first["timestamp"] && !first["type"] && (first["instructions"] || first["git"]))
}

// isGeminiKeys reports whether a first JSON value's keys are a Gemini CLI
// file's: a chat recording, a checkpoint's first content, or a logs.json
// entry.
func isGeminiKeys(first map[string]bool) bool {
	return (first["sessionId"] && first["projectHash"]) ||
		(first["role"] && first["parts"]) ||
		(first["sessionId"] && first["messageId"] && !first["uuid"])
}

// importCodex imports one Codex CLI rollout; lines it could not read are
// reported with their numbers and the rest is stored.
func (im *Importer) importCodex(ctx context.Context, stewardID int64, name string, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	doc, lineErrs, err := codex.Parse(bytes.NewReader(data), name)
	if err != nil {
		return nil, err
	}
	for _, le := range lineErrs {
		doc.Skipped = append(doc.Skipped, le.Error())
	}
	return im.Documents(ctx, stewardID, []baton.ImportDocument{doc}, progress)
}

// importGemini imports one Gemini CLI file: a chat, a checkpoint (its
// messages take the file's modification time, or now), or logs.json.
func (im *Importer) importGemini(ctx context.Context, stewardID int64, name string, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error) {
	at := time.Now()
	if info, err := os.Stat(name); err == nil && info.Mode().IsRegular() {
		at = info.ModTime()
	}
	docs, skipped, err := gemini.Parse(data, name, at)
	if err != nil {
		return nil, err
	}
	if len(docs) > 0 {
		docs[0].Skipped = append(docs[0].Skipped, skipped...)
	}
	if recorded := recordedGeminiSessions(name); len(recorded) > 0 {
		// logs.json beside chat recordings: the recording has the whole
		// session, so its prompts-only copy is left out.
		kept := docs[:0]
		for _, d := range docs {
			if !recorded[d.Session.SourceRef] {
				kept = append(kept, d)
			}
		}
		docs = kept
		if len(docs) == 0 {
			return []baton.ImportResult{{Key: filepath.Base(name), Status: baton.ImportDuplicate, Skipped: []string{"every session in it has a chat recording, imported from chats/"}}}, nil
		}
	}
	return im.Documents(ctx, stewardID, docs, progress)
}

// recordedGeminiSessions lists, for a logs.json file, the sessions that
// have a chat recording in the chats folder beside it, as "log:<id>".
func recordedGeminiSessions(logsPath string) map[string]bool {
	if filepath.Base(logsPath) != "logs.json" {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(logsPath), "chats", "*.json"))
	out := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || gemini.Kind(data) != gemini.KindChat {
			continue
		}
		var probe struct {
			SessionID string `json:"sessionId"`
		}
		if json.Unmarshal(data, &probe) == nil && probe.SessionID != "" {
			out["log:"+probe.SessionID] = true
		}
	}
	return out
}

// maxAgentDepth bounds how deep a folder import looks for agent
// transcripts: ~/.codex/sessions/YYYY/MM/DD/ and
// ~/.gemini/tmp/<hash>/chats/ are the deepest layouts.
const maxAgentDepth = 6

// AgentFiles lists the Codex CLI rollouts and Gemini CLI files below
// root, at most maxAgentDepth folders down, by their names and layouts:
// rollout-*.jsonl; chats/session-*.json, checkpoint-*.json and logs.json
// in a Gemini project folder. Hidden folders below root are skipped, as
// elsewhere. It is what folder imports and the watcher read.
func AgentFiles(root string) ([]string, error) {
	var out []string
	rootDepth := strings.Count(filepath.Clean(root), string(filepath.Separator))
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // a folder that cannot be read is left out, as a missing one
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || strings.Count(p, string(filepath.Separator))-rootDepth >= maxAgentDepth) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && IsAgentFileName(p) {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// IsAgentFileName reports whether a path is named as a Codex CLI rollout
// or a Gemini CLI file is.
func IsAgentFileName(p string) bool {
	name := filepath.Base(p)
	dir := filepath.Base(filepath.Dir(p))
	switch {
	case strings.HasPrefix(name, "rollout-") && strings.HasSuffix(name, ".jsonl"):
		return true
	case dir == "chats" && strings.HasPrefix(name, "session-") && strings.HasSuffix(name, ".json"):
		return true
	case strings.HasPrefix(name, "checkpoint-") && strings.HasSuffix(name, ".json"):
		return true
	case name == "logs.json":
		return true
	}
	return false
}

// agentFormat is the format of a file AgentFiles found, from its content:
// a rollout's first line, or a JSON file whole (Detect needs the first
// value complete).
func agentFormat(path string) string {
	if !strings.HasSuffix(path, ".jsonl") {
		data, err := os.ReadFile(path)
		if err != nil {
			return FormatUnknown
		}
		return Detect(path, data)
	}
	f, err := os.Open(path)
	if err != nil {
		return FormatUnknown
	}
	defer f.Close()
	// The metadata line holds the agent's instructions: tens of kilobytes.
	first, err := bufio.NewReader(io.LimitReader(f, 16<<20)).ReadBytes('\n')
	if err != nil && err != io.EOF {
		return FormatUnknown
	}
	return Detect(path, first)
}

// agentFolderFiles are the agent transcripts below a folder being
// imported that no other reader covers.
func agentFolderFiles(root string, covered map[string]bool) ([]string, error) {
	files, err := AgentFiles(root)
	if err != nil {
		return nil, fmt.Errorf("list agent transcripts in %s: %w", root, err)
	}
	var out []string
	for _, p := range files {
		if covered[p] {
			continue
		}
		if f := agentFormat(p); f == FormatCodex || f == FormatGemini {
			out = append(out, p)
		}
	}
	return out, nil
}
