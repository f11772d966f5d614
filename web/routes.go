package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// routes is the whole surface of Baton in one table.
func (s *Server) routes() {
	e := s.echo
	e.Pre(middleware.RemoveTrailingSlash())
	e.Use(securityHeaders, s.logRequests, s.limitBody, rejectBadText)

	e.GET("/healthz", s.healthz)
	// Static files: content-hashed URLs cached for a year, validators, gzip, HEAD (static_files.go).
	e.Match([]string{http.MethodGet, http.MethodHead}, "/static/chroma.css", serveChromaCSS)
	e.Match([]string{http.MethodGet, http.MethodHead}, "/static/*", staticFile)

	// Pages: cookie session, CSRF on every state change.
	pages := e.Group("", s.pageSlot, s.browser, checkCSRF)
	pages.GET("/", func(c echo.Context) error { return c.Redirect(http.StatusSeeOther, "/sessions") })
	pages.GET("/login", s.loginPage)
	pages.POST("/login", s.login)
	pages.POST("/logout", s.logout)
	pages.GET("/auth/:provider", s.oauthStart)
	pages.GET("/auth/:provider/callback", s.oauthCallback)
	// A shared session, read-only, for anyone with the link: no cookie is read.
	e.GET("/s/:token", s.sharedSession, s.limitLinks)
	e.GET("/s/:token/messages", s.sharedMessages, s.limitLinks)

	signedIn := pages.Group("", requireSteward, noStore)
	signedIn.GET("/sessions", s.sessionList)
	signedIn.POST("/sessions/review", s.sessionsReview)
	signedIn.GET("/sessions/:id", s.sessionShow)
	signedIn.GET("/sessions/:id/messages", s.sessionMessages)
	signedIn.GET("/import", s.importPage)
	signedIn.POST("/import", s.importUpload)
	signedIn.GET("/import/jobs/:id", s.importJobShow) // issue 12: an upload's progress, then its results
	signedIn.GET("/settings", s.settingsPage)
	signedIn.POST("/logout/everywhere", s.logoutEverywhere) // hardening: sign out everywhere
	signedIn.POST("/settings/tokens", s.tokenCreate)
	signedIn.POST("/settings/tokens/:id/revoke", s.tokenRevoke)
	// Identity, teams and sharing.
	signedIn.GET("/settings/identities/:provider/link", s.identityLinkStart)
	signedIn.POST("/settings/identities/:identity/unlink", s.identityUnlink)
	signedIn.POST("/settings/share-links/:share/revoke", s.shareRevoke)
	signedIn.POST("/sessions/:id/share", s.sessionShare)
	signedIn.GET("/sessions/:id/delete", s.sessionDeletePage)
	signedIn.POST("/sessions/:id/delete", s.sessionDelete)
	signedIn.GET("/teams", s.teamList)
	signedIn.POST("/teams", s.teamCreate)
	signedIn.GET("/teams/:team", s.teamShow)
	signedIn.POST("/teams/:team/invitations", s.teamInvite)
	signedIn.POST("/teams/:team/invitations/:invitation/revoke", s.teamInvitationRevoke)
	signedIn.POST("/teams/:team/members/:member/role", s.teamMemberRole)
	signedIn.POST("/teams/:team/members/:member/remove", s.teamMemberRemove)
	signedIn.POST("/teams/:team/members/:member/transfer", s.teamTransfer)
	signedIn.POST("/teams/:team/leave", s.teamLeave)
	signedIn.POST("/teams/:team/delete", s.teamDelete)
	signedIn.GET("/invitations/:token", s.invitation, s.limitLinks)
	signedIn.POST("/invitations/:token/accept", s.invitationAccept, s.limitLinks)
	// Analysis: charts, relationship, annotations and review.
	signedIn.POST("/sessions/:id/analyse", s.sessionReanalyse)
	signedIn.POST("/sessions/:id/review", s.sessionSetReview)
	signedIn.POST("/sessions/:id/annotations", s.sessionAnnotate)
	signedIn.GET("/messages/:id/annotate", s.messageAnnotateForm)
	signedIn.POST("/messages/:id/annotations", s.messageAnnotate)
	signedIn.POST("/messages/:id/impact", s.messageImpact)
	signedIn.POST("/annotations/:id/delete", s.annotationDelete)
	signedIn.GET("/relationship", s.relationshipPage)
	signedIn.GET("/review", s.reviewPage)
	signedIn.GET("/review/export.csv", s.reviewExportCSV)
	signedIn.GET("/review/export.json", s.reviewExportJSON)
	// Continuity: bridges and their editor, markers, the summary (web/bridge_*.go, web/continuity_*.go).
	signedIn.GET("/bridges", s.bridgeList)
	signedIn.GET("/bridges/:id", s.bridgeShow)
	signedIn.POST("/bridges/:id/save", s.bridgeSave)
	signedIn.POST("/bridges/:id/publish", s.bridgePublish)
	signedIn.GET("/bridges/:id/diff", s.bridgeDiff)
	signedIn.POST("/sessions/:id/finalize", s.sessionFinalize)
	signedIn.POST("/messages/:id/markers", s.messageMarker)
	signedIn.GET("/continuity", s.continuityTimeline)
	signedIn.GET("/summary", s.summaryPage)
	signedIn.GET("/summary.md", s.summaryDownload)
	// Lex frames (issue 14): recall, timeline, one frame, delete, export.
	signedIn.GET("/frames", s.framesList)
	signedIn.GET("/frames/timeline", s.framesTimeline)
	signedIn.GET("/frames/export.ndjson", s.framesExport)
	signedIn.GET("/frames/:id", s.frameShow)
	signedIn.POST("/frames/:id/delete", s.frameDelete)
	// Agents: hooks and context.
	// Replay and comparison pages (issue 10).
	signedIn.POST("/conversations/:id/fork", s.conversationFork)
	signedIn.POST("/conversations/:id/cherry-pick", s.conversationCherryPick)
	signedIn.GET("/comparisons", s.comparisonsList)
	signedIn.POST("/comparisons", s.comparisonCreate)
	signedIn.GET("/comparisons/:id", s.comparisonShow)
	signedIn.POST("/comparisons/:id/comments", s.comparisonComment)
	signedIn.POST("/comparisons/:id/shares", s.comparisonShare)
	signedIn.POST("/comparisons/:id/links/preview", s.comparisonLinkPreview)
	signedIn.POST("/comparisons/:id/links", s.comparisonLinkCreate)
	e.GET("/c/:token", s.sharedComparison, s.limitLinks) // a comparison's read-only link: no cookie is read
	// Sessions shared with a team (issue 10): share, revoke, read, comment.
	signedIn.POST("/sessions/:id/teams", s.sessionTeamShare)
	signedIn.POST("/sessions/:id/teams/:team/revoke", s.sessionTeamUnshare)
	signedIn.GET("/shared/sessions/:id", s.teamSharedSessionShow)
	signedIn.GET("/shared/sessions/:id/messages", s.teamSharedSessionMessages)
	signedIn.POST("/shared/sessions/:id/comments", s.teamSharedSessionComment)
	signedIn.GET("/conversations/:id/replay", s.replayPage)
	signedIn.POST("/replays/:id/run", s.replayRun)

	// JSON API: bearer personal access tokens, no cookies.
	api := e.Group("/api/v1", noStore, middleware.BodyLimit(apiBodyLimit), s.limitAPI, s.requireToken)
	api.POST("/sessions", s.apiSessionCreate)
	api.GET("/sessions", s.apiSessionList)
	api.GET("/sessions/:id", s.apiSessionGet)
	api.POST("/sessions/:id/messages", s.apiMessagesAppend)
	api.GET("/sessions/:id/messages", s.apiMessagesList)
	api.POST("/sessions/:id/close", s.apiSessionClose)
	api.DELETE("/sessions/:id", s.apiSessionDelete)
	api.POST("/import/structured", s.apiImportStructured)
	api.GET("/search", s.apiSearch)
	// API: analysis and annotations.
	api.GET("/sessions/:id/arc", s.apiSessionArc)
	api.POST("/sessions/:id/analyse", s.apiSessionAnalyse)
	api.GET("/sessions/:id/annotations", s.apiSessionAnnotations)
	api.POST("/sessions/:id/annotations", s.apiSessionAnnotate)
	api.POST("/messages/:id/annotations", s.apiMessageAnnotate)
	api.PUT("/messages/:id/impact", s.apiMessageImpact)
	api.GET("/annotations", s.apiAnnotations)
	api.DELETE("/annotations/:id", s.apiAnnotationDelete)
	api.GET("/relationship", s.apiRelationship)
	// API: hooks and next-session context.
	api.POST("/hooks/claude-code", s.apiHookClaudeCode)
	api.GET("/context/next", s.apiNextContext)
	// API: conversations, fork, replay, cherry-pick, diff, comparisons (issue 10).
	api.GET("/sessions/:id/conversations", s.apiSessionConversations)
	api.POST("/conversations/:id/fork", s.apiConversationFork)
	api.GET("/conversations/:id/messages", s.apiConversationMessagesList)
	api.POST("/conversations/:id/messages", s.apiConversationMessagesAppend)
	api.POST("/conversations/:id/replays", s.apiReplayCreate)
	api.POST("/conversations/:id/cherry-pick", s.apiCherryPick)
	api.GET("/conversations/:id/diff/:b", s.apiConversationDiff)
	api.GET("/replays/:id", s.apiReplayGet)
	api.GET("/replays/:id/context", s.apiReplayContext)
	api.POST("/replays/:id/complete", s.apiReplayComplete)
	api.POST("/comparisons", s.apiComparisonCreate)
	api.GET("/comparisons/:id", s.apiComparisonGet)
	api.POST("/comparisons/:id/comments", s.apiComparisonComment)
	api.POST("/comparisons/:id/shares", s.apiComparisonShare)
	api.POST("/sessions/:id/shares", s.apiSessionShare) // issue 10
	// API: continuity (web/api_bridges.go, web/api_continuity.go).
	api.GET("/sessions/:id/bridge", s.apiSessionBridge)
	api.GET("/bridges", s.apiBridgeList)
	api.GET("/bridges/:id", s.apiBridgeGet)
	api.PUT("/bridges/:id", s.apiBridgeSave)
	api.GET("/bridges/:id/revisions", s.apiBridgeRevisions)
	api.POST("/bridges/:id/publish", s.apiBridgePublish)
	api.GET("/summary", s.apiSummary)
	api.GET("/markers", s.apiMarkers)
	api.POST("/messages/:id/markers", s.apiMessageMarker)
	// API: Lex frames (issue 14). Frames are immutable: no PUT or PATCH.
	api.POST("/frames", s.apiFrameRemember)
	api.POST("/frames/import", s.apiFrameImport)
	api.GET("/frames/recall", s.apiFrameRecall)
	api.GET("/frames/timeline", s.apiFrameTimeline)
	api.GET("/frames/export", s.apiFrameExport)
	api.GET("/frames/:id", s.apiFrameGet)
	api.DELETE("/frames/:id", s.apiFrameDelete)
}

// apiBodyLimit bounds one API request body: a batch of 1,000 long messages fits.
const apiBodyLimit = "64M"
