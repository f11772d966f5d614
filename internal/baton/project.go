package baton

import (
	"path"
	"strings"
)

// Project is where a session's work happened: the repository it worked
// in, the directory it ran in, or both. Continuity follows it: a session's
// previous and next sessions, and the bridge a new session receives, come
// from sessions of the same project. A session with neither (a chat) has
// no project.
//
// It is set when the session is stored, from what its source recorded
// (technical_context.repositories as sent, technical_context.working_directory),
// and analysis never changes it: the repositories analysis finds are the
// ones a session mentions, not the one it ran in.
type Project struct {
	// Repository is host/owner/name, lower-cased (NormalizeRepository).
	Repository string `json:"repository,omitempty" bun:"repository,notnull"`
	// Directory is the working directory, cleaned (NormalizeDirectory).
	Directory string `json:"directory,omitempty" bun:"directory,notnull"`
}

// Known reports whether the project names a repository or a directory.
func (p Project) Known() bool { return p.Repository != "" || p.Directory != "" }

// ProjectOf is the project a session's source recorded: the first of its
// repositories that names one, and its working directory.
func ProjectOf(s *Session) Project {
	var p Project
	for _, r := range s.Technical.Repositories {
		if n, ok := NormalizeRepository(r); ok {
			p.Repository = n
			break
		}
	}
	if d, ok := NormalizeDirectory(s.Technical.WorkingDirectory); ok {
		p.Directory = d
	}
	return p
}

// ProjectQuery names the project a new session works in, as a hook, the
// API or an MCP client says it: repository or working directory, and the
// branch when known.
type ProjectQuery struct {
	Project
	Branch string `json:"branch,omitempty"`
}

// Matches reports whether a session (its project and branch) is of the
// queried project: the same repository, or the same working directory.
// The branch does not decide; it only orders (SameBranch).
func (q ProjectQuery) Matches(p Project) bool {
	return (q.Repository != "" && q.Repository == p.Repository) || (q.Directory != "" && q.Directory == p.Directory)
}

// SameBranch reports whether a session's branch is the queried one, both known.
func (q ProjectQuery) SameBranch(branch string) bool { return q.Branch != "" && q.Branch == branch }

// String describes the project as pages and the next-session context say it.
func (q ProjectQuery) String() string {
	var parts []string
	if q.Repository != "" {
		parts = append(parts, q.Repository)
	}
	if q.Directory != "" {
		if len(parts) > 0 {
			parts = append(parts, "("+q.Directory+")")
		} else {
			parts = append(parts, q.Directory)
		}
	}
	if len(parts) == 0 {
		return "any project"
	}
	if q.Branch != "" {
		parts = append(parts, "on branch "+q.Branch)
	}
	return strings.Join(parts, " ")
}

// QueryOf is the project query of a session: its project and branch.
func QueryOf(s *Session) ProjectQuery {
	return ProjectQuery{Project: s.Project, Branch: s.Branch}
}

// NewProjectQuery checks and normalizes a project as a client names it,
// naming the field at fault: repo (host/owner/name or a git remote URL),
// cwd (an absolute path) and branch (a git branch name).
func NewProjectQuery(repo, cwd, branch string) (ProjectQuery, error) {
	var q ProjectQuery
	if strings.TrimSpace(repo) != "" {
		n, ok := NormalizeRepository(repo)
		if !ok {
			return q, Invalid("repo", "repo must name a repository as host/owner/name or a git remote URL; got %q", Clip(repo, 200))
		}
		q.Repository = n
	}
	if strings.TrimSpace(cwd) != "" {
		n, ok := NormalizeDirectory(cwd)
		if !ok || !absolute(n) {
			return q, Invalid("cwd", "cwd must be an absolute path; got %q", Clip(cwd, 200))
		}
		q.Directory = n
	}
	if b := strings.TrimSpace(branch); b != "" {
		if !validBranch(b) {
			return q, Invalid("branch", "branch must be a git branch name (no spaces or control characters, at most 250 bytes); got %q", Clip(branch, 200))
		}
		q.Branch = b
	}
	return q, nil
}

// ProjectQueryOf is the project as a hook event says it, keeping what
// is valid and dropping the rest: a hook never fails for an odd remote.
func ProjectQueryOf(repo, cwd, branch string) ProjectQuery {
	var q ProjectQuery
	q.Repository, _ = NormalizeRepository(repo)
	if d, ok := NormalizeDirectory(cwd); ok && absolute(d) {
		q.Directory = d
	}
	if b := strings.TrimSpace(branch); validBranch(b) {
		q.Branch = b
	}
	return q
}

// NormalizeRepository turns a repository as sources write it
// (https://github.com/o/r.git, git@github.com:o/r.git, ssh://git@host/o/r,
// github.com/o/r) into host/owner/name, lower-cased. ok is false for
// anything else (a bare name, a path).
func NormalizeRepository(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 500 || strings.ContainsAny(s, " \t\r\n\x00\\") {
		return "", false
	}
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
		if at := strings.LastIndex(s, "@"); at >= 0 && at < strings.Index(s+"/", "/") {
			s = s[at+1:]
		}
		host, rest, _ := strings.Cut(s, "/")
		if h, _, ok := strings.Cut(host, ":"); ok { // a port
			host = h
		}
		s = host + "/" + rest
	} else if at := strings.Index(s, "@"); at >= 0 {
		// scp-like: git@host:owner/name
		host, rest, ok := strings.Cut(s[at+1:], ":")
		if !ok {
			return "", false
		}
		s = host + "/" + rest
	}
	s = strings.TrimSuffix(strings.Trim(s, "/"), ".git")
	parts := strings.Split(s, "/")
	if len(parts) < 3 || !strings.Contains(parts[0], ".") || strings.HasPrefix(parts[0], ".") {
		return "", false
	}
	for _, p := range parts {
		if p == "" || p == "." || p == ".." {
			return "", false
		}
	}
	return strings.ToLower(strings.Join(parts, "/")), true
}

// NormalizeDirectory cleans a working directory: backslashes become
// slashes, and . and .. and trailing slashes go. ok is false when it is
// empty or holds a control character.
func NormalizeDirectory(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 1000 {
		return "", false
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return "", false
		}
	}
	s = path.Clean(strings.ReplaceAll(s, `\`, "/"))
	return s, true
}

// absolute reports whether a cleaned directory is absolute: /… or a
// Windows drive (C:/…).
func absolute(d string) bool {
	return strings.HasPrefix(d, "/") || (len(d) >= 3 && d[1] == ':' && d[2] == '/' &&
		(d[0] >= 'a' && d[0] <= 'z' || d[0] >= 'A' && d[0] <= 'Z'))
}

// validBranch is git's rule for a ref name, in short.
func validBranch(b string) bool {
	if len(b) > 250 || strings.HasPrefix(b, "-") || strings.Contains(b, "..") || strings.HasSuffix(b, ".lock") ||
		strings.HasSuffix(b, "/") || strings.HasSuffix(b, ".") || strings.Contains(b, "@{") {
		return false
	}
	for _, r := range b {
		if r <= 0x20 || r == 0x7f || strings.ContainsRune("~^:?*[\\", r) {
			return false
		}
	}
	return true
}
