DROP TABLE messages_fts;
CREATE VIRTUAL TABLE messages_fts USING fts5(
    content,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
);
UPDATE watermarks SET last_id = 0 WHERE name = 'messages_fts';
