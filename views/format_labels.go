package views

import (
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// typeLabel is how a session type reads: "code_session" → "Code session".
func typeLabel(t baton.SessionType) string {
	return humanize(string(t))
}

// roleLabel is how a message's author reads in the transcript.
func roleLabel(m MessageView) string {
	if m.Speaker != "" {
		return m.Speaker
	}
	switch m.Role {
	case baton.RoleSteward:
		return "Steward"
	case baton.RoleAssistant:
		return "Assistant"
	case baton.RoleSystem:
		return "System"
	case baton.RoleToolCall:
		return "Tool call"
	case baton.RoleToolResult:
		return "Tool result"
	}
	return humanize(string(m.Role))
}

// isToolResult reports whether a message is tool output, which the
// transcript folds so long output never floods the page.
func isToolResult(m MessageView) bool {
	return m.Role == baton.RoleToolResult
}

// msgClass is the class list of a transcript item.
func msgClass(m MessageView) string {
	c := "msg msg-" + string(m.Role)
	if m.IsError {
		c += " msg-error"
	}
	return c
}

// stewardName is the signed-in steward's name, or "" when signed out.
func stewardName(p Page) string {
	if p.Steward == nil {
		return ""
	}
	return p.Steward.Name()
}

// pageTitle is the document title: "Sessions · Baton".
func pageTitle(p Page) string {
	if p.Title == "" {
		return "Baton"
	}
	return p.Title + " · Baton"
}

// sessionTitle is a session's title, or a stand-in for an untitled one.
func sessionTitle(s *baton.Session) string {
	if strings.TrimSpace(s.Title) == "" {
		return "Untitled session"
	}
	return s.Title
}

// tokenStatus is whether a personal access token still works.
func tokenStatus(t *baton.AccessToken) string {
	if t.RevokedAt != nil {
		return "revoked"
	}
	return "active"
}

// importBadge is the badge class of an import result status.
func importBadge(status string) string {
	switch status {
	case baton.ImportStored:
		return "badge badge-stored"
	case baton.ImportUpdated:
		return "badge badge-updated"
	case baton.ImportDuplicate:
		return "badge badge-duplicate"
	case baton.ImportRejected:
		return "badge badge-rejected"
	}
	return "badge"
}

// hitTitle is the title of a search hit's session.
func hitTitle(h baton.SearchHit) string {
	if h.SessionTitle == "" {
		return "Untitled session"
	}
	return h.SessionTitle
}

// errorHeading names an HTTP status for people.
func errorHeading(status int) string {
	switch status {
	case 400:
		return "Something in the request needs fixing"
	case 401:
		return "Please sign in"
	case 403:
		return "Not allowed"
	case 404:
		return "Not found"
	case 409:
		return "That conflicts with what is already there"
	case 413:
		return "Too large"
	case 429:
		return "Too many requests — wait a moment and try again"
	}
	if status >= 500 {
		return "Something went wrong on our side"
	}
	return "Something went wrong"
}
