package analysis

import (
	"slices"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// TopicCandidateInfo is one candidate term of a session's topics as
// keyTopics ranks it, for the real set's diagnosis (realset_topics_test.go).
type TopicCandidateInfo struct {
	Term   string
	Score  float64
	Msgs   int
	Rank   int
	Refuse bool // topicAlone turns it down as a topic of its own
	// Steward: a steward's message holds it; Assistant: an answer does.
	Steward, Assistant bool
}

// TopicCandidatesOf are the candidates of a session's topics, best first.
func TopicCandidatesOf(msgs []*baton.Message) []TopicCandidateInfo {
	vs := buildViews(New(), msgs)
	cands := topicCandidates(vs)
	slices.SortStableFunc(cands, byTopicRank)
	var known map[string]int
	out := make([]TopicCandidateInfo, 0, len(cands))
	for i, c := range cands {
		_, ok := topicAlone(c, cands, 2, &known)
		info := TopicCandidateInfo{Term: c.term, Score: c.score, Msgs: c.msgs, Rank: i, Refuse: !ok}
		for j := range vs {
			if !vs[j].text || !strings.Contains(vs[j].lower(), c.term) {
				continue
			}
			if vs[j].steward() {
				info.Steward = true
			} else {
				info.Assistant = true
			}
		}
		out = append(out, info)
	}
	return out
}

// SessionProse is the lower-cased prose of a session's messages with
// text, the steward's and the assistant's apart.
func SessionProse(msgs []*baton.Message) (steward, assistant string) {
	vs := buildViews(New(), msgs)
	var s, a strings.Builder
	for i := range vs {
		if !vs[i].text {
			continue
		}
		if vs[i].steward() {
			s.WriteString(vs[i].lower() + "\n")
		} else {
			a.WriteString(vs[i].lower() + "\n")
		}
	}
	return s.String(), a.String()
}

// TopicSession is a session's topic candidates, for fitting the ranking
// (realset_topics_test.go).
type TopicSession struct {
	ctx   *topicContext
	cands []topicCandidate
	texts int
}

// TopicSessionOf reads a session's topic candidates.
func TopicSessionOf(msgs []*baton.Message) TopicSession {
	vs := buildViews(New(), msgs)
	s := TopicSession{cands: topicCandidates(vs), ctx: newTopicContext(vs)}
	for i := range vs {
		if vs[i].text {
			s.texts++
		}
	}
	return s
}

// TopicFeatureNames names the ranking's features.
func TopicFeatureNames() []string { return topicFeatureNames[:] }

// Features are the first n candidates by raw score that may be topics,
// with the term each would show and its features.
func (s TopicSession) Features(n int) (terms []string, x [][]float64) {
	cands := slices.Clone(s.cands)
	slices.SortStableFunc(cands, byTopicRank)
	least := float64(minTopicScore)
	if s.texts <= shortSession {
		least = 2
	}
	var known map[string]int
	best := 0.0
	if len(cands) > 0 {
		best = cands[0].score
	}
	for i := range cands {
		if i >= n {
			break
		}
		c, ok := topicAlone(cands[i], cands, least, &known)
		if !ok {
			continue
		}
		f := topicFeatures(&cands[i], i, best, s.texts, s.ctx)
		terms = append(terms, c.term)
		x = append(x, f[:])
	}
	return terms, x
}

// Choose is chooseTopics with the given ranking, or byTopicRank's order
// when weights is nil.
func (s TopicSession) Choose(weights []float64, cut float64) []string {
	if weights == nil {
		return chooseTopics(slices.Clone(s.cands), s.texts, nil)
	}
	r := topicRanking{cut: cut, ctx: s.ctx}
	copy(r.weights[:], weights)
	return chooseTopics(slices.Clone(s.cands), s.texts, r.rerank)
}

// CandidateTerms are the session's candidate terms.
func (s TopicSession) CandidateTerms() []string {
	out := make([]string, len(s.cands))
	for i := range s.cands {
		out[i] = s.cands[i].term
	}
	return out
}

// MessageProses is the lower-cased prose of each message with text, in
// order, and whether the steward wrote it.
func MessageProses(msgs []*baton.Message) (proses []string, steward []bool) {
	vs := buildViews(New(), msgs)
	for i := range vs {
		if vs[i].text {
			proses = append(proses, vs[i].lower())
			steward = append(steward, vs[i].steward())
		}
	}
	return proses, steward
}
