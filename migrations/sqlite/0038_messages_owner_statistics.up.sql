-- PostgreSQL's planner is told here that a message's conversation decides
-- its session and steward. SQLite's planner reads a conversation's
-- messages through (conversation_id, seq) without being told: nothing to
-- change.
SELECT 1;
