-- Model-written analysis (package modelanalysis): what the model wrote of
-- a session's analysis and what produced each field, the model's answers
-- cached by the content they were asked about, and each steward's daily
-- use of the model, which the daily budget is checked against.

-- One row a session: its last analysis' model step.
CREATE TABLE session_model_analyses (
    session_id         TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id         BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    analysed_at        TIMESTAMPTZ NOT NULL,             -- the analysis it belongs to
    model              TEXT NOT NULL DEFAULT '',
    status             TEXT NOT NULL,              -- written, cached, fallback, skipped
    reason             TEXT NOT NULL DEFAULT '',   -- why the extraction was kept
    fields             JSONB NOT NULL DEFAULT '[]', -- JSON array of {field, source, reason}
    input_tokens       BIGINT NOT NULL DEFAULT 0,
    output_tokens      BIGINT NOT NULL DEFAULT 0,
    cache_read_tokens  BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost_usd           DOUBLE PRECISION NOT NULL DEFAULT 0,
    priced             BOOLEAN NOT NULL DEFAULT FALSE,
    cache_key          TEXT NOT NULL DEFAULT '',
    prompt_version     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX session_model_analyses_steward ON session_model_analyses (steward_id, session_id);

-- A validated answer, keyed by the hash of the prompt version, the model
-- and the prompt: an unchanged session is answered from here.
CREATE TABLE model_analysis_cache (
    steward_id         BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    cache_key          TEXT NOT NULL,
    model              TEXT NOT NULL,
    output             JSONB NOT NULL,             -- the answer's JSON
    input_tokens       BIGINT NOT NULL DEFAULT 0,
    output_tokens      BIGINT NOT NULL DEFAULT 0,
    cache_read_tokens  BIGINT NOT NULL DEFAULT 0,
    cache_write_tokens BIGINT NOT NULL DEFAULT 0,
    cost_usd           DOUBLE PRECISION NOT NULL DEFAULT 0,
    priced             BOOLEAN NOT NULL DEFAULT FALSE,
    created_at         TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (steward_id, cache_key)
);

-- Tokens and estimated dollars a steward's analyses spent on a day (UTC).
CREATE TABLE model_usage_daily (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    day        TEXT NOT NULL, -- YYYY-MM-DD
    requests   BIGINT NOT NULL DEFAULT 0,
    tokens     BIGINT NOT NULL DEFAULT 0,
    cost_usd   DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (steward_id, day)
);
