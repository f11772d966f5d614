package chatgpt

import (
	"fmt"

	"github.com/baton-dev/baton/internal/baton"
)

// Merge fits a document into the conversation an earlier import stored
// for the same conversation id (two exports of one conversation; one
// that shares no node with it is imported on its own). Messages are
// matched by node id:
// one already stored is left where it is; a new one goes after its parent
// node, at the end of the parent's thread when the parent ends it, else in
// a new fork after the parent. A new message whose parent is nowhere in
// the stored tree, or that starts a second root, has no place: it is
// reported in Skipped, not glued to the end of the conversation.
//
// The returned document holds only the new messages, in conversations the
// store finds by key (the stored ones) or creates (the new forks).
func Merge(doc baton.ImportDocument, stored []baton.StoredThread) baton.ImportDocument {
	if len(stored) == 0 {
		return doc
	}
	where := map[string]string{} // source id → key of the thread that has it
	tip := map[string]string{}   // thread key → its last source id
	mainKey := MainKey
	for _, th := range stored {
		key := th.Key
		if th.Main {
			mainKey = key
		}
		for _, id := range th.SourceIDs {
			where[id] = key
		}
		if n := len(th.SourceIDs); n > 0 {
			tip[key] = th.SourceIDs[n-1]
		}
	}
	out := baton.ImportDocument{Key: doc.Key, Session: doc.Session, Skipped: append([]string(nil), doc.Skipped...)}
	out.Session.MessageCount = 0
	convs := map[string]*baton.ImportConversation{}
	var order []string
	use := func(key string, make func() baton.ImportConversation) *baton.ImportConversation {
		if c, ok := convs[key]; ok {
			return c
		}
		c := make()
		convs[key] = &c
		order = append(order, key)
		return &c
	}
	// The stored main thread comes first; a stored fork is found by its key.
	use(mainKey, func() baton.ImportConversation { return baton.ImportConversation{Key: mainKey} })
	storedThread := func(key string) *baton.ImportConversation {
		return use(key, func() baton.ImportConversation { return baton.ImportConversation{Key: key, ParentKey: mainKey} })
	}
	noPlace := map[string]bool{}
	for _, ic := range doc.Conversations {
		for _, m := range ic.Messages {
			if _, ok := where[m.SourceID]; ok {
				continue
			}
			parent := m.References.RepliesTo
			switch {
			case parent == "":
				noPlace[m.SourceID] = true
				out.Skipped = append(out.Skipped, fmt.Sprintf("node %s: starts a tree the stored conversation does not have (same conversation id, unrelated messages); not imported", m.SourceID))
				continue
			case noPlace[parent]:
				noPlace[m.SourceID] = true
				continue
			}
			key, ok := where[parent]
			if !ok {
				noPlace[m.SourceID] = true
				out.Skipped = append(out.Skipped, fmt.Sprintf("node %s: its parent %s is not in the stored conversation; not imported", m.SourceID, parent))
				continue
			}
			var c *baton.ImportConversation
			if tip[key] == parent {
				c = storedThread(key) // the main thread, or one met before
			} else {
				forkKey := "fork:" + m.SourceID
				c = use(forkKey, func() baton.ImportConversation {
					if _, known := convs[key]; !known {
						storedThread(key)
					}
					return baton.ImportConversation{Key: forkKey, ParentKey: key, ForkAfterSourceID: parent, Kind: baton.ConversationFork}
				})
				key = forkKey
			}
			c.Messages = append(c.Messages, m)
			where[m.SourceID], tip[key] = key, m.SourceID
		}
	}
	for _, key := range order {
		c := convs[key]
		if c.Kind == baton.ConversationFork && c.Title == "" {
			c.Title = forkTitle(c.Messages)
		}
		out.Conversations = append(out.Conversations, *c)
		out.Session.MessageCount += len(c.Messages)
	}
	return out
}
