package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
)

// Frame answers are kept as Lex JSON (json.RawMessage): the caller reads
// what it needs, and a frame passes through unchanged.

// RememberFrame stores one frame (Lex JSON) and returns it as stored.
func (c *Client) RememberFrame(ctx context.Context, frame []byte) (json.RawMessage, error) {
	var out json.RawMessage
	err := c.do(ctx, http.MethodPost, "/api/v1/frames", nil, frame, "", &out)
	return out, err
}

// Frame returns one frame by id, as Lex JSON.
func (c *Client) Frame(ctx context.Context, id string) (json.RawMessage, error) {
	var out json.RawMessage
	err := c.do(ctx, http.MethodGet, "/api/v1/frames/"+url.PathEscape(id), nil, nil, "", &out)
	return out, err
}

// RecallFrames runs a recall; query takes the API's parameters (q, module,
// branch, since, until, limit, mode) and out receives its answer.
func (c *Client) RecallFrames(ctx context.Context, query url.Values, out any) error {
	return c.do(ctx, http.MethodGet, "/api/v1/frames/recall", query, nil, "", out)
}

// FrameTimeline reads a page of the timeline (branch, module, since, until,
// cursor, limit) into out.
func (c *Client) FrameTimeline(ctx context.Context, query url.Values, out any) error {
	return c.do(ctx, http.MethodGet, "/api/v1/frames/timeline", query, nil, "", out)
}

// FrameStats counts the steward's frames; query takes since and detailed.
func (c *Client) FrameStats(ctx context.Context, query url.Values) (*baton.FrameStats, error) {
	var out baton.FrameStats
	err := c.do(ctx, http.MethodGet, "/api/v1/frames/stats", query, nil, "", &out)
	return &out, err
}
