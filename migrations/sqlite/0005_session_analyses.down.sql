-- Analyses go back into sessions.attributes under "analysis", in the
-- shape Baton kept there before 0005.
UPDATE sessions SET attributes = json_set(
    CASE WHEN json_valid(attributes) THEN attributes ELSE '{}' END,
    '$.analysis',
    (SELECT json_object(
        'analysed_at', a.analysed_at,
        'quality', json_object('parts', json(a.quality_parts), 'score', a.quality_score),
        'patterns', json(a.patterns),
        'relationship', json_object(
            'session_id', a.session_id, 'trust', a.trust, 'collaboration_health', a.health,
            'average_sentiment', a.sentiment, 'momentum', a.momentum,
            'collaboration_style', a.collaboration_style, 'exchanges', a.exchanges, 'successes', a.successes))
     FROM session_analyses a WHERE a.session_id = sessions.id))
WHERE id IN (SELECT session_id FROM session_analyses);

DROP TABLE session_analyses;
