package ui

import "github.com/baton-dev/baton/views"

// markBranchStarts marks where a fork's own messages begin in a run of its
// transcript: where the conversation a message belongs to changes (the
// prefix is read from the parent). (A branch whose
// first message opens a run is not marked: the run has no message before it.)
func markBranchStarts(msgs []views.MessageView) {
	for i := range msgs {
		if i > 0 && msgs[i].Message != nil && msgs[i-1].Message != nil && msgs[i].ConversationID != msgs[i-1].ConversationID {
			msgs[i].BranchBegins = true
		}
	}
}
