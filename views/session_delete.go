package views

import "github.com/baton-dev/baton/internal/baton"

// SessionDeletePage asks before a session is deleted for good.
type SessionDeletePage struct {
	Page
	Session *baton.Session
}
