package baton

// SmoothArc is the emotional arc's smoothing of a sentiment series: each
// value weighted ½ with its neighbours ¼ each, renormalised where a
// neighbour is missing. The analysis smooths the arc it stores with it and
// the arc chart draws the same curve.
func SmoothArc(x []float64) []float64 {
	out := make([]float64, len(x))
	for i := range x {
		sum, w := 0.5*x[i], 0.5
		if i > 0 {
			sum += 0.25 * x[i-1]
			w += 0.25
		}
		if i+1 < len(x) {
			sum += 0.25 * x[i+1]
			w += 0.25
		}
		out[i] = sum / w
	}
	return out
}
