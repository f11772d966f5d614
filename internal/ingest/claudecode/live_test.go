package claudecode

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestOpenResponse(t *testing.T) {
	prompt := `{"type":"user","uuid":"p","message":{"role":"user","content":"fix it"}}`
	prompt2 := `{"type":"user","uuid":"p2","message":{"role":"user","content":[{"type":"text","text":"and the docs"}]}}`
	x1 := `{"type":"assistant","uuid":"x1","message":{"id":"msg_X","content":[{"type":"thinking","thinking":"hm"}]}}`
	x2 := `{"type":"assistant","uuid":"x2","message":{"id":"msg_X","content":[{"type":"tool_use","id":"t1","name":"Read","input":{}}]}}`
	result := `{"type":"user","uuid":"r","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}}`
	y1 := `{"type":"assistant","uuid":"y1","message":{"id":"msg_Y","content":[{"type":"text","text":"done"}]}}`
	noID := `{"type":"assistant","uuid":"n","message":{"content":[{"type":"text","text":"synthetic"}]}}`
	progress := `{"type":"progress","uuid":"g","data":{"type":"bash_progress"}}`
	join := func(lines ...string) string {
		if len(lines) == 0 {
			return ""
		}
		return strings.Join(lines, "\n") + "\n"
	}
	for _, tc := range []struct {
		name         string
		before, tail []string // tail is what must be held back
	}{
		{"empty", nil, nil},
		{"only a prompt", []string{prompt}, nil},
		{"first block of a response", []string{prompt}, []string{x1}},
		{"several blocks and a result", []string{prompt}, []string{x1, x2, result}},
		{"other lines after the response", []string{prompt}, []string{x1, progress}},
		{"a malformed line is no signal", []string{prompt}, []string{x1, "{not json", ""}},
		{"another response closes the first", []string{prompt, x1, x2, result}, []string{y1}},
		{"a prompt closes the response", []string{prompt, x1, x2, result, prompt2}, nil},
		{"a response without id is never merged", []string{prompt, noID}, nil},
		{"a response after one without id", []string{prompt, noID, result}, []string{y1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, tail := join(tc.before...), join(tc.tail...)
			data := []byte(before + tail)
			if got := OpenResponse(data); got != len(before) {
				t.Fatalf("OpenResponse = %d (holds back %q), want %d", got, data[got:], len(before))
			}
		})
	}
}

func TestNextPrompt(t *testing.T) {
	result := `{"type":"assistant","message":{"id":"m","content":[{"type":"text","text":"ok"}]}}` + "\n" +
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":"x"}]}}` + "\n"
	prompt := `{"type":"user","message":{"content":"next, the docs"}}` + "\n"
	if got := NextPrompt([]byte(result)); got != -1 {
		t.Errorf("NextPrompt(no prompt) = %d", got)
	}
	if got := NextPrompt([]byte(result + prompt)); got != len(result) {
		t.Errorf("NextPrompt = %d, want %d", got, len(result))
	}
	if got := NextPrompt([]byte(result + "{broken\n" + prompt[:len(prompt)-1])); got != len(result)+len("{broken\n") {
		t.Errorf("NextPrompt(last line without newline) = %d", got)
	}
}

func TestYearZeroIsNoTime(t *testing.T) {
	data := `{"type":"user","uuid":"a","timestamp":"2025-01-02T03:04:05Z","message":{"content":"first"}}
{"type":"user","uuid":"b","timestamp":"0000-01-01T00:00:00Z","message":{"content":"second"}}
`
	doc, lineErrs, err := Parse(strings.NewReader(data), "y.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Kept at the time of the line before, and reported on its line.
	msgs := doc.Conversations[0].Messages
	if len(msgs) != 2 || len(lineErrs) != 1 || lineErrs[0].Line != 2 || !msgs[1].Timestamp.Equal(msgs[0].Timestamp) {
		t.Fatalf("a year-0 line: %d messages, line errors %v; want it kept at the time before, reported", len(msgs), lineErrs)
	}
}

// TestLiveParseNeverHandsOverWhatALongerReadChanges grows the fixture
// session line by line, in every combination of how far its main and
// subagent transcripts have come, and checks that each message a live read
// hands over (its lines up to OpenResponse, with Options.Live) is exactly
// the message the complete transcript gives, and that every conversation
// it hands over sits where, and is named as, the complete one says.
func TestLiveParseNeverHandsOverWhatALongerReadChanges(t *testing.T) {
	main, err := os.ReadFile(filepath.Join(fixtureProject, fixtureSession+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	const agentFile = "agent-a1b2c3d.jsonl"
	agent, err := os.ReadFile(filepath.Join(fixtureProject, fixtureSession, "subagents", agentFile))
	if err != nil {
		t.Fatal(err)
	}
	final, _, err := Parse(bytes.NewReader(main), fixtureSession+".jsonl", Options{Subagents: map[string]io.Reader{agentFile: bytes.NewReader(agent)}})
	if err != nil {
		t.Fatal(err)
	}
	finalMsgs := index(final)
	finalConvs := map[string]int{}
	for i, c := range final.Conversations {
		finalConvs[c.Key] = i
	}

	// The line with the Task call's result, which names the subagent.
	taskReturned := bytes.Index(main, []byte(`"toolUseResult":{"status":"completed"`))
	if taskReturned < 0 {
		t.Fatal("the fixture's Task result is gone")
	}
	handedOver := map[string]bool{}
	heldAgent := false
	for _, m := range lineEnds(main) {
		for _, a := range lineEnds(agent) {
			mainPart, agentPart := main[:m], agent[:a]
			mainPart = mainPart[:OpenResponse(mainPart)]
			agentPart = agentPart[:OpenResponse(agentPart)]
			doc, _, err := Parse(bytes.NewReader(mainPart), fixtureSession+".jsonl", Options{
				Live: true, Subagents: map[string]io.Reader{agentFile: bytes.NewReader(agentPart)},
			})
			if err == ErrNoMessages {
				continue
			} else if err != nil {
				t.Fatal(err)
			}
			for i, c := range doc.Conversations {
				j, ok := finalConvs[c.Key]
				if !ok {
					t.Fatalf("main %d bytes, agent %d: conversation %q is not in the complete parse", m, a, c.Key)
				}
				want := final.Conversations[j]
				if i > 0 && (c.ParentKey != want.ParentKey || c.ForkAfterSourceID != want.ForkAfterSourceID || c.Title != want.Title || c.Kind != want.Kind) {
					t.Fatalf("main %d bytes, agent %d: conversation %q is %q after %q titled %q; complete: %q after %q titled %q",
						m, a, c.Key, c.ParentKey, c.ForkAfterSourceID, c.Title, want.ParentKey, want.ForkAfterSourceID, want.Title)
				}
				for k, msg := range c.Messages {
					if k >= len(want.Messages) || want.Messages[k].SourceID != msg.SourceID {
						t.Fatalf("main %d bytes, agent %d: conversation %q message %d is %q, not the complete parse's", m, a, c.Key, k, msg.SourceID)
					}
					if !reflect.DeepEqual(msg, finalMsgs[msg.SourceID]) {
						g, _ := json.Marshal(msg)
						w, _ := json.Marshal(finalMsgs[msg.SourceID])
						t.Fatalf("main %d bytes, agent %d: message %s handed over as\n%s\nbut the complete transcript gives\n%s", m, a, msg.SourceID, g, w)
					}
					handedOver[msg.SourceID] = true
				}
			}
			if m <= taskReturned && a == len(agent) {
				for _, c := range doc.Conversations {
					if c.Key == "agent:a1b2c3d" {
						t.Fatalf("main %d bytes: the subagent's conversation was handed over before its Task call returned", m)
					}
				}
				heldAgent = true
			}
		}
	}
	if !heldAgent {
		t.Fatal("the test never saw the subagent held back; the fixture changed?")
	}
	// Read live, the complete transcripts hand over everything but the
	// subagent's last response, which stays open until the agent stops.
	sub := conversation(t, final, "agent:a1b2c3d").Messages
	open := sub[len(sub)-1].SourceID
	for id := range finalMsgs {
		if handedOver[id] == (id == open) {
			t.Errorf("message %s: handed over %v", id, handedOver[id])
		}
	}
}

// lineEnds lists 0 and the offset after each line of data.
func lineEnds(data []byte) []int {
	ends := []int{0}
	for i, b := range data {
		if b == '\n' {
			ends = append(ends, i+1)
		}
	}
	return ends
}
