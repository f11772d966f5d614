// Package checkout reads where a git checkout stands — its branch and its
// origin — from the checkout's files, without running git: the hook and
// the MCP server say which project a session works in, quickly.
package checkout

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// gitMaxFile bounds what is read of a git file (HEAD, config, .git).
const gitMaxFile = 64 << 10

// Of reads the branch and the origin repository of the git
// checkout that holds dir, from its files (no git process: a hook must be
// quick): .git (a folder, or a file naming one, as in worktrees and
// submodules), HEAD and the config of the common folder. Nil when dir is
// in no checkout.
func Of(dir string) *baton.HookGit {
	if dir == "" || !filepath.IsAbs(dir) {
		return nil
	}
	gitDir := ""
	for d, i := filepath.Clean(dir), 0; i < 64; i++ {
		p := filepath.Join(d, ".git")
		if fi, err := os.Stat(p); err == nil {
			if fi.IsDir() {
				gitDir = p
			} else if b := readSmall(p); strings.HasPrefix(string(b), "gitdir:") {
				gitDir = strings.TrimSpace(strings.TrimPrefix(string(b), "gitdir:"))
				if !filepath.IsAbs(gitDir) {
					gitDir = filepath.Join(d, gitDir)
				}
			}
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if gitDir == "" {
		return nil
	}
	g := &baton.HookGit{}
	head := strings.TrimSpace(string(readSmall(filepath.Join(gitDir, "HEAD"))))
	if ref, ok := strings.CutPrefix(head, "ref: refs/heads/"); ok {
		g.Branch = ref
	}
	common := gitDir
	if c := strings.TrimSpace(string(readSmall(filepath.Join(gitDir, "commondir")))); c != "" {
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		common = c
	}
	g.Repository = originURL(readSmall(filepath.Join(common, "config")))
	if g.Branch == "" && g.Repository == "" {
		return nil
	}
	return g
}

// originURL is the url of [remote "origin"] in a git config.
func originURL(config []byte) string {
	in := false
	sc := bufio.NewScanner(bytes.NewReader(config))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			in = strings.EqualFold(strings.Join(strings.Fields(line), " "), `[remote "origin"]`)
			continue
		}
		if k, v, ok := strings.Cut(line, "="); in && ok && strings.EqualFold(strings.TrimSpace(k), "url") {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

func readSmall(path string) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, gitMaxFile))
	return b
}
