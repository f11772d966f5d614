package frames

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// The fields of Lex's schema v4 to v7, checked by Lex's rules (its Zod
// schema, src/memory/frames/types.ts) and then kept verbatim with the
// frame's other fields, so they come back out as they came in:
//
//	v4 turnCost, capabilityTier, taskComplexity
//	v5 superseded_by, merged_from
//	v6 contradiction_resolution
//	v7 module_attribution
//
// As in Lex, a sub-object may carry fields the schema does not name.

// Later-schema field names.
const (
	FieldTurnCost                = "turnCost"
	FieldCapabilityTier          = "capabilityTier"
	FieldTaskComplexity          = "taskComplexity"
	FieldSupersededBy            = "superseded_by"
	FieldMergedFrom              = "merged_from"
	FieldContradictionResolution = "contradiction_resolution"
	FieldModuleAttribution       = "module_attribution"
)

var (
	capabilityTiers   = []string{"senior", "mid", "junior"}
	resolutionTypes   = []string{"supersede", "scope", "keep-both", "cancel"}
	attributionModes  = []string{"explicit", "inferred", "fallback"}
	attributionLevels = []string{"high", "medium", "low"}
)

// checkLater validates a v4–v7 field; ok is false for any other name.
func checkLater(name string, v json.RawMessage) (ok bool, err error) {
	switch name {
	case FieldTurnCost:
		return true, checkTurnCost(v)
	case FieldCapabilityTier:
		return true, checkEnum(name, v, capabilityTiers)
	case FieldTaskComplexity:
		return true, checkObject(name, v, map[string]rule{
			"tier": {required: true, check: enum(capabilityTiers)}, "assignedModel": {check: str}, "actualModel": {check: str},
			"escalated": {check: boolean}, "escalationReason": {check: str}, "retryCount": {check: number}, "tierMismatch": {check: boolean},
		})
	case FieldSupersededBy:
		_, err := optionalString(name, v)
		return true, err
	case FieldMergedFrom:
		_, err := stringList(name, v)
		return true, err
	case FieldContradictionResolution:
		return true, checkObject(name, v, map[string]rule{
			"type": {required: true, check: enum(resolutionTypes)}, "contradicts_frame_id": {required: true, check: str},
			"scope": {check: str}, "note": {check: str},
		})
	case FieldModuleAttribution:
		return true, checkObject(name, v, map[string]rule{
			"mode": {required: true, check: enum(attributionModes)}, "confidence": {required: true, check: enum(attributionLevels)},
			"evidence": {required: true, check: strs},
		})
	}
	return false, nil
}

// rule is how one field of a sub-object is checked.
type rule struct {
	required bool
	check    func(path string, v json.RawMessage) error
}

func checkObject(path string, v json.RawMessage, rules map[string]rule) error {
	if len(v) > MaxNested {
		return baton.Invalid(path, "%s must be at most %d characters of JSON", path, MaxNested)
	}
	fields, err := objectFields(v, path)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, f := range fields {
		seen[f.Name] = true
		if r, ok := rules[f.Name]; ok {
			if err := r.check(path+"."+f.Name, f.Value); err != nil {
				return err
			}
		}
	}
	names := make([]string, 0, len(rules))
	for n := range rules {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if rules[n].required && !seen[n] {
			return baton.Invalid(path+"."+n, "%s.%s is required", path, n)
		}
	}
	return nil
}

func checkTurnCost(v json.RawMessage) error {
	num := rule{required: true, check: number}
	opt := rule{check: number}
	return checkObject(FieldTurnCost, v, map[string]rule{
		"components": {required: true, check: func(path string, v json.RawMessage) error {
			return checkObject(path, v, map[string]rule{"latency": num, "contextReset": num, "renegotiation": num, "tokenBloat": num, "attentionSwitch": num})
		}},
		"weights": {check: func(path string, v json.RawMessage) error {
			return checkObject(path, v, map[string]rule{"lambda": opt, "gamma": opt, "rho": opt, "tau": opt, "alpha": opt})
		}},
		"weightedScore": opt, "sessionId": {check: str}, "timestamp": {check: str},
	})
}

func checkEnum(path string, v json.RawMessage, allowed []string) error { return enum(allowed)(path, v) }

func enum(allowed []string) func(string, json.RawMessage) error {
	return func(path string, v json.RawMessage) error {
		var s string
		if len(v) == 0 || v[0] != '"' || json.Unmarshal(v, &s) != nil {
			return baton.Invalid(path, "%s must be one of %s, not %s", path, strings.Join(allowed, ", "), kindOf(v))
		}
		if !slices.Contains(allowed, s) {
			return baton.Invalid(path, "%s must be one of %s; got %q", path, strings.Join(allowed, ", "), s)
		}
		return nil
	}
}

func str(path string, v json.RawMessage) error {
	_, err := optionalString(path, v)
	return err
}

func strs(path string, v json.RawMessage) error {
	_, err := stringList(path, v)
	return err
}

func number(path string, v json.RawMessage) error {
	if kindOf(v) != "a number" {
		return baton.Invalid(path, "%s must be a number, not %s", path, kindOf(v))
	}
	return nil
}

func boolean(path string, v json.RawMessage) error {
	if kindOf(v) != "a boolean" {
		return baton.Invalid(path, "%s must be true or false, not %s", path, kindOf(v))
	}
	return nil
}
