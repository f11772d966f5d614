-- Scores given on a comparison's page: one row per steward who scored it
-- (the owner or a member of a team it is shared with), changed in place.
CREATE TABLE comparison_ratings (
    comparison_id TEXT NOT NULL REFERENCES comparisons(id) ON DELETE CASCADE,
    steward_id    INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    score_a       REAL,
    score_b       REAL,
    better        TEXT NOT NULL DEFAULT '',
    note          TEXT NOT NULL DEFAULT '',
    updated_at    TEXT NOT NULL,
    PRIMARY KEY (comparison_id, steward_id)
);
