DROP TABLE model_usage_daily;
DROP TABLE model_analysis_cache;
DROP TABLE session_model_analyses;
