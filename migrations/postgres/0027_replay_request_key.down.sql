DROP INDEX replays_request_key;
ALTER TABLE replays DROP COLUMN request_key;
