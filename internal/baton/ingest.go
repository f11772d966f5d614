package baton

// ImportDocument is one source document turned into Baton's terms: a
// session and its conversations. An importer produces it; the store writes
// it whole or not at all.
type ImportDocument struct {
	// Key names the document in results: its id, file name or line.
	Key     string
	Session Session
	// Conversations[0] is the main conversation; the others name their parent.
	Conversations []ImportConversation
	// Skipped says what a lenient importer left out, for the result.
	Skipped []string
	// EventPrefix, when set, starts the source ids of messages a session
	// got from something other than this document (Claude Code's hook
	// events, "hook:", when the transcript could not be read). The
	// document replaces those of them it has too (the same prompt, the same
	// tool call or result); the others stay, placed by time among the
	// document's messages.
	EventPrefix string
}

// ImportConversation is one thread of an imported document.
type ImportConversation struct {
	Key       string // unique within the document
	ParentKey string // "" for the main conversation
	// ForkAfterSourceID is the source id of the parent's message this
	// thread forks after; "" forks before the parent's first message.
	ForkAfterSourceID string
	Kind              string
	Title             string
	Messages          []Message
}

// Import result statuses.
const (
	ImportStored    = "stored"
	ImportUpdated   = "updated"
	ImportDuplicate = "duplicate"
	ImportRejected  = "rejected"
)

// ImportResult is what happened to one document.
type ImportResult struct {
	Key       string   `json:"document"`
	Status    string   `json:"status"`
	SessionID string   `json:"session_id,omitempty"`
	Messages  int      `json:"messages"`
	Error     string   `json:"error,omitempty"`
	Skipped   []string `json:"skipped,omitempty"`
}

// ImportProgress reports how far a long import has come.
type ImportProgress struct {
	Done, Total int
	Current     string
	// Messages of the documents done, of MessagesTotal in all of them
	// (set by Importer.Documents; zero where only files are counted).
	Messages, MessagesTotal int
}
