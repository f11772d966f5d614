package views

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// ftoa2 shows a 0–1 value with two decimals.
func ftoa2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func ptrFloat(v *float64) float64 {
	if v == nil {
		return 0
	}
	return *v
}

// qualityPartName names a part of the quality score.
func qualityPartName(name string) string {
	switch name {
	case "tool_success":
		return "Tool success"
	case "sentiment_trend":
		return "Sentiment trend"
	}
	return humanize(name)
}

// patternTypeName names a kind of pattern.
func patternTypeName(t string) string {
	switch t {
	case "question_answer":
		return "Q&A"
	case "problem_solving":
		return "Debugging"
	case "emotional":
		return "Emotional"
	case "collaboration":
		return "Collaboration"
	}
	return humanize(t)
}

// patternName says what a pattern is in a few words.
func patternName(p PatternView) string {
	switch p.Type + "/" + p.Subtype {
	case "question_answer/answered":
		return "Questions answered"
	case "question_answer/unanswered":
		return "Questions left unanswered"
	case "problem_solving/debugging":
		return "Error → debugging → fixed"
	case "emotional/swing":
		return "Mood swings"
	case "collaboration/delegation":
		return "Delegated multi-step work"
	case "collaboration/course_correction":
		return "Course corrections"
	case "collaboration/confirmation":
		return "Confirmations"
	}
	if p.Type == "emotional" {
		return "Recurring " + p.Subtype
	}
	return humanize(p.Subtype)
}

func patternsEmptyText(a SessionAnalysisView) string {
	if a.AnalysedAt.IsZero() {
		return "Not analysed yet: use Re-analyse above to find question–answer, debugging, emotional and collaboration patterns."
	}
	return "No question–answer, debugging, emotional or collaboration patterns in this session."
}

// annotationsID is the id of a message's annotation block.
func annotationsID(messageID int64) string { return "ann-" + itoa(messageID) }

// annotateURL is a message's annotation forms (a fragment for htmx, a page otherwise).
func annotateURL(messageID int64) string { return "/messages/" + itoa(messageID) + "/annotate" }

func annotationDeleteURL(id int64) string { return "/annotations/" + itoa(id) + "/delete" }

// neutralSignificance is the significance importers give every message
// (the structured format's default): it says nothing, so it is not shown.
const neutralSignificance = 0.5

// significanceValue fills the impact form's significance: empty while it
// is the importers' neutral default, so the form does not claim a 0.5 the
// steward never gave.
func significanceValue(i baton.Impact) string {
	if !significant(i) {
		return ""
	}
	return ftoa(i.Significance)
}

// significant reports whether a message's significance was set to say something.
func significant(i baton.Impact) bool {
	return i.Significance > 0 && i.Significance != neutralSignificance
}

// impactSet reports whether anyone has said what a message led to.
func impactSet(i baton.Impact) bool {
	return i.LedToInsight || i.ChangedDirection || significant(i) || i.TriggeredAction != ""
}

func hasValue(vs []string, v string) bool { return slices.Contains(vs, v) }

// scoreDimensions are the score dimensions the form suggests.
var scoreDimensions = []string{"accuracy", "helpfulness", "clarity", "efficiency", "safety"}

// annotationSummary names an annotation in a few words, for button labels.
func annotationSummary(a *baton.Annotation) string {
	switch a.Kind {
	case baton.AnnotationLabel:
		return "label " + a.Label
	case baton.AnnotationScore:
		return fmt.Sprintf("score %s %s", a.Dimension, ftoa2(ptrFloat(a.Value)))
	}
	return "comment “" + truncate(a.Note, 40) + "”"
}

// reviewFilterKeys are the review page's filters.
var reviewFilterKeys = []string{"kind", "label", "dimension", "session", "from", "to"}

func hasReviewFilters(q url.Values) bool {
	for _, k := range reviewFilterKeys {
		if strings.TrimSpace(q.Get(k)) != "" {
			return true
		}
	}
	return false
}

func annotationSessionTitle(a *baton.Annotation) string {
	if strings.TrimSpace(a.SessionTitle) == "" {
		return "Untitled session"
	}
	return a.SessionTitle
}

func isOrAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// signedDelta shows a change with its sign: "+0.12", "−0.05".
func signedDelta(d float64) string {
	if d < 0 {
		return "−" + ftoa2(-d)
	}
	return "+" + ftoa2(d)
}

func meanHealth(ss []baton.RelationshipSample) (float64, bool) {
	sum, n := 0.0, 0
	for _, s := range ss {
		if s.HasHealth {
			sum += s.Health
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

func meanSentiment(ss []baton.RelationshipSample) float64 {
	if len(ss) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range ss {
		sum += s.Sentiment
	}
	return sum / float64(len(ss))
}

func reversedSamples(ss []baton.RelationshipSample) []baton.RelationshipSample {
	out := slices.Clone(ss)
	slices.Reverse(out)
	return out
}

// absDate is a day as people read it: "1 Apr 2026".
func absDate(t time.Time) string { return t.UTC().Format("2 Jan 2006") }

func sampleTitle(s baton.RelationshipSample) string {
	if strings.TrimSpace(s.Title) == "" {
		return "Untitled session"
	}
	return s.Title
}
