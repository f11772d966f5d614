-- Recall ranking: impact-ordered postings, one row per word of a frame
-- (its indexed text, not the filter tokens), with the word's impact in
-- that frame (1..64, a BM25F weight computed by the store). Walked by
-- (impact, rid) descending, a word's most relevant frames come first and,
-- at equal impact, the newest, which is what makes the exact top results
-- by relevance and recency cheap: see internal/store/frames_rank.go.
--
-- frame_vocab holds, per steward and word, how many frames have it (for
-- idf), its highest impact and its newest frame (bounds; a delete leaves
-- them, as bounds they stay true). The word '' counts the steward's frames.
-- Both are filled by the store when frames are written; frames stored
-- before this migration are indexed on the steward's next recall or import.
CREATE TABLE frame_postings (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT COLLATE "C" NOT NULL,
    impact     INTEGER NOT NULL,
    rid        BIGINT NOT NULL,
    PRIMARY KEY (steward_id, word, impact, rid)
);

CREATE TABLE frame_vocab (
    steward_id BIGINT NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT COLLATE "C" NOT NULL,
    df         BIGINT NOT NULL,
    max_impact INTEGER NOT NULL,
    newest     BIGINT NOT NULL,
    PRIMARY KEY (steward_id, word)
);
