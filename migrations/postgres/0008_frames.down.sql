DROP TABLE frame_modules;
DROP TABLE frames;
