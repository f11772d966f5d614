-- Analysis gets its own typed table on PostgreSQL. What the analysis
-- keeps about a session beyond the session's own fields (the quality
-- score's parts, the patterns, the session's point on the relationship
-- chart) lived in sessions.attributes under "analysis", where an API
-- client could write it too. It moves here, one row a session, written
-- only by the analysis service; attributes no longer hold it.

CREATE TABLE session_analyses (
    session_id          TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id          BIGINT NOT NULL,
    analysed_at         TIMESTAMPTZ NOT NULL,
    quality_score       DOUBLE PRECISION NOT NULL DEFAULT 0,
    quality_parts       JSONB NOT NULL DEFAULT '[]', -- array of {name, weight, value, detail}
    patterns            JSONB NOT NULL DEFAULT '[]', -- array of {type, subtype, frequency, examples, insight}
    trust               DOUBLE PRECISION NOT NULL DEFAULT 0,
    health              DOUBLE PRECISION NOT NULL DEFAULT 0,
    sentiment           DOUBLE PRECISION NOT NULL DEFAULT 0,
    momentum            TEXT NOT NULL DEFAULT '',
    collaboration_style TEXT NOT NULL DEFAULT '',
    exchanges           INTEGER NOT NULL DEFAULT 0,
    successes           INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX session_analyses_steward ON session_analyses (steward_id, session_id);

-- Existing analyses move over. A value of the wrong JSON type (attributes
-- were free for clients to write) becomes the column's default.
INSERT INTO session_analyses (session_id, steward_id, analysed_at, quality_score, quality_parts, patterns,
                              trust, health, sentiment, momentum, collaboration_style, exchanges, successes)
SELECT id, steward_id,
       (a->>'analysed_at')::timestamptz,
       CASE WHEN jsonb_typeof(a->'quality'->'score') = 'number' THEN (a->'quality'->>'score')::double precision ELSE 0 END,
       CASE WHEN jsonb_typeof(a->'quality'->'parts') = 'array' THEN a->'quality'->'parts' ELSE '[]'::jsonb END,
       CASE WHEN jsonb_typeof(a->'patterns') = 'array' THEN a->'patterns' ELSE '[]'::jsonb END,
       CASE WHEN jsonb_typeof(a->'relationship'->'trust') = 'number' THEN (a->'relationship'->>'trust')::double precision ELSE 0 END,
       CASE WHEN jsonb_typeof(a->'relationship'->'collaboration_health') = 'number' THEN (a->'relationship'->>'collaboration_health')::double precision ELSE 0 END,
       CASE WHEN jsonb_typeof(a->'relationship'->'average_sentiment') = 'number' THEN (a->'relationship'->>'average_sentiment')::double precision ELSE 0 END,
       CASE WHEN jsonb_typeof(a->'relationship'->'momentum') = 'string' THEN a->'relationship'->>'momentum' ELSE '' END,
       CASE WHEN jsonb_typeof(a->'relationship'->'collaboration_style') = 'string' THEN a->'relationship'->>'collaboration_style' ELSE '' END,
       CASE WHEN jsonb_typeof(a->'relationship'->'exchanges') = 'number' THEN (a->'relationship'->>'exchanges')::numeric::integer ELSE 0 END,
       CASE WHEN jsonb_typeof(a->'relationship'->'successes') = 'number' THEN (a->'relationship'->>'successes')::numeric::integer ELSE 0 END
FROM (SELECT id, steward_id, attributes->'analysis' AS a FROM sessions) s
WHERE jsonb_typeof(a) = 'object'
  AND jsonb_typeof(a->'analysed_at') = 'string'
  AND a->>'analysed_at' ~ '^[0-9]{4}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]'
  AND a->>'analysed_at' NOT LIKE '0001-%';

UPDATE sessions SET attributes = attributes - 'analysis'
WHERE jsonb_typeof(attributes) = 'object' AND attributes->'analysis' IS NOT NULL;
