package ui

import (
	"context"
	"io"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/web/comparison"
	"github.com/baton-dev/baton/web/httpx"
)

// What the pages call on each service: only those methods, so a page's
// reach is read here. The program (cmd/baton) builds the services
// (httpx.Services) and web hands them over.

// importService is the importer (internal/ingest): uploads, imported in
// the background (import_jobs.go) or at once.
type importService interface {
	Import(ctx context.Context, stewardID int64, name string, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error)
}

// analysisService computes and reads analyses (internal/analysis).
type analysisService interface {
	AnalyzeSession(ctx context.Context, stewardID int64, sessionID string) error
	DeleteSession(ctx context.Context, stewardID int64, sessionID string) error
	ForSession(ctx context.Context, stewardID int64, sessionID string) (stored *baton.StoredAnalysis, ok bool, err error)
	ModelStepOf(ctx context.Context, stewardID int64, stored *baton.StoredAnalysis) (*baton.ModelAnalysis, error)
	RelationshipSamples(ctx context.Context, stewardID int64, from, to *time.Time) ([]baton.RelationshipSample, int, error)
}

// continuityService finalizes sessions and keeps bridges, markers and the
// cross-conversational summary (internal/continuity).
type continuityService interface {
	bridgeSaver
	Publish(ctx context.Context, stewardID int64, id string) (*baton.Bridge, error)
	Finalize(ctx context.Context, stewardID int64, sessionID string, endedAt *time.Time) (*baton.Session, *baton.Bridge, error)
	MarkMessage(ctx context.Context, stewardID, messageID int64, kind, note string) (*baton.Marker, error)
	Summary(ctx context.Context, stewardID int64) (*baton.CrossSummary, error)
	RefreshSummary(ctx context.Context, stewardID int64) (*baton.CrossSummary, error)
}

// comparisonService reads and scores the runs of a comparison
// (web/comparison, cached).
type comparisonService interface {
	Runs(ctx context.Context, ownerID int64, a, b string, redact func(string) string) (*comparison.Runs, error)
	Scores(ctx context.Context, ownerID int64, runs *comparison.Runs, redact func(string) string) (sa, sb []replay.Score, err error)
	Matrix(ctx context.Context, ownerID int64, m *baton.ReplayMatrix, runs []*baton.Replay, redact func(string) string, now time.Time) (*comparison.Matrix, error)
}

// replayService forks, cherry-picks, makes replays and starts their runs
// (internal/replay).
type replayService interface {
	Conversation(ctx context.Context, stewardID int64, conversationID string) (*baton.Conversation, error)
	Fork(ctx context.Context, stewardID int64, conv *baton.Conversation, req replay.ForkRequest) (*baton.Conversation, error)
	CherryPick(ctx context.Context, stewardID int64, src *baton.Conversation, req replay.CherryPickRequest) (*baton.Conversation, []*baton.Message, error)
	Messages(ctx context.Context, stewardID int64, conv *baton.Conversation, upTo int64) ([]*baton.Message, error)
	MessageSource(ctx context.Context, stewardID, messageID int64) (replay.Source, *baton.Message, error)
	CreateIn(ctx context.Context, stewardID int64, src replay.Source, req replay.Request) (*baton.Replay, error)
	CanRun() bool
	Start(ctx context.Context, stewardID int64, id string) (*baton.Replay, error)
	CreateMatrix(ctx context.Context, stewardID int64, src replay.Source, atMessageID int64, title, key string, runs []replay.Request) (*baton.ReplayMatrix, []*baton.Replay, error)
	Continue(ctx context.Context, stewardID int64, conversationID, text, key string, run bool) (*baton.Replay, error)
}

// frameService is the frames service (internal/frames) as the frames
// pages and the session page's frames section use it.
type frameService interface {
	httpx.FrameExporter
	Recall(ctx context.Context, stewardID int64, r frames.RecallRequest) (*baton.FrameRecallResult, error)
	Show(ctx context.Context, stewardID int64, id string) (*frames.Detail, error)
	Delete(ctx context.Context, stewardID int64, id string) error
	Latest(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, error)
	Timeline(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, map[string][]baton.FrameSession, error)
	FacetsOf(ctx context.Context, stewardID int64, limit int, withTotal bool) (*frames.Facets, error)
	OfSession(ctx context.Context, stewardID int64, sess *baton.Session, limit int) ([]*baton.Frame, error)
}

// correctionService keeps the steward's corrections of analyses
// (internal/corrections).
type correctionService interface {
	Correct(ctx context.Context, stewardID int64, sessionID string, edit *baton.SessionEdit) (*baton.Session, []baton.Correction, error)
	Revert(ctx context.Context, stewardID int64, sessionID string, field baton.CorrectionField) (*baton.Session, error)
	ForSession(ctx context.Context, stewardID int64, sessionID string) ([]baton.Correction, error)
	OfSession(ctx context.Context, stewardID int64, sess *baton.Session) ([]baton.Correction, error)
	ExportCases(ctx context.Context, stewardID int64, w io.Writer) (int, error)
}
