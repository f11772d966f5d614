package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/labstack/echo/v4"
)

// nextContext is what a new session starts with. For now: the steward's
// most recent sessions, with what each left open. (The continuity work
// replaces it with the published bridge and the cross-conversational
// summary.)
type nextContext struct {
	GeneratedAt time.Time     `json:"generated_at"`
	Sessions    []nextSession `json:"sessions"`
}

type nextSession struct {
	ID             string     `json:"id"`
	Title          string     `json:"title"`
	Source         string     `json:"source"`
	StartedAt      time.Time  `json:"started_at"`
	EndedAt        *time.Time `json:"ended_at"`
	OpenThreads    []string   `json:"open_threads"`
	TasksRemaining []string   `json:"tasks_remaining"`
}

// Bounds that keep the context concise: it goes into a model's context.
const (
	nextDefaultSessions = 5
	nextMaxSessions     = 20
	nextMaxItems        = 5
	nextMaxItemChars    = 200
)

// nextContextFor gathers the steward's most recent sessions, leaving out
// the session a hook is starting (exclude, a session id; "" for none).
func (s *Server) nextContextFor(ctx context.Context, stewardID int64, limit int, exclude string) (*nextContext, error) {
	page, err := s.store.ListSessions(ctx, stewardID, baton.SessionFilter{Sort: baton.SortStartedDesc, Limit: limit + 1})
	if err != nil {
		return nil, err
	}
	out := &nextContext{GeneratedAt: time.Now().UTC(), Sessions: []nextSession{}}
	for _, sess := range page.Sessions {
		if sess.ID == exclude || len(out.Sessions) == limit {
			continue
		}
		out.Sessions = append(out.Sessions, nextSession{
			ID: sess.ID, Title: nextLine(sess.Title, nextMaxItemChars), Source: sess.Source,
			StartedAt: sess.StartedAt, EndedAt: sess.EndedAt,
			OpenThreads:    nextItems(sess.Continuity.OpenThreads),
			TasksRemaining: nextItems(sess.Progress.TasksRemaining),
		})
	}
	return out, nil
}

// Markdown is the context as a model reads it.
func (n *nextContext) Markdown() string {
	var b strings.Builder
	b.WriteString("# Where we left off\n\n")
	if len(n.Sessions) == 0 {
		b.WriteString("No earlier sessions in Baton yet.\n")
		return b.String()
	}
	fmt.Fprintf(&b, "The %s in Baton, newest first.\n", nextCount(len(n.Sessions), "most recent session"))
	for _, s := range n.Sessions {
		title := s.Title
		if title == "" {
			title = "Untitled session"
		}
		state := "open"
		if s.EndedAt != nil {
			state = "ended"
		}
		fmt.Fprintf(&b, "\n## %s\n%s · %s · %s\n", title, s.StartedAt.UTC().Format("2006-01-02 15:04 UTC"), s.Source, state)
		list := func(head string, items []string) {
			if len(items) == 0 {
				return
			}
			fmt.Fprintf(&b, "\n%s:\n", head)
			for _, it := range items {
				fmt.Fprintf(&b, "- %s\n", it)
			}
		}
		list("Open threads", s.OpenThreads)
		list("Remaining tasks", s.TasksRemaining)
		if len(s.OpenThreads) == 0 && len(s.TasksRemaining) == 0 {
			b.WriteString("Nothing left open.\n")
		}
	}
	return b.String()
}

func nextCount(n int, what string) string {
	if n == 1 {
		return what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// nextLine flattens text to one line of at most n bytes, so a title cannot
// break the Markdown around it.
func nextLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

func nextItems(items []string) []string {
	out := make([]string, 0, min(len(items), nextMaxItems))
	for _, it := range items {
		if it = nextLine(it, nextMaxItemChars); it != "" && len(out) < nextMaxItems {
			out = append(out, it)
		}
	}
	return out
}

// apiNextContext answers GET /api/v1/context/next: JSON by default,
// Markdown with ?format=markdown or Accept: text/markdown.
func (s *Server) apiNextContext(c echo.Context) error {
	limit := nextDefaultSessions
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > nextMaxSessions {
			return baton.Invalid("limit", "limit must be a whole number from 1 to %d; got %q", nextMaxSessions, v)
		}
		limit = n
	}
	markdown := false
	switch f := c.QueryParam("format"); f {
	case "":
		markdown = strings.Contains(c.Request().Header.Get("Accept"), "text/markdown")
	case "markdown", "md":
		markdown = true
	case "json":
	default:
		return baton.Invalid("format", "format must be json or markdown; got %q", f)
	}
	next, err := s.nextContextFor(ctx(c), stewardID(c), limit, "")
	if err != nil {
		return err
	}
	if markdown {
		return c.Blob(http.StatusOK, "text/markdown; charset=utf-8", []byte(next.Markdown()))
	}
	return c.JSON(http.StatusOK, next)
}
