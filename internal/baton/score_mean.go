package baton

// ScoreMean is the mean of the score annotations (values 0–1) of one
// dimension over some messages and a session: a human score.
type ScoreMean struct {
	Dimension string  `json:"dimension" bun:"dimension"`
	Mean      float64 `json:"mean" bun:"mean"`
	Count     int     `json:"count" bun:"n"`
}
