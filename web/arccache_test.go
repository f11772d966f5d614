package web_test

import (
	"fmt"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// The arc cache never shows a stale arc: new messages redraw it.
func TestArcRedrawsAfterNewMessages(t *testing.T) {
	a := newApp(t, "sqlite:"+t.TempDir()+"/b.db")
	sess := a.seedSession(a.ada.ID, "Arc", 6)
	b := a.signIn("ada")
	count := func() int {
		doc, _ := b.get("/sessions/" + sess.ID)
		return doc.Find("svg circle").Length()
	}
	before := count()
	if before == 0 || count() != before {
		t.Fatalf("arc has %d points", before)
	}
	var more []*baton.Message
	for i := 0; i < 4; i++ {
		more = append(more, &baton.Message{SourceID: fmt.Sprint("more", i), Role: baton.RoleSteward, Content: "Thanks, that works beautifully!"})
	}
	if _, err := a.st.AppendMessages(t.Context(), a.ada.ID, sess.ID, "", more); err != nil {
		t.Fatal(err)
	}
	if after := count(); after <= before {
		t.Fatalf("arc points %d after adding messages, %d before", after, before)
	}
}
