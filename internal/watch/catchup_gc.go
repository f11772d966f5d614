package watch

// A pass with a backlog to read (the first sync of a folder of existing
// transcripts, or a watcher started again after a while) catches up
// (ingest.CatchUpGC); a pass over what an agent just wrote keeps the
// collector's defaults.
//
// catchUpBytes is the backlog a pass reads, at least, to catch up: one
// part of a rollout read in parts (ChunkBytes' default).
const catchUpBytes = 8 << 20

// backlog is how many bytes of the listed files are not read yet.
func backlog(found []transcriptFile, states []*fileState) int64 {
	var n int64
	for i, tf := range found {
		n += max(0, tf.size-states[i].Offset)
	}
	return n
}
