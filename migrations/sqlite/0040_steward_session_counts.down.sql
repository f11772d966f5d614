DROP TRIGGER IF EXISTS sessions_count_move;
DROP TRIGGER IF EXISTS sessions_count_delete;
DROP TRIGGER IF EXISTS sessions_count_insert;
DROP TABLE IF EXISTS steward_session_counts;
