package store

import (
	"runtime"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
)

// framePrep is what writing one frame needs that depends on the frame
// alone: its row's values (but for rid, steward and creation time), its
// indexed words by field and each word's impact. Made for a large write
// on every core before its transaction, so the transaction, which one
// connection runs, only writes.
type framePrep struct {
	row     *frameRow
	fields  string // frame_text.fields
	impacts []wordImpact
	err     error
}

func prepareFrame(f *baton.Frame) framePrep {
	row, err := rowOf(f, 0)
	if err != nil {
		return framePrep{err: err}
	}
	text := frameText(f)
	return framePrep{row: row, fields: text.fields(), impacts: wordImpacts(text.words())}
}

// prepareFrames prepares the frames, on every core when there are many.
func prepareFrames(frames []*baton.Frame) ([]framePrep, error) {
	out := make([]framePrep, len(frames))
	workers := min(runtime.GOMAXPROCS(0), len(frames)/256)
	if workers < 2 {
		for i, f := range frames {
			out[i] = prepareFrame(f)
		}
	} else {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for i := w; i < len(frames); i += workers {
					out[i] = prepareFrame(frames[i])
				}
			})
		}
		wg.Wait()
	}
	for _, p := range out {
		if p.err != nil {
			return nil, p.err
		}
	}
	return out, nil
}
