-- A frame's modules are read from its postings (frame_levels, impact 0,
-- word U+0001 and the module's name), which every write makes anyway:
-- module timelines, module counts and recall's module filter. The table
-- that held them again, a row per module of every frame with two
-- indexes, goes. A steward whose frames were stored before the postings
-- existed is indexed on its first read of them.
DROP TABLE frame_modules;
