// Package watchtest writes agent transcripts as the agents do, for the
// tests of the watcher and of the server it sends to.
package watchtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/store"
)

// Agent writes Codex CLI rollouts under Dir as Codex does, numbering
// every message ("message number N") so a test can find each one among
// the stored messages.
type Agent struct {
	T       testing.TB
	Dir     string
	Next    int       // the number of the last message written
	At      time.Time // the time of the last line written
	Written int64     // bytes written
}

// NewAgent is an agent writing into home's Codex sessions folder, from
// 2 November 2025 09:00 UTC on.
func NewAgent(t testing.TB, home string) *Agent {
	return &Agent{T: t, Dir: filepath.Join(home, ".codex", "sessions"), At: time.Date(2025, 11, 2, 9, 0, 0, 0, time.UTC)}
}

// Path is the rollout file of session id.
func (a *Agent) Path(id string) string {
	return filepath.Join(a.Dir, "2025", "11", "02", "rollout-2025-11-02T09-00-00-"+id+".jsonl")
}

// Line is v as one line of a rollout.
func (a *Agent) Line(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		a.T.Fatal(err)
	}
	return string(b) + "\n"
}

// Start creates session id's rollout with its session_meta line.
func (a *Agent) Start(id string) {
	a.T.Helper()
	if err := os.MkdirAll(filepath.Dir(a.Path(id)), 0o755); err != nil {
		a.T.Fatal(err)
	}
	meta := a.Line(map[string]any{"timestamp": a.At.Format(time.RFC3339Nano), "type": "session_meta",
		"payload": map[string]any{"id": id, "timestamp": a.At.Format(time.RFC3339Nano), "cwd": "/home/ana/" + id}})
	if err := os.WriteFile(a.Path(id), []byte(meta), 0o644); err != nil {
		a.T.Fatal(err)
	}
	a.Written += int64(len(meta))
}

// Write appends raw text to session id's rollout.
func (a *Agent) Write(id, text string) {
	a.T.Helper()
	f, err := os.OpenFile(a.Path(id), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		a.T.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		a.T.Fatal(err)
	}
	a.Written += int64(len(text))
}

// Turn appends a prompt and its answer to session id's rollout.
func (a *Agent) Turn(id string) {
	a.T.Helper()
	for _, role := range []string{"user", "assistant"} {
		a.Write(id, a.Message(role))
	}
}

// Message is the next numbered message's line, from role ("user" or
// "assistant").
func (a *Agent) Message(role string) string {
	a.Next++
	a.At = a.At.Add(time.Second)
	kind := map[string]string{"user": "input_text", "assistant": "output_text"}[role]
	return a.Line(map[string]any{"timestamp": a.At.Format(time.RFC3339Nano), "type": "response_item",
		"payload": map[string]any{"type": "message", "role": role, "content": []any{map[string]any{"type": kind, "text": fmt.Sprintf("message number %d", a.Next)}}}})
}

// StoredNumbers counts, by number, the numbered messages (as Message
// writes them) stored for the steward: 1 each when every line written was
// stored once.
func StoredNumbers(t testing.TB, st *store.Store, stewardID int64) map[int]int {
	t.Helper()
	ctx := context.Background()
	page, err := st.ListSessions(ctx, stewardID, baton.SessionFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]int{}
	for _, s := range page.Sessions {
		msgs, err := st.SessionMessages(ctx, stewardID, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			var n int
			if _, err := fmt.Sscanf(m.Content, "message number %d", &n); err == nil {
				out[n]++
			}
		}
	}
	return out
}
