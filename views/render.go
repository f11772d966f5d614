package views

import (
	"context"
	"io"
)

// The transcript partial and the error page are rendered from their view
// models directly: views.TranscriptChunk(chunk) and views.ErrorPage(p) are
// templ components, as every other page function returns.

// Render writes the chunk's transcript items and, when there is more, the
// sentinel that loads the next chunk.
func (c TranscriptChunk) Render(ctx context.Context, w io.Writer) error {
	return transcriptChunk(c).Render(ctx, w)
}

// Render writes the whole error page.
func (p ErrorPage) Render(ctx context.Context, w io.Writer) error {
	return errorPage(p).Render(ctx, w)
}
