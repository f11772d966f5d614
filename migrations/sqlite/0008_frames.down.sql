DROP TABLE frames_fts;
DROP TABLE frame_modules;
DROP TABLE frames;
