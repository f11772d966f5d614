package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionFallbackCourse: the assistant finds a course it cannot take
// and announces the one it takes instead, then carries it out: a choice
// between the two, the reason the one ruled out. Without the reason, or
// never carried out, it is a step.
func TestDecisionFallbackCourse(t *testing.T) {
	for _, tc := range []struct {
		request, says string
		edits         bool
		want          []baton.Decision
	}{
		{"write a script that prints the latest release", "The script needs a JSON parser. The yq binary isn't installed here. Let me rewrite the script to use Node for the JSON parsing instead.", true,
			[]baton.Decision{{Decision: "rewrite the script to use Node for the JSON parsing", Rationale: "The yq binary isn't installed here"}}},
		// The reason first, in the same sentence.
		{"build the image for the Pi", "Since the registry doesn't publish an arm64 image, I'll switch to a local multi-stage build instead.", true,
			[]baton.Decision{{Decision: "switch to a local multi-stage build", Rationale: "the registry doesn't publish an arm64 image"}}},
		// No reason the other course cannot be taken: a step.
		{"clean up the build script", "The build script is long. Let me use a loop for the copies instead.", true, nil},
		// Said, never carried out.
		{"why is the script slow?", "The yq binary isn't installed here. I'll use Node for the JSON parsing instead.", false, nil},
	} {
		c := newConvo()
		c.steward(tc.request)
		c.assistant(tc.says)
		if tc.edits {
			c.tool("Write", obj{"file_path": "out.sh", "content": "echo"}, "ok", "")
		} else {
			// The session records its tool calls: a read, and no change.
			c.tool("Read", obj{"file_path": "out.sh"}, "echo", "")
			c.steward("never mind, I'll look tomorrow")
		}
		checkDecisions(t, c, tc.want)
	}
}
