DROP TABLE frame_text;
