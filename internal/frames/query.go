package frames

import (
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/fulltext"
)

// Recall limits.
const (
	DefaultLimit = 10
	MaxLimit     = 200
	maxTerms     = 16
)

// RecallRequest is a recall as a client asks for it.
type RecallRequest struct {
	Q      string
	Mode   string // "all" (default) or "any"
	Module string
	Branch string
	Since  string // RFC 3339, or a date (2025-12-01)
	Until  string
	Limit  string // "" is DefaultLimit
	// Prefix makes the last word a prefix ("recal" finds "recall"); the
	// frames page sets it while a steward is typing.
	Prefix bool
	// Superseded is "include" to keep frames another frame supersedes;
	// "" or "hide" leaves them out.
	Superseded string
}

// IncludeSuperseded reads a superseded parameter: "include" keeps frames
// another frame supersedes, "" or "hide" leaves them out.
func IncludeSuperseded(v string) (bool, error) {
	switch strings.TrimSpace(v) {
	case "", "hide":
		return false, nil
	case "include":
		return true, nil
	}
	return false, baton.Invalid("superseded", "superseded must be include or hide; got %q", v)
}

// Normalised is a recall query ready for the store, with what was left
// out and why.
type Normalised struct {
	Recall  baton.FrameRecall
	Terms   []string // the terms as recall understood them, for display
	Ignored []string // operator words that were not searched for
}

// operators are words other search tools treat as syntax. Written in
// capitals and standing alone they are not searched for (mode=any is how
// to ask for "either"); in any other case they are ordinary words.
var operators = map[string]bool{"AND": true, "OR": true, "NOT": true}

// Normalise turns a recall request into the store's query. Each
// space-separated part of q becomes one term whose words must stand
// together, so "senior-dev", "memory/store" and "AUTH-456" find exactly
// that sequence; punctuation never reaches a query syntax. A term ending in
// "*" is a prefix. Terms holds nothing when q has no words: the caller
// answers with a message, never with every frame.
func Normalise(r RecallRequest) (*Normalised, error) {
	n := &Normalised{Recall: baton.FrameRecall{Mode: baton.RecallAll, Module: strings.TrimSpace(r.Module), Branch: strings.TrimSpace(r.Branch), Limit: DefaultLimit}}
	switch strings.ToLower(strings.TrimSpace(r.Mode)) {
	case "", baton.RecallAll:
	case baton.RecallAny:
		n.Recall.Mode = baton.RecallAny
	default:
		return nil, baton.Invalid("mode", "mode must be all or any; got %q", r.Mode)
	}
	if v := strings.TrimSpace(r.Limit); v != "" {
		l, err := strconv.Atoi(v)
		if err != nil || l < 1 || l > MaxLimit {
			return nil, baton.Invalid("limit", "limit must be a whole number from 1 to %d; got %q", MaxLimit, v)
		}
		n.Recall.Limit = l
	}
	var err error
	if n.Recall.IncludeSuperseded, err = IncludeSuperseded(r.Superseded); err != nil {
		return nil, err
	}
	if n.Recall.Since, err = ParseInstant("since", r.Since, false); err != nil {
		return nil, err
	}
	if n.Recall.Until, err = ParseInstant("until", r.Until, true); err != nil {
		return nil, err
	}
	if n.Recall.Since != nil && n.Recall.Until != nil && n.Recall.Until.Before(*n.Recall.Since) {
		return nil, baton.Invalid("until", "until is before since")
	}
	parts := strings.FieldsFunc(r.Q, unicode.IsSpace)
	seen := map[string]bool{}
	for i, part := range parts {
		if operators[part] {
			n.Ignored = append(n.Ignored, part)
			continue
		}
		prefix := strings.HasSuffix(part, "*") || (r.Prefix && i == len(parts)-1)
		words := fulltext.Words(part)
		if len(words) == 0 {
			continue
		}
		shown := strings.Join(words, " ")
		if prefix {
			shown += "*"
		}
		if seen[shown] {
			continue
		}
		seen[shown] = true
		n.Recall.Terms = append(n.Recall.Terms, baton.FrameTerm{Words: words, Prefix: prefix})
		n.Terms = append(n.Terms, shown)
		if len(n.Recall.Terms) == maxTerms {
			break
		}
	}
	return n, nil
}

// ParseInstant reads a since/until bound: an RFC 3339 time, or a date, which
// means the start of that day (UTC) for since and its end for until.
func ParseInstant(field, v string, endOfDay bool) (*time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		t = t.UTC()
		return &t, baton.CheckTime(field, t)
	}
	if d, err := time.Parse(time.DateOnly, v); err == nil {
		if endOfDay {
			d = d.Add(24*time.Hour - time.Microsecond)
		}
		return &d, baton.CheckTime(field, d)
	}
	return nil, baton.Invalid(field, "%s must be an RFC 3339 time (2025-12-01T10:30:00Z) or a date (2025-12-01); got %q", field, v)
}
