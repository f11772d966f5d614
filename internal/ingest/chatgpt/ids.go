package chatgpt

import (
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// sourceID is a node id as a message source id: clean, and within the
// store's limit (baton.CapSourceID).
func sourceID(id string) string { return baton.CapSourceID(strings.TrimSpace(clean(id))) }
