-- Baton's schema on PostgreSQL. Every table that holds a steward's data has
-- steward_id, and every query that reads it filters on it.

-- Settings the instances share, such as the generated cookie secret when
-- none is configured: kept in the database so every instance agrees.
CREATE TABLE app_settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE stewards (
    id            BIGSERIAL PRIMARY KEY,
    username      TEXT NOT NULL UNIQUE,
    display_name  TEXT NOT NULL DEFAULT '',
    email         TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE identities (
    id         BIGSERIAL PRIMARY KEY,
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    provider   TEXT NOT NULL,
    subject    TEXT NOT NULL,
    email      TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (provider, subject)
);
CREATE INDEX identities_steward ON identities (steward_id);

CREATE TABLE access_tokens (
    id           BIGSERIAL PRIMARY KEY,
    steward_id   BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    hash         TEXT NOT NULL UNIQUE,
    prefix       TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX access_tokens_steward ON access_tokens (steward_id);

CREATE TABLE login_sessions (
    id_hash    TEXT PRIMARY KEY,
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_sessions_steward ON login_sessions (steward_id);

CREATE TABLE sessions (
    id                TEXT PRIMARY KEY,
    steward_id        BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    title             TEXT NOT NULL DEFAULT '',
    conversation_type TEXT NOT NULL,
    source            TEXT NOT NULL DEFAULT '',
    source_ref        TEXT NOT NULL DEFAULT '',
    branch            TEXT NOT NULL DEFAULT '',
    tags              JSONB,
    started_at        TIMESTAMPTZ NOT NULL,
    ended_at          TIMESTAMPTZ,
    duration_seconds  BIGINT NOT NULL DEFAULT 0,
    steward_profile   JSONB,
    assistant         JSONB,
    summary           JSONB,
    progress          JSONB,
    emotional_arc     JSONB,
    relationship      JSONB,
    technical_context JSONB,
    continuity        JSONB,
    version           TEXT NOT NULL DEFAULT '2.0',
    indexed           BOOLEAN NOT NULL DEFAULT FALSE,
    quality_score     DOUBLE PRECISION,
    review_status     TEXT NOT NULL DEFAULT 'pending',
    peak_count        INTEGER NOT NULL DEFAULT 0,
    message_count     INTEGER NOT NULL DEFAULT 0,
    attributes        JSONB,
    created_at        TIMESTAMPTZ NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL
);
-- The list filters are in the indexes, so a filtered page or count reads
-- index entries only and touches the table just for the rows it shows.
CREATE INDEX sessions_steward_started ON sessions (steward_id, started_at, id, conversation_type, review_status, source, quality_score, peak_count);
CREATE INDEX sessions_steward_quality ON sessions (steward_id, coalesce(quality_score, -1), id, conversation_type, review_status, source, started_at, peak_count);
CREATE UNIQUE INDEX sessions_steward_source_ref ON sessions (steward_id, source, source_ref) WHERE source_ref <> '';

CREATE TABLE session_tags (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id BIGINT NOT NULL,
    tag        TEXT NOT NULL,
    PRIMARY KEY (session_id, tag)
);
CREATE INDEX session_tags_steward_tag ON session_tags (steward_id, tag);

CREATE TABLE conversations (
    id                     TEXT PRIMARY KEY,
    steward_id             BIGINT NOT NULL,
    session_id             TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind                   TEXT NOT NULL,
    title                  TEXT NOT NULL DEFAULT '',
    source_ref             TEXT NOT NULL DEFAULT '',
    parent_conversation_id TEXT REFERENCES conversations(id) ON DELETE CASCADE,
    fork_point_message_id  BIGINT,
    fork_point_seq         BIGINT NOT NULL DEFAULT 0,
    message_count          INTEGER NOT NULL DEFAULT 0,
    created_at             TIMESTAMPTZ NOT NULL
);
CREATE INDEX conversations_session ON conversations (session_id);

-- content_tsv is PostgreSQL's full-text index over message content; it is
-- kept by the database itself, so PostgreSQL needs no indexer.
CREATE TABLE messages (
    id              BIGSERIAL PRIMARY KEY,
    steward_id      BIGINT NOT NULL,
    session_id      TEXT NOT NULL,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    seq             BIGINT NOT NULL,
    source_id       TEXT NOT NULL,
    role            TEXT NOT NULL,
    speaker         TEXT NOT NULL DEFAULT '',
    -- The arc's sentiment and first emotion, copied out of semantic and
    -- stored before content so the arc chart never reads message text.
    arc_sentiment   DOUBLE PRECISION NOT NULL DEFAULT 0,
    arc_emotion     TEXT NOT NULL DEFAULT '',
    content         TEXT NOT NULL DEFAULT '',
    content_type    TEXT NOT NULL DEFAULT 'text',
    thinking        TEXT NOT NULL DEFAULT '',
    tool_calls      JSONB,
    tool_result     JSONB,
    model           TEXT NOT NULL DEFAULT '',
    usage           JSONB,
    semantic        JSONB,
    code_context    JSONB,
    refs            JSONB,
    impact          JSONB,
    edit_history    JSONB,
    meta            JSONB,
    ts              TIMESTAMPTZ NOT NULL,
    attributes      JSONB,
    analyzed        BOOLEAN NOT NULL DEFAULT FALSE,
    content_tsv     tsvector GENERATED ALWAYS AS (to_tsvector('simple', left(content, 200000))) STORED
);
CREATE UNIQUE INDEX messages_conversation_seq ON messages (conversation_id, seq);
CREATE UNIQUE INDEX messages_conversation_source ON messages (conversation_id, source_id);
CREATE INDEX messages_steward_id ON messages (steward_id, id);
CREATE INDEX messages_content_tsv ON messages USING GIN (content_tsv);

-- How far each background worker has come over the messages table: the
-- search indexer (SQLite) and per-message analysis of API writes. A message
-- with a larger id than a watermark is not yet indexed / analysed.
CREATE TABLE watermarks (
    name    TEXT PRIMARY KEY,
    last_id BIGINT NOT NULL
);
INSERT INTO watermarks (name, last_id) VALUES ('messages_fts', 0), ('messages_analysis', 0);

CREATE TABLE annotations (
    id         BIGSERIAL PRIMARY KEY,
    steward_id BIGINT NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    message_id BIGINT REFERENCES messages(id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    label      TEXT NOT NULL DEFAULT '',
    dimension  TEXT NOT NULL DEFAULT '',
    value      DOUBLE PRECISION,
    note       TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX annotations_steward_session ON annotations (steward_id, session_id);
