package demo_test

import (
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/demo"
	"github.com/baton-dev/baton/internal/frames"
)

func TestDemoFramesAreValidLexFrames(t *testing.T) {
	docs, err := frames.Split(demo.Frames(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)))
	if err != nil || len(docs) < 24 {
		t.Fatalf("%d frames, %v", len(docs), err)
	}
	for i, d := range docs {
		if _, err := frames.Parse(d.Raw); err != nil {
			t.Errorf("frame %d: %v", i, err)
		}
	}
}
