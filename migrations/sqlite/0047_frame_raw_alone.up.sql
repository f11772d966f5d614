-- A frame kept as it came (raw: another key order, number spelling or
-- escaping than the store writes from the columns) is read back from raw
-- alone. Its row keeps, beside raw, only the columns queries filter on
-- (id, timestamp, branch, jira, run_id, spend, superseded_by); the others
-- are '' (the NOT NULL ones) or NULL instead of holding the frame a
-- second time: an import binds and writes half as much (100k frames:
-- some 90 MB less). A frame without raw keeps every column, as before.
UPDATE frames SET module_scope = '', summary_caption = '', reference_point = '', status_snapshot = '',
    keywords = NULL, atlas_frame_id = NULL, feature_flags = NULL, permissions = NULL, image_ids = NULL,
    plan_hash = NULL, user_id = NULL, executor_role = NULL, tool_calls = NULL, guardrail_profile = NULL, extra = NULL
    WHERE raw IS NOT NULL;
