DROP TABLE message_provenance;
ALTER TABLE share_links DROP COLUMN redact;
DROP TABLE team_shares;
DROP TABLE comparison_comments;
DROP TABLE comparisons;
DROP TABLE replays;
