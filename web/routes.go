package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// routes is the whole surface of Baton in one table: the middleware, the
// pages (signed out, then signed in by area) and the JSON API (by area).
func (s *Server) routes() {
	e := s.echo
	e.Pre(middleware.RemoveTrailingSlash())
	e.Use(securityHeaders, s.logRequests, s.limitBody, rejectBadText)

	e.GET("/healthz", s.healthz)
	// Static files: content-hashed URLs cached for a year, validators, gzip, HEAD (static_files.go).
	e.Match([]string{http.MethodGet, http.MethodHead}, "/static/chroma.css", serveChromaCSS)
	e.Match([]string{http.MethodGet, http.MethodHead}, "/static/*", staticFile)

	// Pages: cookie session, CSRF on every state change.
	pages := e.Group("", s.browser, s.pageSlot, checkCSRF)
	pages.GET("/", func(c echo.Context) error { return c.Redirect(http.StatusSeeOther, "/sessions") })
	pages.GET("/login", s.ui.LoginPage)
	pages.POST("/login", s.ui.Login)
	pages.POST("/logout", s.ui.Logout)
	pages.GET("/auth/:provider", s.ui.OauthStart)
	pages.GET("/auth/:provider/callback", s.ui.OauthCallback)
	// A shared session, read-only, for anyone with the link: no cookie is read.
	e.GET("/s/:token", s.ui.SharedSession, s.limitLinks)
	e.GET("/s/:token/messages", s.ui.SharedMessages, s.limitLinks)

	signedIn := pages.Group("", requireSteward, noStore)
	s.sessionPages(signedIn)
	s.accountPages(signedIn)
	s.analysisPages(signedIn)
	s.continuityPages(signedIn)
	s.replayPages(e, signedIn)

	// JSON API: bearer personal access tokens, no cookies.
	v1 := e.Group("/api/v1", noStore, middleware.BodyLimit(s.cfg.APIBodyLimit), s.limitAPI, s.requireToken)
	s.sessionAPI(v1)
	s.analysisAPI(v1)
	s.replayAPI(v1)
	s.continuityAPI(v1)
}

// sessionPages are the session list and pages, imports and sources.
func (s *Server) sessionPages(signedIn *echo.Group) {
	signedIn.GET("/sessions", s.ui.SessionList)
	signedIn.POST("/sessions/review", s.ui.SessionsReview)
	signedIn.GET("/sessions/:id", s.ui.SessionShow)
	signedIn.GET("/sessions/:id/messages", s.ui.SessionMessages)
	signedIn.GET("/import", s.ui.ImportPage)
	signedIn.GET("/sources", s.ui.SourcesPage)
	signedIn.POST("/import", s.ui.ImportUpload)
	signedIn.GET("/import/jobs/:id", s.ui.ImportJobShow) // an upload's progress, then its results
	signedIn.POST("/sessions/:id/delete", s.ui.SessionDelete)
	signedIn.GET("/sessions/:id/delete", s.ui.SessionDeletePage)
}

// accountPages are the settings (tokens, identities, share links), sign
// out everywhere, teams and invitations, and sharing a session.
func (s *Server) accountPages(signedIn *echo.Group) {
	signedIn.GET("/settings", s.ui.SettingsPage)
	signedIn.POST("/logout/everywhere", s.ui.LogoutEverywhere) // hardening: sign out everywhere
	signedIn.POST("/settings/tokens", s.ui.TokenCreate)
	signedIn.POST("/settings/tokens/:id/revoke", s.ui.TokenRevoke)
	// Identity, teams and sharing.
	signedIn.GET("/settings/identities/:provider/link", s.ui.IdentityLinkStart)
	signedIn.POST("/settings/identities/:identity/unlink", s.ui.IdentityUnlink)
	signedIn.POST("/settings/share-links/:share/revoke", s.ui.ShareRevoke)
	signedIn.POST("/sessions/:id/share", s.ui.SessionShare)
	signedIn.GET("/teams", s.ui.TeamList)
	signedIn.POST("/teams", s.ui.TeamCreate)
	signedIn.POST("/teams/invitations/:invitation/accept", s.ui.InvitationJoin)
	signedIn.POST("/teams/invitations/:invitation/decline", s.ui.InvitationDecline)
	signedIn.GET("/teams/:team", s.ui.TeamShow)
	signedIn.POST("/teams/:team/invitations", s.ui.TeamInvite)
	signedIn.POST("/teams/:team/invitations/:invitation/revoke", s.ui.TeamInvitationRevoke)
	signedIn.POST("/teams/:team/members/:member/role", s.ui.TeamMemberRole)
	signedIn.POST("/teams/:team/members/:member/remove", s.ui.TeamMemberRemove)
	signedIn.POST("/teams/:team/members/:member/transfer", s.ui.TeamTransfer)
	signedIn.POST("/teams/:team/leave", s.ui.TeamLeave)
	signedIn.POST("/teams/:team/delete", s.ui.TeamDelete)
	signedIn.GET("/invitations/:token", s.ui.Invitation, s.limitLinks)
	signedIn.POST("/invitations/:token/accept", s.ui.InvitationAccept, s.limitLinks)
	// Sessions shared with a team: share, revoke, read, comment.
	signedIn.POST("/sessions/:id/teams", s.ui.SessionTeamShare)
	signedIn.POST("/sessions/:id/teams/:team/revoke", s.ui.SessionTeamUnshare)
	signedIn.GET("/shared/sessions/:id", s.ui.TeamSharedSessionShow)
	signedIn.GET("/shared/sessions/:id/messages", s.ui.TeamSharedSessionMessages)
	signedIn.POST("/shared/sessions/:id/comments", s.ui.TeamSharedSessionComment)
}

// analysisPages are re-analysis, review, annotations, impact, the
// relationship chart, the review exports and corrections of an analysis.
func (s *Server) analysisPages(signedIn *echo.Group) {
	signedIn.POST("/sessions/:id/analyse", s.ui.SessionReanalyse)
	signedIn.POST("/sessions/:id/review", s.ui.SessionSetReview)
	signedIn.POST("/sessions/:id/annotations", s.ui.SessionAnnotate)
	signedIn.GET("/messages/:id/annotate", s.ui.MessageAnnotateForm)
	signedIn.POST("/messages/:id/annotations", s.ui.MessageAnnotate)
	signedIn.POST("/messages/:id/impact", s.ui.MessageImpact)
	signedIn.POST("/annotations/:id/delete", s.ui.AnnotationDelete)
	signedIn.GET("/relationship", s.ui.RelationshipPage)
	signedIn.GET("/review", s.ui.ReviewPage)
	signedIn.GET("/review/export.csv", s.ui.ReviewExportCSV)
	signedIn.GET("/review/export.json", s.ui.ReviewExportJSON)
	// Corrections of a session's analysis, in place (web/ui/session_correction_*.go).
	signedIn.GET("/sessions/:id/corrections/:field", s.ui.SessionCorrectionShow)
	signedIn.GET("/sessions/:id/corrections/:field/edit", s.ui.SessionCorrectionEdit)
	signedIn.POST("/sessions/:id/corrections/:field", s.ui.SessionCorrectionSave)
	signedIn.POST("/sessions/:id/corrections/:field/revert", s.ui.SessionCorrectionRevert)
	signedIn.GET("/review/corrections.json", s.ui.ReviewCorrectionsExport)
}

// continuityPages are bridges and their editor, markers, the summary and
// the Lex frames.
func (s *Server) continuityPages(signedIn *echo.Group) {
	// Continuity: bridges and their editor, markers, the summary (web/ui/bridge_*.go, web/ui/continuity_page.go).
	signedIn.GET("/bridges", s.ui.BridgeList)
	signedIn.GET("/bridges/:id", s.ui.BridgeShow)
	signedIn.POST("/bridges/:id/save", s.ui.BridgeSave)
	signedIn.POST("/bridges/:id/publish", s.ui.BridgePublish)
	signedIn.GET("/bridges/:id/diff", s.ui.BridgeDiff)
	signedIn.POST("/sessions/:id/finalize", s.ui.SessionFinalize)
	signedIn.POST("/messages/:id/markers", s.ui.MessageMarker)
	signedIn.GET("/continuity", s.ui.ContinuityTimeline)
	signedIn.GET("/summary", s.ui.SummaryPage)
	signedIn.GET("/summary.md", s.ui.SummaryDownload)
	// Lex frames: recall, timeline, one frame, delete, export.
	signedIn.GET("/frames", s.ui.FramesList)
	signedIn.GET("/frames/timeline", s.ui.FramesTimeline)
	signedIn.GET("/frames/export.ndjson", s.ui.FramesExport)
	signedIn.GET("/frames/export.json", s.ui.FramesExport)
	signedIn.GET("/frames/export.zip", s.ui.FramesExport)
	signedIn.GET("/frames/:id", s.ui.FrameShow)
	signedIn.POST("/frames/:id/delete", s.ui.FrameDelete)
}

// replayPages are forks, cherry-picks, replays and their runs,
// comparisons, continues and matrices, with the read-only links of
// comparisons and matrices (served on e: no cookie is read).
func (s *Server) replayPages(e *echo.Echo, signedIn *echo.Group) {
	signedIn.POST("/conversations/:id/fork", s.ui.ConversationFork)
	signedIn.GET("/conversations/:id/cherry-pick", s.ui.CherryPickForm)
	signedIn.POST("/conversations/:id/cherry-pick", s.ui.ConversationCherryPick)
	signedIn.GET("/comparisons", s.ui.ComparisonsList)
	signedIn.POST("/comparisons", s.ui.ComparisonCreate)
	signedIn.GET("/comparisons/:id", s.ui.ComparisonShow)
	signedIn.POST("/comparisons/:id/comments", s.ui.ComparisonComment)
	signedIn.POST("/comparisons/:id/ratings", s.ui.ComparisonRate)
	signedIn.POST("/comparisons/:id/shares", s.ui.ComparisonShare)
	signedIn.POST("/comparisons/:id/links/preview", s.ui.ComparisonLinkPreview)
	signedIn.POST("/comparisons/:id/links", s.ui.ComparisonLinkCreate)
	e.GET("/c/:token", s.ui.SharedComparison, s.limitLinks) // a comparison's read-only link: no cookie is read
	signedIn.GET("/conversations/:id/replay", s.ui.ReplayPage)
	signedIn.POST("/replays/:id/run", s.ui.ReplayRun)
	signedIn.GET("/messages/:id/replay", s.ui.ReplayForm)
	signedIn.POST("/messages/:id/replay", s.ui.ReplayCreate)
	signedIn.GET("/replays/:id/comparison", s.ui.ReplayComparison)
	// Replay matrices: one fork point, several parameter sets (web/ui/replay_matrix.go).
	signedIn.GET("/conversations/:id/continue", s.ui.ContinueForm)
	signedIn.POST("/conversations/:id/continue", s.ui.ContinueCreate)
	signedIn.GET("/messages/:id/matrix", s.ui.MatrixForm)
	signedIn.POST("/messages/:id/matrix", s.ui.MatrixCreate)
	signedIn.GET("/matrices/:id", s.ui.MatrixShow)
	signedIn.GET("/matrices/:id/runs/:n", s.ui.MatrixRunShow)
	signedIn.POST("/matrices/:id/shares", s.ui.MatrixShare)
	signedIn.POST("/matrices/:id/links", s.ui.MatrixLinkCreate)
	e.GET("/m/:token", s.ui.SharedMatrix, s.limitLinks) // a matrix's read-only link: no cookie is read
	e.GET("/m/:token/runs/:n", s.ui.SharedMatrixRun, s.limitLinks)
}

// sessionAPI is sessions and their messages, imports, the sources baton
// watch reports, and search.
func (s *Server) sessionAPI(v1 *echo.Group) {
	v1.POST("/sessions", s.api.SessionCreate)
	v1.GET("/sessions", s.api.SessionList)
	v1.GET("/sessions/:id", s.api.SessionGet)
	v1.POST("/sessions/:id/messages", s.api.MessagesAppend)
	v1.GET("/sessions/:id/messages", s.api.MessagesList)
	v1.POST("/sessions/:id/close", s.api.SessionClose)
	v1.DELETE("/sessions/:id", s.api.SessionDelete)
	v1.POST("/import/structured", s.api.ImportStructured)
	v1.POST("/import/file", s.api.ImportFile) // baton watch against a server
	v1.POST("/sources", s.api.SourcesReport)
	v1.GET("/sources", s.api.Sources)
	v1.GET("/search", s.api.Search, s.pageSlot)         // CPU beside the one SQLite writer, as a page is (page_slots.go)
	v1.POST("/sessions/:id/shares", s.api.SessionShare) // a read-only /s/ link to one session
}

// analysisAPI is analyses, corrections, annotations, impact, the
// relationship, and what agents send and ask: hooks and the next
// session's context.
func (s *Server) analysisAPI(v1 *echo.Group) {
	v1.GET("/sessions/:id/arc", s.api.SessionArc)
	v1.POST("/sessions/:id/analyse", s.api.SessionAnalyse)
	v1.GET("/sessions/:id/corrections", s.api.SessionCorrections)
	v1.PUT("/sessions/:id/corrections", s.api.SessionCorrect)
	v1.DELETE("/sessions/:id/corrections/:field", s.api.SessionCorrectionRevert)
	v1.GET("/corrections/export", s.api.CorrectionsExport)
	v1.GET("/sessions/:id/annotations", s.api.SessionAnnotations)
	v1.POST("/sessions/:id/annotations", s.api.SessionAnnotate)
	v1.POST("/messages/:id/annotations", s.api.MessageAnnotate)
	v1.PUT("/messages/:id/impact", s.api.MessageImpact)
	v1.GET("/annotations", s.api.Annotations)
	v1.DELETE("/annotations/:id", s.api.AnnotationDelete)
	v1.GET("/relationship", s.api.Relationship)
	// API: hooks and next-session context.
	v1.POST("/hooks/claude-code", s.api.HookClaudeCode)
	v1.GET("/context/next", s.api.NextContext)
}

// replayAPI is conversations, forks, replays and their runs, cherry-picks,
// diffs, continues, matrices and comparisons.
func (s *Server) replayAPI(v1 *echo.Group) {
	// API: conversations, fork, replay, cherry-pick, diff, comparisons.
	v1.GET("/sessions/:id/conversations", s.api.SessionConversations)
	v1.POST("/conversations/:id/fork", s.api.ConversationFork)
	v1.GET("/conversations/:id/messages", s.api.ConversationMessagesList)
	v1.POST("/conversations/:id/messages", s.api.ConversationMessagesAppend)
	v1.POST("/conversations/:id/replays", s.api.ReplayCreate)
	v1.POST("/conversations/:id/cherry-pick", s.api.CherryPick)
	v1.GET("/conversations/:id/diff/:b", s.api.ConversationDiff)
	v1.GET("/replays/:id", s.api.ReplayGet)
	v1.GET("/replays/:id/context", s.api.ReplayContext)
	v1.POST("/replays/:id/complete", s.api.ReplayComplete)
	v1.POST("/replays/:id/run", s.api.ReplayRun)
	v1.POST("/conversations/:id/continue", s.api.ConversationContinue)
	v1.POST("/conversations/:id/matrices", s.api.MatrixCreate)
	v1.GET("/matrices/:id", s.api.MatrixGet)
	v1.POST("/matrices/:id/shares", s.api.MatrixShare)
	v1.POST("/comparisons", s.api.ComparisonCreate)
	v1.GET("/comparisons/:id", s.api.ComparisonGet)
	v1.POST("/comparisons/:id/comments", s.api.ComparisonComment)
	v1.GET("/comparisons/:id/ratings", s.api.ComparisonRatings)
	v1.POST("/comparisons/:id/ratings", s.api.ComparisonRate)
	v1.POST("/comparisons/:id/shares", s.api.ComparisonShare)
}

// continuityAPI is bridges, markers, the summary and the Lex frames.
func (s *Server) continuityAPI(v1 *echo.Group) {
	// API: continuity (web/api/bridge_*.go, markers.go, summary.go).
	v1.GET("/sessions/:id/bridge", s.api.SessionBridge)
	v1.GET("/bridges", s.api.BridgeList)
	v1.GET("/bridges/:id", s.api.BridgeGet)
	v1.PUT("/bridges/:id", s.api.BridgeSave)
	v1.GET("/bridges/:id/revisions", s.api.BridgeRevisions)
	v1.POST("/bridges/:id/publish", s.api.BridgePublish)
	v1.GET("/summary", s.api.Summary)
	v1.GET("/markers", s.api.Markers)
	v1.POST("/messages/:id/markers", s.api.MessageMarker)
	// API: Lex frames. Frames are immutable: no PUT or PATCH.
	v1.POST("/frames", s.api.FrameRemember)
	v1.POST("/frames/import", s.api.FrameImport)
	v1.GET("/frames/recall", s.api.FrameRecall)
	v1.GET("/frames/timeline", s.api.FrameTimeline)
	v1.GET("/frames/export", s.api.FrameExport)
	v1.GET("/frames/stats", s.api.FrameStats)
	v1.GET("/frames/:id", s.api.FrameGet)
	v1.DELETE("/frames/:id", s.api.FrameDelete)
}
