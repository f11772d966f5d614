package views

import (
	"net/url"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// SessionColumn is one sortable column of the session table: its sort key
// (one of baton.SessionSortKeys), its header, its cell class, and whether
// its first click sorts descending (numbers and dates: biggest, newest
// first) or ascending (words: A first).
type SessionColumn struct {
	Key, Label, Class string
	FirstDesc         bool
}

// sessionColumns are the session table's sortable columns, in order. To add
// a column: one entry here, its cell in sessionRow, its key in
// baton.SessionSortKeys and its SQL in the store's sessionSortColumns.
var sessionColumns = []SessionColumn{
	{Key: "title", Label: "Title"},
	{Key: "type", Label: "Type"},
	{Key: "source", Label: "Source"},
	{Key: "started", Label: "Started", FirstDesc: true},
	{Key: "duration", Label: "Duration", Class: "num", FirstDesc: true},
	{Key: "messages", Label: "Messages", Class: "num", FirstDesc: true},
	{Key: "tokens", Label: "Tokens", Class: "num", FirstDesc: true},
	{Key: "cost", Label: "Est. cost", Class: "num", FirstDesc: true},
	{Key: "quality", Label: "Quality", Class: "num", FirstDesc: true},
	{Key: "review", Label: "Review"},
}

// columnSortLink is the header link of column c given the current sort: a
// click on the sorted column reverses it; any other starts with c's first
// direction. The other filters stay; paging starts over.
func columnSortLink(q url.Values, current string, c SessionColumn) sortColumn {
	if current == "" {
		current = baton.SortStartedDesc
	}
	col := sortColumn{AriaSort: "none"}
	next := baton.SessionSort(c.Key, c.FirstDesc)
	if key, desc, ok := baton.ParseSessionSort(current); ok && key == c.Key {
		col.AriaSort = "ascending"
		if desc {
			col.AriaSort = "descending"
		}
		next = baton.SessionSort(c.Key, !desc)
	}
	v := queryWith(q, "sort", next)
	v.Del("cursor")
	v.Del("rows")
	col.Href = "/sessions?" + v.Encode()
	return col
}

// sortCaption says in words how the table is sorted, for its caption.
func sortCaption(sort string) string {
	key, desc, ok := baton.ParseSessionSort(sort)
	if !ok {
		return "newest first"
	}
	for _, c := range sessionColumns {
		if c.Key != key {
			continue
		}
		switch {
		case key == "started" && desc:
			return "newest first"
		case key == "started":
			return "oldest first"
		case desc:
			return "by " + strings.ToLower(c.Label) + ", highest first"
		default:
			return "by " + strings.ToLower(c.Label) + ", lowest first"
		}
	}
	return "newest first"
}

// sessionDateRanges are the session list's preset date ranges (UTC days),
// each keeping the other filters; the one the query holds is current.
func sessionDateRanges(q url.Values) []RangeLink {
	today := now().UTC()
	day := func(d time.Time) string { return d.Format("2006-01-02") }
	var out []RangeLink
	for _, r := range []struct {
		label    string
		from, to string
	}{
		{"Today", day(today), day(today)},
		{"Yesterday", day(today.AddDate(0, 0, -1)), day(today.AddDate(0, 0, -1))},
		{"Last 7 days", day(today.AddDate(0, 0, -6)), day(today)},
		{"Last 30 days", day(today.AddDate(0, 0, -29)), day(today)},
		{"Any time", "", ""},
	} {
		v := queryWith(q, "from", r.from)
		if r.from == "" {
			v.Del("from")
		}
		v.Set("to", r.to)
		if r.to == "" {
			v.Del("to")
		}
		v.Del("cursor")
		v.Del("rows")
		href := "/sessions"
		if len(v) > 0 {
			href += "?" + v.Encode()
		}
		out = append(out, RangeLink{Label: r.label, Href: href, Current: q.Get("from") == r.from && q.Get("to") == r.to})
	}
	return out
}
