package watch

import "testing"

// A pass catches up when the listed files hold catchUpBytes or more not
// read yet.
func TestBacklogIsWhatIsUnread(t *testing.T) {
	found := []transcriptFile{{size: 6 << 20}, {size: 3 << 20}, {size: 100}}
	states := []*fileState{{Offset: 0}, {Offset: 1 << 20}, {Offset: 400}} // the last one shrank
	if got := backlog(found, states); got != 8<<20 {
		t.Errorf("backlog %d, want %d", got, 8<<20)
	}
}
