package store

import (
	"context"
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

// TopicSuggestions are the steward's analysed key topics worth suggesting
// in the topic filter: the ones most sessions share first, noise words out,
// and a topic of a single session only while few topics are shared.
func (s *Store) TopicSuggestions(ctx context.Context, stewardID int64) ([]string, error) {
	var rows []struct {
		Topic    string `bun:"topic"`
		Sessions int    `bun:"sessions"`
	}
	err := s.db.NewRaw(`SELECT topic, count(DISTINCT session_id) AS sessions FROM session_topics
		WHERE steward_id = ? GROUP BY topic ORDER BY sessions DESC, topic LIMIT 500`, stewardID).Scan(ctx, &rows)
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
