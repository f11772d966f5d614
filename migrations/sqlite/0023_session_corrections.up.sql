-- A steward's corrections of a session's analysis, one row per corrected
-- field (title, decisions, tasks, topics, technologies): the steward's
-- value, and what the analysis last said of that field. The session's own
-- columns hold the corrected value, which every reader (lists, bridges,
-- the next-session context, summaries, exports) shows and hands on; each
-- analysis writes its result here and the correction over it there.
CREATE TABLE session_corrections (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    field      TEXT NOT NULL,
    steward_id INTEGER NOT NULL,
    value      TEXT NOT NULL, -- JSON: a string for the title, an array for the others
    extracted  TEXT NOT NULL, -- JSON, as value
    edited_at  TEXT NOT NULL,
    PRIMARY KEY (session_id, field)
);
CREATE INDEX session_corrections_steward ON session_corrections (steward_id, edited_at);
