-- Replay runs happen in the background: when the current run started, when
-- its runner last said it is alive (a run whose runner went away is failed
-- with the reason), how many runs the replay had, and which tool answers
-- came from the recording.
ALTER TABLE replays ADD COLUMN started_at TEXT;
ALTER TABLE replays ADD COLUMN heartbeat_at TEXT;
ALTER TABLE replays ADD COLUMN runs INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replays ADD COLUMN tool_answers TEXT;
ALTER TABLE replays ADD COLUMN matrix_id TEXT;
ALTER TABLE replays ADD COLUMN matrix_position INTEGER NOT NULL DEFAULT 0;
CREATE INDEX replays_running ON replays (status, heartbeat_at);
CREATE INDEX replays_matrix ON replays (matrix_id);

-- A replay matrix: one fork point replayed with several parameter sets,
-- compared against the conversation they were forked from.
CREATE TABLE replay_matrices (
    id                     TEXT PRIMARY KEY,
    steward_id             INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    session_id             TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    source_conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    at_message_id          INTEGER NOT NULL,
    title                  TEXT NOT NULL DEFAULT '',
    created_at             TEXT NOT NULL
);
CREATE INDEX replay_matrices_steward ON replay_matrices (steward_id, created_at);
