-- The full-text index no longer merges its segments inside the transaction
-- that adds them (FTS5's automerge, kept in the index's config table, so
-- every connection sees it): those are the write groups', which acknowledge
-- appends, and in the ingest burst automerge was 14–15% of the CPU. The
-- store's indexer merges in small steps of its own once writes pause, or
-- every few writes while they do not (RunIndexer); FTS5's crisis merge
-- still bounds the segments a level holds.
INSERT INTO messages_fts (messages_fts, rank) VALUES ('automerge', 0);
