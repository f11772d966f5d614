ALTER TABLE bridges DROP COLUMN published_revision;
DROP INDEX sessions_steward_project_directory;
DROP INDEX sessions_steward_project_repository;
ALTER TABLE sessions DROP COLUMN project_directory;
ALTER TABLE sessions DROP COLUMN project_repository;
