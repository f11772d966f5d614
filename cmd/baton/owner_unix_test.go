package main

import (
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// ownerName is the user name of a file's owner.
func ownerName(fi os.FileInfo) string {
	uid := fi.Sys().(*syscall.Stat_t).Uid
	if u, err := user.LookupId(strconv.Itoa(int(uid))); err == nil {
		return u.Username
	}
	return strconv.Itoa(int(uid))
}
