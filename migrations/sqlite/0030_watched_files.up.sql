-- The transcript files `baton watch` keeps mirrored, per steward, as the
-- watcher last reported them: the Sources page reads them, and a file the
-- agent deleted marks its sessions as kept by Baton.
CREATE TABLE watched_files (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    agent TEXT NOT NULL,
    folder TEXT NOT NULL,
    size BIGINT NOT NULL,
    mod_time TEXT NOT NULL,
    synced_at TEXT,
    session_ids TEXT NOT NULL DEFAULT '[]',
    error TEXT NOT NULL DEFAULT '',
    deleted_at TEXT,
    seen_at TEXT NOT NULL,
    PRIMARY KEY (steward_id, path)
);
CREATE INDEX watched_files_folder ON watched_files (steward_id, folder);
