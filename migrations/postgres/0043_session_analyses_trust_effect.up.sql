-- A session's trust follows on from the steward's session before it. What
-- the session itself did to trust is kept beside its analysis: the shift
-- its exchanges add and the range the clamping after each step leaves
-- (TrustEffect), so when an earlier session is analysed later (an import
-- walks a folder in any order) the trust of every session after it is made
-- again from these columns, without reading its messages. NULL: an
-- analysis stored before they were kept; the effect is made from the
-- session's messages the first time it is needed.
ALTER TABLE session_analyses ADD COLUMN trust_shift DOUBLE PRECISION;
ALTER TABLE session_analyses ADD COLUMN trust_low DOUBLE PRECISION;
ALTER TABLE session_analyses ADD COLUMN trust_high DOUBLE PRECISION;
