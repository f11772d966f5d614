INSERT INTO messages_fts (messages_fts, rank) VALUES ('automerge', 4);
