-- A segment's postings longer than 64 bytes are a row of frame_postings of
-- their own, which frame_segments names (blob); shorter ones (a word of
-- one frame, or a few) stay in the segment's row (postings). An import
-- writes a row for every word it brings, a few thousand a write spread
-- over the whole of frame_segments; with the postings inside, the rows of
-- common words took up to a kilobyte of a page each, so every write
-- changed nearly every page of the table and of its counts index (100k
-- frames: 450 MB written for 125 MB of database). Without them a row is a
-- few dozen bytes, the table a fifth of the pages, and frame_postings'
-- rows are added at its end. A word's counts are read from its rows
-- themselves, small now: the counts index goes.
--
-- The postings, frame_text and frame_vocab are rebuilt on the steward's
-- next recall or import (the store does it when frame_vocab has no count
-- for the steward).
DROP INDEX frame_segments_counts;
DROP TABLE frame_segments;
CREATE TABLE frame_segments (
    steward_id INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT NOT NULL,
    seg        INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    max_impact INTEGER NOT NULL,
    newest     INTEGER NOT NULL,
    postings   BLOB,
    blob       INTEGER,
    PRIMARY KEY (steward_id, word, seg)
) WITHOUT ROWID;

CREATE TABLE frame_postings (
    id         INTEGER PRIMARY KEY,
    steward_id INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    postings   BLOB NOT NULL
);

DELETE FROM frame_vocab;
DELETE FROM frame_text;
