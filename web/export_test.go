package web

import "time"

// SetClock sets the clock import rates are measured by.
func (s *Server) SetClock(now func() time.Time) { s.ui.SetClock(now) }
