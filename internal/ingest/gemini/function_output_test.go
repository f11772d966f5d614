package gemini

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFunctionOutputAsByParts compares the one-pass reading of a tool
// call's result with the reading part by part on random results: lists
// of parts in every shape (function responses with an output, an error,
// both, neither, null or no response at all; text, thought and call
// parts; nulls, numbers, strings and nested lists as parts), with keys
// written in other cases, repeated, values of other types, invalid
// UTF-8, escapes and blanks, and some of them cut short or with a byte
// changed. Whenever the one pass answers, it answers what the parts do.
func TestFunctionOutputAsByParts(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 38))
	answered := 0
	const n = 200000
	for i := range n {
		result := []byte(randomResult(r))
		switch r.IntN(10) {
		case 0:
			result = result[:r.IntN(len(result)+1)]
		case 1:
			if len(result) > 0 {
				result[r.IntN(len(result))] = byte(r.IntN(256))
			}
		}
		display := json.RawMessage(`"shown"`)
		got, ok := functionOutput(result)
		if !ok {
			continue
		}
		answered++
		if want := responseTextByParts(result, display); got != want {
			t.Fatalf("case %d: %s\none pass: %q\nby parts: %q", i, result, got, want)
		}
	}
	if answered < n/10 {
		t.Fatalf("the one pass answered %d of %d results: too few to compare", answered, n)
	}
}

func randomResult(r *rand.Rand) string {
	if r.IntN(20) == 0 {
		return randomPart(r) // a single part, or anything else
	}
	var b strings.Builder
	b.WriteString(blank(r) + "[")
	for i := range r.IntN(4) {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(blank(r) + randomPart(r) + blank(r))
	}
	b.WriteString("]" + blank(r))
	return b.String()
}

func randomPart(r *rand.Rand) string {
	switch r.IntN(12) {
	case 0:
		return "null"
	case 1:
		return "42"
	case 2:
		return randomString(r)
	case 3:
		return "[" + randomPart(r) + "]"
	case 4:
		return `{"text":` + randomValue(r) + `}`
	case 5:
		return `{"thought":true,"text":` + randomString(r) + `}`
	case 6:
		return `{"functionCall":{"id":"c1","name":"run_shell_command","args":{"command":"ls"}}}`
	}
	var fields []string
	fields = append(fields, key(r, "functionResponse")+`:`+randomFunctionResponse(r))
	if r.IntN(4) == 0 {
		fields = append(fields, key(r, "text")+`:`+randomValue(r))
	}
	if r.IntN(6) == 0 {
		fields = append(fields, key(r, "functionResponse")+`:`+randomFunctionResponse(r))
	}
	r.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
	return "{" + strings.Join(fields, ",") + "}"
}

func randomFunctionResponse(r *rand.Rand) string {
	switch r.IntN(10) {
	case 0:
		return "null"
	case 1:
		return randomString(r)
	case 2:
		return `{"id":"c1","name":"read_file"}`
	}
	var response string
	switch r.IntN(10) {
	case 0:
		response = "null"
	case 1:
		response = randomString(r)
	case 2:
		response = `[` + randomString(r) + `]`
	default:
		var fields []string
		for range 1 + r.IntN(3) {
			name := []string{"output", "error", "result", "output", "error"}[r.IntN(5)]
			fields = append(fields, key(r, name)+":"+randomValue(r))
		}
		response = "{" + strings.Join(fields, ",") + "}"
	}
	return `{"id":"c1","name":"run_shell_command",` + key(r, "response") + `:` + response + `}`
}

// key is name, now and then in other cases.
func key(r *rand.Rand, name string) string {
	switch r.IntN(12) {
	case 0:
		name = strings.ToUpper(name)
	case 1:
		name = strings.ToUpper(name[:1]) + name[1:]
	}
	return `"` + name + `"`
}

func randomValue(r *rand.Rand) string {
	switch r.IntN(8) {
	case 0:
		return "null"
	case 1:
		return "7"
	case 2:
		return "true"
	case 3:
		return `{"a":1}`
	}
	return randomString(r)
}

func randomString(r *rand.Rand) string {
	pieces := []string{"ok", "line\\none", `\"quoted\"`, "\\u00e9t\\u00e9", "\\ud83d\\ude00", "caf\xc3\xa9", "\xff\xfe", "tab\\t",
		"\\u0000", "<b>&amp;</b>", "  spaced  ", "\\\\", "日本語", "\\ud800", "\x01"}
	var b strings.Builder
	b.WriteString(`"`)
	for range r.IntN(6) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	b.WriteString(`"`)
	return b.String()
}

func blank(r *rand.Rand) string {
	return []string{"", "", " ", "\n", "\t "}[r.IntN(5)]
}
