package web

import "time"

// HoldImportsWith makes import jobs call step after each document they
// store, so a test can hold an import between documents.
func (s *Server) HoldImportsWith(step func()) { s.importStep = step }

// SetClock sets the clock import rates are measured by.
func (s *Server) SetClock(now func() time.Time) { s.clock = now }
