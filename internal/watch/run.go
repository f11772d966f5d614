package watch

import (
	"context"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// settle is how long a pass waits after a notification for the burst of
// writes it belongs to, so a streaming agent costs a pass per settle, not
// a pass per line.
const settle = 250 * time.Millisecond

// maxWatchDepth bounds the folders watched below each configured one, as
// the listing does.
const maxWatchDepth = 6

// Run makes a pass now, then again whenever a watched folder changes and at
// least every Interval, until ctx ends. Notifications are a speed-up: where
// they cannot be had (no inotify, too many folders) the interval alone
// keeps the mirror, only later.
func (w *Watcher) Run(ctx context.Context) error {
	notify, err := fsnotify.NewWatcher()
	if err != nil {
		w.cfg.Logf("watch: no filesystem notifications (%v); passes every %s", err, w.cfg.Interval)
	}
	changed := make(chan struct{}, 1)
	if notify != nil {
		defer notify.Close()
		go func() {
			for {
				select {
				case _, ok := <-notify.Events:
					if !ok {
						return
					}
					select {
					case changed <- struct{}{}:
					default:
					}
				case err, ok := <-notify.Errors:
					if !ok {
						return
					}
					w.cfg.Logf("watch: notifications: %v", err)
				}
			}
		}()
	}
	watched := map[string]bool{}
	ticker := time.NewTicker(w.cfg.Interval)
	defer ticker.Stop()
	for {
		if notify != nil {
			w.watchFolders(notify, watched)
		}
		res, err := w.Scan(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			w.cfg.Logf("watch: pass: %v", err)
		} else if res.Imported+res.Failed+res.Deleted > 0 {
			w.cfg.Logf("watch: %d files, %d stored, %d waiting, %d deleted upstream", res.Seen, res.Imported, res.Failed, res.Deleted)
		}
		// Files that wait for the agent to stop writing them get a pass
		// once they have been quiet, not only at the next interval.
		var quietly <-chan time.Time
		var timer *time.Timer
		if res.Waiting > 0 {
			timer = time.NewTimer(quiet + settle)
			quietly = timer.C
		}
		select {
		case <-ctx.Done():
			return nil
		case <-quietly:
		case <-ticker.C:
		case <-changed:
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(settle):
			}
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// watchFolders adds a notification watch on every folder below the
// configured ones (new ones appear: Codex CLI starts a folder a day), and
// on the nearest existing parent of a configured folder that does not
// exist yet, so its creation is noticed.
func (w *Watcher) watchFolders(notify *fsnotify.Watcher, watched map[string]bool) {
	add := func(dir string) {
		if watched[dir] {
			return
		}
		if err := notify.Add(dir); err == nil {
			watched[dir] = true
		}
	}
	for _, f := range w.cfg.Folders {
		root := filepath.Clean(f.Path)
		rootDepth := strings.Count(root, string(filepath.Separator))
		if !isDir(root) {
			for parent := filepath.Dir(root); parent != root && parent != "." && parent != "/"; parent = filepath.Dir(parent) {
				if isDir(parent) {
					add(parent)
					break
				}
			}
			continue
		}
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if p != root && (strings.HasPrefix(d.Name(), ".") || strings.Count(p, string(filepath.Separator))-rootDepth > maxWatchDepth) {
				return filepath.SkipDir
			}
			add(p)
			return nil
		})
	}
}
