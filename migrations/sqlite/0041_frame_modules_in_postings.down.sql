CREATE TABLE frame_modules (
    steward_id INTEGER NOT NULL,
    module     TEXT NOT NULL,
    rid        INTEGER NOT NULL REFERENCES frames(rid) ON DELETE CASCADE,
    PRIMARY KEY (steward_id, module, rid)
) WITHOUT ROWID;
CREATE INDEX frame_modules_rid ON frame_modules (rid);
INSERT OR IGNORE INTO frame_modules (steward_id, module, rid)
    SELECT f.steward_id, m.value, f.rid FROM frames f, json_each(f.module_scope) m;
