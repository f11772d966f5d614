package views

import (
	"net/url"
	"time"

	"github.com/a-h/templ"
	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views/charts"
)

// SessionAnalysisView is what the session page shows of a session's
// analysis and its review: the arc chart, the quality score's parts, the
// patterns, and the steward's review status and annotations.
type SessionAnalysisView struct {
	// ArcChart is the arc chart (charts.ArcChart) ready to draw, nil when
	// the arc has no dots; web draws it once per version of the session
	// (web/arccache.go), as it is most of the page's bytes and work.
	ArcChart templ.Component
	// Quality is nil and Patterns empty for a session analysed before
	// Baton kept them; AnalysedAt is zero then.
	Quality    *QualityView
	Patterns   []PatternView
	AnalysedAt time.Time
	// ReanalyseURL runs the analysis again (POST).
	ReanalyseURL string
	Review       SessionReviewView
	// Model is the model step of the last analysis: which fields a model
	// wrote and what it cost; nil when model analysis was off.
	Model *baton.ModelAnalysis
}

// QualityView is a quality score and the weighted parts it sums.
type QualityView struct {
	Score float64
	Parts []QualityPartView
}

// QualityPartView is one weighted part of a quality score.
type QualityPartView struct {
	Name   string // resolution, tool_success, …
	Weight float64
	Value  float64
	Detail string
}

// PatternView is one pattern found in a session.
type PatternView struct {
	Type, Subtype string
	Frequency     int
	Insight       string
	// Examples are the message numbers of up to three occurrences.
	Examples [][]int64
}

// SessionReviewView is the review block of the session page: status,
// annotations of the session itself, and the form that adds more.
type SessionReviewView struct {
	SessionID   string
	Status      baton.ReviewStatus
	Annotations []*baton.Annotation
	// MessageAnnotations counts the annotations on the session's messages.
	MessageAnnotations int
	Form               AnnotationForm
	CSRF               string
	// Saved says what the last action did, for the status line.
	Saved string
}

// AnnotationForm is the form that adds a comment, labels and a score to
// a session or a message, with what was typed and what was wrong.
type AnnotationForm struct {
	Action string // where it posts
	// Target is the id of the element the response replaces.
	Target string
	// IDPrefix keeps the form's control ids unique on a page.
	IDPrefix string
	Labels   []string // labels offered as checkboxes: the suggested ones and the steward's own
	Values   url.Values
	Error    string
	// ErrorField names the control in error: note, label, dimension, value, significance.
	ErrorField string
	CSRF       string
}

// MessageAnnotationsView is the annotation block under one message: its
// impact, its annotations, and (when Open) the forms that change them,
// unfolded when Expanded (to show an error, or when asked for).
type MessageAnnotationsView struct {
	Message     *baton.Message
	Annotations []*baton.Annotation
	Open        bool
	Expanded    bool
	Form        AnnotationForm
	Impact      ImpactForm
	CSRF        string
	Saved       string
}

// ImpactForm edits what a message led to.
type ImpactForm struct {
	Action     string
	Impact     baton.Impact
	Error      string
	ErrorField string
}

// AnnotateMessagePage is the annotation forms of one message as a page of
// its own, for browsers without JavaScript.
type AnnotateMessagePage struct {
	Page
	Session *baton.Session
	Message MessageView
	Block   MessageAnnotationsView
}

// ReviewPage lists the steward's annotations with filters and exports.
type ReviewPage struct {
	Page
	Query       url.Values
	Annotations []*baton.Annotation
	NextURL     string // the next page's rows partial, "" on the last page
	Kinds       []string
	Labels      []string
	Dimensions  []string
	Sessions    []*baton.Session // annotated sessions, for the session filter
	ExportCSV   string
	ExportJSON  string
	// Corrected counts the sessions whose analysis the steward corrected:
	// what the evaluation cases export holds (corrections.templ).
	Corrected int
}

// RelationshipPage is the relationship over time in a date range.
type RelationshipPage struct {
	Page
	Query    url.Values
	From, To string // the range as typed, YYYY-MM-DD
	Samples  []baton.RelationshipSample
	// Trust and Sentiment are the two charts; Unanalysed counts sessions
	// in the range that were never analysed.
	Trust, Sentiment charts.Timeline
	Unanalysed       int
	Styles           []Share
	Momentum         []Share
	Latest           *baton.RelationshipSample
	// Ranges are quick links: last 30 days, 90 days, a year, everything.
	Ranges []RangeLink
}

// Share is how many of the sessions have one value (a style, a momentum).
type Share struct {
	Name  string
	Count int
	Of    int
}

// RangeLink is a preset date range.
type RangeLink struct {
	Label, Href string
	Current     bool
}
