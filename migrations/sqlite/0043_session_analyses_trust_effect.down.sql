ALTER TABLE session_analyses DROP COLUMN trust_high;
ALTER TABLE session_analyses DROP COLUMN trust_low;
ALTER TABLE session_analyses DROP COLUMN trust_shift;
