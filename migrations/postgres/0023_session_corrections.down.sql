DROP TABLE session_corrections;
