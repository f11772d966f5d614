package store

import (
	"fmt"

	"github.com/baton-dev/baton/internal/baton"
)

// chunkReader reads a document's messages a chunk at a time for the
// chunked imports (a new large session, a grown transcript): each message
// checked as it is read (when prepare), conversations in order.
type chunkReader struct {
	s       *Store
	doc     *baton.ImportDocument
	next    func() (int, *baton.Message, bool)
	prepare bool
	counts  []int            // messages read per conversation, for error fields
	msgs    []*baton.Message // the chunk
	convs   []int            // the conversation of each message of the chunk
}

func newChunkReader(s *Store, doc *baton.ImportDocument, next func() (int, *baton.Message, bool), prepare bool, chunk int) *chunkReader {
	return &chunkReader{s: s, doc: doc, next: next, prepare: prepare, counts: make([]int, len(doc.Conversations)),
		msgs: make([]*baton.Message, 0, chunk), convs: make([]int, 0, chunk)}
}

// fill reads the next chunk (up to cap(msgs) messages); more is false once
// the document has no more.
func (r *chunkReader) fill() (more bool, err error) {
	r.msgs, r.convs = r.msgs[:0], r.convs[:0]
	for len(r.msgs) < cap(r.msgs) {
		ci, m, ok := r.next()
		if !ok {
			return false, nil
		}
		if ci < 0 || ci >= len(r.doc.Conversations) || (len(r.convs) > 0 && ci < r.convs[len(r.convs)-1]) {
			return false, fmt.Errorf("import %s: message of conversation %d out of order", r.doc.Key, ci)
		}
		if r.prepare {
			field := fmt.Sprintf("conversation %s message[%d]", r.doc.Conversations[ci].Key, r.counts[ci])
			if err := prepareMessage(m, field, r.s.clock()); err != nil {
				return false, err
			}
		}
		r.counts[ci]++
		r.msgs, r.convs = append(r.msgs, m), append(r.convs, ci)
	}
	return true, nil
}

// runs calls fn with each run of the chunk's messages of one conversation,
// in order.
func (r *chunkReader) runs(fn func(ci int, msgs []*baton.Message) error) error {
	for from := 0; from < len(r.msgs); {
		ci, to := r.convs[from], from
		for to < len(r.msgs) && r.convs[to] == ci {
			to++
		}
		if err := fn(ci, r.msgs[from:to]); err != nil {
			return err
		}
		from = to
	}
	return nil
}
