ALTER TABLE watched_files DROP COLUMN kept_session_ids;
ALTER TABLE watched_files DROP COLUMN replaced_at;
