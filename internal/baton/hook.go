package baton

import (
	"encoding/json"
	"time"
)

// HookRequest is what `baton hook` sends for one Claude Code hook event:
// the event's payload as Claude Code wrote it, and the transcript lines the
// client has not sent before.
type HookRequest struct {
	// RequestID makes a resent request (a retry, the spool) count once.
	RequestID string `json:"request_id"`
	// OccurredAt is when the hook ran, which may be long before a spooled
	// request arrives.
	OccurredAt time.Time `json:"occurred_at"`
	// Event is the hook payload: session_id, hook_event_name, transcript_path,
	// cwd and whatever the event adds. Unknown events are kept.
	Event json.RawMessage `json:"event"`
	// Transcripts are new lines of the session's transcript files.
	Transcripts []TranscriptChunk `json:"transcripts,omitempty"`
	// Partial says the client has more lines than it could send at once:
	// the server then treats the event as one that settles nothing (a
	// SessionEnd finalizes with the request that brings the last lines).
	Partial bool `json:"partial,omitempty"`
	// TranscriptError says why the client could not read the main
	// transcript (transcript_path) for this event; the server then builds
	// the session from the events and says so on its page.
	TranscriptError string `json:"transcript_error,omitempty"`
	// Git is what the client read of the git checkout the session runs in
	// (the event's cwd), at SessionStart: the server hands over the bridge
	// of that project and branch.
	Git *HookGit `json:"git,omitempty"`
}

// HookGit is the git checkout a hooked session starts in.
type HookGit struct {
	// Branch is the checked-out branch ("" when detached).
	Branch string `json:"branch,omitempty"`
	// Repository is the origin remote's URL as configured.
	Repository string `json:"repository,omitempty"`
}

// TranscriptChunk is a run of whole lines of one transcript file, and where
// in the file they start.
type TranscriptChunk struct {
	// File is "" for the main transcript and "agent-<id>.jsonl" for a
	// subagent's.
	File   string `json:"file"`
	Offset int64  `json:"offset"`
	// Lines are complete lines, each ending in "\n".
	Lines string `json:"lines"`
}

// HookResult is the server's answer to a HookRequest.
type HookResult struct {
	// SessionID is the Baton session, once the transcript has a message.
	SessionID string `json:"session_id,omitempty"`
	// Stored is how many messages this request added.
	Stored int `json:"stored"`
	// Offsets are the bytes of each transcript file the server has: a
	// client whose own offset differs sends from here next time.
	Offsets map[string]int64 `json:"offsets"`
	// Context is the continuity context for a new session (SessionStart
	// only), as Markdown.
	Context string `json:"context,omitempty"`
	// Error says why the transcript could not be imported, when it could not.
	Error string `json:"error,omitempty"`
}
