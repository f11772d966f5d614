-- A word's frame count, highest impact and newest frame (recall's idf and
-- bounds, the module counts) are its segments' sum and maxima: read from
-- this index alone, a few entries on one page, not from the table's rows,
-- each of which carries its postings (a common word's rows spread over
-- many pages, and their reads pushed other pages out of the cache). It
-- also finds a stretch of time's segments without walking the word's.
CREATE INDEX frame_segments_counts ON frame_segments (steward_id, word, newest, n, max_impact);
