-- Recall's postings as one row per word and segment, every impact in it:
-- an import writes a row per word it brings (a frame's unique words, a
-- reference's number, each a row) instead of a row per word and impact,
-- and frame_vocab no longer keeps a row per word. postings holds the
-- segment's frames by impact, highest first: per impact level its impact,
-- its frame count, its byte length (so a read can skip a level it does not
-- want) and its rids, newest first, as varints (the first zig-zagged, then
-- each one's distance from the one before). n counts the frames, and
-- max_impact and newest bound them: a word's frame count, highest impact
-- and newest frame are its rows' sum and maxima, so recall bounds scores
-- without reading any postings. seg names the segment among its word's:
-- the rid of one of its frames. A small segment takes the next frames of
-- its word; a large write cuts a word's frames into segments of a stretch
-- of time each.
--
-- Impact 0 holds a module's frames (word: U+0001 and the module's name).
-- frame_vocab keeps the steward's frame count (word '') alone.
--
-- The postings, frame_text and frame_vocab are rebuilt on the steward's
-- next recall or import (the store does it when frame_vocab has no count
-- for the steward).
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

DROP TABLE frame_levels;
DELETE FROM frame_vocab;
DELETE FROM frame_text;
