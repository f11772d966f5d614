package analysis_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// TestRealSetDigest writes, for every session of the real set, a digest
// of what Baton made of it: the session's analysed fields and each stored
// message of its main conversation with its own analysis. A change that
// should leave the analysis as it was (a cheaper scan, a faster import)
// is checked by running this before and after it and comparing the two
// files: they are equal when every session's analysis is. Only digests
// are written, never text, so the test split is compared without being
// read. It runs when BATON_REALSET_DIGEST_OUT names the file:
//
//	BATON_REALSET_DIGEST_OUT=/tmp/old.txt go test -count=1 -run '^TestRealSetDigest$' ./internal/analysis/
func TestRealSetDigest(t *testing.T) {
	out := os.Getenv("BATON_REALSET_DIGEST_OUT")
	if out == "" {
		t.Skip("BATON_REALSET_DIGEST_OUT is not set")
	}
	imp := newRealsetImporter(t)
	// A message without a time is given the store's: a fixed one, so
	// two runs write the same.
	imp.st.SetClock(func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) })
	var lines strings.Builder
	for _, s := range readRealsetManifest(t) {
		sess := imp.importSession(t, s)
		sessID := sess.ID
		msgs, err := imp.st.SessionMessages(imp.ctx, imp.stewardID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		// The session's own ids and times of writing differ from run to
		// run; what the analysis made of it does not.
		sess.ID, sess.CreatedAt, sess.UpdatedAt = "", sess.StartedAt, sess.StartedAt
		// Its relationship follows on from the sessions before it, in
		// order of start and then of id, and sessions of the same start
		// are ordered by their random ids.
		sess.Relationship = baton.Relationship{}
		if err := json.NewEncoder(h).Encode(sess); err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			m.ID, m.SessionID, m.ConversationID = 0, "", ""
			if err := json.NewEncoder(h).Encode(m); err != nil {
				t.Fatal(err)
			}
		}
		conv, err := imp.st.Conversation(imp.ctx, imp.stewardID, sessID, "")
		if err != nil {
			t.Fatal(err)
		}
		mem, err := imp.st.ConversationMemory(imp.ctx, imp.stewardID, sessID, conv.ID)
		memText := "none"
		if err == nil {
			memText = fmt.Sprint(mem.Covered, " ", mem.Summary)
		}
		fmt.Fprintf(&lines, "%s %x %d %x\n", s.ID, h.Sum(nil), conv.MessageCount, sha256.Sum256([]byte(memText)))
	}
	if err := os.WriteFile(out, []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
