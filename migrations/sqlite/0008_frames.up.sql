-- Lex frames (schema v3): immutable episodic snapshots, one steward each.
--
-- rid is the frame's time in microseconds since 1970 (UTC), moved on by one
-- when two frames share a microsecond. Ordering by rid is ordering by the
-- real instant, whatever offset the timestamp was written with, and the
-- full-text index shares it, so recall walks matches newest first and a
-- time filter is a rowid range.
--
-- Every field of the schema has a column; arrays and objects are JSON text,
-- NULL when the frame did not have the field (an empty array is '[]').
-- Fields the schema does not name are in extra, verbatim, in their order.
-- There is no UPDATE anywhere: frames are immutable.
CREATE TABLE frames (
    rid               INTEGER PRIMARY KEY,
    steward_id        INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
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
    created_at        TEXT NOT NULL
);
CREATE UNIQUE INDEX frames_steward_id ON frames (steward_id, id);
CREATE INDEX frames_steward_time ON frames (steward_id, rid);
CREATE INDEX frames_steward_branch ON frames (steward_id, branch, rid);
CREATE INDEX frames_steward_run ON frames (steward_id, run_id) WHERE run_id IS NOT NULL;

-- One row per module_scope entry, for module timelines and filters.
CREATE TABLE frame_modules (
    steward_id INTEGER NOT NULL,
    module     TEXT NOT NULL,
    rid        INTEGER NOT NULL REFERENCES frames(rid) ON DELETE CASCADE,
    PRIMARY KEY (steward_id, module, rid)
) WITHOUT ROWID;
CREATE INDEX frame_modules_rid ON frame_modules (rid);

-- Recall: a contentless FTS5 index whose rowid is frames.rid, filled by the
-- store from words internal/fulltext made (lower-case, accents removed,
-- punctuation split, CJK one character a word). Columns in bm25 weight
-- order; filters holds one token per module and one for the branch (hex of
-- the exact value) so module and branch filters narrow the match itself.
CREATE VIRTUAL TABLE frames_fts USING fts5(
    keywords, reference_point, summary_caption, next_action, other, filters,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'
);
