-- The session list's source filter menu lists the steward's distinct
-- sources. Without an index that leads with them, listing them read every
-- session of the steward (2 ms at 5,000 sessions, growing with them); with
-- it, the store steps from one source to the next (a handful of index
-- seeks, however many sessions).
CREATE INDEX sessions_steward_source ON sessions (steward_id, source);
