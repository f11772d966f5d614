DROP TABLE hook_events;
DROP TABLE hook_transcript_chunks;
DROP TABLE hook_sessions;
