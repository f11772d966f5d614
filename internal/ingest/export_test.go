package ingest

// HoldBuilds makes the hooked-session builds that start from now on wait
// until release is called, so a test can order a request's answer before
// its build without depending on how fast the machine is.
func (h *Hooks) HoldBuilds() (release func()) {
	h.hold = make(chan struct{})
	hold := h.hold
	return func() { close(hold) }
}
