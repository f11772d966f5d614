-- The project a session worked in, as its source recorded it: the
-- repository (host/owner/name) and the working directory. Continuity
-- follows it: previous and next sessions, and the bridge a new session
-- receives, come from the same project.
ALTER TABLE sessions ADD COLUMN project_repository TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN project_directory TEXT NOT NULL DEFAULT '';
UPDATE sessions SET project_directory = rtrim(coalesce(json_extract(technical_context, '$.working_directory'), ''), '/')
    WHERE technical_context IS NOT NULL AND json_valid(technical_context);
CREATE INDEX sessions_steward_project_repository ON sessions (steward_id, project_repository, started_at);
CREATE INDEX sessions_steward_project_directory ON sessions (steward_id, project_directory, started_at);

-- The revision of a bridge that is in force: a published bridge edited
-- again keeps handing over this revision until it is published anew.
ALTER TABLE bridges ADD COLUMN published_revision INTEGER NOT NULL DEFAULT 0;
UPDATE bridges SET published_revision = revision WHERE status = 'published';
