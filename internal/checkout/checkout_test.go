package checkout

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOf reads the branch and origin of a checkout from its files:
// a plain clone from a subfolder, a worktree whose .git is a file, a
// detached HEAD, and a folder in no checkout.
func TestOf(t *testing.T) {
	root := t.TempDir()
	write := func(path, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo := filepath.Join(root, "shop")
	write(filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/feat/pdf\n")
	write(filepath.Join(repo, ".git", "config"), "[core]\n\tbare = false\n[remote \"upstream\"]\n\turl = git@github.com:other/shop.git\n[remote \"origin\"]\n\turl = git@github.com:ada/shop.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n")
	write(filepath.Join(repo, "web", "src", "x.ts"), "")
	wt := filepath.Join(root, "shop-wt")
	write(filepath.Join(repo, ".git", "worktrees", "shop-wt", "HEAD"), "ref: refs/heads/fix/vat\n")
	write(filepath.Join(repo, ".git", "worktrees", "shop-wt", "commondir"), "../..\n")
	write(filepath.Join(wt, ".git"), "gitdir: "+filepath.Join(repo, ".git", "worktrees", "shop-wt")+"\n")
	detached := filepath.Join(root, "detached")
	write(filepath.Join(detached, ".git", "HEAD"), "4b825dc642cb6eb9a060e54bf8d69288fbee4904\n")
	plain := filepath.Join(root, "plain")
	if err := os.MkdirAll(plain, 0o755); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct{ dir, branch, repo string }{
		{filepath.Join(repo, "web", "src"), "feat/pdf", "git@github.com:ada/shop.git"},
		{wt, "fix/vat", "git@github.com:ada/shop.git"},
	} {
		g := Of(c.dir)
		if g == nil || g.Branch != c.branch || g.Repository != c.repo {
			t.Errorf("Of(%s) = %+v; want %s %s", c.dir, g, c.branch, c.repo)
		}
	}
	if g := Of(detached); g != nil {
		t.Errorf("detached without a remote = %+v", g)
	}
	if g := Of(plain); g != nil && root != "/" {
		t.Errorf("no checkout = %+v", g)
	}
	if g := Of("relative/dir"); g != nil {
		t.Errorf("relative = %+v", g)
	}
}
