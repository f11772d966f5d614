package analysis

import (
	"encoding/json"

	fastjson "github.com/segmentio/encoding/json"
)

// decodeJSON decodes a tool call's input with segmentio's decoder, which
// reads them in a fraction of encoding/json's CPU time (each call's input
// is read by the message's analysis, the session's views and the rules
// that need more of it). It decodes the same values; on an error, after
// which the two leave different partial values, the input is decoded
// again by encoding/json, whose value and error are kept, as the Claude
// Code parser's unmarshal does.
func decodeJSON[T any](data []byte, v *T) error {
	if fastjson.Unmarshal(data, v) == nil {
		return nil
	}
	var zero T
	*v = zero
	return json.Unmarshal(data, v)
}
