-- Analysis on PostgreSQL: the topics and emotions of each session as
-- indexed session-list filters (kept in step with the session's summary
-- and emotional arc by the store, like session_tags), and the indexes the
-- review page and the transcript read annotations through.

CREATE TABLE session_topics (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id BIGINT NOT NULL,
    topic      TEXT NOT NULL,
    PRIMARY KEY (session_id, topic)
);
CREATE INDEX session_topics_steward_topic ON session_topics (steward_id, topic, session_id);

-- Starting and ending moods and the emotions of peak moments.
CREATE TABLE session_emotions (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id BIGINT NOT NULL,
    emotion    TEXT NOT NULL,
    PRIMARY KEY (session_id, emotion)
);
CREATE INDEX session_emotions_steward_emotion ON session_emotions (steward_id, emotion, session_id);

-- Sessions analysed before this migration get their rows now.
INSERT INTO session_topics (session_id, steward_id, topic)
SELECT DISTINCT s.id, s.steward_id, lower(trim(t))
FROM sessions s
CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(s.summary->'key_topics') = 'array'
                                                  THEN s.summary->'key_topics' ELSE '[]'::jsonb END) t
WHERE trim(t) <> ''
ON CONFLICT DO NOTHING;

INSERT INTO session_emotions (session_id, steward_id, emotion)
SELECT DISTINCT s.id, s.steward_id, lower(trim(e))
FROM sessions s
CROSS JOIN LATERAL (
    SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(s.emotional_arc->'starting_mood') = 'array'
                                          THEN s.emotional_arc->'starting_mood' ELSE '[]'::jsonb END)
    UNION ALL
    SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(s.emotional_arc->'ending_mood') = 'array'
                                          THEN s.emotional_arc->'ending_mood' ELSE '[]'::jsonb END)
    UNION ALL
    SELECT p->>'emotion' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(s.emotional_arc->'peak_moments') = 'array'
                                                        THEN s.emotional_arc->'peak_moments' ELSE '[]'::jsonb END) p
) AS moods(e)
WHERE e IS NOT NULL AND trim(e) <> ''
ON CONFLICT DO NOTHING;

-- The review page lists a steward's annotations newest first, filtered by
-- label, dimension or session; the transcript finds a message's.
CREATE INDEX annotations_steward_id ON annotations (steward_id, id);
CREATE INDEX annotations_steward_label ON annotations (steward_id, label, id);
CREATE INDEX annotations_steward_dimension ON annotations (steward_id, dimension, id);
CREATE INDEX annotations_message ON annotations (message_id);
