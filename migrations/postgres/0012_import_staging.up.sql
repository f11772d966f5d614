-- Imports in progress. A large document is written in
-- chunks, one transaction each, so other writers wait at most one chunk.
-- Until its last chunk commits, its session belongs to this steward, which
-- no one can sign in as (usernames are trimmed, so ' importing' cannot be
-- taken or looked up): every read filters on the steward, so nothing of a
-- half-written import shows anywhere. The last chunk hands the session to
-- its steward; a failed or abandoned import is removed.
INSERT INTO stewards (id, username, display_name, email, password_hash, created_at)
VALUES (-1, ' importing', 'Imports in progress', '', '', '2026-01-01T00:00:00Z');
