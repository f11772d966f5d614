-- A frame's JSON as it came (compacted), kept when it differs from what the
-- store writes from the columns (another key order, number spelling or
-- string escaping), so an export gives the frame back byte for byte. NULL
-- when the columns write it exactly.
ALTER TABLE frames ADD COLUMN raw TEXT;
