package httpx

import (
	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/corrections"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/web/comparison"
)

// Services are the capabilities the handlers call, each over the one
// store. web.NewServices builds them, for the program (cmd/baton) and the
// tests alike; web.New hands them to the pages (web/ui) and the API
// (web/api), and each of those sees a service through the few methods it
// calls (its services.go).
type Services struct {
	Importer    *ingest.Importer     // uploads, API imports and hooked sessions
	Analysis    *analysis.Service    // computes and reads analyses; the importer's own
	Continuity  *continuity.Service  // finalize, bridges, markers, the cross-conversational summary
	Comparisons *comparison.Cache    // diffs and scores of two runs, cached
	Replays     *replay.Service      // forks, cherry-picks, replays and their runs
	Frames      *frames.Service      // Lex frames: remember, import, recall, timeline, export
	Corrections *corrections.Service // the steward's corrections of analyses
}
