package baton

import "strings"

// SessionSortKeys are the columns the session list sorts on, in the order
// the table shows them. A sort is "<key>_desc" or "<key>_asc"
// (SortStartedDesc is "started_desc"). To make a new column sortable, add
// its key here and its SQL expression to the store's sessionSortColumns.
var SessionSortKeys = []string{"title", "type", "source", "started", "duration", "messages", "tokens", "cost", "quality", "review"}

// SessionSort is the sort value of key in one direction.
func SessionSort(key string, desc bool) string {
	if desc {
		return key + "_desc"
	}
	return key + "_asc"
}

// ParseSessionSort splits a sort value into its column key and direction;
// ok is false for anything that is not a known key with _asc or _desc.
func ParseSessionSort(sort string) (key string, desc bool, ok bool) {
	if k, found := strings.CutSuffix(sort, "_desc"); found {
		key, desc = k, true
	} else if k, found := strings.CutSuffix(sort, "_asc"); found {
		key = k
	} else {
		return "", false, false
	}
	for _, known := range SessionSortKeys {
		if known == key {
			return key, desc, true
		}
	}
	return "", false, false
}
