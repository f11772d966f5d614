package views

import (
	"net/url"
	"strconv"
	"strings"
)

// filterKeys are the session list's filters (sort is an order, not a filter).
var filterKeys = []string{"q", "type", "source", "from", "to", "review", "min_quality", "tag", "topic", "emotion", "breakthroughs"}

// activeFilters counts the filters set besides the search (q): the ones
// folded behind the "Filters" line. reading.js counts the same way.
func activeFilters(q url.Values) int {
	n := 0
	for _, k := range filterKeys {
		if k != "q" && strings.TrimSpace(q.Get(k)) != "" {
			n++
		}
	}
	return n
}

// activeFiltersText is the count on the folded filters' line: " (2 active)", or "" for none.
func activeFiltersText(n int) string {
	if n == 0 {
		return ""
	}
	return " (" + strconv.Itoa(n) + " active)"
}

// hasFilters reports whether any filter is set.
func hasFilters(q url.Values) bool {
	for _, k := range filterKeys {
		for _, v := range q[k] {
			if strings.TrimSpace(v) != "" {
				return true
			}
		}
	}
	return false
}

// sortColumn describes a sortable column's header link and state.
type sortColumn struct {
	Href string
	// AriaSort is "ascending", "descending" or "none".
	AriaSort string
}

// sortArrow is the visual arrow of a sorted column; screen readers get aria-sort.
func sortArrow(aria string) string {
	switch aria {
	case "ascending":
		return "▲"
	case "descending":
		return "▼"
	}
	return ""
}

// withCurrent is the options of a select plus the current value, so a
// filter from a shared URL still shows as chosen.
func withCurrent(options []string, current string) []string {
	if current == "" {
		return options
	}
	for _, o := range options {
		if o == current {
			return options
		}
	}
	return append(append([]string(nil), options...), current)
}
