// Package demo writes the sample sessions of the demo steward: six weeks of
// realistic work with an AI assistant on "Tally", a small invoicing product
// (a Go API on PostgreSQL and SQLite, a TypeScript web app, CI and ops).
// Together they show every feature: coding sessions with tool calls, failing
// and fixed test runs, thinking and token usage; planning, reflection,
// analysis and chat sessions; a 2,000-message marathon; a team design review
// imported through the structured importer; reviewed and archived sessions
// with scores, decisions and open threads; and forks.
//
// The set is deterministic: the same now gives the same documents.
package demo

import (
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// The demo steward, as the sessions name them.
const (
	StewardUsername = "demo"
	StewardName     = "Alex Rivera"
)

// Repositories and working directories of the demo's code sessions.
const (
	repoAPI = "github.com/tally-hq/tally-api"
	repoWeb = "github.com/tally-hq/tally-web"
	dirAPI  = "/home/alex/src/tally-api"
	dirWeb  = "/home/alex/src/tally-web"
)

// MarathonMessages is the length of the demo's long session.
const MarathonMessages = 2000

// entry schedules one demo session: how many days before now it starts, at
// what time of day, and what it says.
type entry struct {
	daysAgo      int
	hour, minute int
	write        func(s *session)
}

// schedule lists the demo sessions, oldest first. Every session ends before
// the day now falls on.
var schedule = []entry{
	{41, 10, 5, planRoadmap},
	{39, 9, 20, fixFlakySearchTest},
	{37, 14, 10, idempotentWebhooks},
	{35, 20, 40, explainIsolationLevels},
	{34, 15, 0, ledgerDesignReview},
	{32, 10, 15, keysetPagination},
	{30, 11, 30, analyzeChurn},
	{28, 16, 5, speedUpRevenueReport},
	{27, 9, 0, ciPostgresService},
	{25, 8, 30, syncEngineMarathon},
	{22, 10, 30, planMultiTenancy},
	{21, 13, 45, exportWorkerLeak},
	{18, 9, 50, draftPostmortem},
	{16, 10, 0, configFromEnvironment},
	{14, 17, 30, collaborationRetro},
	{12, 11, 0, latencyRegression},
	{9, 14, 20, backfillCurrency},
	{7, 15, 40, darkModeSettings},
	{4, 10, 10, rateLimiterReview},
	{2, 9, 40, flakyLoginE2E},
}

// Documents returns the demo sessions for the demo steward, placed in the six
// weeks before now (in now's location), oldest first.
func Documents(now time.Time) []baton.ImportDocument {
	docs := make([]baton.ImportDocument, 0, len(schedule))
	for i, e := range schedule {
		day := now.AddDate(0, 0, -e.daysAgo)
		s := newSession(i+1, time.Date(day.Year(), day.Month(), day.Day(), e.hour, e.minute, 0, 0, now.Location()))
		// A few minutes' jitter so sessions do not all start on the hour.
		s.pause(s.between(0, 9*time.Minute))
		e.write(s)
		docs = append(docs, s.finish())
	}
	return docs
}

// score returns a pointer to a quality score.
func score(v float64) *float64 { return &v }
