package api

import (
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/frames"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/baton-dev/baton/internal/replay"
	"github.com/baton-dev/baton/web/comparison"
	"github.com/baton-dev/baton/web/httpx"
)

// What the API handlers call on each service: only those methods, so a
// handler's reach is read here. The program (cmd/baton) builds the
// services (httpx.Services) and web hands them over.

// importService is the importer (internal/ingest): files, structured
// bodies, lines a watched file appended, and hooked sessions.
type importService interface {
	ImportPath(ctx context.Context, stewardID int64, path string, progress func(baton.ImportProgress)) ([]baton.ImportResult, error)
	ImportStructured(ctx context.Context, stewardID int64, data []byte, progress func(baton.ImportProgress)) ([]baton.ImportResult, error)
	ImportLines(ctx context.Context, stewardID int64, path string, lines []byte, state json.RawMessage, opts ingest.LinesOptions) ([]baton.ImportResult, json.RawMessage, error)
	ImportTranscriptLines(ctx context.Context, stewardID int64, path string, parts []baton.TranscriptChunk, opts ingest.TranscriptOptions) ([]baton.ImportResult, error)
	Hooks() *ingest.Hooks
}

// analysisService computes a session's analysis and reads the steward's
// relationship over time (internal/analysis).
type analysisService interface {
	AnalyzeBeforeWrite(msgs []*baton.Message)
	AnalyzeSession(ctx context.Context, stewardID int64, sessionID string) error
	DeleteSession(ctx context.Context, stewardID int64, sessionID string) error
	RelationshipSamples(ctx context.Context, stewardID int64, from, to *time.Time) ([]baton.RelationshipSample, int, error)
}

// continuityService finalizes sessions and keeps bridges, markers and the
// cross-conversational summary (internal/continuity).
type continuityService interface {
	sessionContinuity
	bridgeSaver
	Publish(ctx context.Context, stewardID int64, id string) (*baton.Bridge, error)
	MarkMessage(ctx context.Context, stewardID, messageID int64, kind, note string) (*baton.Marker, error)
	Summary(ctx context.Context, stewardID int64) (*baton.CrossSummary, error)
}

// sessionContinuity is what the session and hook handlers call as a
// session starts and ends: the previous session's bridge handed on, the
// finished session's bridge drafted, the summary rebuilt, the next
// session's context.
type sessionContinuity interface {
	StartAfter(ctx context.Context, stewardID int64, sessionID, previousID string) error
	Finalize(ctx context.Context, stewardID int64, sessionID string, endedAt *time.Time) (*baton.Session, *baton.Bridge, error)
	FinalizeAnalysed(ctx context.Context, stewardID int64, sessionID string) (*baton.Session, *baton.Bridge, error)
	RefreshSummary(ctx context.Context, stewardID int64) (*baton.CrossSummary, error)
	Next(ctx context.Context, stewardID int64, req continuity.NextRequest) (*continuity.NextContext, error)
}

// comparisonService diffs two conversations and scores their runs
// (web/comparison, cached).
type comparisonService interface {
	Diff(ctx context.Context, ownerID int64, a, b string) (*replay.Diff, error)
	Runs(ctx context.Context, ownerID int64, a, b string, redact func(string) string) (*comparison.Runs, error)
	Scores(ctx context.Context, ownerID int64, runs *comparison.Runs, redact func(string) string) (sa, sb []replay.Score, err error)
	Matrix(ctx context.Context, ownerID int64, m *baton.ReplayMatrix, runs []*baton.Replay, redact func(string) string, now time.Time) (*comparison.Matrix, error)
}

// replayService is the replay service (internal/replay) as the
// conversation handlers use it; each handler declares its part beside it.
type replayService interface {
	replayMaker
	forker
	cherryPicker
	matrixMaker
}

// frameService is the frames service (internal/frames): Lex frames
// remembered, imported, recalled, listed, exported and deleted.
type frameService interface {
	httpx.FrameExporter
	Remember(ctx context.Context, stewardID int64, data []byte) (f *baton.Frame, created bool, err error)
	Import(ctx context.Context, stewardID int64, data []byte) ([]baton.FrameImportResult, error)
	Recall(ctx context.Context, stewardID int64, r frames.RecallRequest) (*baton.FrameRecallResult, error)
	Frame(ctx context.Context, stewardID int64, id string) (*baton.Frame, error)
	Delete(ctx context.Context, stewardID int64, id string) error
	Timeline(ctx context.Context, stewardID int64, f baton.FrameFilter) (*baton.FramePage, map[string][]baton.FrameSession, error)
	Stats(ctx context.Context, stewardID int64, since *time.Time, detailed bool) (*baton.FrameStats, error)
}

// correctionService keeps the steward's corrections of analyses
// (internal/corrections).
type correctionService interface {
	Correct(ctx context.Context, stewardID int64, sessionID string, edit *baton.SessionEdit) (*baton.Session, []baton.Correction, error)
	Revert(ctx context.Context, stewardID int64, sessionID string, field baton.CorrectionField) (*baton.Session, error)
	ForSession(ctx context.Context, stewardID int64, sessionID string) ([]baton.Correction, error)
	ExportCases(ctx context.Context, stewardID int64, w io.Writer) (int, error)
}
