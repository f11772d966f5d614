package views

import "github.com/baton-dev/baton/internal/baton"

// analysed reports whether a session's analysis has run: it then has a
// quality score, even when a section found nothing.
func analysed(s *baton.Session) bool { return s != nil && s.QualityScore != nil }

// technicalEmptyNote is what an empty technical context says: an analysed
// chat has simply nothing technical in it.
func technicalEmptyNote(s *baton.Session) string {
	if analysed(s) {
		return "Nothing technical came up in this session."
	}
	return "Not analysed yet."
}

// summaryEmptyNote is what an empty summary says.
func summaryEmptyNote(s *baton.Session) string {
	if analysed(s) {
		return "Too short to summarise."
	}
	return "Not analysed yet."
}
