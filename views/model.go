// Package views renders Baton's pages with templ. Handlers build the view
// models below and never write HTML themselves; views know only the domain
// and these models.
package views

import (
	"time"

	"net/url"

	"github.com/baton-dev/baton/internal/baton"
)

// Page is what every full page needs: title, who is signed in, the CSRF
// token for forms and htmx, and a flash message.
type Page struct {
	Title   string
	Steward *baton.Steward // nil when signed out
	CSRF    string
	Nav     string // "sessions", "import", "settings": the active nav item
	Flash   string
	// FlashKind is "success" or "error".
	FlashKind string
}

// LoginPage is the sign-in form.
type LoginPage struct {
	Page
	Username string
	Next     string // where to go after signing in
	Error    string
	// DemoHint is shown on a demo install: the demo credentials.
	DemoHint string
	// Providers are the outside sign-ins offered next to the password form.
	Providers []ProviderLink
}

// SessionListPage is the session list with its filters.
type SessionListPage struct {
	Page
	// Query holds the filter values as they are in the URL, to refill the
	// form and build sort and page links.
	Query          url.Values
	Sessions       []*baton.Session
	Total          int
	NextURL        string // "" on the last page; the URL of the next page's rows partial
	Sort           string // one of baton.Sort*
	Sources        []string
	Tags           []string
	Topics         []string // analysed key topics, for the topic filter
	Emotions       []string // moods and peak emotions, for the emotion filter
	Types          []baton.SessionType
	ReviewStatuses []baton.ReviewStatus
	// Hits are message matches for the free-text query (q), newest-best first.
	Hits []baton.SearchHit
	// MoreHitsURL asks for more hits when the search stopped at its limit.
	MoreHitsURL string
	// BulkURL is where the bulk review-status form posts.
	BulkURL string
}

// SessionPage is one session: metadata panels, conversations and the transcript.
type SessionPage struct {
	Page
	Session       *baton.Session
	Conversations []*baton.Conversation
	Conversation  *baton.Conversation // the one shown
	Transcript    TranscriptChunk
	TotalMessages int64
	// At is the message a jump asked for (?at=N), 0 without one; the page
	// scrolls to it and highlights it.
	At int64
	// Analysing is true while the background worker has not yet analysed
	// the newest messages.
	Analysing bool
	// MessagesURL is the transcript partial's URL without query; add
	// ?after=SEQ to load from a message on.
	MessagesURL string
	// Analysis is the arc chart, the quality breakdown, the patterns and
	// the steward's review of the session (analysis_model.go).
	Analysis SessionAnalysisView
	// Frames are the Lex frames taken in this session (frames_model.go).
	Frames SessionFrames
	// Memory is the shown conversation's medium-term memory (nil: none yet; session_memory.templ).
	Memory *baton.ConversationMemory
	// TeamShares is the Share section's team form and shares.
	TeamShares SessionTeamShares
	// Share is the Share section's forms as a refused one was sent, with
	// why (zero: neither was refused); the section then starts open.
	Share ShareForms
	// KeptByBaton is when the agent deleted this session's transcript
	// file, as `baton watch` saw it; nil while the file is still there.
	KeptByBaton *time.Time
	// Corrections are the steward's corrections of the session; the page
	// shows each correctable field with its own (corrections.templ).
	Corrections []baton.Correction
}

// TranscriptChunk is a run of messages plus the URL that loads the next run
// (htmx, when the reader scrolls to the end); "" when there is no more.
type TranscriptChunk struct {
	Messages []MessageView
	NextURL  string
	// EarlierURL loads the EarlierCount messages before this run, above
	// it; "" when the run starts at the first message or follows others.
	EarlierURL   string
	EarlierCount int
}

// MessageView is a message ready to show: Markdown already rendered and sanitized.
type MessageView struct {
	*baton.Message
	Anchor       string // "m-<seq>": a stable anchor per message
	HTML         string // rendered, sanitized content
	ThinkingHTML string
	ToolCalls    []ToolCallView
	// IsError is true for a failed tool result.
	IsError bool
	// BranchBegins marks the first message of a fork in its transcript:
	// the messages before it are read from the parent.
	BranchBegins bool
	// Annotations are the steward's annotations of this message; CSRF is
	// the token their forms carry.
	Annotations []*baton.Annotation
	CSRF        string
}

// ToolCallView is one tool call with its input pretty-printed and highlighted.
type ToolCallView struct {
	ID, Name  string
	InputHTML string
}

// ImportPage is the upload form and the per-document results of the last upload.
type ImportPage struct {
	Page
	Results []baton.ImportResult
	Error   string
	// Counts of the results by status.
	Stored, Updated, Duplicates, Rejected int
	// Finished says the results come at the end of an import job: the
	// page scrolls them into view (import.js).
	Finished bool
}

// ImportJobView is an import job's progress: files, documents and
// messages done of how many, and messages imported per second.
type ImportJobView struct {
	ID               string
	FileIndex, Files int
	// Reading is true while the current file is read and parsed, before
	// its documents and messages are counted: the page says so instead of
	// showing "0 of 0".
	Reading                   bool
	Documents, DocumentsTotal int
	Messages, MessagesTotal   int
	Rate                      float64
}

// SettingsPage lists the steward's personal access tokens.
type SettingsPage struct {
	Page
	Tokens   []*baton.AccessToken
	NewToken string // the token just created: shown once
	Error    string
	// Linked accounts (identity.templ): the steward's outside sign-ins and
	// the providers they may link; HasPassword tells whether the last
	// identity may go.
	Identities    []*baton.Identity
	Providers     []ProviderLink
	HasPassword   bool
	IdentityError string
	// ShareLinks are the steward's read-only links, newest first.
	ShareLinks []*baton.ShareLink
	ShareError string
}

// ErrorPage says what went wrong and what to do.
type ErrorPage struct {
	Page
	Status  int
	Message string
}
