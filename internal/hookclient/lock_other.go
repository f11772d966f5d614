//go:build !unix

package hookclient

import (
	"context"
	"errors"
	"os"
	"time"
)

// lockFile takes an exclusive lock on path by creating path+".held",
// waiting until ctx ends. A holder older than a minute is taken to be dead.
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	held := path + ".held"
	for {
		f, err := os.OpenFile(held, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(held) }, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, err
		}
		if info, err := os.Stat(held); err == nil && time.Since(info.ModTime()) > time.Minute {
			os.Remove(held)
			continue
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
}
