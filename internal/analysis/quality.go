package analysis

import (
	"fmt"

	"github.com/baton-dev/baton/internal/baton"
)

// QualityPart is one weighted part of a session's quality score.
type QualityPart struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
	Value  float64 `json:"value"` // 0..1
	Detail string  `json:"detail"`
}

// QualityParts is a session's quality: the parts and their weighted sum.
type QualityParts struct {
	Parts []QualityPart `json:"parts"`
	Score float64       `json:"score"`
}

// Quality part names and weights; the weights sum to 1.
const (
	QualityResolution  = "resolution"
	QualityToolSuccess = "tool_success"
	QualitySentiment   = "sentiment_trend"
	QualityEngagement  = "engagement"
	QualityCompletion  = "completion"
)

var qualityWeights = map[string]float64{
	QualityResolution:  0.25,
	QualityToolSuccess: 0.20,
	QualitySentiment:   0.20,
	QualityEngagement:  0.15,
	QualityCompletion:  0.20,
}

// qualityOf scores a session from 0 to 1 as the weighted sum of:
//
//   - resolution (0.25): the share of errors encountered that were
//     resolved; 1 with no errors.
//   - tool_success (0.20): the share of tool results that did not fail.
//     A conversation without tool results has no tool-success part at all
//     (a chat is not "100% successful" with tools it never used); the
//     score is then the weighted mean of the other parts.
//   - sentiment_trend (0.20): with f and l the mean steward sentiment of
//     the first and last thirds of the steward's messages (all prose when
//     the steward said nothing), 0.5 + (l − f)/2 + l/4, clamped to 0..1:
//     neutral throughout is 0.5, ending better than starting is more.
//   - engagement (0.15): half for the steward taking part (three turns or
//     more is full), half for the share of steward turns the assistant
//     answered with prose or work.
//   - completion (0.20): the share of tasks discussed that were completed;
//     with no tasks 1 when there is a main outcome and 0.5 otherwise; less
//     0.1 per blocker, at most 0.3.
func qualityOf(vs []view, ex []Exchange, r *SessionReport) QualityParts {
	var q QualityParts
	weights := 0.0
	add := func(name string, value float64, detail string) {
		value = round3(clamp(value, 0, 1))
		w := qualityWeights[name]
		q.Parts = append(q.Parts, QualityPart{Name: name, Weight: w, Value: value, Detail: detail})
		q.Score += w * value
		weights += w
	}

	errs, resolved := len(r.Technical.Errors), 0
	for _, e := range r.Technical.Errors {
		if e.Resolution != "" {
			resolved++
		}
	}
	if errs == 0 {
		add(QualityResolution, 1, "no errors")
	} else {
		add(QualityResolution, float64(resolved)/float64(errs), fmt.Sprintf("%d of %d errors resolved", resolved, errs))
	}

	results, failed := 0, 0
	for i := range vs {
		if vs[i].m.Role == baton.RoleToolResult {
			results++
			if vs[i].failed {
				failed++
			}
		}
	}
	if results > 0 {
		add(QualityToolSuccess, float64(results-failed)/float64(results), fmt.Sprintf("%d of %d tool results succeeded", results-failed, results))
	}

	f, l, n := sentimentThirds(vs)
	if n == 0 {
		add(QualitySentiment, 0.5, "no prose")
	} else {
		add(QualitySentiment, 0.5+(l-f)/2+l/4, fmt.Sprintf("sentiment %+.2f in the first third, %+.2f in the last", f, l))
	}

	turns, answered := 0, 0
	for _, e := range ex {
		turns++
		if e.worked {
			answered++
		}
	}
	if turns == 0 {
		add(QualityEngagement, 0, "the steward said nothing")
	} else {
		add(QualityEngagement, 0.5*min(1, float64(turns)/3)+0.5*float64(answered)/float64(turns),
			fmt.Sprintf("%d steward turns, %d answered", turns, answered))
	}

	p := r.Progress
	var value float64
	var detail string
	switch {
	case len(p.TasksDiscussed) > 0:
		value = float64(len(p.TasksCompleted)) / float64(len(p.TasksDiscussed))
		detail = fmt.Sprintf("%d of %d tasks completed", len(p.TasksCompleted), len(p.TasksDiscussed))
	case len(r.Summary.MainOutcomes) > 0:
		value, detail = 1, "outcomes without a task list"
	default:
		value, detail = 0.5, "no tasks or outcomes"
	}
	if b := len(p.Blockers); b > 0 {
		value -= 0.1 * float64(min(b, 3))
		detail += fmt.Sprintf(", %s", plural(b, "blocker"))
	}
	add(QualityCompletion, value, detail)

	q.Score = round3(q.Score / weights)
	return q
}

// sentimentThirds returns the mean steward sentiment of the first and last
// thirds of the steward's messages with prose (of all prose when the
// steward has none), and how many messages that was.
func sentimentThirds(vs []view) (first, last float64, n int) {
	var xs []float64
	for i := range vs {
		if vs[i].text && vs[i].steward() {
			xs = append(xs, vs[i].sem.Sentiment)
		}
	}
	if len(xs) == 0 {
		for i := range vs {
			if vs[i].text {
				xs = append(xs, vs[i].sem.Sentiment)
			}
		}
	}
	if len(xs) == 0 {
		return 0, 0, 0
	}
	k := max(1, len(xs)/3)
	return mean(xs[:k]), mean(xs[len(xs)-k:]), len(xs)
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}
