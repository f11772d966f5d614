package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"net"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err means the database is busy or out of
// reach for now (SQLite's write lock held past the busy timeout by another
// process; PostgreSQL down, restarting, out of connections, or a
// serialisation conflict), so the request may succeed if tried again: the
// HTTP layer answers 503 with Retry-After, never 500.
func Unavailable(err error) bool {
	if err == nil || baton.ErrorCode(err) != baton.EINTERNAL {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch {
		case pgErr.Code == "40001", pgErr.Code == "40P01", pgErr.Code == "55P03": // serialisation, deadlock, lock not available
			return true
		case strings.HasPrefix(pgErr.Code, "53"): // insufficient resources: too many connections, disk full, out of memory
			return true
		case strings.HasPrefix(pgErr.Code, "57P"): // shutting down, crashed, cannot connect now
			return true
		case strings.HasPrefix(pgErr.Code, "08"): // connection exception
			return true
		}
		return false
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	if errors.As(err, &connectErr) || errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) {
		return true
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	msg := err.Error()
	for _, s := range []string{
		"database is locked", "database table is locked", "SQLITE_BUSY", // SQLite (modernc) busy past busy_timeout
		"conn closed", "failed to connect", "connection refused", "connection reset", "unexpected EOF", // pgx mid-restart
	} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// StorageFull reports whether err means the database could not write to its
// disk: full (SQLite's SQLITE_FULL, PostgreSQL's disk_full 53100) or the
// write refused (SQLite's disk I/O error, as when a file may not grow). The
// transaction was rolled back: nothing was written, and reads still work.
func StorageFull(err error) bool {
	if err == nil || baton.ErrorCode(err) != baton.EINTERNAL {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "53100"
	}
	msg := err.Error()
	for _, s := range []string{"database or disk is full", "SQLITE_FULL", "disk I/O error", "no space left on device", "file too large"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
