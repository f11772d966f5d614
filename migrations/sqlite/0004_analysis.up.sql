-- Analysis on SQLite: the topics and emotions of each session as indexed
-- session-list filters (kept in step with the session's summary and
-- emotional arc by the store, like session_tags), and the indexes the
-- review page and the transcript read annotations through.

CREATE TABLE session_topics (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id INTEGER NOT NULL,
    topic      TEXT NOT NULL,
    PRIMARY KEY (session_id, topic)
);
CREATE INDEX session_topics_steward_topic ON session_topics (steward_id, topic, session_id);

-- Starting and ending moods and the emotions of peak moments.
CREATE TABLE session_emotions (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    steward_id INTEGER NOT NULL,
    emotion    TEXT NOT NULL,
    PRIMARY KEY (session_id, emotion)
);
CREATE INDEX session_emotions_steward_emotion ON session_emotions (steward_id, emotion, session_id);

-- Sessions analysed before this migration get their rows now.
INSERT OR IGNORE INTO session_topics (session_id, steward_id, topic)
SELECT s.id, s.steward_id, lower(trim(j.value))
FROM sessions s, json_each(CASE WHEN json_valid(s.summary) AND json_type(s.summary, '$.key_topics') = 'array'
                                THEN json_extract(s.summary, '$.key_topics') ELSE '[]' END) j
WHERE j.type = 'text' AND trim(j.value) <> '';

INSERT OR IGNORE INTO session_emotions (session_id, steward_id, emotion)
SELECT s.id, s.steward_id, lower(trim(j.value))
FROM sessions s, json_each(CASE WHEN json_valid(s.emotional_arc) AND json_type(s.emotional_arc, '$.starting_mood') = 'array'
                                THEN json_extract(s.emotional_arc, '$.starting_mood') ELSE '[]' END) j
WHERE j.type = 'text' AND trim(j.value) <> '';

INSERT OR IGNORE INTO session_emotions (session_id, steward_id, emotion)
SELECT s.id, s.steward_id, lower(trim(j.value))
FROM sessions s, json_each(CASE WHEN json_valid(s.emotional_arc) AND json_type(s.emotional_arc, '$.ending_mood') = 'array'
                                THEN json_extract(s.emotional_arc, '$.ending_mood') ELSE '[]' END) j
WHERE j.type = 'text' AND trim(j.value) <> '';

INSERT OR IGNORE INTO session_emotions (session_id, steward_id, emotion)
SELECT s.id, s.steward_id, lower(trim(json_extract(j.value, '$.emotion')))
FROM sessions s, json_each(CASE WHEN json_valid(s.emotional_arc) AND json_type(s.emotional_arc, '$.peak_moments') = 'array'
                                THEN json_extract(s.emotional_arc, '$.peak_moments') ELSE '[]' END) j
WHERE j.type = 'object' AND trim(coalesce(json_extract(j.value, '$.emotion'), '')) <> '';

-- The review page lists a steward's annotations newest first, filtered by
-- label, dimension or session; the transcript finds a message's.
CREATE INDEX annotations_steward_id ON annotations (steward_id, id);
CREATE INDEX annotations_steward_label ON annotations (steward_id, label, id);
CREATE INDEX annotations_steward_dimension ON annotations (steward_id, dimension, id);
CREATE INDEX annotations_message ON annotations (message_id);
