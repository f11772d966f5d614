package analysis

import (
	"math"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// A ranking of topic candidates the fit tries (TestRealSetTopicsFit,
// BATON_REALSET_TOPICS_FIT=1): a logistic score over a few features a
// reader can check (topicFeatures), its weights fitted on half A of the
// real set's dev split and checked on half B: how much the session says
// a term, who says it, where and for how long, and what kind of term it
// is. Measured (session 23), no fit beat byTopicRank's order: see
// realset_topics_test.go.

// topicFeatureNames name the features, in the order of topicFeatures.
var topicFeatureNames = [...]string{
	"bias", "log score", "score / session's best", "log messages", "steward says it",
	"phrase", "file name", "first request", "first seen (share of the session)",
	"spread (share of the session)", "log rank by score", "short session", "workflow word", "not Latin", "in a file name the tools touch", "in the first request",
}

// topicRanking is a fitted ranking: weights over the features and the
// cut below which a candidate is no topic.
type topicRanking struct {
	ctx     *topicContext
	weights [len(topicFeatureNames)]float64
	cut     float64
}

// topicWeight is a candidate (its index) and its weight.
type topicWeight struct {
	i int
	w float64
}

// topicFeatures are candidate c's features; rank is its place by raw
// score, best is the session's best raw score, texts how many messages
// have prose.
func topicFeatures(c *topicCandidate, rank int, best float64, texts int, ctx *topicContext) [len(topicFeatureNames)]float64 {
	b := func(x bool) float64 {
		if x {
			return 1
		}
		return 0
	}
	n := float64(max(texts, 1))
	r, _ := utf8.DecodeRuneInString(c.term)
	return [...]float64{
		1, math.Log1p(c.score), c.score / math.Max(best, 1), math.Log1p(float64(c.msgs)), b(c.stewardMsgs > 0),
		b(strings.Contains(c.term, " ")), b(strings.Contains(c.term, ".")), b(c.request), float64(c.firstMsg) / n,
		float64(c.lastMsg-c.firstMsg) / n, math.Log1p(float64(rank)), b(texts <= shortSession), b(workflowWord(c.term)),
		b(r >= utf8.RuneSelf), b(ctx.inPath(c.term)), b(strings.Contains(ctx.first, c.term)),
	}
}

// rerank orders cands (sorted by raw score) by weight, best first (equal
// weights keep the raw order), those under the cut left out.
func (r *topicRanking) rerank(cands []topicCandidate, texts int) []topicCandidate {
	var out []topicCandidate
	for _, k := range r.weigh(cands, texts) {
		if k.w >= r.cut {
			out = append(out, cands[k.i])
		}
	}
	return out
}

// weigh weighs cands (sorted by raw score) and returns them best first;
// equal weights keep the raw order.
func (r *topicRanking) weigh(cands []topicCandidate, texts int) []topicWeight {
	out := make([]topicWeight, len(cands))
	best := 0.0
	if len(cands) > 0 {
		best = cands[0].score
	}
	for i := range cands {
		f := topicFeatures(&cands[i], i, best, texts, r.ctx)
		z := 0.0
		for k, x := range f {
			z += r.weights[k] * x
		}
		out[i] = topicWeight{i, 1 / (1 + math.Exp(-z))}
	}
	slices.SortStableFunc(out, func(a, b topicWeight) int {
		switch {
		case a.w > b.w:
			return -1
		case a.w < b.w:
			return 1
		}
		return 0
	})
	return out
}

// topicContext is what the features read of a session beyond its
// candidates: the words of the file names its tool calls touch and its
// first steward message, lower-cased.
type topicContext struct {
	paths map[string]bool
	first string
}

// newTopicContext reads a session's topic context.
func newTopicContext(vs []view) *topicContext {
	ctx := &topicContext{paths: map[string]bool{}}
	for i := range vs {
		v := &vs[i]
		if ctx.first == "" && v.text && v.steward() {
			ctx.first = v.lower()
		}
		for j := range v.calls {
			name := strings.ToLower(path.Base(filepath.ToSlash(v.calls[j].file())))
			for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == '.' || r == '-' || r == '_' }) {
				ctx.paths[w] = true
			}
		}
	}
	return ctx
}

// inPath reports every word of term in the file names.
func (ctx *topicContext) inPath(term string) bool {
	for _, w := range strings.Fields(term) {
		if !ctx.paths[strings.TrimSuffix(w, "s")] && !ctx.paths[w] {
			return false
		}
	}
	return true
}
