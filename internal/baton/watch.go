package baton

import (
	"encoding/json"
	"time"
)

// WatchedFile is one transcript file a watcher (`baton watch`) keeps
// mirrored, as it last reported it: what it holds, when it was last
// synced, and whether the agent has since deleted it — its sessions are
// then kept by Baton alone.
type WatchedFile struct {
	Path  string `json:"path" bun:"path,notnull"`
	Agent string `json:"agent" bun:"agent,notnull"` // claude-code, codex-cli, gemini-cli, other
	// Folder is the watched folder the file was found in.
	Folder  string    `json:"folder" bun:"folder,notnull"`
	Size    int64     `json:"size" bun:"size,notnull"`
	ModTime time.Time `json:"mod_time" bun:"mod_time,notnull"`
	// SyncedAt is when its content was last stored; zero until it is.
	SyncedAt   *time.Time `json:"synced_at,omitempty" bun:"synced_at"`
	SessionIDs []string   `json:"session_ids" bun:"session_ids,type:json"`
	// Error is the last failure to import it, or lines it could not read
	// ("line 12: …"); "" when the last sync was clean.
	Error string `json:"error,omitempty" bun:"error,notnull"`
	// DeletedAt is when the watcher found the file gone upstream.
	DeletedAt *time.Time `json:"deleted_at,omitempty" bun:"deleted_at"`
	// ReplacedAt is when the watcher last found the file truncated or
	// written anew (it was read again from its start); KeptSessionIDs are
	// the sessions it held before that it no longer does: Baton keeps
	// them, as it keeps those of a deleted file.
	ReplacedAt     *time.Time `json:"replaced_at,omitempty" bun:"replaced_at"`
	KeptSessionIDs []string   `json:"kept_session_ids,omitempty" bun:"kept_session_ids,type:json"`
	SeenAt         time.Time  `json:"seen_at" bun:"seen_at,notnull"`
}

// WatchedFolder sums up one watched folder for the Sources page.
type WatchedFolder struct {
	Folder       string
	Agent        string
	Files        int
	Sessions     int
	Deleted      int // files deleted upstream whose sessions Baton still holds
	Replaced     int // files found truncated or written anew; Baton keeps their earlier sessions
	Errors       int
	LastSyncedAt *time.Time
}

// WatchedFolders sums up the steward's watched files by folder.
func SumWatchedFolders(files []WatchedFile) []WatchedFolder {
	byFolder := map[string]*WatchedFolder{}
	sessions := map[string]map[string]bool{}
	var order []string
	for _, f := range files {
		wf := byFolder[f.Folder]
		if wf == nil {
			wf = &WatchedFolder{Folder: f.Folder, Agent: f.Agent}
			byFolder[f.Folder] = wf
			sessions[f.Folder] = map[string]bool{}
			order = append(order, f.Folder)
		}
		wf.Files++
		for _, id := range f.SessionIDs {
			sessions[f.Folder][id] = true
		}
		for _, id := range f.KeptSessionIDs {
			sessions[f.Folder][id] = true
		}
		if f.ReplacedAt != nil {
			wf.Replaced++
		}
		if f.DeletedAt != nil && len(f.SessionIDs) > 0 {
			wf.Deleted++
		}
		if f.Error != "" {
			wf.Errors++
		}
		if f.SyncedAt != nil && (wf.LastSyncedAt == nil || f.SyncedAt.After(*wf.LastSyncedAt)) {
			t := *f.SyncedAt
			wf.LastSyncedAt = &t
		}
	}
	out := make([]WatchedFolder, 0, len(order))
	for _, folder := range order {
		wf := byFolder[folder]
		wf.Sessions = len(sessions[folder])
		out = append(out, *wf)
	}
	return out
}

// ImportFileRequest is one transcript file sent whole to a server's
// POST /api/v1/import/file (`baton watch` against a server): the file as
// its agent wrote it, with a Claude Code session's subagent files.
type ImportFileRequest struct {
	// Path is where the file is on the sender's machine; its name (and,
	// for a Gemini CLI checkpoint, its folder's) is what the import reads.
	Path string `json:"path"`
	Data []byte `json:"data"` // base64 in JSON
	// ModTime is the file's modification time (a Gemini CLI checkpoint's
	// messages take it).
	ModTime   time.Time            `json:"mod_time"`
	Subagents []ImportFileSubagent `json:"subagents,omitempty"`
	// State, for a Codex CLI rollout, is what the server answered the
	// previous part of the file: Data then holds the whole lines that
	// follow that part, and only their messages are stored. A rollout
	// sent from its first line has none.
	State json.RawMessage `json:"state,omitempty"`
	// Final says the file will not grow (it was deleted upstream).
	Final bool `json:"final,omitempty"`
	// More says more lines of the rollout (or of Parts) follow soon: the
	// session's analysis (which reads the whole session) waits for a
	// request without it — one with no data once the file stops growing.
	More bool `json:"more,omitempty"`
	// Parts, for a Claude Code transcript read as it grows, are the new
	// whole lines of its files (the main transcript, File "", and its
	// subagents'), each where it starts in its file; Data and Subagents
	// are then empty. The server holds the reading of the lines before;
	// when it does not (it restarted), it answers 409 with field "offset"
	// and the files are sent again from their first byte. A part with no
	// lines at the main file's end says the file stopped growing.
	Parts []TranscriptChunk `json:"parts,omitempty"`
	// Idle, with Parts, says the files have not grown for a long while:
	// once a request without More settles the session, the server need
	// not hold its reading (should the files grow again, it answers 409
	// and they are sent from their first byte).
	Idle bool `json:"idle,omitempty"`
}

// ImportFileResponse is the server's answer to an ImportFileRequest.
type ImportFileResponse struct {
	Results []ImportResult `json:"results"`
	// State, for a rollout, is where the reading stands: send it with the
	// lines that follow.
	State json.RawMessage `json:"state,omitempty"`
}

// ImportFileSubagent is one of a Claude Code session's subagent files,
// named agent-<id>.jsonl.
type ImportFileSubagent struct {
	Name string `json:"name"`
	Data []byte `json:"data"`
}
