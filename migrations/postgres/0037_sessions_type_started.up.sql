-- The session list filtered by type (and least quality) reads the
-- steward's sessions of that type newest first from this index, and counts
-- its matches (the page's total) from the same range instead of walking
-- every session of the steward.
CREATE INDEX sessions_steward_type_started ON sessions (steward_id, conversation_type, started_at, id, quality_score);
