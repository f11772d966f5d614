-- Who wrote an annotation when it is not the session's owner: a member of
-- a team the session is shared with, commenting on it. NULL is the owner.
ALTER TABLE annotations ADD COLUMN author_id BIGINT REFERENCES stewards(id) ON DELETE CASCADE;
