// Package frames is Baton's side of Lex frames (schema v3, and the v4–v7
// fields by Lex's rules): it reads and validates Lex JSON (one frame, an
// array, NDJSON) with errors that name the field, normalises recall
// queries, and runs recall and imports through the store.
package frames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// Size limits, Lex's own (src/memory/validation/frame-validator.ts), so a
// frame Lex accepts Baton accepts; lengths count characters.
const (
	MaxString     = 10000   // any string field
	MaxArray      = 1000    // entries of any array field
	MaxArrayItem  = 500     // characters of one array entry
	MaxNested     = 50000   // serialised size of status_snapshot, spend, or any unknown field
	MaxFrameBytes = 1 << 20 // one whole frame
)

// Parse reads one frame from its Lex JSON and validates it. The error is a
// baton.Error naming the first field that is wrong, with a path such as
// "status_snapshot.next_action" or "keywords[3]".
func Parse(raw []byte) (*baton.Frame, error) { return parse(raw, false) }

// parse is Parse; valid tells that raw is known to be valid JSON.
func parse(raw []byte, valid bool) (*baton.Frame, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > MaxFrameBytes {
		return nil, baton.Invalid("(frame)", "a frame must be at most %d bytes; this one is %d", MaxFrameBytes, len(raw))
	}
	if !valid && !json.Valid(raw) {
		// The careful reading names what is wrong (a field's value, or
		// the frame itself).
		if _, err := decodeObject(raw, ""); err != nil {
			return nil, err
		}
		return nil, baton.Invalid("(frame)", "the frame is not valid JSON")
	}
	fields, err := objectFields(raw, "")
	if err != nil {
		return nil, err
	}
	f := &baton.Frame{}
	var seen uint // bit i: requiredFields[i] is given (a map a frame was a fifth of parsing)
	for _, fl := range fields {
		if i := slices.Index(requiredFields, fl.Name); i >= 0 {
			seen |= 1 << i
		}
		if err := setField(f, fl); err != nil {
			return nil, err
		}
	}
	for i, req := range requiredFields {
		if seen&(1<<i) == 0 {
			return nil, baton.Invalid(req, "%s is required", req)
		}
	}
	return f, keepRaw(f, raw, fields)
}

// requiredFields are the fields every frame must have, in the order a
// missing one is reported.
var requiredFields = []string{"id", "timestamp", "branch", "module_scope", "summary_caption", "reference_point", "status_snapshot"}

// keepRaw keeps the frame's JSON as it came (fields are its fields, in
// order) when what Baton would write from its fields differs, so an
// export gives back the same bytes. Fields in another order than
// Canonical's differ without writing it.
func keepRaw(f *baton.Frame, raw []byte, fields []baton.FrameField) error {
	b, err := compact(raw)
	if err != nil {
		return baton.Invalid("(frame)", "the frame is not valid JSON: %v", err)
	}
	if !inCanonicalOrder(fields) {
		f.Raw = b
		return nil
	}
	built, err := f.Canonical()
	if err != nil {
		return err
	}
	if !bytes.Equal(built, b) {
		f.Raw = b
	}
	return nil
}

// canonicalOrder is the order baton.Frame.Canonical writes the schema's
// fields in, before any other field.
var canonicalOrder = []string{"id", "timestamp", "branch", "jira", "module_scope", "summary_caption", "reference_point",
	"status_snapshot", "keywords", "atlas_frame_id", "feature_flags", "permissions", "image_ids", "runId", "planHash",
	"spend", "userId", "executorRole", "toolCalls", "guardrailProfile"}

// inCanonicalOrder tells whether fields stand in the order Canonical
// writes them: the schema's in its order, then the others.
func inCanonicalOrder(fields []baton.FrameField) bool {
	last := -1
	for _, f := range fields {
		rank := len(canonicalOrder)
		for i, name := range canonicalOrder {
			if name == f.Name {
				rank = i
				break
			}
		}
		if rank < last {
			return false
		}
		last = rank
	}
	return true
}

// objectFields splits a JSON object of a frame (valid JSON, as Parse
// checked) into its fields in order, refusing anything else and a field
// given twice.
func objectFields(raw []byte, path string) ([]baton.FrameField, error) {
	if fields, ok := fastObject(raw); ok {
		return fields, nil
	}
	return decodeObject(raw, path)
}

// decodeObject is objectFields with encoding/json's decoder, which says
// what is wrong with JSON that is not valid.
func decodeObject(raw []byte, path string) ([]baton.FrameField, error) {
	what := path
	if what == "" {
		what = "(frame)"
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, baton.Invalid(what, "%s is not valid JSON: %v", describe(path), err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, baton.Invalid(what, "%s must be a JSON object, not %s", describe(path), kindOf(raw))
	}
	var out []baton.FrameField
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, baton.Invalid(what, "%s is not valid JSON: %v", describe(path), err)
		}
		name := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, baton.Invalid(join(path, name), "%s is not valid JSON: %v", join(path, name), err)
		}
		if seen[name] {
			return nil, baton.Invalid(join(path, name), "%s is given twice", join(path, name))
		}
		seen[name] = true
		out = append(out, baton.FrameField{Name: name, Value: v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, baton.Invalid(what, "%s is not valid JSON: %v", describe(path), err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, baton.Invalid(what, "%s has more JSON after its closing brace", describe(path))
	}
	return out, nil
}

func describe(path string) string {
	if path == "" {
		return "the frame"
	}
	return path
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func setField(f *baton.Frame, fl baton.FrameField) error {
	var err error
	switch name, v := fl.Name, fl.Value; name {
	case "id":
		f.ID, err = requiredString(name, v)
	case "timestamp":
		if f.Timestamp, err = requiredString(name, v); err == nil {
			if f.At, err = ParseTimestamp(f.Timestamp); err == nil {
				err = baton.CheckTime(name, f.At)
			}
		}
	case "branch":
		f.Branch, err = requiredString(name, v)
	case "module_scope":
		if f.ModuleScope, err = stringList(name, v); err == nil {
			if len(f.ModuleScope) == 0 {
				return baton.Invalid(name, "module_scope must have at least one entry")
			}
			for i, m := range f.ModuleScope {
				if strings.TrimSpace(m) == "" {
					return baton.Invalid(fmt.Sprintf("%s[%d]", name, i), "%s[%d] is empty; name a module", name, i)
				}
			}
		}
	case "summary_caption":
		f.SummaryCaption, err = requiredString(name, v)
	case "reference_point":
		f.ReferencePoint, err = requiredString(name, v)
	case "status_snapshot":
		err = parseStatus(&f.StatusSnapshot, v)
	case "jira":
		f.Jira, err = optionalString(name, v)
	case "keywords":
		f.Keywords, err = stringList(name, v)
	case "atlas_frame_id":
		f.AtlasFrameID, err = optionalString(name, v)
	case "feature_flags":
		f.FeatureFlags, err = stringList(name, v)
	case "permissions":
		f.Permissions, err = stringList(name, v)
	case "image_ids":
		f.ImageIDs, err = stringList(name, v)
	case "runId":
		f.RunID, err = optionalString(name, v)
	case "planHash":
		f.PlanHash, err = optionalString(name, v)
	case "spend":
		f.Spend, err = parseSpend(v)
	case "userId":
		f.UserID, err = optionalString(name, v)
	case "executorRole":
		f.ExecutorRole, err = optionalString(name, v)
	case "toolCalls":
		f.ToolCalls, err = stringList(name, v)
	case "guardrailProfile":
		f.GuardrailProfile, err = optionalString(name, v)
	default:
		if later, lerr := checkLater(name, v); later && lerr != nil {
			return lerr
		}
		err = keepUnknown(&f.Extra, name, v)
	}
	return err
}

func parseStatus(s *baton.FrameStatus, v json.RawMessage) error {
	const path = "status_snapshot"
	if len(v) > MaxNested {
		return baton.Invalid(path, "%s must be at most %d characters of JSON", path, MaxNested)
	}
	fields, err := objectFields(v, path)
	if err != nil {
		return err
	}
	hasNext := false
	for _, fl := range fields {
		name := path + "." + fl.Name
		switch fl.Name {
		case "next_action":
			hasNext = true
			s.NextAction, err = requiredString(name, fl.Value)
		case "blockers":
			s.Blockers, err = stringList(name, fl.Value)
		case "merge_blockers":
			s.MergeBlockers, err = stringList(name, fl.Value)
		case "tests_failing":
			s.TestsFailing, err = stringList(name, fl.Value)
		default:
			err = keepUnknown(&s.Extra, name, fl.Value)
			if err == nil {
				s.Extra[len(s.Extra)-1].Name = fl.Name
			}
		}
		if err != nil {
			return err
		}
	}
	if !hasNext {
		return baton.Invalid(path+".next_action", "status_snapshot.next_action is required: what should happen next")
	}
	return nil
}

func parseSpend(v json.RawMessage) (*baton.FrameSpend, error) {
	const path = "spend"
	if len(v) > MaxNested {
		return nil, baton.Invalid(path, "%s must be at most %d characters of JSON", path, MaxNested)
	}
	fields, err := objectFields(v, path)
	if err != nil {
		return nil, err
	}
	s := &baton.FrameSpend{}
	for _, fl := range fields {
		name := path + "." + fl.Name
		switch fl.Name {
		case "prompts":
			s.Prompts, err = count(name, fl.Value)
		case "tokens_estimated":
			s.TokensEstimated, err = count(name, fl.Value)
		default:
			err = keepUnknown(&s.Extra, name, fl.Value)
			if err == nil {
				s.Extra[len(s.Extra)-1].Name = fl.Name
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// keepUnknown keeps a field the schema does not name, exactly as it came
// (compacted), within the size limit.
func keepUnknown(extra *[]baton.FrameField, name string, v json.RawMessage) error {
	if len(v) > MaxNested {
		return baton.Invalid(name, "%s must be at most %d characters of JSON", name, MaxNested)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		return baton.Invalid(name, "%s is not valid JSON: %v", name, err)
	}
	*extra = append(*extra, baton.FrameField{Name: name, Value: b.Bytes()})
	return nil
}

func requiredString(name string, v json.RawMessage) (string, error) {
	s, err := stringOf(v)
	if err != nil {
		return "", baton.Invalid(name, "%s must be a string, not %s", name, kindOf(v))
	}
	if strings.TrimSpace(s) == "" {
		return "", baton.Invalid(name, "%s is required and must not be empty", name)
	}
	return s, checkText(name, s, MaxString)
}

// stringOf reads a JSON string.
func stringOf(v json.RawMessage) (string, error) {
	if s, ok := fastString(v); ok {
		return s, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil || v[0] != '"' {
		return "", errNotString
	}
	return s, nil
}

var errNotString = errors.New("not a string")

func optionalString(name string, v json.RawMessage) (*string, error) {
	s, err := stringOf(v)
	if err != nil {
		return nil, baton.Invalid(name, "%s must be a string, not %s (leave it out when there is none)", name, kindOf(v))
	}
	return &s, checkText(name, s, MaxString)
}

// stringList reads an array of strings; an empty array stays an empty,
// non-nil slice so it comes back out as [].
func stringList(name string, v json.RawMessage) ([]string, error) {
	if v[0] != '[' {
		return nil, baton.Invalid(name, "%s must be an array of strings, not %s", name, kindOf(v))
	}
	items, ok := arrayItems(v)
	if !ok {
		return nil, baton.Invalid(name, "%s must be an array of strings, not %s", name, kindOf(v))
	}
	if len(items) > MaxArray {
		return nil, baton.Invalid(name, "%s must have at most %d entries; it has %d", name, MaxArray, len(items))
	}
	out := make([]string, len(items))
	for i, it := range items {
		item := func() string { return fmt.Sprintf("%s[%d]", name, i) }
		if len(it) == 0 || it[0] != '"' {
			return nil, baton.Invalid(item(), "%s must be a string, not %s", item(), kindOf(it))
		}
		var err error
		if out[i], err = stringOf(it); err != nil {
			return nil, baton.Invalid(item(), "%s is not a valid string: %v", item(), err)
		}
		if len(out[i]) > MaxArrayItem {
			if err := checkLength(item(), out[i], MaxArrayItem); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// count reads a spend value: a whole number, 0 or more. 12.0 and 1e3 are
// whole numbers; 1.5 and -1 are not.
func count(name string, v json.RawMessage) (*int64, error) {
	bad := baton.Invalid(name, "%s must be a whole number, 0 or more; got %s", name, string(v))
	var num json.Number
	if len(v) == 0 || (v[0] != '-' && (v[0] < '0' || v[0] > '9')) || json.Unmarshal(v, &num) != nil {
		return nil, baton.Invalid(name, "%s must be a whole number, 0 or more, not %s", name, kindOf(v))
	}
	if n, err := strconv.ParseInt(num.String(), 10, 64); err == nil {
		if n < 0 {
			return nil, bad
		}
		return &n, nil
	}
	x, err := num.Float64()
	if err != nil || x < 0 || x != math.Trunc(x) || x > 1<<53 {
		return nil, bad
	}
	n := int64(x)
	return &n, nil
}

// checkText refuses NUL (PostgreSQL text cannot hold it) and overlong text.
func checkText(name, s string, max int) error {
	if strings.ContainsRune(s, 0) {
		return baton.Invalid(name, "%s must not contain NUL characters", name)
	}
	return checkLength(name, s, max)
}

func checkLength(name, s string, max int) error {
	if len(s) > max && utf8.RuneCountInString(s) > max {
		return baton.Invalid(name, "%s must be at most %d characters; it has %d", name, max, utf8.RuneCountInString(s))
	}
	return nil
}

// kindOf names the JSON type of a value for an error message.
func kindOf(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// ParseTimestamp reads a frame's timestamp; see baton.ParseFrameTime.
func ParseTimestamp(s string) (time.Time, error) { return baton.ParseFrameTime(s) }
