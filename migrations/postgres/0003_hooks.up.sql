-- Live Claude Code sessions sent by `baton hook`, keyed by Claude Code's
-- session id. The Baton session itself is found by source 'claude-code' and
-- source_ref = session id, exactly as an import of the transcript finds it.

-- (JSON is kept as TEXT: JSONB refuses the \u0000 a tool output may hold.)

-- One row per hooked session: what the hook events said that the
-- transcript does not (start source, notifications, compactions, end
-- reason, a prompt the transcript does not have yet), as JSON.
CREATE TABLE hook_sessions (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    source_ref TEXT NOT NULL,
    state      TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (steward_id, source_ref)
);

-- The raw transcript lines received, in chunks of whole lines. file is ''
-- for the main transcript and 'agent-<id>.jsonl' for a subagent's; the
-- offsets are byte offsets in the file on the client's machine, so a chunk
-- sent twice (a retry, the spool) is recognised and a gap is refused.
CREATE TABLE hook_transcript_chunks (
    steward_id   BIGINT NOT NULL,
    source_ref   TEXT NOT NULL,
    file         TEXT NOT NULL,
    start_offset BIGINT NOT NULL,
    end_offset   BIGINT NOT NULL,
    lines        BYTEA NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (steward_id, source_ref, file, start_offset),
    FOREIGN KEY (steward_id, source_ref) REFERENCES hook_sessions (steward_id, source_ref) ON DELETE CASCADE
);

-- Every hook event received, known or not, once per request id: the raw
-- record the session's event facts are derived from.
CREATE TABLE hook_events (
    id          BIGSERIAL PRIMARY KEY,
    steward_id  BIGINT NOT NULL,
    source_ref  TEXT NOT NULL,
    request_id  TEXT NOT NULL,
    event       TEXT NOT NULL,
    payload     TEXT,
    occurred_at TIMESTAMPTZ NOT NULL,
    received_at TIMESTAMPTZ NOT NULL,
    FOREIGN KEY (steward_id, source_ref) REFERENCES hook_sessions (steward_id, source_ref) ON DELETE CASCADE
);
CREATE UNIQUE INDEX hook_events_request ON hook_events (steward_id, request_id);
CREATE INDEX hook_events_session ON hook_events (steward_id, source_ref, id);
