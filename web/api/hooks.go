package api

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/continuity"
	"github.com/baton-dev/baton/internal/ingest"
	"github.com/labstack/echo/v4"
)

// hookWait is how long a hook request waits for its session to be built;
// past it the answer says what was received and the building goes on. The
// hook client gives up after 1.5 s.
const hookWait = time.Second

// HookClaudeCode takes one Claude Code hook event from `baton hook`,
// with the transcript lines the client has not sent yet, and builds the
// session as it happens. A SessionStart is answered with the continuity
// context the new session starts with.
func (s *Server) HookClaudeCode(c echo.Context) error {
	var in baton.HookRequest
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	res, err := s.importer.Hooks().Receive(requestContext(c), stewardID(c), &in, ingest.HookOptions{
		Wait:     hookWait,
		LogError: func(err error) { s.log.Error("hook", "steward", stewardID(c), "err", err) },
		// SessionEnd finalizes: the draft bridge and the transition marker.
		Finalize: func(ctx context.Context, stewardID int64, sessionID string) error {
			_, _, err := s.continuity.FinalizeAnalysed(ctx, stewardID, sessionID)
			return err
		},
	})
	if err != nil {
		return err
	}
	var ev struct {
		Name string `json:"hook_event_name"`
		CWD  string `json:"cwd"`
	}
	if json.Unmarshal(in.Event, &ev) == nil && ev.Name == ingest.HookSessionStart {
		// A session starts: link it after the last one of its project,
		// regenerate the summary, and hand it the context of its project
		// (its folder, and the branch and origin the client read there).
		if res.SessionID != "" {
			if err := s.continuity.StartAfter(requestContext(c), stewardID(c), res.SessionID, ""); err != nil {
				return err
			}
		}
		if _, err := s.continuity.RefreshSummary(requestContext(c), stewardID(c)); err != nil {
			return err
		}
		var git baton.HookGit
		if in.Git != nil {
			git = *in.Git
		}
		project := baton.ProjectQueryOf(git.Repository, ev.CWD, git.Branch)
		next, err := s.continuity.Next(requestContext(c), stewardID(c), continuity.NextRequest{Project: project, Exclude: res.SessionID})
		if err != nil {
			return err
		}
		res.Context = next.Markdown
	}
	return c.JSON(http.StatusOK, res)
}
