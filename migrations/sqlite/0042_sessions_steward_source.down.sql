DROP INDEX sessions_steward_source;
