package baton

import "context"

type stewardKey struct{}

// NewContextWithSteward returns a context carrying the signed-in steward.
func NewContextWithSteward(ctx context.Context, s *Steward) context.Context {
	return context.WithValue(ctx, stewardKey{}, s)
}

// StewardFromContext returns the signed-in steward, or nil.
func StewardFromContext(ctx context.Context) *Steward {
	s, _ := ctx.Value(stewardKey{}).(*Steward)
	return s
}

// StewardIDFromContext returns the signed-in steward's id, or 0.
func StewardIDFromContext(ctx context.Context) int64 {
	if s := StewardFromContext(ctx); s != nil {
		return s.ID
	}
	return 0
}
