-- superseded_by (Lex schema v5) as a column, so recall and the timeline
-- leave out frames another frame supersedes without reading their JSON,
-- and a frame's page finds the frames it replaces. Frames stored before
-- keep it in extra; it is copied from there.
ALTER TABLE frames ADD COLUMN superseded_by TEXT;
UPDATE frames SET superseded_by = btrim(CAST(extra AS jsonb) ->> 'superseded_by')
    WHERE extra IS NOT NULL AND jsonb_typeof(CAST(extra AS jsonb) -> 'superseded_by') = 'string'
      AND btrim(CAST(extra AS jsonb) ->> 'superseded_by') <> '';
CREATE INDEX frames_steward_superseded_by ON frames (steward_id, superseded_by) WHERE superseded_by IS NOT NULL;
