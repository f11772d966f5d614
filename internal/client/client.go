// Package client is a small client of Baton's HTTP API, shared by the
// commands that talk to a Baton server rather than to its database:
// `baton hook` and `baton mcp`.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// Client calls one Baton server with one personal access token.
type Client struct {
	baseURL string
	token   string
	http    *http.Client
	agent   string
}

// New returns a client of the server at baseURL (http:// or https://)
// authenticating with token. timeout bounds each call (0: none beyond the
// caller's context).
func New(baseURL, token, userAgent string, timeout time.Duration) (*Client, error) {
	baseURL = strings.TrimRight(strings.TrimSpace(baseURL), "/")
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("BATON_URL must be the server's address, as in http://localhost:8080; got %q", baseURL)
	}
	if strings.TrimSpace(token) == "" {
		return nil, errors.New("BATON_TOKEN is not set: create a token in Settings or with `baton token create`")
	}
	return &Client{baseURL: baseURL, token: strings.TrimSpace(token), agent: userAgent,
		http: &http.Client{Timeout: timeout}}, nil
}

// BaseURL is the server's address.
func (c *Client) BaseURL() string { return c.baseURL }

// Error is an error the server answered with.
type Error struct {
	Status  int
	Code    string
	Message string
	Field   string
}

func (e *Error) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("baton server: %d %s", e.Status, http.StatusText(e.Status))
	}
	return fmt.Sprintf("baton server: %s (%d)", e.Message, e.Status)
}

// Retryable reports whether the same request may succeed later: the server
// failed, was busy, or did not accept the token (which a steward can fix).
func (e *Error) Retryable() bool {
	switch e.Status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusRequestTimeout, http.StatusTooManyRequests:
		return true
	}
	return e.Status >= 500
}

// do sends one request; out, when not nil, receives the JSON answer, or
// the raw body when it is a *[]byte.
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body []byte, accept string, out any) error {
	u := c.baseURL + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, r)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if accept == "" {
		accept = "application/json"
	}
	req.Header.Set("Accept", accept)
	if c.agent != "" {
		req.Header.Set("User-Agent", c.agent)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		e := &Error{Status: resp.StatusCode}
		var body struct {
			Error struct{ Code, Message, Field string }
		}
		if json.Unmarshal(data, &body) == nil {
			e.Code, e.Message, e.Field = body.Error.Code, body.Error.Message, body.Error.Field
		}
		return e
	}
	switch o := out.(type) {
	case nil:
		return nil
	case *[]byte:
		*o = data
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("baton server: unexpected answer to %s %s: %w", method, path, err)
	}
	return nil
}

// Hook sends one `baton hook` request, already encoded as JSON (as the
// spool keeps it).
func (c *Client) Hook(ctx context.Context, body []byte) (*baton.HookResult, error) {
	var res baton.HookResult
	if err := c.do(ctx, http.MethodPost, "/api/v1/hooks/claude-code", nil, body, "", &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// NextQuery names the project a new session works in: its repository
// (host/owner/name or a remote URL), working directory and branch; all
// empty for any project.
type NextQuery struct {
	Repo, Cwd, Branch string
}

// NextContext returns what a new session of a project should start with,
// as Markdown.
func (c *Client) NextContext(ctx context.Context, nq NextQuery) (string, error) {
	q := url.Values{"format": {"markdown"}}
	for k, v := range map[string]string{"repo": nq.Repo, "cwd": nq.Cwd, "branch": nq.Branch} {
		if v != "" {
			q.Set(k, v)
		}
	}
	var md []byte
	err := c.do(ctx, http.MethodGet, "/api/v1/context/next", q, nil, "text/markdown", &md)
	return string(md), err
}

// Sessions lists sessions; filter takes the API's query parameters (q,
// source, limit, cursor, …).
func (c *Client) Sessions(ctx context.Context, filter url.Values) (*baton.SessionPage, error) {
	var page baton.SessionPage
	if err := c.do(ctx, http.MethodGet, "/api/v1/sessions", filter, nil, "", &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// Session returns one session.
func (c *Client) Session(ctx context.Context, id string) (*baton.Session, error) {
	var s baton.Session
	if err := c.do(ctx, http.MethodGet, "/api/v1/sessions/"+url.PathEscape(id), nil, nil, "", &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Search returns messages that contain every word of q.
func (c *Client) Search(ctx context.Context, q string, limit int) ([]baton.SearchHit, error) {
	query := url.Values{"q": {q}}
	if limit > 0 {
		query.Set("limit", strconv.Itoa(limit))
	}
	var out struct {
		Hits []baton.SearchHit `json:"hits"`
	}
	if err := c.do(ctx, http.MethodGet, "/api/v1/search", query, nil, "", &out); err != nil {
		return nil, err
	}
	return out.Hits, nil
}

// Messages returns up to limit messages of a session's main conversation
// after sequence number after, and the after of the next page (nil at the end).
func (c *Client) Messages(ctx context.Context, sessionID string, after int64, limit int) ([]*baton.Message, *int64, error) {
	query := url.Values{}
	if after > 0 {
		query.Set("after", strconv.FormatInt(after, 10))
	}
	if limit > 0 {
		query.Set("limit", strconv.Itoa(limit))
	}
	var out struct {
		Messages  []*baton.Message `json:"messages"`
		NextAfter *int64           `json:"next_after"`
	}
	if err := c.do(ctx, http.MethodGet, "/api/v1/sessions/"+url.PathEscape(sessionID)+"/messages", query, nil, "", &out); err != nil {
		return nil, nil, err
	}
	return out.Messages, out.NextAfter, nil
}

// ImportFile sends one transcript file (or, for a Codex CLI rollout, the
// lines that follow req.State) to be imported as `baton import` would.
func (c *Client) ImportFile(ctx context.Context, req baton.ImportFileRequest) (baton.ImportFileResponse, error) {
	var res baton.ImportFileResponse
	body, err := json.Marshal(req)
	if err != nil {
		return res, err
	}
	err = c.do(ctx, http.MethodPost, "/api/v1/import/file", nil, body, "", &res)
	return res, err
}

// ReportWatchedFiles sends the states of the files `baton watch` keeps.
func (c *Client) ReportWatchedFiles(ctx context.Context, files []baton.WatchedFile) error {
	body, err := json.Marshal(map[string]any{"files": files})
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodPost, "/api/v1/sources", nil, body, "", nil)
}
