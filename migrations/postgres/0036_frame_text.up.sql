-- frame_text: a frame's indexed words by field (keywords, reference point,
-- summary caption, next action, the rest; separated by U+001F) and what
-- recall filters on, in a small row: recall checks its candidates against
-- the query here, without reading the frame.
CREATE TABLE frame_text (
    rid        BIGINT PRIMARY KEY REFERENCES frames(rid) ON DELETE CASCADE,
    steward_id BIGINT NOT NULL,
    branch     TEXT NOT NULL,
    superseded INTEGER NOT NULL,
    fields     TEXT NOT NULL
);

-- The postings are rebuilt with frame_text on the steward's next recall or
-- import (the store does it when frame_vocab has no count for the steward).
DELETE FROM frame_postings;
DELETE FROM frame_vocab;
