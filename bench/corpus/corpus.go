// Package corpus writes the synthetic messages Baton's benchmarks load and
// analyse: plausible assistant-work talk with search terms at known rates,
// the same for a seed, so a benchmark of the analysis and the load test's
// ingest measure the same text.
package corpus

import (
	"fmt"
	"math/rand"
	"strings"
)

// Terms the search benchmark looks for, by how often they occur.
const (
	RareTerm   = "quixotically" // in about 1 of 100,000 messages
	MediumTerm = "flamegraph"   // in about 1 of 100 messages
	CommonTerm = "the"          // in nearly every message
	// OnceTerm is in one message only (message 4242), at every size: the
	// growth benchmark's rare search, whose answer stays the same size as
	// the data grows, so its cost grows only with the index it walks.
	OnceTerm = "zymurgically"
)

// Corpus writes plausible assistant-work messages: a common English core,
// a long tail of technical words (Zipf-distributed), and the probe terms
// at known rates.
type Corpus struct {
	rng   *rand.Rand
	zipf  *rand.Zipf
	words []string
}

var core = strings.Fields(`the a to of and in is that for it this with on be as we can not you are
should will test file function error fix change run build code value return call query index table
session message search update check add remove case when then need make use type field`)

var tech = strings.Fields(`goroutine mutex channel context deadline postgres sqlite migration schema
transaction rollback commit handler middleware router template htmx cookie token bearer header
payload json decoder encoder marshal unmarshal struct interface pointer slice map allocation
benchmark profile latency throughput p95 p50 percentile cache eviction ttl shard replica primary
failover heartbeat lease lock contention deadlock race detector vet staticcheck gofmt lint module
vendor proxy checksum build tag cgo pure driver dialect bun echo chromium headless screenshot
selector assertion fixture golden snapshot regression flaky retry backoff jitter timeout cancel
signal shutdown graceful drain worker queue batch flush spool offset cursor keyset pagination
fts5 tsvector tokenizer stemming bm25 ranking snippet highlight trigram embedding vector cosine
similarity diff lcs alignment divergence verdict fork replay cherry pick bridge handoff marker
arc sentiment emotion trust momentum relationship annotation label score review archive`)

// New is the corpus of a seed.
func New(seed int64) *Corpus {
	rng := rand.New(rand.NewSource(seed))
	words := append([]string{}, tech...)
	// A long tail of rarer identifiers, as real code talk has.
	for i := 0; i < 20000; i++ {
		words = append(words, fmt.Sprintf("%s%d", tech[i%len(tech)], i))
	}
	return &Corpus{rng: rng, zipf: rand.NewZipf(rng, 1.1, 8, uint64(len(words)-1)), words: words}
}

// Message returns the i-th message of the corpus, about 40 words long.
func (c *Corpus) Message(i int) string {
	var b strings.Builder
	n := 25 + c.rng.Intn(30)
	for w := 0; w < n; w++ {
		if w > 0 {
			b.WriteByte(' ')
		}
		if c.rng.Intn(3) == 0 {
			b.WriteString(core[c.rng.Intn(len(core))])
		} else {
			b.WriteString(c.words[c.zipf.Uint64()])
		}
	}
	// "the" opens most messages, as it does in prose.
	s := "The " + b.String() + "."
	if i%100 == 37 {
		s += " The " + MediumTerm + " shows where the time goes."
	}
	if i%100000 == 4242 {
		s += " We " + RareTerm + " tried everything."
	}
	if i == 4242 {
		s += " It went " + OnceTerm + "."
	}
	return s
}
