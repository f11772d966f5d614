-- A session's token totals and estimated cost (package pricing), kept by
-- the store as messages are written, so the session list sorts on them.
ALTER TABLE sessions ADD COLUMN tokens_input INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN tokens_output INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN tokens_cache_read INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN tokens_cache_write INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN tokens_total INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN tokens_cost_usd REAL NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN tokens_unpriced INTEGER NOT NULL DEFAULT 0;

-- Sessions stored before: their tokens from their messages. Their cost is
-- not known here (the price table lives in Go), so every token counts as
-- unpriced until an import brings the session new or changed messages
-- (the store then recounts it from its messages).
UPDATE sessions SET
    tokens_input = COALESCE((SELECT SUM(COALESCE(json_extract(m.usage, '$.input_tokens'), 0)) FROM messages m WHERE m.session_id = sessions.id), 0),
    tokens_output = COALESCE((SELECT SUM(COALESCE(json_extract(m.usage, '$.output_tokens'), 0)) FROM messages m WHERE m.session_id = sessions.id), 0),
    tokens_cache_read = COALESCE((SELECT SUM(COALESCE(json_extract(m.usage, '$.cache_read_tokens'), 0)) FROM messages m WHERE m.session_id = sessions.id), 0),
    tokens_cache_write = COALESCE((SELECT SUM(COALESCE(json_extract(m.usage, '$.cache_creation_tokens'), 0)) FROM messages m WHERE m.session_id = sessions.id), 0);
UPDATE sessions SET tokens_total = tokens_input + tokens_output + tokens_cache_read + tokens_cache_write;
UPDATE sessions SET tokens_unpriced = tokens_total;

CREATE INDEX sessions_steward_tokens ON sessions (steward_id, tokens_total);
CREATE INDEX sessions_steward_cost ON sessions (steward_id, tokens_cost_usd);
