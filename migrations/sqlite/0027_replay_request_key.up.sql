-- The form that made a replay: sent twice (a double click), it makes the
-- replay once.
ALTER TABLE replays ADD COLUMN request_key TEXT;
CREATE UNIQUE INDEX replays_request_key ON replays (steward_id, request_key);
