ALTER TABLE annotations DROP COLUMN author_id;
