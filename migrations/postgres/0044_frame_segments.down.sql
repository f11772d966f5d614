DROP TABLE frame_segments;
CREATE TABLE frame_levels (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT COLLATE "C" NOT NULL,
    impact     INTEGER NOT NULL,
    seg        BIGINT NOT NULL,
    n          INTEGER NOT NULL,
    newest     BIGINT NOT NULL,
    rids       BYTEA NOT NULL,
    PRIMARY KEY (steward_id, word, impact, seg)
);
DELETE FROM frame_vocab;
DELETE FROM frame_text;
