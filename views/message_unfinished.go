package views

import (
	"fmt"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// UnfinishedTitle explains the "unfinished" badge of a message its export
// marked as cut short (attribute "unfinished", set by the ChatGPT importer
// to the status or finish reason the export gave), or is "" for a message
// that is not marked.
func UnfinishedTitle(m *baton.Message) string {
	if m == nil {
		return ""
	}
	const why = "it was stopped, cut off or still being written when the export was made, so it may end mid-way."
	switch v := m.Attributes["unfinished"].(type) {
	case string:
		if how := strings.TrimSpace(v); how != "" {
			return fmt.Sprintf("The export marked this response unfinished (%s): %s", strings.ToLower(humanize(how)), why)
		}
	case bool:
		if v {
			return "The export marked this response unfinished: " + why
		}
	}
	return ""
}
