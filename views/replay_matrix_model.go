package views

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/replay"
)

// MatrixFormPage is "Replay with several parameter sets" from a message:
// up to baton.MaxMatrixRuns sets, the first prefilled from the recorded run.
type MatrixFormPage struct {
	Page
	Action         string
	Seq, ForkSeq   int64
	Title, Key     string
	RecordedSystem string
	Sets           []ReplayFormValues
	// Error and ErrorField are a refused form's message and field
	// ("runs[1].temperature").
	Error, ErrorField string
	CanRun            bool
}

// matrixFieldName is the form name of a set's field: runs[i].name.
func matrixFieldName(i int, name string) string { return "runs[" + strconv.Itoa(i) + "]." + name }

func matrixFieldID(i int, name string) string { return "matrix-" + strconv.Itoa(i) + "-" + name }

// MatrixPage is a replay matrix: the baseline and one row per run of the
// selection, worst first.
type MatrixPage struct {
	Page
	Matrix   *baton.ReplayMatrix
	Baseline replay.MatrixBaseline
	Rows     []replay.MatrixRow
	// Runs is every run of the matrix, in the order given (the selection
	// form lists them); Selected is the positions shown when a selection
	// was asked for (nil: all).
	Runs []*baton.Replay
	// RunTitles are the runs' titles (their forks'), by replay id.
	RunTitles map[string]string
	Selected  map[int]bool
	Access    string
	ForkSeq   int64
	Running   bool
	// Base is the matrix's address: /matrices/{id} or, through a
	// read-only link, /m/{token}.
	Base string
	// Owner's sharing panel.
	Teams                []*baton.Team
	SharedWith           []*baton.TeamShare
	ShareURL, ShareTerms string
	// Share is the sharing forms as a refused post left them.
	Share ShareForms
}

// IsOwner reports whether the reader owns the matrix.
func (p MatrixPage) IsOwner() bool { return p.Access == baton.AccessOwner }

// selectionURL is the shareable address of the selection shown.
func (p MatrixPage) selectionURL() string {
	if len(p.Selected) == 0 {
		return p.Base
	}
	var n []string
	for _, r := range p.Runs {
		if p.Selected[r.MatrixPosition] {
			n = append(n, strconv.Itoa(r.MatrixPosition+1))
		}
	}
	return p.Base + "?runs=" + url.QueryEscape(strings.Join(n, ","))
}

// rowURL opens one run's two-column comparison with the baseline.
func (p MatrixPage) rowURL(r *baton.Replay) string {
	return p.Base + "/runs/" + strconv.Itoa(r.MatrixPosition+1)
}

func (p MatrixPage) pollURL() string { return p.selectionURL() }

// runLabel is a run's title, or its set number.
func runLabel(r *baton.Replay, title string) string {
	if title != "" {
		return title
	}
	return "set " + strconv.Itoa(r.MatrixPosition+1)
}

// signedCount is a count's change with its sign and separators: +1,204, −3, 0.
func signedCount(n int64) string {
	switch {
	case n > 0:
		return "+" + count(n)
	case n < 0:
		return "−" + count(-n)
	}
	return "0"
}

// usd is a cost in dollars: ≈ $0.42, < $0.01.
func usd(x float64) string {
	if x < 0.01 {
		return "< $0.01"
	}
	return fmt.Sprintf("$%.2f", x)
}

// signedUSD is a cost's change: +$0.12, −$0.03, ±$0.00.
func signedUSD(x float64) string {
	switch {
	case x >= 0.005:
		return fmt.Sprintf("+$%.2f", x)
	case x <= -0.005:
		return fmt.Sprintf("−$%.2f", -x)
	}
	return "±$0.00"
}

// shortDuration is a duration as people read it: 850 ms, 12.4 s, 3 min 5 s.
func shortDuration(d time.Duration) string {
	if d < 0 {
		d = -d
	}
	switch {
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	case d < time.Minute:
		return strconv.FormatFloat(float64(d.Milliseconds())/1000, 'f', 1, 64) + " s"
	case d < time.Hour:
		return fmt.Sprintf("%d min %d s", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%d h %d min", int(d.Hours()), int(d.Minutes())%60)
}

// signedDuration is a duration's change: +3.1 s, −850 ms.
func signedDuration(d time.Duration) string {
	switch {
	case d > 0:
		return "+" + shortDuration(d)
	case d < 0:
		return "−" + shortDuration(d)
	}
	return "±0 s"
}

// scoreDeltaText is a run's score beside the baseline's: 0.83 (+0.05).
func scoreDeltaText(s replay.ScoreDelta) string {
	if s.Value == nil {
		return "—"
	}
	out := cmpFloat(*s.Value)
	if s.Delta != nil {
		d := *s.Delta
		switch {
		case d > 0:
			out += " (+" + cmpFloat(d) + ")"
		case d < 0:
			out += " (−" + cmpFloat(-d) + ")"
		default:
			out += " (±0)"
		}
	}
	return out
}

// matrixMoreOpen opens the further sets when one of them is filled in or
// named by an error.
func matrixMoreOpen(p MatrixFormPage) bool {
	for i, v := range p.Sets {
		if i >= 3 && (v != ReplayFormValues{Key: v.Key, RecordedSystem: v.RecordedSystem}) {
			return true
		}
	}
	return strings.HasPrefix(p.ErrorField, "runs[") && !strings.HasPrefix(p.ErrorField, "runs[0]") &&
		!strings.HasPrefix(p.ErrorField, "runs[1]") && !strings.HasPrefix(p.ErrorField, "runs[2]")
}

// matrixRunTitle is a row's title: its replay's conversation title.
func matrixRunTitle(p MatrixPage, r replay.MatrixRow) string { return p.titles()[r.Replay.ID] }

func matrixReplayTitle(p MatrixPage, r *baton.Replay) string { return p.titles()[r.ID] }

func (p MatrixPage) titles() map[string]string {
	if p.RunTitles == nil {
		return map[string]string{}
	}
	return p.RunTitles
}
