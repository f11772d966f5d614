DROP TABLE replay_matrices;
DROP INDEX replays_matrix;
DROP INDEX replays_running;
ALTER TABLE replays DROP COLUMN matrix_position;
ALTER TABLE replays DROP COLUMN matrix_id;
ALTER TABLE replays DROP COLUMN tool_answers;
ALTER TABLE replays DROP COLUMN runs;
ALTER TABLE replays DROP COLUMN heartbeat_at;
ALTER TABLE replays DROP COLUMN started_at;
