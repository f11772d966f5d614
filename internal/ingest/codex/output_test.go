package codex

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// outputTextBefore is outputText as it was before the wrapped output was
// read by jsonfast.String: the reference the faster reading must match.
func outputTextBefore(raw json.RawMessage) (string, bool) {
	var s string
	if maybeString(raw) && json.Unmarshal(raw, &s) == nil {
		var wrapped struct {
			Output   *string `json:"output"`
			Metadata struct {
				ExitCode *int `json:"exit_code"`
			} `json:"metadata"`
		}
		if strings.HasPrefix(strings.TrimSpace(s), "{") && json.Unmarshal([]byte(s), &wrapped) == nil && wrapped.Output != nil {
			return *wrapped.Output, wrapped.Metadata.ExitCode != nil && *wrapped.Metadata.ExitCode != 0
		}
		return s, false
	}
	var obj struct {
		Content *string `json:"content"`
		Success *bool   `json:"success"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.Content != nil {
		return *obj.Content, obj.Success != nil && !*obj.Success
	}
	var items []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &items) == nil {
		var parts []string
		for _, i := range items {
			if i.Text != "" {
				parts = append(parts, i.Text)
			} else if i.Type != "" {
				parts = append(parts, "["+i.Type+"]")
			}
		}
		return strings.Join(parts, "\n"), false
	}
	return string(raw), false
}

// wrap writes s as a JSON string, as Codex writes a shell call's output.
func wrap(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

var outputCases = []string{
	wrap(`{"output":"ok\n","metadata":{"exit_code":0,"duration_seconds":0.1}}`),
	wrap(`{"output":"FAIL: TestX\n\tx_test.go:12: \"want\" \\ got","metadata":{"exit_code":1}}`),
	wrap(` {"metadata":{"exit_code":2},"output":"é \u001b[0m \ud83d\ude00 \ud83d"}`),
	wrap(`{"output":null,"metadata":{"exit_code":1}}`),
	wrap(`{"output":12,"metadata":{"exit_code":1}}`),
	wrap(`{"output":"x","metadata":{"exit_code":"1"}}`),
	wrap(`{"output":"x","metadata":{"exit_code":1.5}}`),
	wrap(`{"output":"x"}`), wrap(`{"other":"x"}`), wrap(`{"output":"x\'"}`), wrap(`{"output":"unclosed`),
	wrap("{\"output\":\"bad \xff utf8\"}"), wrap(`{"OUTPUT":"case","Metadata":{"Exit_Code":3}}`),
	wrap("plain text output\nline 2"), wrap(""), `"\ud800"`, `"bad \x"`,
	wrap(`{"output":"a","metadata":null}`), wrap(`{"output":"a","metadata":{}} `), wrap(`{"output":"a","metadata":7}`),
	wrap(`{"output":"a","metadata":{"exit_code":1},"output":"b"}`), wrap(`{"output":"a","metadata":{"exit_code":1}}}`),
	wrap(`{"output":"a\"","metadata":{"exit_code":3,"exit_code":0}}`), wrap(`{"output":"a\\","metadata":{"exit_code":4}}`),
	wrap("{\"output\":\"tab\tin\",\"metadata\":{\"exit_code\":1}}"), wrap(`{"output":"a","metadata":{"exit_code":1} }`),
	wrap(`{"output":"a","metadata":{"exit_code":1}, "x":1}`), wrap(`{"output":"a" ,"metadata":{"exit_code":1}}`),
	`{"content":"done","success":false}`, `{"content":"done"}`, `[{"type":"input_text","text":"a"},{"type":"input_image"}]`,
	`12`, `null`, ` "spaced" `,
}

func TestOutputTextAsBefore(t *testing.T) {
	for _, c := range outputCases {
		got, gotErr := outputText(json.RawMessage(c))
		want, wantErr := outputTextBefore(json.RawMessage(c))
		if got != want || gotErr != wantErr {
			t.Errorf("outputText(%s) = %q, %v; before: %q, %v", c, got, gotErr, want, wantErr)
		}
	}
}

func FuzzOutputText(f *testing.F) {
	for _, c := range outputCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, c string) {
		got, gotErr := outputText(json.RawMessage(c))
		want, wantErr := outputTextBefore(json.RawMessage(c))
		if got != want || gotErr != wantErr {
			t.Errorf("outputText(%q) = %q, %v; before: %q, %v", c, got, gotErr, want, wantErr)
		}
	})
}

// The object as Codex writes it, read without decoding it whole, reads as
// it decodes: objects of the two keys and their neighbours put together at
// random, with escapes and metadata of every kind.
func TestWrappedOutputAsWrittenAsDecoded(t *testing.T) {
	pick := func(rng *rand.Rand, from ...string) string { return from[rng.IntN(len(from))] }
	body := []string{`\"`, `\\`, `\n`, `\u00e9`, `\ud83d`, `\ude00`, `\x`, `\`, "\t", "\xff", "é", "text ", `"`, `}`, `,"metadata":{}`, `,"output":"`}
	rng := rand.New(rand.NewPCG(2, 6))
	asWritten := 0
	for range 400000 {
		var output, metadata strings.Builder
		output.WriteString(pick(rng, `"`, `"`, `"`, ``, `{"x":`))
		for range rng.IntN(6) {
			output.WriteString(pick(rng, body...))
		}
		output.WriteString(pick(rng, `"`, `"`, ``))
		metadata.WriteString(pick(rng, `{"exit_code":0}`, `{"exit_code":1}`, `{"exit_code":1,"exit_code":0}`, `{"exit_code":"2"}`,
			`{"exit_code":1.5}`, `null`, `{}`, `7`, `{"exit_code":3`, `[]`, `{"note":",\"output\":\""}`, `{"exit_code":1},"x":1`))
		var b strings.Builder
		if rng.IntN(2) == 0 { // as Codex writes it
			b.WriteString(pick(rng, `{"output":`, `{"output":`, ` {"output":`, `{"Output":`))
			b.WriteString(output.String())
			b.WriteString(pick(rng, `,"metadata":`, `,"metadata":`, `,"metadata" :`, `,`))
			b.WriteString(metadata.String())
		} else { // its keys sorted
			b.WriteString(pick(rng, `{"metadata":`, `{"metadata":`, ` {"metadata":`, `{"Metadata":`))
			b.WriteString(metadata.String())
			b.WriteString(pick(rng, `,"output":`, `,"output":`, `,"output" :`, `,`))
			b.WriteString(output.String())
		}
		b.WriteString(pick(rng, `}`, `}`, ` }`, `}}`, `,"output":"b"}`, `,"metadata":null}`, ``, `x`, `]`))
		s := b.String()
		out, failed, ok := wrappedOutputAsWritten(s)
		if !ok {
			continue
		}
		asWritten++
		if wantOut, wantFailed, wantOK := wrappedOutputDecoded(s); out != wantOut || failed != wantFailed || !wantOK {
			t.Fatalf("%q read as written: %q, %v; decoded: %q, %v, %v", s, out, failed, wantOut, wantFailed, wantOK)
		}
	}
	if asWritten < 2000 {
		t.Fatalf("only %d random objects were read as written", asWritten)
	}
}
