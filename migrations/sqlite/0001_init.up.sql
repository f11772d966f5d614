-- Baton's schema on SQLite. Every table that holds a steward's data has
-- steward_id, and every query that reads it filters on it.

-- Settings the instances share, such as the generated cookie secret when
-- none is configured: kept in the database so every instance agrees.
CREATE TABLE app_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE stewards (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL UNIQUE,
    display_name  TEXT NOT NULL DEFAULT '',
    email         TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL
);

-- OAuth / OIDC subjects attached to a steward.
CREATE TABLE identities (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    steward_id INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    provider   TEXT NOT NULL,
    subject    TEXT NOT NULL,
    email      TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    UNIQUE (provider, subject)
);
CREATE INDEX identities_steward ON identities (steward_id);

CREATE TABLE access_tokens (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    steward_id   INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    hash         TEXT NOT NULL UNIQUE,
    prefix       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at   TEXT
);
CREATE INDEX access_tokens_steward ON access_tokens (steward_id);

-- Signed-in browser sessions; the cookie holds the id, so signing out ends
-- the session on the server for that cookie.
CREATE TABLE login_sessions (
    id_hash    TEXT PRIMARY KEY,
    steward_id INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX login_sessions_steward ON login_sessions (steward_id);

CREATE TABLE sessions (
    id                TEXT PRIMARY KEY,
    steward_id        INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    title             TEXT NOT NULL DEFAULT '',
    conversation_type TEXT NOT NULL,
    source            TEXT NOT NULL DEFAULT '',
    source_ref        TEXT NOT NULL DEFAULT '',
    branch            TEXT NOT NULL DEFAULT '',
    tags              TEXT,
    started_at        TEXT NOT NULL,
    ended_at          TEXT,
    duration_seconds  INTEGER NOT NULL DEFAULT 0,
    steward_profile   TEXT,
    assistant         TEXT,
    summary           TEXT,
    progress          TEXT,
    emotional_arc     TEXT,
    relationship      TEXT,
    technical_context TEXT,
    continuity        TEXT,
    version           TEXT NOT NULL DEFAULT '2.0',
    indexed           INTEGER NOT NULL DEFAULT 0,
    quality_score     REAL,
    review_status     TEXT NOT NULL DEFAULT 'pending',
    peak_count        INTEGER NOT NULL DEFAULT 0,
    message_count     INTEGER NOT NULL DEFAULT 0,
    attributes        TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
);
-- Keyset pagination of the session list, newest first and by quality.
-- The list filters are in the indexes, so a filtered page or count reads
-- index entries only and touches the table just for the rows it shows.
CREATE INDEX sessions_steward_started ON sessions (steward_id, started_at, id, conversation_type, review_status, source, quality_score, peak_count);
CREATE INDEX sessions_steward_quality ON sessions (steward_id, coalesce(quality_score, -1), id, conversation_type, review_status, source, started_at, peak_count);
-- One session per source document: what makes imports idempotent.
CREATE UNIQUE INDEX sessions_steward_source_ref ON sessions (steward_id, source, source_ref) WHERE source_ref <> '';

CREATE TABLE session_tags (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id INTEGER NOT NULL,
    tag        TEXT NOT NULL,
    PRIMARY KEY (session_id, tag)
);
CREATE INDEX session_tags_steward_tag ON session_tags (steward_id, tag);

CREATE TABLE conversations (
    id                     TEXT PRIMARY KEY,
    steward_id             INTEGER NOT NULL,
    session_id             TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind                   TEXT NOT NULL,
    title                  TEXT NOT NULL DEFAULT '',
    source_ref             TEXT NOT NULL DEFAULT '',
    parent_conversation_id TEXT REFERENCES conversations(id) ON DELETE CASCADE,
    fork_point_message_id  INTEGER,
    fork_point_seq         INTEGER NOT NULL DEFAULT 0,
    message_count          INTEGER NOT NULL DEFAULT 0,
    created_at             TEXT NOT NULL
);
CREATE INDEX conversations_session ON conversations (session_id);

-- AUTOINCREMENT so an id is never reused: the search indexer's watermark relies on it.
CREATE TABLE messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    steward_id      INTEGER NOT NULL,
    session_id      TEXT NOT NULL,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    source_id       TEXT NOT NULL,
    role            TEXT NOT NULL,
    speaker         TEXT NOT NULL DEFAULT '',
    -- The arc's sentiment and first emotion, copied out of semantic and
    -- stored before content so the arc chart never reads message text.
    arc_sentiment   REAL NOT NULL DEFAULT 0,
    arc_emotion     TEXT NOT NULL DEFAULT '',
    content         TEXT NOT NULL DEFAULT '',
    content_type    TEXT NOT NULL DEFAULT 'text',
    thinking        TEXT NOT NULL DEFAULT '',
    tool_calls      TEXT,
    tool_result     TEXT,
    model           TEXT NOT NULL DEFAULT '',
    usage           TEXT,
    semantic        TEXT,
    code_context    TEXT,
    refs            TEXT,
    impact          TEXT,
    edit_history    TEXT,
    meta            TEXT,
    ts              TEXT NOT NULL,
    attributes      TEXT,
    analyzed        INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX messages_conversation_seq ON messages (conversation_id, seq);
CREATE UNIQUE INDEX messages_conversation_source ON messages (conversation_id, source_id);

-- Full-text index over message content. Contentless (the text lives in
-- messages) and filled in batches by the indexer, not by a per-row trigger,
-- which would cap ingest at a fraction of the plain insert rate. Searches
-- join each hit to its message to keep to the steward who asks.
CREATE VIRTUAL TABLE messages_fts USING fts5(
    content,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
);


-- How far each background worker has come over the messages table: the
-- search indexer (SQLite) and per-message analysis of API writes. A message
-- with a larger id than a watermark is not yet indexed / analysed.
CREATE TABLE watermarks (
    name    TEXT PRIMARY KEY,
    last_id BIGINT NOT NULL
);
INSERT INTO watermarks (name, last_id) VALUES ('messages_fts', 0), ('messages_analysis', 0);

CREATE TABLE annotations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    steward_id INTEGER NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    message_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    label      TEXT NOT NULL DEFAULT '',
    dimension  TEXT NOT NULL DEFAULT '',
    value      REAL,
    note       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);
CREATE INDEX annotations_steward_session ON annotations (steward_id, session_id);
