package store

import (
	"context"
	"strconv"
	"strings"
)

// maxTopicSuggestions bounds the topic filter's suggestions.
const maxTopicSuggestions = 40

// topicNoise are words the keyword analysis may keep that name no subject
// a steward would filter by: units of time, weekdays, counting words.
var topicNoise = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`second seconds minute minutes hour hours day days week weeks month months year years
		today yesterday tomorrow monday tuesday wednesday thursday friday saturday sunday morning afternoon evening night
		once twice three four five six seven eight nine ten hundred thousand plus minus side page thing things stuff way ways
		time times lot bit kind sort part point case fact issue issues question questions idea ideas`) {
		topicNoise[w] = true
	}
}

// topicSuggestionSessions is how many of the steward's newest sessions the
// topic suggestions are counted over: the topics of recent work, at a cost
// that stops growing with the steward's sessions (counting over all of
// them was the session list's cost that grew fastest with the data).
const topicSuggestionSessions = 200

// TopicSuggestions are the analysed key topics of the steward's newest
// sessions (topicSuggestionSessions) worth suggesting in the topic filter:
// the ones most sessions share first, noise words out, and a topic of a
// single session only while few topics are shared.
func (s *Store) TopicSuggestions(ctx context.Context, stewardID int64) ([]string, error) {
	var rows []struct {
		Topic    string `bun:"topic"`
		Sessions int    `bun:"sessions"`
	}
	// (session_id, topic) is session_topics' key: count(*) counts sessions.
	// Every session list asks this: the steward id is bound, the limits
	// stay in the text (SQLite plans with a LIMIT's value).
	err := s.readBound(ctx, &rows, `SELECT t.topic, count(*) AS sessions
		FROM (SELECT id FROM sessions WHERE steward_id = ? ORDER BY started_at DESC LIMIT `+strconv.Itoa(topicSuggestionSessions)+`) AS recent
		JOIN session_topics AS t ON t.session_id = recent.id
		GROUP BY t.topic ORDER BY sessions DESC, t.topic LIMIT 500`, stewardID)
	if err != nil {
		return nil, err
	}
	shared := 0
	for _, r := range rows {
		if r.Sessions > 1 && !topicNoise[r.Topic] {
			shared++
		}
	}
	out := []string{}
	for _, r := range rows {
		if len(out) == maxTopicSuggestions {
			break
		}
		if topicNoise[r.Topic] || len([]rune(r.Topic)) < 3 || (r.Sessions == 1 && shared >= 10) {
			continue
		}
		out = append(out, r.Topic)
	}
	return out, nil
}
