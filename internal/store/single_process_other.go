//go:build !unix

package store

// lockExclusive does nothing where flock is missing: SQLite's own lock
// still keeps the file whole, and a second process gets 503s.
func lockExclusive(string) (func(), error) { return func() {}, nil }
