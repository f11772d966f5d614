DROP TABLE frame_vocab;
DROP TABLE frame_postings;
