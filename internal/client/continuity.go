package client

import (
	"context"
	"net/http"
	"net/url"

	"github.com/baton-dev/baton/internal/baton"
)

// Summary returns the steward's cross-conversational summary; refresh
// builds it anew first.
func (c *Client) Summary(ctx context.Context, refresh bool) (*baton.CrossSummary, error) {
	q := url.Values{}
	if refresh {
		q.Set("refresh", "1")
	}
	var cs baton.CrossSummary
	if err := c.do(ctx, http.MethodGet, "/api/v1/summary", q, nil, "", &cs); err != nil {
		return nil, err
	}
	return &cs, nil
}
