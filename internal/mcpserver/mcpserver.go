// Package mcpserver is `baton mcp`: Baton's memory as Model Context
// Protocol tools an agent calls over stdio. The tools answer from a Baton
// server through its HTTP API, with the steward's token, so an agent sees
// exactly what the steward does and nothing else.
package mcpserver

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/checkout"
	"github.com/baton-dev/baton/internal/client"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Limits on what one tool call returns: it goes into a model's context.
const (
	defaultSessions   = 10
	maxSessions       = 50
	defaultHits       = 20
	maxHits           = 100
	defaultMessages   = 50
	maxMessages       = 200
	maxMessageChars   = 8000
	maxSummaryChars   = 600
	maxTitleChars     = 200
	transcriptPreview = 2000
)

// New returns the MCP server of Baton's tools. c talks to the Baton server;
// when it is nil, configErr says why, and every tool answers with it. dir
// is the project folder the server was started in ("" when unknown):
// get_next_context answers for that project unless told another.
func New(c *client.Client, configErr error, version, dir string) *mcp.Server {
	t := &tools{c: c, configErr: configErr, dir: dir, now: time.Now}
	s := mcp.NewServer(&mcp.Implementation{Name: "baton", Title: "Baton", Version: version}, &mcp.ServerOptions{
		Instructions: "Baton keeps the episodic memory of your work with the steward: past sessions, their transcripts, " +
			"what was decided and what is still open. Call get_next_context at the start of a session; " +
			"search_messages and get_transcript to recall what was said; frame_search to recall frames, frame_create to leave one.",
	})
	mcp.AddTool(s, &mcp.Tool{
		Name:        "list_recent_sessions",
		Description: "List the steward's most recent sessions, newest first: title, source, when, summary, open threads and remaining tasks.",
	}, t.listRecentSessions)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "search_messages",
		Description: "Full-text search over every message of the steward's sessions; returns matching snippets with their session and sequence number.",
	}, t.searchMessages)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "get_transcript",
		Description: "Read a session's transcript in order, a page at a time: pass after (the last sequence number read) to continue.",
	}, t.getTranscript)
	mcp.AddTool(s, &mcp.Tool{
		Name: "get_next_context",
		Description: "What a new session of this project should start with, as Markdown: the handoff bridge the steward published " +
			"for the project (else the newest draft, flagged as not reviewed), the project's cross-conversational summary, and the last " +
			"messages of the session the bridge comes from. The project is the repository or working directory (and branch) given, " +
			"else the folder this MCP server runs in.",
	}, t.getNextContext)
	// Continuity (internal/mcpserver/continuity.go).
	addContinuityTools(s, t)
	// Lex frames under Lex's tool names and deprecated aliases, and the rest
	// of Lex's tools (internal/mcpserver/lex.go).
	addFrameTools(s, t)
	addLexTools(s, t)
	return s
}

type tools struct {
	c         *client.Client
	configErr error
	// dir is the folder the server runs in (the project, when an
	// assistant started it there); "" leaves the project to the caller.
	dir string
	// now is the clock (frame_create's default timestamp, turncost periods).
	now func() time.Time
}

func (t *tools) client() (*client.Client, error) {
	if t.c == nil {
		return nil, t.configErr
	}
	return t.c, nil
}

// ListSessionsIn is the input of list_recent_sessions.
type ListSessionsIn struct {
	Limit  int    `json:"limit,omitempty" jsonschema:"how many sessions, 1 to 50 (default 10)"`
	Query  string `json:"query,omitempty" jsonschema:"only sessions with a message containing all these words"`
	Source string `json:"source,omitempty" jsonschema:"only sessions from this source, such as claude-code, chatgpt or api"`
}

// SessionSummary is one session as the tools list it.
type SessionSummary struct {
	ID             string     `json:"id"`
	Title          string     `json:"title"`
	Source         string     `json:"source"`
	StartedAt      time.Time  `json:"started_at"`
	EndedAt        *time.Time `json:"ended_at,omitempty"`
	Messages       int        `json:"messages"`
	Summary        string     `json:"summary,omitempty"`
	OpenThreads    []string   `json:"open_threads,omitempty"`
	TasksRemaining []string   `json:"tasks_remaining,omitempty"`
}

// ListSessionsOut is the output of list_recent_sessions.
type ListSessionsOut struct {
	Sessions []SessionSummary `json:"sessions"`
	Total    int              `json:"total"`
}

func (t *tools) listRecentSessions(ctx context.Context, _ *mcp.CallToolRequest, in ListSessionsIn) (*mcp.CallToolResult, ListSessionsOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, ListSessionsOut{}, err
	}
	limit, err := bounded("limit", in.Limit, defaultSessions, maxSessions)
	if err != nil {
		return nil, ListSessionsOut{}, err
	}
	q := url.Values{"limit": {strconv.Itoa(limit)}, "sort": {baton.SortStartedDesc}}
	if s := strings.TrimSpace(in.Query); s != "" {
		q.Set("q", s)
	}
	if s := strings.TrimSpace(in.Source); s != "" {
		q.Set("source", s)
	}
	page, err := c.Sessions(ctx, q)
	if err != nil {
		return nil, ListSessionsOut{}, err
	}
	out := ListSessionsOut{Sessions: []SessionSummary{}, Total: page.Total}
	var text strings.Builder
	if len(page.Sessions) == 0 {
		text.WriteString("No sessions match.")
	}
	for _, s := range page.Sessions {
		sum := SessionSummary{
			ID: s.ID, Title: baton.ClipMarked(s.Title, maxTitleChars), Source: s.Source, StartedAt: s.StartedAt, EndedAt: s.EndedAt,
			Messages: s.MessageCount, Summary: baton.ClipMarked(s.Summary.AutoGenerated, maxSummaryChars),
			OpenThreads: s.Continuity.OpenThreads, TasksRemaining: s.Progress.TasksRemaining,
		}
		out.Sessions = append(out.Sessions, sum)
		fmt.Fprintf(&text, "- %s (id %s; %s, %s, %d messages)\n", orUntitled(sum.Title), sum.ID, sum.Source,
			sum.StartedAt.UTC().Format("2006-01-02 15:04 UTC"), sum.Messages)
		if sum.Summary != "" {
			fmt.Fprintf(&text, "  Summary: %s\n", oneLine(sum.Summary))
		}
		for _, th := range sum.OpenThreads {
			fmt.Fprintf(&text, "  Open: %s\n", oneLine(th))
		}
		for _, task := range sum.TasksRemaining {
			fmt.Fprintf(&text, "  To do: %s\n", oneLine(task))
		}
	}
	return textResult(text.String()), out, nil
}

// SearchIn is the input of search_messages.
type SearchIn struct {
	Query string `json:"query" jsonschema:"the words to search for; every word must occur"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many matches, 1 to 100 (default 20)"`
}

// SearchOut is the output of search_messages.
type SearchOut struct {
	Hits []baton.SearchHit `json:"hits"`
}

func (t *tools) searchMessages(ctx context.Context, _ *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, SearchOut{}, err
	}
	if strings.TrimSpace(in.Query) == "" {
		return nil, SearchOut{}, fmt.Errorf("query is required: the words to search for")
	}
	limit, err := bounded("limit", in.Limit, defaultHits, maxHits)
	if err != nil {
		return nil, SearchOut{}, err
	}
	hits, err := c.Search(ctx, in.Query, limit)
	if err != nil {
		return nil, SearchOut{}, err
	}
	if hits == nil {
		hits = []baton.SearchHit{}
	}
	var text strings.Builder
	if len(hits) == 0 {
		text.WriteString("No message matches.")
	}
	for _, h := range hits {
		fmt.Fprintf(&text, "- %s #%d (%s, session %s): %s\n", orUntitled(h.SessionTitle), h.Seq, h.Role, h.SessionID, oneLine(h.Snippet))
	}
	return textResult(text.String()), SearchOut{Hits: hits}, nil
}

// TranscriptIn is the input of get_transcript.
type TranscriptIn struct {
	SessionID string `json:"session_id" jsonschema:"the session's id, from list_recent_sessions or search_messages"`
	After     int64  `json:"after,omitempty" jsonschema:"return messages after this sequence number (default 0: from the start)"`
	Limit     int    `json:"limit,omitempty" jsonschema:"how many messages, 1 to 200 (default 50)"`
}

// TranscriptMessage is one message as get_transcript returns it.
type TranscriptMessage struct {
	Seq       int64     `json:"sequence_number"`
	Role      string    `json:"role"`
	Speaker   string    `json:"speaker,omitempty"`
	Content   string    `json:"content"`
	Truncated bool      `json:"truncated,omitempty"`
	Tools     []string  `json:"tool_calls,omitempty"`
	Timestamp time.Time `json:"timestamp"`
}

// TranscriptOut is the output of get_transcript.
type TranscriptOut struct {
	SessionID string              `json:"session_id"`
	Title     string              `json:"title"`
	Messages  []TranscriptMessage `json:"messages"`
	// NextAfter is the after of the next page; absent at the end.
	NextAfter *int64 `json:"next_after,omitempty"`
}

func (t *tools) getTranscript(ctx context.Context, _ *mcp.CallToolRequest, in TranscriptIn) (*mcp.CallToolResult, TranscriptOut, error) {
	c, err := t.client()
	if err != nil {
		return nil, TranscriptOut{}, err
	}
	id := strings.TrimSpace(in.SessionID)
	if id == "" {
		return nil, TranscriptOut{}, fmt.Errorf("session_id is required")
	}
	if in.After < 0 {
		return nil, TranscriptOut{}, fmt.Errorf("after must be 0 or more")
	}
	limit, err := bounded("limit", in.Limit, defaultMessages, maxMessages)
	if err != nil {
		return nil, TranscriptOut{}, err
	}
	sess, err := c.Session(ctx, id)
	if err != nil {
		return nil, TranscriptOut{}, err
	}
	msgs, next, err := c.Messages(ctx, id, in.After, limit)
	if err != nil {
		return nil, TranscriptOut{}, err
	}
	out := TranscriptOut{SessionID: sess.ID, Title: sess.Title, Messages: []TranscriptMessage{}, NextAfter: next}
	var text strings.Builder
	fmt.Fprintf(&text, "# %s\n", orUntitled(oneLine(sess.Title)))
	for _, m := range msgs {
		tm := TranscriptMessage{Seq: m.Seq, Role: string(m.Role), Speaker: m.Speaker, Content: baton.ClipMarked(m.Content, maxMessageChars), Timestamp: m.Timestamp}
		tm.Truncated = len(m.Content) > maxMessageChars
		for _, tc := range m.ToolCalls {
			tm.Tools = append(tm.Tools, tc.Name)
		}
		out.Messages = append(out.Messages, tm)
		who := tm.Role
		if tm.Speaker != "" {
			who += " (" + tm.Speaker + ")"
		}
		fmt.Fprintf(&text, "\n#%d %s:\n%s\n", tm.Seq, who, baton.ClipMarked(tm.Content, transcriptPreview))
	}
	if len(msgs) == 0 {
		text.WriteString("\nNo messages after this point.\n")
	}
	if next != nil {
		fmt.Fprintf(&text, "\nMore follows: call get_transcript with after=%d.\n", *next)
	}
	return textResult(text.String()), out, nil
}

// NextContextIn is the input of get_next_context.
type NextContextIn struct {
	Repo   string `json:"repo,omitempty" jsonschema:"the project's repository: host/owner/name or a git remote URL"`
	Cwd    string `json:"cwd,omitempty" jsonschema:"the project's working directory, an absolute path (default: the folder this server runs in)"`
	Branch string `json:"branch,omitempty" jsonschema:"the git branch being worked on (default: the checkout's)"`
}

func (t *tools) getNextContext(ctx context.Context, _ *mcp.CallToolRequest, in NextContextIn) (*mcp.CallToolResult, any, error) {
	c, err := t.client()
	if err != nil {
		return nil, nil, err
	}
	q := client.NextQuery{Repo: in.Repo, Cwd: in.Cwd, Branch: in.Branch}
	if q == (client.NextQuery{}) && t.dir != "" {
		// Started by the assistant in the project's folder: that project.
		if q.Cwd = t.dir; q.Cwd != "" {
			if g := checkout.Of(q.Cwd); g != nil {
				q.Branch, q.Repo = g.Branch, g.Repository
				if _, ok := baton.NormalizeRepository(q.Repo); !ok {
					q.Repo = "" // a remote that names no host/owner/name: the folder says enough
				}
			}
		}
	}
	md, err := c.NextContext(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	return textResult(md), nil, nil
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func bounded(name string, v, def, max int) (int, error) {
	switch {
	case v == 0:
		return def, nil
	case v < 0 || v > max:
		return 0, fmt.Errorf("%s must be from 1 to %d", name, max)
	}
	return v, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func orUntitled(s string) string {
	if strings.TrimSpace(s) == "" {
		return "Untitled session"
	}
	return s
}
