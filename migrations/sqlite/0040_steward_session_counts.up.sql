-- How many sessions each steward has, kept by triggers as sessions are
-- stored and deleted. The unfiltered session list shows this total on every
-- page; counting it walked one index entry per session (100,000 for a
-- steward with as many: most of the page's cost), reading it here is one row.
CREATE TABLE steward_session_counts (
    steward_id INTEGER PRIMARY KEY REFERENCES stewards(id) ON DELETE CASCADE,
    sessions   INTEGER NOT NULL
);
INSERT INTO steward_session_counts (steward_id, sessions)
    SELECT steward_id, count(*) FROM sessions GROUP BY steward_id;
CREATE TRIGGER sessions_count_insert AFTER INSERT ON sessions BEGIN
    INSERT INTO steward_session_counts (steward_id, sessions) VALUES (NEW.steward_id, 1)
        ON CONFLICT (steward_id) DO UPDATE SET sessions = sessions + 1;
END;
CREATE TRIGGER sessions_count_delete AFTER DELETE ON sessions BEGIN
    UPDATE steward_session_counts SET sessions = sessions - 1 WHERE steward_id = OLD.steward_id;
END;
CREATE TRIGGER sessions_count_move AFTER UPDATE OF steward_id ON sessions WHEN NEW.steward_id <> OLD.steward_id BEGIN
    UPDATE steward_session_counts SET sessions = sessions - 1 WHERE steward_id = OLD.steward_id;
    INSERT INTO steward_session_counts (steward_id, sessions) VALUES (NEW.steward_id, 1)
        ON CONFLICT (steward_id) DO UPDATE SET sessions = sessions + 1;
END;
