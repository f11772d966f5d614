package store

// SetImportChunks makes imports of more than size messages go in chunks of
// size, and runs afterChunk after each chunk commits (nil: nothing).
func (s *Store) SetImportChunks(size int, afterChunk func(n int) error) {
	s.imports = importTuning{chunk: size, afterChunk: afterChunk}
}

// ErrAbandonImport, returned by afterChunk, stops the import where it is,
// leaving what it wrote, as a process that dies would.
var ErrAbandonImport = errAbandonImport
