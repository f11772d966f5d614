package main

import (
	"encoding/json"
	"testing"
)

// asMessageRequests turns message rows into what an API client sends:
// their JSON without the fields Baton owns, which the API refuses.
func asMessageRequests(t *testing.T, rows any) []map[string]any {
	t.Helper()
	raw, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	for _, m := range out {
		for _, owned := range []string{"id", "session_id", "conversation_id", "sequence_number"} {
			delete(m, owned)
		}
	}
	return out
}
