// Package api is Baton's JSON API under /api/v1: one handler per action,
// authenticated by a personal access token (web.requireToken), answering
// JSON and errors in the one shape of web/httpx. The routes are in
// web/routes.go with the pages'.
package api

import (
	"log/slog"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/web/httpx"
	"github.com/labstack/echo/v4"
)

// Server holds what the API handlers use: the store, for the reads and
// writes that have no rules of their own, seen by each group of handlers
// through its own interface (the *_store.go files), and the services
// (services.go).
type Server struct {
	sessions          sessionStore
	messages          messageStore
	annotations       annotationStore
	bridges           bridgeStore
	comparisonRecords comparisonStore
	conversations     conversationStore
	sources           sourceStore
	importer          importService
	analysis          analysisService
	continuity        continuityService
	comparisons       comparisonService
	replays           replayService
	frames            frameService
	corrections       correctionService
	log               *slog.Logger
}

// Store is every read and write the API handlers make in the store
// directly: the union of the handler groups' interfaces.
type Store interface {
	sessionStore
	messageStore
	annotationStore
	bridgeStore
	comparisonStore
	conversationStore
	sourceStore
}

// Deps are the store and the services the API handlers call.
type Deps struct {
	Store    Store
	Services httpx.Services
	Log      *slog.Logger
}

// New builds the API handlers over their services.
func New(d Deps) *Server {
	svc := d.Services
	return &Server{
		sessions: d.Store, messages: d.Store, annotations: d.Store, bridges: d.Store,
		comparisonRecords: d.Store, conversations: d.Store, sources: d.Store,
		importer: svc.Importer, analysis: svc.Analysis, continuity: svc.Continuity,
		comparisons: svc.Comparisons, replays: svc.Replays, frames: svc.Frames, corrections: svc.Corrections, log: d.Log,
	}
}

// Request helpers shared with the pages (web/httpx), under the short
// names the handlers use.
var (
	stewardID      = httpx.StewardID
	requestContext = httpx.Context
	decodeJSON     = httpx.DecodeJSON
	idParam        = httpx.IDParam
)

// messageParam reads the :id of a message route and loads that message of
// the signed-in steward.
func (s *Server) messageParam(c echo.Context) (*baton.Message, error) {
	return httpx.MessageParam(c, s.messages)
}
