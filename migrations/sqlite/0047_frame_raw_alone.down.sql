-- Every column filled again from raw, as the store wrote rows before 0047;
-- extra is raw without the schema's fields, in their order.
UPDATE frames SET
    module_scope = json_extract(raw, '$.module_scope'),
    summary_caption = json_extract(raw, '$.summary_caption'),
    reference_point = json_extract(raw, '$.reference_point'),
    status_snapshot = json_extract(raw, '$.status_snapshot'),
    keywords = json_extract(raw, '$.keywords'),
    atlas_frame_id = json_extract(raw, '$.atlas_frame_id'),
    feature_flags = json_extract(raw, '$.feature_flags'),
    permissions = json_extract(raw, '$.permissions'),
    image_ids = json_extract(raw, '$.image_ids'),
    plan_hash = json_extract(raw, '$.planHash'),
    user_id = json_extract(raw, '$.userId'),
    executor_role = json_extract(raw, '$.executorRole'),
    tool_calls = json_extract(raw, '$.toolCalls'),
    guardrail_profile = json_extract(raw, '$.guardrailProfile'),
    extra = nullif(json_remove(raw, '$.id', '$.timestamp', '$.branch', '$.jira', '$.module_scope', '$.summary_caption',
        '$.reference_point', '$.status_snapshot', '$.keywords', '$.atlas_frame_id', '$.feature_flags', '$.permissions',
        '$.image_ids', '$.runId', '$.planHash', '$.spend', '$.userId', '$.executorRole', '$.toolCalls', '$.guardrailProfile'), '{}')
    WHERE raw IS NOT NULL AND summary_caption = '';
