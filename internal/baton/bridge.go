package baton

import "time"

// BridgeStatus is where a context bridge stands: a draft awaits the
// steward's review; a published bridge is what the next session receives
// (its PublishedRevision, even when later edits wait to be published).
type BridgeStatus string

const (
	BridgeDraft     BridgeStatus = "draft"
	BridgePublished BridgeStatus = "published"
)

// BridgeHandoff is the bridge_type of a bridge drafted when a
// session is finalized; the other types (reference, continuation, fork)
// are not drafted by Baton yet.
const BridgeHandoff = "handoff"

// Task statuses a bridge carries forward.
const (
	TaskInProgress = "in_progress"
	TaskBlocked    = "blocked"
	TaskPlanned    = "planned"
)

// TaskStatuses lists a bridge task's statuses, most urgent first.
var TaskStatuses = []string{TaskBlocked, TaskInProgress, TaskPlanned}

// Priorities of an open question, highest first.
var Priorities = []string{"high", "medium", "low"}

// Energy levels of the steward state.
var EnergyLevels = []string{"high", "normal", "low"}

// Bridge is a context bridge: what one session hands to the next.
// Its content changes only by revisions (BridgeRevision); Revision is the
// latest one's number.
type Bridge struct {
	ID          string       `json:"id" bun:"id,pk"`
	StewardID   int64        `json:"-" bun:"steward_id,notnull"`
	Type        string       `json:"bridge_type" bun:"bridge_type,notnull"`
	FromSession string       `json:"from_session" bun:"from_session,notnull"`
	ToSession   *string      `json:"to_session" bun:"to_session"`
	Status      BridgeStatus `json:"status" bun:"status,notnull"`
	Revision    int          `json:"revision" bun:"revision,notnull"`
	// PublishedRevision is the revision in force once published: what the
	// next session receives. Editing a published bridge adds revisions
	// after it (UnpublishedChanges) until it is published again; 0 when
	// never published.
	PublishedRevision  int  `json:"published_revision" bun:"published_revision,notnull"`
	UnpublishedChanges bool `json:"unpublished_changes" bun:"unpublished_changes,scanonly"`

	BridgeContent

	Quality       BridgeQuality  `json:"quality" bun:"quality,type:json"`
	Effectiveness *Effectiveness `json:"effectiveness" bun:"effectiveness,type:json"`

	CreatedAt   time.Time  `json:"created_at" bun:"created_at,notnull"`
	UpdatedAt   time.Time  `json:"updated_at" bun:"updated_at,notnull"`
	PublishedAt *time.Time `json:"published_at" bun:"published_at"`

	// FromTitle and ToTitle are the linked sessions' titles, for lists.
	FromTitle string `json:"from_title,omitempty" bun:"from_title,scanonly"`
	ToTitle   string `json:"to_title,omitempty" bun:"to_title,scanonly"`
}

// BridgeContent is the part of a bridge a steward edits.
type BridgeContent struct {
	Transferred  TransferredContext  `json:"transferred_context" bun:"transferred_context,type:json"`
	Instructions HandoffInstructions `json:"handoff_instructions" bun:"handoff_instructions,type:json"`
}

// MaxBridgeSummary is the most characters a bridge's summary holds. The
// analysis's summary (analysis.maxSummary) is shorter, so a bridge drafted
// from it carries it whole.
const MaxBridgeSummary = 2000

// TransferredContext is a bridge's transferred_context: what the next
// session needs to know of the work.
type TransferredContext struct {
	Summary         string           `json:"summary"`
	ActiveTasks     []BridgeTask     `json:"active_tasks"`
	StewardState    StewardState     `json:"steward_state"`
	TechnicalState  TechnicalState   `json:"technical_state"`
	RecentDecisions []BridgeDecision `json:"recent_decisions"`
	OpenQuestions   []OpenQuestion   `json:"open_questions"`
}

// BridgeTask is one task carried forward.
type BridgeTask struct {
	Task    string `json:"task"`
	Status  string `json:"status"`
	Context string `json:"context,omitempty"`
}

// StewardState is how the steward was when the session ended.
type StewardState struct {
	CurrentMood      []string `json:"current_mood"`
	EnergyLevel      string   `json:"energy_level"`
	FocusAreas       []string `json:"focus_areas"`
	RecentWins       []string `json:"recent_wins"`
	RecentChallenges []string `json:"recent_challenges"`
}

// TechnicalState is where the code stood when the session ended.
type TechnicalState struct {
	CurrentBranch      string            `json:"current_branch,omitempty"`
	UncommittedChanges bool              `json:"uncommitted_changes"`
	ActiveErrors       []string          `json:"active_errors"`
	EnvironmentState   map[string]string `json:"environment_state"`
}

// BridgeDecision is a decision with why it was taken and what else was weighed.
type BridgeDecision struct {
	Decision               string   `json:"decision"`
	Rationale              string   `json:"rationale"`
	AlternativesConsidered []string `json:"alternatives_considered"`
}

// OpenQuestion is a question the next session should pick up.
type OpenQuestion struct {
	Question string `json:"question"`
	Context  string `json:"context"`
	Priority string `json:"priority"`
}

// HandoffInstructions is a bridge's handoff_instructions: how the next
// session should carry on.
type HandoffInstructions struct {
	ImmediatePriority  string   `json:"immediate_priority,omitempty"`
	AvoidRepeating     []string `json:"avoid_repeating"`
	KeyContext         []string `json:"key_context"`
	CommunicationStyle string   `json:"communication_style,omitempty"`
}

// BridgeQuality is a bridge's quality_metrics, with the reason for each
// figure (the rules are in internal/continuity/quality.go).
type BridgeQuality struct {
	Completeness  float64           `json:"completeness"`
	Clarity       float64           `json:"clarity"`
	Relevance     float64           `json:"relevance"`
	Effectiveness *float64          `json:"effectiveness,omitempty"`
	Why           map[string]string `json:"why"`
	// Noise lists the items that lowered the clarity, each with its
	// reason: a command or raw error output given as a task, a decision
	// without its rationale, markup left in the text.
	Noise []string `json:"noise,omitempty"`
}

// Effectiveness is how the next session used a bridge.
type Effectiveness struct {
	ToSession  string    `json:"to_session"`
	MeasuredAt time.Time `json:"measured_at"`
	Score      float64   `json:"score"`
	TakenUp    []string  `json:"taken_up"`
	Resolved   []string  `json:"resolved"`
	Ignored    []string  `json:"ignored"`
	Repeated   []string  `json:"repeated"`
	// ReAsked are the bridge's settled decisions the next session asked
	// about again.
	ReAsked        []string `json:"re_asked"`
	Items          int      `json:"items"`
	EditedRevision bool     `json:"edited"`
}

// BridgeRevision is one saved version of a bridge's content: who saved it
// and when. Author is a steward's username, or "baton" for a draft.
type BridgeRevision struct {
	BridgeID  string    `json:"bridge_id" bun:"bridge_id,pk"`
	StewardID int64     `json:"-" bun:"steward_id,notnull"`
	Revision  int       `json:"revision" bun:"revision,pk"`
	Author    string    `json:"author" bun:"author,notnull"`
	Note      string    `json:"note,omitempty" bun:"note,notnull"`
	CreatedAt time.Time `json:"created_at" bun:"created_at,notnull"`
	BridgeContent
}

// AuthorBaton is the author of revisions Baton drafts itself.
const AuthorBaton = "baton"

// Marker types: a continuity marker's marker_type.
const (
	MarkerCheckpoint = "checkpoint"
	MarkerMilestone  = "milestone"
	MarkerTransition = "transition"
	MarkerPause      = "pause"
	MarkerResume     = "resume"
)

// MarkerTypes lists every marker type.
var MarkerTypes = []string{MarkerCheckpoint, MarkerMilestone, MarkerTransition, MarkerPause, MarkerResume}

// Marker is a continuity marker: a point on a steward's timeline
// across sessions, with the state of the work at that point. Markers of a
// steward form one chain in time order (PreviousMarker, NextMarker).
type Marker struct {
	ID             string      `json:"marker_id" bun:"id,pk"`
	StewardID      int64       `json:"-" bun:"steward_id,notnull"`
	Type           string      `json:"marker_type" bun:"marker_type,notnull"`
	Timestamp      time.Time   `json:"timestamp" bun:"ts,notnull"`
	SessionID      string      `json:"session_id" bun:"session_id,notnull"`
	MessageID      *int64      `json:"message_id,omitempty" bun:"message_id"`
	BridgeID       *string     `json:"bridge_id,omitempty" bun:"bridge_id"`
	Note           string      `json:"note,omitempty" bun:"note,notnull"`
	State          MarkerState `json:"state" bun:"state,type:json"`
	PreviousMarker *string     `json:"previous_marker" bun:"previous_marker"`
	NextMarker     *string     `json:"next_marker" bun:"next_marker"`
	AutoGenerated  bool        `json:"auto_generated" bun:"auto_generated,notnull"`
	Reviewed       bool        `json:"reviewed" bun:"reviewed,notnull"`
	Tags           []string    `json:"tags" bun:"tags,type:json"`
	CreatedAt      time.Time   `json:"created_at" bun:"created_at,notnull"`

	SessionTitle string `json:"session_title,omitempty" bun:"session_title,scanonly"`
}

// MarkerState is the state block of a marker.
type MarkerState struct {
	CompletedPercentage float64  `json:"completed_percentage"`
	CurrentPhase        string   `json:"current_phase"`
	NextSteps           []string `json:"next_steps"`
	WorkingOn           string   `json:"working_on"`
	BlockedBy           string   `json:"blocked_by,omitempty"`
	WaitingFor          string   `json:"waiting_for,omitempty"`
	RecentInsights      []string `json:"recent_insights"`
	LearnedPatterns     []string `json:"learned_patterns"`
	CollaborationHealth float64  `json:"collaboration_health"`
	Momentum            string   `json:"momentum"`
}

// CrossSummary is the cross-conversational summary of a steward's recent
// completed sessions, in Markdown (continuity.BuildSummary).
type CrossSummary struct {
	StewardID   int64           `json:"-" bun:"steward_id,pk"`
	Markdown    string          `json:"markdown" bun:"markdown,notnull"`
	Tokens      int             `json:"tokens" bun:"tokens,notnull"`
	Sessions    []SummarySource `json:"sessions" bun:"sessions,type:json"`
	GeneratedAt time.Time       `json:"generated_at" bun:"generated_at,notnull"`
}

// SummarySource is one session a cross-conversational summary came from,
// and why it was chosen.
type SummarySource struct {
	SessionID string    `json:"session_id"`
	Title     string    `json:"title"`
	StartedAt time.Time `json:"started_at"`
	Messages  int       `json:"messages"`
	Score     float64   `json:"score"`
	Reason    string    `json:"reason"`
}
