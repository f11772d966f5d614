DROP TABLE frame_levels;
CREATE TABLE frame_postings (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT COLLATE "C" NOT NULL,
    impact     INTEGER NOT NULL,
    rid        BIGINT NOT NULL,
    PRIMARY KEY (steward_id, word, impact, rid)
);
ALTER TABLE frames ADD COLUMN search TSVECTOR NOT NULL DEFAULT '';
CREATE INDEX frames_search ON frames USING GIN (search);
DELETE FROM frame_vocab;
DELETE FROM frame_text;
