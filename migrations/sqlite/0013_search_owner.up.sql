-- The full-text index carries each message's steward as a token in its own
-- column ("owner", e.g. s42), so a search matches `owner : s42 AND content :
-- "word"` and FTS5 intersects the word's postings with the steward's
-- instead of walking every steward's matches and joining each to messages.
-- The steward filter in the search's SQL stays the rule; the token only
-- narrows. The index is rebuilt by the indexer from its watermark, set back
-- to 0 here: until the indexer has caught up (about a minute per million
-- messages) a search misses the messages it has not reached yet.
DROP TABLE messages_fts;
CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, owner,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
);
UPDATE watermarks SET last_id = 0 WHERE name = 'messages_fts';
