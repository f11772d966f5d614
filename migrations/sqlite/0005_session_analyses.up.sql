-- Analysis gets its own typed table on SQLite. What the analysis keeps
-- about a session beyond the session's own fields (the quality score's
-- parts, the patterns, the session's point on the relationship chart)
-- lived in sessions.attributes under "analysis", where an API client
-- could write it too. It moves here, one row a session, written only by
-- the analysis service; attributes no longer hold it.

CREATE TABLE session_analyses (
    session_id          TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id          INTEGER NOT NULL,
    analysed_at         TEXT NOT NULL,
    quality_score       REAL NOT NULL DEFAULT 0,
    quality_parts       TEXT NOT NULL DEFAULT '[]', -- JSON array of {name, weight, value, detail}
    patterns            TEXT NOT NULL DEFAULT '[]', -- JSON array of {type, subtype, frequency, examples, insight}
    trust               REAL NOT NULL DEFAULT 0,
    health              REAL NOT NULL DEFAULT 0,
    sentiment           REAL NOT NULL DEFAULT 0,
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
       json_extract(attributes, '$.analysis.analysed_at'),
       CASE WHEN json_type(attributes, '$.analysis.quality.score') IN ('real', 'integer')
            THEN json_extract(attributes, '$.analysis.quality.score') ELSE 0 END,
       CASE WHEN json_type(attributes, '$.analysis.quality.parts') = 'array'
            THEN json_extract(attributes, '$.analysis.quality.parts') ELSE '[]' END,
       CASE WHEN json_type(attributes, '$.analysis.patterns') = 'array'
            THEN json_extract(attributes, '$.analysis.patterns') ELSE '[]' END,
       CASE WHEN json_type(attributes, '$.analysis.relationship.trust') IN ('real', 'integer')
            THEN json_extract(attributes, '$.analysis.relationship.trust') ELSE 0 END,
       CASE WHEN json_type(attributes, '$.analysis.relationship.collaboration_health') IN ('real', 'integer')
            THEN json_extract(attributes, '$.analysis.relationship.collaboration_health') ELSE 0 END,
       CASE WHEN json_type(attributes, '$.analysis.relationship.average_sentiment') IN ('real', 'integer')
            THEN json_extract(attributes, '$.analysis.relationship.average_sentiment') ELSE 0 END,
       CASE WHEN json_type(attributes, '$.analysis.relationship.momentum') = 'text'
            THEN json_extract(attributes, '$.analysis.relationship.momentum') ELSE '' END,
       CASE WHEN json_type(attributes, '$.analysis.relationship.collaboration_style') = 'text'
            THEN json_extract(attributes, '$.analysis.relationship.collaboration_style') ELSE '' END,
       CASE WHEN json_type(attributes, '$.analysis.relationship.exchanges') = 'integer'
            THEN json_extract(attributes, '$.analysis.relationship.exchanges') ELSE 0 END,
       CASE WHEN json_type(attributes, '$.analysis.relationship.successes') = 'integer'
            THEN json_extract(attributes, '$.analysis.relationship.successes') ELSE 0 END
FROM sessions
WHERE json_valid(attributes)
  AND json_type(attributes, '$.analysis') = 'object'
  AND json_type(attributes, '$.analysis.analysed_at') = 'text'
  AND json_extract(attributes, '$.analysis.analysed_at') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*'
  AND json_extract(attributes, '$.analysis.analysed_at') NOT LIKE '0001-%';

UPDATE sessions SET attributes = json_remove(attributes, '$.analysis')
WHERE json_valid(attributes) AND json_type(attributes, '$.analysis') IS NOT NULL;
