package analysis_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// TestRealSetTitles writes, for the released dev sessions named in
// BATON_REALSET_TITLES_SHOW (ids, comma-separated; "fail" for every one
// whose title is not acceptable, "all" for all), each candidate sentence of the first
// prompts with the title it makes and its score, to the file named by
// BATON_REALSET_TITLES_OUT:
//
//	BATON_REALSET_TITLES_OUT=/tmp/titles.txt BATON_REALSET_TITLES_SHOW=fail go test -count=1 -run '^TestRealSetTitles$' ./internal/analysis/
func TestRealSetTitles(t *testing.T) {
	out := os.Getenv("BATON_REALSET_TITLES_OUT")
	if out == "" {
		t.Skip("BATON_REALSET_TITLES_OUT is not set")
	}
	show := "," + os.Getenv("BATON_REALSET_TITLES_SHOW") + ","
	imp := newRealsetImporter(t)
	var detail strings.Builder
	releasedDevSessions(t, imp, func(s realsetSession, sess *baton.Session, half string, lab realsetLabels) {
		ok, why := realsetTitleAcceptable(sess.Title, lab.Title.Subject)
		if !strings.Contains(show, ",all,") && !strings.Contains(show, ","+s.ID+",") && !(strings.Contains(show, ",fail,") && !ok) {
			return
		}
		msgs, err := imp.st.SessionMessages(imp.ctx, imp.stewardID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		_, source := analysis.TitleSource(msgs)
		fmt.Fprintf(&detail, "%s [%s] (batch %d) %q ok=%v from %s %s\n", s.ID, half, s.Batch, sess.Title, ok, source, why)
		for _, l := range analysis.TraceTitle(msgs) {
			fmt.Fprintln(&detail, l)
		}
	})
	if err := os.WriteFile(out, []byte(detail.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
