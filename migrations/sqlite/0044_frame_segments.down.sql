DROP TABLE frame_segments;
CREATE TABLE frame_levels (
    steward_id INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT NOT NULL,
    impact     INTEGER NOT NULL,
    seg        INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    newest     INTEGER NOT NULL,
    rids       BLOB NOT NULL,
    PRIMARY KEY (steward_id, word, impact, seg)
) WITHOUT ROWID;
DELETE FROM frame_vocab;
DELETE FROM frame_text;
