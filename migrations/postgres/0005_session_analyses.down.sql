-- Analyses go back into sessions.attributes under "analysis", in the
-- shape Baton kept there before 0005.
UPDATE sessions s SET attributes = CASE WHEN jsonb_typeof(s.attributes) = 'object' THEN s.attributes ELSE '{}'::jsonb END
    || jsonb_build_object('analysis', jsonb_build_object(
        'analysed_at', to_char(a.analysed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'quality', jsonb_build_object('parts', a.quality_parts, 'score', a.quality_score),
        'patterns', a.patterns,
        'relationship', jsonb_build_object(
            'session_id', a.session_id, 'trust', a.trust, 'collaboration_health', a.health,
            'average_sentiment', a.sentiment, 'momentum', a.momentum,
            'collaboration_style', a.collaboration_style, 'exchanges', a.exchanges, 'successes', a.successes)))
FROM session_analyses a WHERE a.session_id = s.id;

DROP TABLE session_analyses;
