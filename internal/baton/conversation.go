package baton

import "time"

// Conversation kinds: the original thread of a session and the threads made from it.
const (
	ConversationOriginal   = "original"
	ConversationFork       = "fork"
	ConversationReplay     = "replay"
	ConversationCherryPick = "cherry_pick"
	ConversationSidechain  = "sidechain"
)

// Conversation is one thread of a session. A fork does not copy its parent's
// messages: it reads the parent's messages up to ForkPointMessageID, then its
// own, whose sequence numbers continue after the fork point.
type Conversation struct {
	ID                   string    `json:"id" bun:"id,pk"`
	StewardID            int64     `json:"-" bun:"steward_id,notnull"`
	SessionID            string    `json:"session_id" bun:"session_id,notnull"`
	Kind                 string    `json:"kind" bun:"kind,notnull"`
	Title                string    `json:"title" bun:"title,notnull"`
	SourceRef            string    `json:"source_ref,omitempty" bun:"source_ref,notnull"`
	ParentConversationID *string   `json:"parent_conversation_id" bun:"parent_conversation_id"`
	ForkPointMessageID   *int64    `json:"fork_point_message_id" bun:"fork_point_message_id"`
	ForkPointSeq         int64     `json:"fork_point_seq" bun:"fork_point_seq,notnull"`
	MessageCount         int       `json:"message_count" bun:"message_count,notnull"`
	CreatedAt            time.Time `json:"created_at" bun:"created_at,notnull"`
}

// Annotation is a steward's comment, label or score on a session or one of its messages.
type Annotation struct {
	ID        int64     `json:"id" bun:"id,pk,autoincrement"`
	StewardID int64     `json:"-" bun:"steward_id,notnull"`
	SessionID string    `json:"session_id" bun:"session_id,notnull"`
	MessageID *int64    `json:"message_id" bun:"message_id"`
	Kind      string    `json:"kind" bun:"kind,notnull"` // comment, label, score
	Label     string    `json:"label,omitempty" bun:"label,notnull"`
	Dimension string    `json:"dimension,omitempty" bun:"dimension,notnull"`
	Value     *float64  `json:"value,omitempty" bun:"value"`
	Note      string    `json:"note,omitempty" bun:"note,notnull"`
	CreatedAt time.Time `json:"created_at" bun:"created_at,notnull"`
	// AuthorID is who wrote it when that is not the session's owner: a
	// member of a team the session is shared with (nil: the owner).
	AuthorID *int64 `json:"author_id,omitempty" bun:"author_id"`

	// Read with the annotation for lists and exports, never written.
	MessageSeq *int64 `json:"message_seq,omitempty" bun:"message_seq,scanonly"`
	// MessageConversationID is the fork, replay or cherry-pick target the
	// message belongs to; "" for the session's main conversation.
	MessageConversationID string `json:"message_conversation_id,omitempty" bun:"message_conversation_id,scanonly"`
	SessionTitle          string `json:"session_title,omitempty" bun:"session_title,scanonly"`
	AuthorName            string `json:"author_name,omitempty" bun:"author_name,scanonly"`
}
