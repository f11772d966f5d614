DROP TABLE frame_postings;
DROP TABLE frame_segments;
CREATE TABLE frame_segments (
    steward_id INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT NOT NULL,
    seg        INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    max_impact INTEGER NOT NULL,
    newest     INTEGER NOT NULL,
    postings   BLOB NOT NULL,
    PRIMARY KEY (steward_id, word, seg)
) WITHOUT ROWID;
CREATE INDEX frame_segments_counts ON frame_segments (steward_id, word, newest, n, max_impact);
DELETE FROM frame_vocab;
DELETE FROM frame_text;
