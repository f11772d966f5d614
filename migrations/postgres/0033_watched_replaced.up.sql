-- A watched file found truncated or written anew is read again from its
-- start; the sessions it held before are kept and noted here, so the
-- Sources page says what happened and those sessions show as kept by Baton.
ALTER TABLE watched_files ADD COLUMN replaced_at TIMESTAMPTZ;
ALTER TABLE watched_files ADD COLUMN kept_session_ids JSONB NOT NULL DEFAULT '[]';
