-- Recall's postings as blobs: one row holds many frames of one word at one
-- impact (a segment), so an import writes a row per word and impact it
-- brings instead of a row per word of every frame, and recall reads a
-- whole impact level in a few rows. rids is the segment's frames, newest
-- first, as varints (the first zig-zagged, then each one's distance from
-- the one before); n counts them and newest is the first. seg names the
-- segment among its word's and impact's: the rid of one of its frames.
-- A small segment takes the next frames of its word and impact, so frames
-- remembered one at a time do not leave a row each.
--
-- impact 0 holds a module's frames (word: U+0001 and the module's name),
-- for recall's module filter; no indexed word is empty or has U+0001.
--
-- The tsvector index is gone: recall reads only the postings and
-- frame_text. The postings, frame_text and frame_vocab are rebuilt on the
-- steward's next recall or import (the store does it when frame_vocab has
-- no count for the steward).
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

DROP TABLE frame_postings;
DROP INDEX frames_search;
ALTER TABLE frames DROP COLUMN search;
DELETE FROM frame_vocab;
DELETE FROM frame_text;
