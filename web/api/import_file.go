package api

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/labstack/echo/v4"
)

// ImportFile is POST /api/v1/import/file: one transcript file sent whole
// (what `baton watch` sends a server), imported as `baton import` imports
// it — recognised by its content, a grown file adding only its new
// messages. A Codex CLI rollout is sent in parts instead: the new lines
// with the state the previous part's answer gave (ImportLines), so a
// rollout of any size goes in requests of a few megabytes. The file is laid out in a temporary folder as on the sender's
// machine (its folder's name, a Claude Code session's subagent files) so
// the import reads it exactly as it would there.
func (s *Server) ImportFile(c echo.Context) error {
	var req baton.ImportFileRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	name, err := plainFileName("path", req.Path)
	if err != nil {
		return err
	}
	if len(req.Parts) > 0 {
		// A Claude Code transcript read as it grows: its new lines only.
		if len(req.Data) > 0 || len(req.Subagents) > 0 || len(req.State) > 0 {
			return baton.Invalid("parts", "parts are sent alone: data, subagents and state are for a file sent whole or a rollout")
		}
		results, err := s.importer.ImportTranscriptLines(requestContext(c), stewardID(c), req.Path, req.Parts,
			ingest.TranscriptOptions{More: req.More, Idle: req.Idle})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, baton.ImportFileResponse{Results: results})
	}
	if len(req.Data) == 0 && (!ingest.IsRolloutName(name) || len(req.State) == 0) {
		// A rollout's later part may be empty: it says the rollout
		// stopped growing (or will not grow), for its session's analysis.
		return baton.Invalid("data", "data is empty: send the file's bytes, base64-encoded")
	}
	for i, sa := range req.Subagents {
		sub, err := plainFileName("subagents", sa.Name)
		if err != nil {
			return err
		}
		if !strings.HasPrefix(sub, "agent-") || !strings.HasSuffix(sub, ".jsonl") {
			return baton.Invalid("subagents", "subagents[%d].name must be a Claude Code subagent file, agent-<id>.jsonl; got %q", i, sa.Name)
		}
	}
	if !req.ModTime.IsZero() && !baton.ValidTime(req.ModTime) {
		return baton.Invalid("mod_time", "mod_time must be between the years 1 and 9999")
	}
	if ingest.IsRolloutName(name) {
		// A rollout comes in parts: the lines that follow those the state
		// says were read (all of it, the first time).
		if len(req.Subagents) > 0 {
			return baton.Invalid("subagents", "subagents are a Claude Code session's; a Codex CLI rollout has none")
		}
		results, state, err := s.importer.ImportLines(requestContext(c), stewardID(c), name, req.Data, req.State,
			ingest.LinesOptions{Final: req.Final, More: req.More})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, baton.ImportFileResponse{Results: results, State: state})
	}
	if len(req.State) > 0 {
		return baton.Invalid("state", "state is for a Codex CLI rollout sent in parts; %s is sent whole", name)
	}
	dir, err := os.MkdirTemp("", ImportFileDirPrefix)
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// A Gemini CLI checkpoint is named after its project folder: keep it.
	folder := filepath.Base(filepath.Dir(req.Path))
	if folder == "." || folder == ".." || folder == string(filepath.Separator) || strings.ContainsAny(folder, `/\`) {
		folder = "file"
	}
	path := filepath.Join(dir, folder, name)
	if err := writeFile(path, req.Data); err != nil {
		return err
	}
	stem := strings.TrimSuffix(name, ".jsonl")
	for _, sa := range req.Subagents {
		if err := writeFile(filepath.Join(dir, folder, stem, "subagents", filepath.Base(sa.Name)), sa.Data); err != nil {
			return err
		}
	}
	if !req.ModTime.IsZero() {
		_ = os.Chtimes(path, req.ModTime, req.ModTime)
	}
	results, err := s.importer.ImportPath(requestContext(c), stewardID(c), path, nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, baton.ImportFileResponse{Results: results})
}

// ImportFileDirPrefix begins the name of the temporary folder a file sent
// whole is laid out in (web.RemoveStaleUploads finds those a stopped
// server left).
const ImportFileDirPrefix = "baton-import-file-"

// plainFileName is the file name a path ends in, refused when it is not a
// plain name (empty, "." or "..", a NUL).
func plainFileName(field, p string) (string, error) {
	name := filepath.Base(strings.ReplaceAll(p, `\`, "/"))
	if strings.TrimSpace(p) == "" || name == "." || name == ".." || name == "/" || strings.ContainsRune(p, 0) {
		return "", baton.Invalid(field, "%s must name a file, as in /home/you/.codex/sessions/2025/11/02/rollout-….jsonl; got %q", field, p)
	}
	return name, nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}
