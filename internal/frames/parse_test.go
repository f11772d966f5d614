package frames

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/baton-dev/baton/internal/baton"
)

// full is a frame with every field of schema v3 and fields Baton does not
// know, at the top and inside status_snapshot and spend, in schema order.
const full = `{"id":"f-a1b2","timestamp":"2025-11-15T09:45:00.123+02:00","branch":"feature/auth-refactor","jira":"AUTH-456",` +
	`"module_scope":["auth/oauth","auth/jwt"],"summary_caption":"Refactored OAuth flow","reference_point":"auth-refactor-phase-1",` +
	`"status_snapshot":{"next_action":"Add integration tests","blockers":[],"merge_blockers":["needs review"],"tests_failing":["auth.test.ts:12"],"mood":"ok"},` +
	`"keywords":["oauth","jwt"],"atlas_frame_id":"atlas-f-1","feature_flags":["new-auth-flow"],"permissions":["auth:read"],"image_ids":[],` +
	`"runId":"run-abc","planHash":"sha256:def","spend":{"prompts":12,"tokens_estimated":45000,"cost_usd":0.42},` +
	`"userId":"u-1","executorRole":"senior-dev","toolCalls":["mcp_plan_create"],"guardrailProfile":"standard",` +
	`"turnCost":{"components":{"latency":1.5e3,"contextReset":0,"renegotiation":0,"tokenBloat":0,"attentionSwitch":0}},"capabilityTier":"mid","merged_from":["f-0"],"x_null":null}`

func TestParseKeepsEveryFieldAndRoundTrips(t *testing.T) {
	f, err := Parse([]byte(full))
	if err != nil {
		t.Fatal(err)
	}
	if f.ExecutorRole == nil || *f.ExecutorRole != "senior-dev" || f.GuardrailProfile == nil || len(f.ToolCalls) != 1 {
		t.Fatalf("v3 fields lost: %+v", f)
	}
	if f.ImageIDs == nil || len(f.ImageIDs) != 0 || f.StatusSnapshot.Blockers == nil {
		t.Fatal("an empty array must stay an empty array, not vanish")
	}
	if want := time.Date(2025, 11, 15, 7, 45, 0, 123e6, time.UTC); !f.At.Equal(want) {
		t.Fatalf("At = %v, want %v", f.At, want)
	}
	if len(f.Extra) != 4 || f.Extra[0].Name != "turnCost" || string(f.Extra[0].Value) != `{"components":{"latency":1.5e3,"contextReset":0,"renegotiation":0,"tokenBloat":0,"attentionSwitch":0}}` {
		t.Fatalf("unknown fields not kept verbatim: %+v", f.Extra)
	}
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, []byte(full)) {
		t.Fatalf("round trip differs:\n got %s\nwant %s", out, full)
	}
}

func TestParseMinimalFrameWritesNoOptionalFields(t *testing.T) {
	in := `{"id":"f-1","timestamp":"2025-12-01T10:30:00Z","branch":"main","module_scope":["memory/store"],"summary_caption":"s","reference_point":"r","status_snapshot":{"next_action":"n"}}`
	f, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(f)
	if string(out) != in {
		t.Fatalf("got %s", out)
	}
}

// edit returns the minimal valid frame with one field set (or removed, for nil).
func edit(field string, value any) []byte {
	m := map[string]any{
		"id": "f-1", "timestamp": "2025-12-01T10:30:00Z", "branch": "main", "module_scope": []string{"cli"},
		"summary_caption": "s", "reference_point": "r", "status_snapshot": map[string]any{"next_action": "n"},
	}
	if value == nil {
		delete(m, field)
	} else {
		m[field] = value
	}
	b, _ := json.Marshal(m)
	return b
}

func TestValidationNamesTheField(t *testing.T) {
	long := strings.Repeat("x", MaxString+1)
	many := make([]string, MaxArray+1)
	for i := range many {
		many[i] = "k"
	}
	cases := []struct {
		name  string
		raw   []byte
		field string
	}{
		// required fields present
		{"missing id", edit("id", nil), "id"},
		{"missing timestamp", edit("timestamp", nil), "timestamp"},
		{"missing branch", edit("branch", nil), "branch"},
		{"missing module_scope", edit("module_scope", nil), "module_scope"},
		{"missing summary_caption", edit("summary_caption", nil), "summary_caption"},
		{"missing reference_point", edit("reference_point", nil), "reference_point"},
		{"missing status_snapshot", edit("status_snapshot", nil), "status_snapshot"},
		{"missing next_action", edit("status_snapshot", map[string]any{"blockers": []string{}}), "status_snapshot.next_action"},
		// required fields non-empty
		{"empty id", edit("id", ""), "id"},
		{"blank branch", edit("branch", "  "), "branch"},
		{"empty summary", edit("summary_caption", ""), "summary_caption"},
		{"empty module_scope", edit("module_scope", []string{}), "module_scope"},
		{"empty module entry", edit("module_scope", []string{"a", ""}), "module_scope[1]"},
		{"empty next_action", edit("status_snapshot", map[string]any{"next_action": ""}), "status_snapshot.next_action"},
		// timestamp
		{"timestamp not a time", edit("timestamp", "yesterday"), "timestamp"},
		{"timestamp date only", edit("timestamp", "2025-12-01"), "timestamp"},
		{"timestamp bad month", edit("timestamp", "2025-13-01T10:00:00Z"), "timestamp"},
		{"timestamp a number", edit("timestamp", 1733049000), "timestamp"},
		{"timestamp year 0", edit("timestamp", "0000-06-01T00:00:00Z"), "timestamp"},
		{"timestamp past year 9999 in UTC", edit("timestamp", "9999-12-31T23:30:00-02:00"), "timestamp"},
		// types of optional fields
		{"jira a number", edit("jira", 456), "jira"},
		{"jira null", edit("jira", json.RawMessage("null")), "jira"},
		{"keywords a string", edit("keywords", "oauth"), "keywords"},
		{"keywords with a number", edit("keywords", []any{"a", 2}), "keywords[1]"},
		{"atlas_frame_id object", edit("atlas_frame_id", map[string]any{}), "atlas_frame_id"},
		{"feature_flags", edit("feature_flags", true), "feature_flags"},
		{"permissions", edit("permissions", []any{nil}), "permissions[0]"},
		{"image_ids", edit("image_ids", 3), "image_ids"},
		{"runId", edit("runId", []string{}), "runId"},
		{"planHash", edit("planHash", false), "planHash"},
		{"spend not object", edit("spend", 3), "spend"},
		{"userId", edit("userId", 7), "userId"},
		{"executorRole", edit("executorRole", []string{"x"}), "executorRole"},
		{"toolCalls string", edit("toolCalls", "mcp_x"), "toolCalls"},
		{"guardrailProfile", edit("guardrailProfile", 1), "guardrailProfile"},
		{"blockers", edit("status_snapshot", map[string]any{"next_action": "n", "blockers": "x"}), "status_snapshot.blockers"},
		{"tests_failing item", edit("status_snapshot", map[string]any{"next_action": "n", "tests_failing": []any{1}}), "status_snapshot.tests_failing[0]"},
		{"status_snapshot array", edit("status_snapshot", []string{"n"}), "status_snapshot"},
		// spend values: non-negative whole numbers
		{"spend negative", edit("spend", map[string]any{"prompts": -1}), "spend.prompts"},
		{"spend fraction", edit("spend", map[string]any{"tokens_estimated": 1.5}), "spend.tokens_estimated"},
		{"spend string", edit("spend", map[string]any{"prompts": "12"}), "spend.prompts"},
		// size limits
		{"string too long", edit("summary_caption", long), "summary_caption"},
		{"optional string too long", edit("jira", long), "jira"},
		{"array too long", edit("keywords", many), "keywords"},
		{"array item too long", edit("toolCalls", []string{strings.Repeat("y", MaxArrayItem+1)}), "toolCalls[0]"},
		{"unknown field too large", edit("turnCost", map[string]any{"blob": long + long + long + long + long + long}), "turnCost"},
		{"NUL in a string", edit("branch", "ma\x00in"), "branch"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.raw)
			if err == nil {
				t.Fatalf("accepted %s", c.raw)
			}
			if got := baton.ErrorField(err); got != c.field || baton.ErrorCode(err) != baton.EINVALID {
				t.Fatalf("field = %q (code %s), want %q: %v", got, baton.ErrorCode(err), c.field, err)
			}
			if !strings.Contains(baton.ErrorMessage(err), strings.Split(strings.Split(c.field, "[")[0], ".")[0]) {
				t.Fatalf("message does not name the field: %q", baton.ErrorMessage(err))
			}
		})
	}
}

func TestValidationAccepts(t *testing.T) {
	cases := map[string][]byte{
		"timestamp with offset":      edit("timestamp", "2025-12-01T12:30:00+02:00"),
		"timestamp with fraction":    edit("timestamp", "2025-12-01T10:30:00.123456Z"),
		"timestamp without offset":   edit("timestamp", "2025-12-01T10:30:00"),
		"spend whole float":          edit("spend", map[string]any{"prompts": 12.0, "tokens_estimated": json.RawMessage("1e3")}),
		"spend zero":                 edit("spend", map[string]any{"prompts": 0}),
		"empty optional string":      edit("jira", ""),
		"string at the limit":        edit("summary_caption", strings.Repeat("é", MaxString)),
		"unknown fields of any type": edit("superseded_by", "f-9"),
	}
	for name, raw := range cases {
		if _, err := Parse(raw); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestParseRefusesWhatIsNotAFrameObject(t *testing.T) {
	for _, in := range []string{`null`, `[]`, `"frame"`, `42`, `{"id":"a","id":"b"}`, `{"id":`, `{} {}`} {
		if _, err := Parse([]byte(in)); err == nil || baton.ErrorCode(err) != baton.EINVALID {
			t.Errorf("Parse(%s) = %v", in, err)
		}
	}
}

func TestSplitReadsOneArrayAndNDJSON(t *testing.T) {
	one := edit("id", "a")
	arr := []byte("[" + string(edit("id", "a")) + "," + string(edit("id", "b")) + "]")
	nd := []byte(string(edit("id", "a")) + "\n\n" + `{"id": broken` + "\n" + string(edit("id", "c")) + "\n")
	if d, err := Split(one); err != nil || len(d) != 1 {
		t.Fatalf("one: %v %v", d, err)
	}
	if d, err := Split(arr); err != nil || len(d) != 2 {
		t.Fatalf("array: %v %v", d, err)
	}
	d, err := Split(nd)
	if err != nil || len(d) != 3 {
		t.Fatalf("ndjson: %+v %v", d, err)
	}
	if p := parseAll(d); p[0].err != nil || baton.ErrorMessage(p[1].err) != "line is not valid JSON; NDJSON holds one frame per line" || p[2].err != nil {
		t.Fatalf("ndjson lines: %+v", p)
	}
	if _, err := Split([]byte("  ")); err == nil {
		t.Fatal("empty body accepted")
	}
	if !LooksLikeFrames(one) || !LooksLikeFrames(arr) || !LooksLikeFrames(nd) {
		t.Fatal("frame files not recognised")
	}
	if LooksLikeFrames([]byte(`{"session":{"title":"x"},"messages":[]}`)) || LooksLikeFrames([]byte(`[{"mapping":{}}]`)) {
		t.Fatal("a non-frame file recognised as frames")
	}
}

// TestParseLaterFields checks the v4–v7 fields by Lex's rules, naming the
// field that is wrong, and keeps a valid one verbatim.
func TestParseLaterFields(t *testing.T) {
	base := `{"id":"f1","timestamp":"2025-12-01T10:30:00Z","branch":"main","module_scope":["m"],"summary_caption":"s","reference_point":"r","status_snapshot":{"next_action":"n"}`
	ok := []string{
		`"turnCost":{"components":{"latency":1.5,"contextReset":0,"renegotiation":2,"tokenBloat":0,"attentionSwitch":1},"weights":{"lambda":0.1},"weightedScore":3,"sessionId":"s1","extra":1}`,
		`"capabilityTier":"junior"`,
		`"taskComplexity":{"tier":"mid","escalated":true,"retryCount":2,"assignedModel":"m"}`,
		`"superseded_by":"f2","merged_from":["f0","f-1"]`,
		`"contradiction_resolution":{"type":"keep-both","contradicts_frame_id":"f0","note":"both hold"}`,
		`"module_attribution":{"mode":"fallback","confidence":"low","evidence":["mcp:module_scope"]}`,
	}
	for _, x := range ok {
		f, err := Parse([]byte(base + "," + x + "}"))
		if err != nil {
			t.Fatalf("%s: %v", x, err)
		}
		if got := string(baton.MarshalFrameFields(f.Extra)); "{"+x+"}" != got {
			t.Errorf("%s kept as %s", x, got)
		}
	}
	bad := map[string]string{
		`"turnCost":{"components":{"latency":1,"contextReset":0,"renegotiation":2,"tokenBloat":0}}`:                       "turnCost.components.attentionSwitch",
		`"turnCost":{"components":{"latency":"1","contextReset":0,"renegotiation":2,"tokenBloat":0,"attentionSwitch":1}}`: "turnCost.components.latency",
		`"turnCost":{"weights":{}}`:                                                "turnCost.components",
		`"capabilityTier":"principal"`:                                             "capabilityTier",
		`"taskComplexity":{"escalated":true}`:                                      "taskComplexity.tier",
		`"taskComplexity":{"tier":"mid","escalated":"yes"}`:                        "taskComplexity.escalated",
		`"superseded_by":7`:                                                        "superseded_by",
		`"merged_from":["f0",1]`:                                                   "merged_from[1]",
		`"contradiction_resolution":{"type":"ignore","contradicts_frame_id":"f0"}`: "contradiction_resolution.type",
		`"contradiction_resolution":{"type":"scope"}`:                              "contradiction_resolution.contradicts_frame_id",
		`"module_attribution":{"mode":"explicit","confidence":"high"}`:             "module_attribution.evidence",
		`"module_attribution":null`:                                                "module_attribution",
	}
	for x, field := range bad {
		_, err := Parse([]byte(base + "," + x + "}"))
		if got := baton.ErrorField(err); got != field {
			t.Errorf("%s: field %q (%v), want %q", x, got, err, field)
		}
	}
}
