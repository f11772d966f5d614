DROP TABLE frame_levels;
CREATE TABLE frame_postings (
    steward_id INTEGER NOT NULL REFERENCES stewards(id) ON DELETE CASCADE,
    word       TEXT NOT NULL,
    impact     INTEGER NOT NULL,
    rid        INTEGER NOT NULL,
    PRIMARY KEY (steward_id, word, impact, rid)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE frames_fts USING fts5(
    keywords, reference_point, summary_caption, next_action, other, filters,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'
);
DELETE FROM frame_vocab;
DELETE FROM frame_text;
