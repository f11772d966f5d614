-- Every column filled again from raw, as the store wrote rows before 0047;
-- extra is raw without the schema's fields, in their order (json, not
-- jsonb, keeps order and spelling).
UPDATE frames SET
    module_scope = (raw::json -> 'module_scope')::text,
    summary_caption = raw::json ->> 'summary_caption',
    reference_point = raw::json ->> 'reference_point',
    status_snapshot = (raw::json -> 'status_snapshot')::text,
    keywords = (raw::json -> 'keywords')::text,
    atlas_frame_id = raw::json ->> 'atlas_frame_id',
    feature_flags = (raw::json -> 'feature_flags')::text,
    permissions = (raw::json -> 'permissions')::text,
    image_ids = (raw::json -> 'image_ids')::text,
    plan_hash = raw::json ->> 'planHash',
    user_id = raw::json ->> 'userId',
    executor_role = raw::json ->> 'executorRole',
    tool_calls = (raw::json -> 'toolCalls')::text,
    guardrail_profile = raw::json ->> 'guardrailProfile',
    extra = (SELECT json_object_agg(e.key, e.value ORDER BY e.n) FROM json_each(raw::json) WITH ORDINALITY AS e(key, value, n)
        WHERE e.key NOT IN ('id', 'timestamp', 'branch', 'jira', 'module_scope', 'summary_caption', 'reference_point',
            'status_snapshot', 'keywords', 'atlas_frame_id', 'feature_flags', 'permissions', 'image_ids', 'runId', 'planHash',
            'spend', 'userId', 'executorRole', 'toolCalls', 'guardrailProfile'))::text
    WHERE raw IS NOT NULL AND summary_caption = '';
