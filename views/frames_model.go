package views

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// FramesPage is /frames: recall as the steward types, with filters; with
// no query, the newest frames.
type FramesPage struct {
	Page
	Query    url.Values
	Branches []string
	Modules  []string
	Total    int                      // the steward's frames
	Result   *baton.FrameRecallResult // nil without a query
	Recent   []*baton.Frame           // without a query
	Error    string                   // a filter that could not be read
}

// FramePage is /frames/{id}: every field of one frame and the sessions it
// was taken in.
type FramePage struct {
	Page
	Frame    *baton.Frame
	Sessions []baton.FrameSession
	JSON     string // the frame as Lex JSON, indented
	// Supersedes is the ids of the frames whose superseded_by names this one.
	Supersedes []string
}

// FrameTimelinePage is /frames/timeline: a branch's or module's frames,
// newest first, a page at a time, with the sessions they were taken in.
type FrameTimelinePage struct {
	Page
	Branch, Module string
	Branches       []string
	Modules        []string
	Frames         []*baton.Frame
	Sessions       map[string][]baton.FrameSession
	NextURL        string // the next page's partial; "" at the end
}

// SessionFrames is the frames side section of the session page.
type SessionFrames struct {
	Frames []*baton.Frame
	Branch string
}

func frameURL(id string) string { return "/frames/" + url.PathEscape(id) }

func frameTimelineURL(branch, module string) string {
	q := url.Values{}
	if branch != "" {
		q.Set("branch", branch)
	}
	if module != "" {
		q.Set("module", module)
	}
	return "/frames/timeline?" + q.Encode()
}

func frameDay(t time.Time) string { return t.UTC().Format("Monday 2 January 2006") }

func frameClock(t time.Time) string { return t.UTC().Format("15:04 UTC") }

// frameDays groups frames (newest first) by their UTC day.
type frameDayGroup struct {
	Day    string
	Frames []*baton.Frame
}

func frameDays(frames []*baton.Frame) []frameDayGroup {
	var out []frameDayGroup
	for _, f := range frames {
		d := frameDay(f.At)
		if len(out) == 0 || out[len(out)-1].Day != d {
			out = append(out, frameDayGroup{Day: d})
		}
		out[len(out)-1].Frames = append(out[len(out)-1].Frames, f)
	}
	return out
}

func frameHitCount(r *baton.FrameRecallResult) string {
	return countOf(r.Count, "frame")
}

func tookMS(ms float64) string { return strconv.FormatFloat(ms, 'f', 1, 64) + " ms" }

func framesFiltered(q url.Values) bool {
	for _, k := range []string{"q", "module", "branch", "since", "until", "superseded"} {
		if strings.TrimSpace(q.Get(k)) != "" {
			return true
		}
	}
	return false
}

func extraJSON(f baton.FrameField) string {
	var v any
	if json.Unmarshal(f.Value, &v) != nil {
		return string(f.Value)
	}
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}

func spendLine(s *baton.FrameSpend) string {
	var parts []string
	if s.Prompts != nil {
		parts = append(parts, count(*s.Prompts)+" prompts")
	}
	if s.TokensEstimated != nil {
		parts = append(parts, "≈"+count(*s.TokensEstimated)+" tokens")
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, ", ")
}

func linkLabel(link string) string {
	if link == baton.FrameLinkRun {
		return "same run"
	}
	return "same branch, during the session"
}

func joinList(items []string) string { return strings.Join(items, "; ") }

func orUntitled(title string) string {
	if strings.TrimSpace(title) == "" {
		return "Untitled session"
	}
	return title
}

// schemaVersion names a Lex schema version: v5.
func schemaVersion(v int) string { return "v" + strconv.Itoa(v) }
