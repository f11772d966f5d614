-- SQLite keeps each steward's number of sessions in a table its triggers
-- maintain, for the unfiltered session list's total. PostgreSQL counts it
-- with an index-only scan instead: a counter row per steward would make
-- every transaction that stores a session for the steward wait for the
-- others to commit.
SELECT 1;
