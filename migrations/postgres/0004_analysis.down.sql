DROP INDEX annotations_message;
DROP INDEX annotations_steward_dimension;
DROP INDEX annotations_steward_label;
DROP INDEX annotations_steward_id;
DROP TABLE session_emotions;
DROP TABLE session_topics;
