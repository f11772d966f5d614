package baton

import "time"

// Session list sort orders.
const (
	SortStartedDesc = "started_desc"
	SortStartedAsc  = "started_asc"
	SortQualityDesc = "quality_desc"
	SortQualityAsc  = "quality_asc"
)

// SessionFilter is a query of conversations: which of a steward's
// sessions to list, in which order, from where.
type SessionFilter struct {
	Types            []SessionType
	Source           string
	From, To         *time.Time
	ReviewStatus     ReviewStatus
	MinQuality       *float64
	Tag              string
	Topic            string
	Emotion          string // a starting or ending mood or a peak moment's emotion
	HasBreakthroughs bool
	Text             string // free text over message content
	Sort             string
	Cursor           string // opaque keyset cursor from the previous page
	Limit            int
}

// SessionPage is one page of a session list.
type SessionPage struct {
	Sessions   []*Session `json:"sessions"`
	NextCursor string     `json:"next_cursor"`
	Total      int        `json:"total"`
}

// SearchHit is one message that matched a full-text search.
type SearchHit struct {
	MessageID    int64     `json:"message_id"`
	SessionID    string    `json:"session_id"`
	SessionTitle string    `json:"session_title"`
	Seq          int64     `json:"sequence_number"`
	Role         Role      `json:"role"`
	Snippet      string    `json:"snippet"`
	Timestamp    time.Time `json:"timestamp"`
}

// AppendResult says what a batch of messages did.
type AppendResult struct {
	Stored     int `json:"stored"`
	Duplicates int `json:"duplicates"`
}
