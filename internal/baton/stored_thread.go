package baton

// StoredThread is what a re-import needs to know of a conversation an
// earlier import stored: its key in the source document and its
// messages' source ids in order. The main conversation has Main set.
type StoredThread struct {
	Key       string
	Main      bool
	SourceIDs []string
}
