DROP INDEX frames_steward_superseded_by;
ALTER TABLE frames DROP COLUMN superseded_by;
