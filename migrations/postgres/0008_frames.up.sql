-- Lex frames (schema v3): immutable episodic snapshots, one steward each.
--
-- rid is the frame's time in microseconds since 1970 (UTC), moved on by one
-- when two frames share a microsecond: ordering by rid is ordering by the
-- real instant, whatever offset the timestamp was written with.
--
-- Every field of the schema has a column; arrays and objects are JSON text
-- (TEXT, not JSONB, so key order and numbers stay exactly as sent), NULL
-- when the frame did not have the field. Fields the schema does not name
-- are in extra, verbatim. There is no UPDATE anywhere: frames are immutable.
--
-- search is the recall index: a tsvector the store writes from words
-- internal/fulltext made (lower-case, accents removed, punctuation split,
-- CJK one character a word), weighted A keywords, B reference point,
-- C summary caption and next action, D the rest, with one token per module
-- and one for the branch (hex of the exact value) for filters.
CREATE TABLE frames (
    rid               BIGINT PRIMARY KEY,
    steward_id        BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    id                TEXT NOT NULL,
    timestamp         TEXT NOT NULL,
    branch            TEXT NOT NULL,
    module_scope      TEXT NOT NULL,
    summary_caption   TEXT NOT NULL,
    reference_point   TEXT NOT NULL,
    status_snapshot   TEXT NOT NULL,
    jira              TEXT,
    keywords          TEXT,
    atlas_frame_id    TEXT,
    feature_flags     TEXT,
    permissions       TEXT,
    image_ids         TEXT,
    run_id            TEXT,
    plan_hash         TEXT,
    spend             TEXT,
    user_id           TEXT,
    executor_role     TEXT,
    tool_calls        TEXT,
    guardrail_profile TEXT,
    extra             TEXT,
    created_at        TIMESTAMPTZ NOT NULL,
    search            TSVECTOR NOT NULL
);
CREATE UNIQUE INDEX frames_steward_id ON frames (steward_id, id);
CREATE INDEX frames_steward_time ON frames (steward_id, rid);
CREATE INDEX frames_steward_branch ON frames (steward_id, branch, rid);
CREATE INDEX frames_steward_run ON frames (steward_id, run_id) WHERE run_id IS NOT NULL;
CREATE INDEX frames_search ON frames USING GIN (search);

-- One row per module_scope entry, for module timelines and filters.
CREATE TABLE frame_modules (
    steward_id BIGINT NOT NULL,
    module     TEXT NOT NULL,
    rid        BIGINT NOT NULL REFERENCES frames(rid) ON DELETE CASCADE,
    PRIMARY KEY (steward_id, module, rid)
);
CREATE INDEX frame_modules_rid ON frame_modules (rid);
