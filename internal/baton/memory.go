package baton

import "time"

// MemoryEvery is how often the medium-term memory is refreshed: each time
// a conversation's message count crosses a multiple of it, and on long
// conversations once it has grown by an eighth (analysis.memoryStep).
const MemoryEvery = 10

// ConversationMemory is the medium-term memory of one conversation: an
// extractive summary of its first Covered messages (a multiple of
// MemoryEvery), refreshed as the conversation grows.
type ConversationMemory struct {
	ConversationID string    `json:"conversation_id" bun:"conversation_id,pk"`
	StewardID      int64     `json:"-" bun:"steward_id,notnull"`
	SessionID      string    `json:"session_id" bun:"session_id,notnull"`
	Covered        int       `json:"covered_messages" bun:"covered,notnull"`
	Summary        string    `json:"summary" bun:"summary,notnull"`
	RefreshedAt    time.Time `json:"refreshed_at" bun:"refreshed_at,notnull"`
}
