package web

import (
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/corrections"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/internal/store"
	"github.com/baton-dev/baton/web/comparison"
	"github.com/baton-dev/baton/web/httpx"
)

// Services are the capabilities the handlers call (web/httpx).
type Services = httpx.Services

// NewServices builds each service over the one store: the importer's
// analysis service, which it fills and every page reads; continuity over
// it; the comparisons' cache; the replay service, running replays with
// runner (nil hides the Run button); the frames service; and the
// corrections, which hand a corrected field on through continuity. The
// program (cmd/baton) and the tests (web/webtest) both build them here.
func NewServices(st *store.Store, importer *ingest.Importer, runner *replay.Runner) Services {
	an := importer.Analysis()
	cont := continuity.New(st, an)
	return Services{
		Importer:    importer,
		Analysis:    an,
		Continuity:  cont,
		Comparisons: comparison.New(st),
		Replays:     replay.NewService(st, runner),
		Frames:      frames.NewService(st),
		Corrections: corrections.New(st, cont.Corrected),
	}
}
