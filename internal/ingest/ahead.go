package ingest

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// analysisAhead is a session's analysis made from a document's main
// conversation on another goroutine while the store writes the document:
// the writes and the analysis each took about a third of a Claude Code
// import's CPU, one after the other, and now share the two cores. It reads
// copies of the messages, numbered as the store will number them; once the
// document is stored, the numbers the store gave are checked against them,
// and a document stored otherwise (merged into a session, numbered
// differently) is analysed from what was stored, as before.
type analysisAhead struct {
	main []*baton.Message // the copies it reads
	done chan aheadOutcome
}

type aheadOutcome struct {
	prepared *analysis.Prepared
	panicked any
}

// analyseAhead starts the analysis of doc's main conversation when doc
// will make a new session, and returns nil when it will not (its source
// reference names a stored session, or has none to look up) or when its
// messages cannot be numbered before the store checks them. Its messages
// must be analysed already.
func (im *Importer) analyseAhead(ctx context.Context, stewardID int64, doc *baton.ImportDocument) *analysisAhead {
	if len(doc.Conversations) == 0 || doc.Conversations[0].ParentKey != "" || len(doc.Conversations[0].Messages) == 0 || doc.Session.SourceRef == "" {
		return nil
	}
	if _, err := im.store.SessionBySource(ctx, stewardID, doc.Session.Source, doc.Session.SourceRef); baton.ErrorCode(err) != baton.ENOTFOUND {
		return nil // stored before (or unknown): the import may add nothing, and is analysed from what is stored
	}
	main := numberedMain(&doc.Conversations[0])
	if main == nil {
		return nil
	}
	a := &analysisAhead{main: main, done: make(chan aheadOutcome, 1)}
	wd, version := doc.Session.Technical.WorkingDirectory, doc.Session.Technical.ToolVersion
	go func() {
		defer func() {
			if p := recover(); p != nil {
				a.done <- aheadOutcome{panicked: p}
			}
		}()
		a.done <- aheadOutcome{prepared: im.analysis.Prepare(main, wd, version)}
	}()
	return a
}

// numberedMain is a copy of each message of a new session's main
// conversation the store will write, checked as it will check them, with
// the sequence number it will give: the first message of each source id,
// numbered from 1. nil when a message has no time (the store gives it its
// clock's) or fails a check (the store rejects the document).
func numberedMain(c *baton.ImportConversation) []*baton.Message {
	for i := range c.Messages {
		if c.Messages[i].Timestamp.IsZero() {
			return nil
		}
	}
	msgs := make([]*baton.Message, len(c.Messages))
	for i := range c.Messages {
		msgs[i] = &c.Messages[i]
	}
	// The store checks them again, and finds them as this left them.
	if store.PrepareMessages(msgs, "conversation "+c.Key+" message", time.Time{}) != nil {
		return nil
	}
	seen := make(map[string]bool, len(msgs))
	copies := make([]baton.Message, 0, len(msgs))
	for _, m := range msgs {
		if seen[m.SourceID] {
			continue
		}
		seen[m.SourceID] = true
		copies = append(copies, *m)
		copies[len(copies)-1].Seq = int64(len(copies))
	}
	out := make([]*baton.Message, len(copies))
	for i := range copies {
		out[i] = &copies[i]
	}
	return out
}

// wait returns the analysis made ahead when the store wrote the main
// conversation as it was numbered (stored holds its messages as stored,
// storedMain), or nil to analyse it from stored. A panic of the analysis
// is raised again here, where it would have been.
func (a *analysisAhead) wait(stored []*baton.Message) *analysis.Prepared {
	o := <-a.done
	if o.panicked != nil {
		panic(o.panicked)
	}
	if o.prepared == nil || len(stored) != len(a.main) {
		return nil
	}
	for i, m := range stored {
		c := a.main[i]
		if m.Seq != c.Seq || m.SourceID != c.SourceID || m.Role != c.Role || m.Content != c.Content || !m.Timestamp.Equal(c.Timestamp) {
			return nil
		}
	}
	return o.prepared
}

// analyseMessages analyses every message of a document (AnalyzeMessage)
// on every core, each taking a run of them in turn: a message's analysis
// reads only the message. A panic in one is raised again here, where it
// would have been.
func (im *Importer) analyseMessages(doc *baton.ImportDocument) {
	var all []*baton.Message
	for c := range doc.Conversations {
		for m := range doc.Conversations[c].Messages {
			all = append(all, &doc.Conversations[c].Messages[m])
		}
	}
	const run = 256
	workers := min(runtime.GOMAXPROCS(0), (len(all)+run-1)/run)
	if workers <= 1 {
		for _, m := range all {
			im.analysis.AnalyzeMessage(m)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	panics := make([]any, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[w] = recover() }()
			for {
				from := int(next.Add(run)) - run
				if from >= len(all) {
					return
				}
				for _, m := range all[from:min(from+run, len(all))] {
					im.analysis.AnalyzeMessage(m)
				}
			}
		}()
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p)
		}
	}
}
