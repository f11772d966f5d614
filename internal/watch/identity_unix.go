//go:build unix

package watch

import (
	"os"
	"syscall"
)

// identityOf is the device and inode of a file: a rotated file (renamed)
// keeps them, a file written anew under the same name does not.
func identityOf(info os.FileInfo) (dev, ino uint64) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), uint64(st.Ino) // Dev is an int32 on darwin
	}
	return 0, 0
}
