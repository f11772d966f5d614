CREATE TABLE frame_modules (
    steward_id BIGINT NOT NULL,
    module     TEXT NOT NULL,
    rid        BIGINT NOT NULL REFERENCES frames(rid) ON DELETE CASCADE,
    PRIMARY KEY (steward_id, module, rid)
);
CREATE INDEX frame_modules_rid ON frame_modules (rid);
INSERT INTO frame_modules (steward_id, module, rid)
    SELECT f.steward_id, m, f.rid FROM frames f, jsonb_array_elements_text(f.module_scope::jsonb) m
    ON CONFLICT DO NOTHING;
