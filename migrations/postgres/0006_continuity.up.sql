-- Continuity on PostgreSQL: context bridges and every revision of them,
-- continuity markers (one time-ordered chain per steward), and the
-- cross-conversational summary of each steward.

CREATE TABLE bridges (
    id                   TEXT PRIMARY KEY,
    steward_id           BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    bridge_type          TEXT NOT NULL,
    from_session         TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    to_session           TEXT REFERENCES sessions(id) ON DELETE SET NULL,
    status               TEXT NOT NULL,
    revision             INTEGER NOT NULL,
    transferred_context  JSONB,
    handoff_instructions JSONB,
    quality              JSONB,
    effectiveness        JSONB,
    created_at           TIMESTAMPTZ NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL,
    published_at         TIMESTAMPTZ
);
-- One handoff per session: finalizing again redrafts it.
CREATE UNIQUE INDEX bridges_from_session ON bridges (steward_id, from_session, bridge_type);
CREATE INDEX bridges_steward_status ON bridges (steward_id, status, created_at);
CREATE INDEX bridges_to_session ON bridges (steward_id, to_session);

CREATE TABLE bridge_revisions (
    bridge_id            TEXT NOT NULL REFERENCES bridges(id) ON DELETE CASCADE,
    steward_id           BIGINT NOT NULL,
    revision             INTEGER NOT NULL,
    author               TEXT NOT NULL,
    note                 TEXT NOT NULL DEFAULT '',
    created_at           TIMESTAMPTZ NOT NULL,
    transferred_context  JSONB,
    handoff_instructions JSONB,
    PRIMARY KEY (bridge_id, revision)
);

CREATE TABLE markers (
    id              TEXT PRIMARY KEY,
    steward_id      BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    marker_type     TEXT NOT NULL,
    ts              TIMESTAMPTZ NOT NULL,
    session_id      TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    message_id      BIGINT REFERENCES messages(id) ON DELETE SET NULL,
    bridge_id       TEXT REFERENCES bridges(id) ON DELETE SET NULL,
    note            TEXT NOT NULL DEFAULT '',
    state           JSONB,
    previous_marker TEXT,
    next_marker     TEXT,
    auto_generated  BOOLEAN NOT NULL DEFAULT TRUE,
    reviewed        BOOLEAN NOT NULL DEFAULT FALSE,
    tags            JSONB,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX markers_steward_ts ON markers (steward_id, ts, id);
CREATE INDEX markers_session ON markers (steward_id, session_id);

CREATE TABLE cross_summaries (
    steward_id   BIGINT PRIMARY KEY REFERENCES stewards(id) ON DELETE CASCADE,
    markdown     TEXT NOT NULL,
    tokens       INTEGER NOT NULL,
    sessions     JSONB,
    generated_at TIMESTAMPTZ NOT NULL
);
