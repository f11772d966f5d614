package store

import (
	"fmt"
	"sync"

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
			if err := prepareMessage(m, "conversation "+r.doc.Conversations[ci].Key+" message", r.counts[ci], r.s.clock()); err != nil {
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

// readChunk is one chunk as chunksAhead hands it over: its messages, the
// conversation of each, and their row values (rowValuesOf), built before
// the writer takes them.
type readChunk struct {
	msgs     []*baton.Message
	convs    []int
	rows     rowValues
	more     bool // the document has messages after these
	err      error
	panicked any // a panic while reading, raised again by next
}

// read reads the next chunk and builds its row values; the chunk's slices
// are its own (the reader starts new ones), so it can be written while
// the next is read.
func (r *chunkReader) read() (c readChunk) {
	defer func() {
		if p := recover(); p != nil {
			c = readChunk{panicked: p}
		}
	}()
	more, err := r.fill()
	c = readChunk{msgs: r.msgs, convs: r.convs, more: more, err: err}
	r.msgs, r.convs = make([]*baton.Message, 0, cap(r.msgs)), make([]int, 0, cap(r.convs))
	if err == nil {
		c.rows, c.err = r.s.rowValuesOf(c.msgs)
	}
	return c
}

// chunksAhead reads a document's chunks on its own goroutine, one chunk
// ahead of the writer: chunk n+1 is read, checked and its row values
// built (the JSON columns above all) on the second core while chunk n is
// written. In a 4 MB Claude Code import building the values was ~8% of
// the CPU, all of it on the one writer's goroutine.
type chunksAhead struct {
	out  chan readChunk
	done chan struct{}
	wg   sync.WaitGroup
}

// readAhead starts reading r's chunks; stop must be called once the
// writer is done with them.
func readAhead(r *chunkReader) *chunksAhead {
	a := &chunksAhead{out: make(chan readChunk), done: make(chan struct{})}
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		for {
			c := r.read()
			select {
			case a.out <- c:
			case <-a.done:
				return
			}
			if c.err != nil || c.panicked != nil || !c.more {
				return
			}
		}
	}()
	return a
}

// next is the next chunk; call it only while the last one had more. A
// panic while reading it is raised again here, where it would have been.
func (a *chunksAhead) next() readChunk {
	c := <-a.out
	if c.panicked != nil {
		panic(c.panicked)
	}
	return c
}

// stop waits until the reading goroutine has ended (after at most the
// chunk it is reading): nothing reads the document once it returns.
func (a *chunksAhead) stop() {
	close(a.done)
	a.wg.Wait()
}
