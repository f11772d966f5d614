package baton

import "time"

// Replay statuses.
const (
	ReplayPrepared  = "prepared"
	ReplayRunning   = "running"
	ReplayCompleted = "completed"
	ReplayFailed    = "failed"
)

// Replay is a fork plus the parameters it is re-run with. Its new messages
// live in the fork (ConversationID); the context up to the fork point is
// read from the conversation it was made from.
type Replay struct {
	ID                   string     `json:"id" bun:"id,pk"`
	StewardID            int64      `json:"-" bun:"steward_id,notnull"`
	SessionID            string     `json:"session_id" bun:"session_id,notnull"`
	ConversationID       string     `json:"conversation_id" bun:"conversation_id,notnull"`
	SourceConversationID string     `json:"source_conversation_id" bun:"source_conversation_id,notnull"`
	Model                string     `json:"model" bun:"model,notnull"`
	Temperature          *float64   `json:"temperature" bun:"temperature"`
	MaxTokens            *int       `json:"max_tokens" bun:"max_tokens"`
	SystemPrompt         string     `json:"system_prompt" bun:"system_prompt,notnull"`
	ToolAllow            []string   `json:"tool_allow" bun:"tool_allow,type:json"`
	ToolDeny             []string   `json:"tool_deny" bun:"tool_deny,type:json"`
	ExtraContext         string     `json:"extra_context" bun:"extra_context,notnull"`
	Status               string     `json:"status" bun:"status,notnull"`
	FailureReason        string     `json:"failure_reason,omitempty" bun:"failure_reason,notnull"`
	CreatedAt            time.Time  `json:"created_at" bun:"created_at,notnull"`
	CompletedAt          *time.Time `json:"completed_at" bun:"completed_at"`
	// StartedAt is when the latest run started; HeartbeatAt when its runner
	// last said it is alive (a run whose runner went away is failed).
	StartedAt   *time.Time `json:"started_at" bun:"started_at"`
	HeartbeatAt *time.Time `json:"-" bun:"heartbeat_at"`
	// Runs counts the runs started: one per Run, one per continuation.
	Runs int `json:"runs" bun:"runs,notnull"`
	// ToolAnswers says, for each tool call the model made in its runs,
	// whether the answer came from the recording or was missing.
	ToolAnswers []ToolAnswer `json:"tool_answers" bun:"tool_answers,type:json"`
	// MatrixID is the replay matrix the replay is a run of, if any.
	MatrixID *string `json:"matrix_id,omitempty" bun:"matrix_id"`
	// MatrixPosition is its place among the matrix's runs, from 0.
	MatrixPosition int `json:"matrix_position,omitempty" bun:"matrix_position,notnull"`
	// RequestKey is the key of the form that made it, if any: the same
	// form sent twice makes one replay.
	RequestKey *string `json:"-" bun:"request_key"`
}

// Finished reports whether the replay's latest run has ended.
func (r *Replay) Finished() bool { return r.Status == ReplayCompleted || r.Status == ReplayFailed }

// ToolAnswer is how one tool call of a replayed model was answered: from
// the recording (the recorded call of the same tool with the same
// arguments, RecordedSeq its result's place in the recorded transcript) or
// not at all (Recorded false: the run stopped there).
type ToolAnswer struct {
	CallID      string `json:"call_id"`
	Tool        string `json:"tool"`
	Input       string `json:"input"`
	Recorded    bool   `json:"recorded"`
	RecordedSeq int64  `json:"recorded_seq,omitempty"`
	// AtForkPoint is true when the recorded call answered was the next
	// unused one after the fork point, false when it was made elsewhere
	// in the recording.
	AtForkPoint bool `json:"at_fork_point,omitempty"`
}

// ReplayMatrix is one fork point replayed with several parameter sets;
// its runs are replays whose MatrixID is its id, each compared against
// the source conversation as a baseline.
type ReplayMatrix struct {
	ID                   string    `json:"id" bun:"id,pk"`
	StewardID            int64     `json:"-" bun:"steward_id,notnull"`
	SessionID            string    `json:"session_id" bun:"session_id,notnull"`
	SourceConversationID string    `json:"source_conversation_id" bun:"source_conversation_id,notnull"`
	AtMessageID          int64     `json:"at_message_id" bun:"at_message_id,notnull"`
	Title                string    `json:"title" bun:"title,notnull"`
	CreatedAt            time.Time `json:"created_at" bun:"created_at,notnull"`
}

// MaxMatrixRuns bounds the parameter sets of one replay matrix.
const MaxMatrixRuns = 8

// ToolAllowed applies the replay's tool filter: a tool is allowed when the
// allow list is empty or names it, and the deny list does not name it.
func (r *Replay) ToolAllowed(name string) bool {
	for _, d := range r.ToolDeny {
		if d == name {
			return false
		}
	}
	if len(r.ToolAllow) == 0 {
		return true
	}
	for _, a := range r.ToolAllow {
		if a == name {
			return true
		}
	}
	return false
}

// Comparison is a saved comparison of two conversations. Role is how the
// asking steward reaches it: "owner", or their role in a team it is shared with.
type Comparison struct {
	ID              string    `json:"id" bun:"id,pk"`
	StewardID       int64     `json:"-" bun:"steward_id,notnull"`
	AConversationID string    `json:"a" bun:"a_conversation_id,notnull"`
	BConversationID string    `json:"b" bun:"b_conversation_id,notnull"`
	Title           string    `json:"title" bun:"title,notnull"`
	CreatedAt       time.Time `json:"created_at" bun:"created_at,notnull"`
	Access          string    `json:"access" bun:"access,scanonly"`
	OwnerName       string    `json:"owner" bun:"owner_name,scanonly"`
	ASessionID      string    `json:"a_session_id" bun:"a_session_id,scanonly"`
	BSessionID      string    `json:"b_session_id" bun:"b_session_id,scanonly"`
}

// Access levels of a steward to a shared object.
const (
	AccessOwner  = "owner"
	AccessMember = "member" // reads and comments
	AccessViewer = "viewer" // reads
)

// CanComment reports whether an access level may comment.
func CanComment(access string) bool { return access == AccessOwner || access == AccessMember }

// ComparisonComment is one comment on a comparison, on the whole of it
// (PairKey "") or on one aligned pair.
type ComparisonComment struct {
	ID           int64     `json:"id" bun:"id,pk,autoincrement"`
	ComparisonID string    `json:"comparison_id" bun:"comparison_id,notnull"`
	AuthorID     int64     `json:"author_id" bun:"author_id,notnull"`
	PairKey      string    `json:"pair_key" bun:"pair_key,notnull"`
	Body         string    `json:"body" bun:"body,notnull"`
	CreatedAt    time.Time `json:"created_at" bun:"created_at,notnull"`
	AuthorName   string    `json:"author" bun:"author_name,scanonly"`
}

// ComparisonRating is one steward's scores of a comparison's two runs,
// given on its page: each side's score (0 to 1, nil when not given) and
// which run was better ("a", "b", "tie", or "" when not said).
type ComparisonRating struct {
	ComparisonID string    `json:"comparison_id" bun:"comparison_id,notnull"`
	StewardID    int64     `json:"steward_id" bun:"steward_id,notnull"`
	ScoreA       *float64  `json:"score_a" bun:"score_a"`
	ScoreB       *float64  `json:"score_b" bun:"score_b"`
	Better       string    `json:"better" bun:"better,notnull"`
	Note         string    `json:"note" bun:"note,notnull"`
	UpdatedAt    time.Time `json:"updated_at" bun:"updated_at,notnull"`
	StewardName  string    `json:"steward" bun:"steward_name,scanonly"`
}

// Which run a rating found better.
const (
	BetterA   = "a"
	BetterB   = "b"
	BetterTie = "tie"
)

// Team share kinds.
const (
	TeamShareSession    = "session"
	TeamShareComparison = "comparison"
	TeamShareMatrix     = "matrix" // a replay matrix, with every run's comparison
)

// TeamShare is one object a steward shared with a team.
type TeamShare struct {
	ID        int64     `json:"id" bun:"id,pk,autoincrement"`
	TeamID    int64     `json:"team_id" bun:"team_id,notnull"`
	StewardID int64     `json:"-" bun:"steward_id,notnull"`
	Kind      string    `json:"kind" bun:"kind,notnull"`
	ObjectID  string    `json:"object_id" bun:"object_id,notnull"`
	CreatedAt time.Time `json:"created_at" bun:"created_at,notnull"`
	// Read for lists.
	Title     string `json:"title" bun:"title,scanonly"`
	OwnerName string `json:"owner" bun:"owner_name,scanonly"`
}

// Provenance says where a cherry-picked message was copied from.
type Provenance struct {
	MessageID            int64     `json:"message_id" bun:"message_id,pk"`
	StewardID            int64     `json:"-" bun:"steward_id,notnull"`
	SourceMessageID      int64     `json:"source_message_id" bun:"source_message_id,notnull"`
	SourceConversationID string    `json:"source_conversation_id" bun:"source_conversation_id,notnull"`
	CreatedAt            time.Time `json:"created_at" bun:"created_at,notnull"`
}
