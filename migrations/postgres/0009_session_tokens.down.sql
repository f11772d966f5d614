DROP INDEX sessions_steward_cost;
DROP INDEX sessions_steward_tokens;
ALTER TABLE sessions DROP COLUMN tokens_unpriced;
ALTER TABLE sessions DROP COLUMN tokens_cost_usd;
ALTER TABLE sessions DROP COLUMN tokens_total;
ALTER TABLE sessions DROP COLUMN tokens_cache_write;
ALTER TABLE sessions DROP COLUMN tokens_cache_read;
ALTER TABLE sessions DROP COLUMN tokens_output;
ALTER TABLE sessions DROP COLUMN tokens_input;
