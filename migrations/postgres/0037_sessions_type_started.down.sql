DROP INDEX IF EXISTS sessions_steward_type_started;
