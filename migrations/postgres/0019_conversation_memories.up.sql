-- The medium-term memory: an extractive summary of a conversation so far,
-- refreshed each time its message count crosses a multiple of ten.
CREATE TABLE conversation_memories (
    conversation_id TEXT PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
    steward_id BIGINT NOT NULL,
    session_id TEXT NOT NULL,
    covered INTEGER NOT NULL,
    summary TEXT NOT NULL,
    refreshed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX conversation_memories_steward_session ON conversation_memories (steward_id, session_id);
