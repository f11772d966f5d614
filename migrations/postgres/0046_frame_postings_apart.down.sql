DROP TABLE frame_postings;
DROP TABLE frame_segments;
CREATE TABLE frame_segments (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT COLLATE "C" NOT NULL,
    seg        BIGINT NOT NULL,
    n          INTEGER NOT NULL,
    max_impact INTEGER NOT NULL,
    newest     BIGINT NOT NULL,
    postings   BYTEA NOT NULL,
    PRIMARY KEY (steward_id, word, seg)
);
CREATE INDEX frame_segments_counts ON frame_segments (steward_id, word, newest, n, max_impact);
DELETE FROM frame_vocab;
DELETE FROM frame_text;
