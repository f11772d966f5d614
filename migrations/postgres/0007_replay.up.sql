-- Replay and comparison, and teams that share.

-- A replay is a fork (conversation_id) plus the parameters it is run with.
-- Its messages live in that fork; the prefix is read from the parent.
CREATE TABLE replays (
    id                     TEXT PRIMARY KEY,
    steward_id             BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    session_id             TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    conversation_id        TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    source_conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    model                  TEXT NOT NULL DEFAULT '',
    temperature            DOUBLE PRECISION,
    max_tokens             INTEGER,
    system_prompt          TEXT NOT NULL DEFAULT '',
    tool_allow             JSONB,
    tool_deny              JSONB,
    extra_context          TEXT NOT NULL DEFAULT '',
    status                 TEXT NOT NULL,
    failure_reason         TEXT NOT NULL DEFAULT '',
    created_at             TIMESTAMPTZ NOT NULL,
    completed_at           TIMESTAMPTZ
);
CREATE INDEX replays_steward ON replays (steward_id, created_at);
CREATE UNIQUE INDEX replays_conversation ON replays (conversation_id);

-- A comparison of two conversations of the steward's.
CREATE TABLE comparisons (
    id                TEXT PRIMARY KEY,
    steward_id        BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    a_conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    b_conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    title             TEXT NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ NOT NULL
);
CREATE INDEX comparisons_steward ON comparisons (steward_id, created_at);

-- Comments on a comparison: on the whole (pair_key '') or on one aligned
-- pair (pair_key names it, as "r3" for the third reasoning pair).
CREATE TABLE comparison_comments (
    id            BIGSERIAL PRIMARY KEY,
    comparison_id TEXT NOT NULL REFERENCES comparisons(id) ON DELETE CASCADE,
    author_id     BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    pair_key      TEXT NOT NULL DEFAULT '',
    body          TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX comparison_comments_comparison ON comparison_comments (comparison_id, id);

-- What a steward shares with a team they belong to: a session or a
-- comparison. Members read and comment, viewers read; every read checks
-- the team membership in its own query.
CREATE TABLE team_shares (
    id         BIGSERIAL PRIMARY KEY,
    team_id    BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    object_id  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (team_id, kind, object_id)
);
CREATE INDEX team_shares_object ON team_shares (kind, object_id);

-- A share link may redact secrets from what it shows.
ALTER TABLE share_links ADD COLUMN redact BOOLEAN NOT NULL DEFAULT FALSE;

-- Where a cherry-picked message came from.
CREATE TABLE message_provenance (
    message_id             BIGINT PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
    steward_id             BIGINT NOT NULL,
    source_message_id      BIGINT NOT NULL,
    source_conversation_id TEXT NOT NULL,
    created_at             TIMESTAMPTZ NOT NULL
);
