package codex

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"github.com/baton-dev/baton/internal/jsonfast"
)

// lineInTwo reads a line as line did before response items were decoded
// in one pass: the line with its payload raw, then the payload.
func (b *builder) lineInTwo(n int, raw []byte) error {
	var l line
	if err := jsonfast.Unmarshal(raw, &l); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	if l.Type != "response_item" {
		return b.line(n, raw) // read as before: decodeItemLine takes no other type
	}
	b.lineTime(n, l.Timestamp)
	return b.item(n, l.Payload)
}

// A response item's line read in one pass gives what reading it in two
// gave, for the fixtures' lines and for those lines broken at random:
// bytes changed, cut or repeated, the payload key written twice, a
// timestamp unreadable. Messages, line errors and the time are compared.
func TestItemLineInOnePassAsInTwo(t *testing.T) {
	var lines [][]byte
	for _, name := range []string{"testdata/tools.jsonl", "testdata/real-kvsankar-session-01.jsonl"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for l := range bytes.SplitSeq(data, []byte("\n")) {
			if bytes.Contains(l, []byte(`"response_item"`)) {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) < 10 {
		t.Fatalf("only %d response items in the fixtures", len(lines))
	}
	rng := rand.New(rand.NewPCG(5, 8))
	marks := []byte(`"{}[],:\ 0an`)
	variant := func(l []byte) []byte {
		v := bytes.Clone(l)
		switch rng.IntN(6) {
		case 0:
			return v
		case 1: // a byte changed
			v[rng.IntN(len(v))] = marks[rng.IntN(len(marks))]
		case 2: // cut short
			v = v[:rng.IntN(len(v))]
		case 3: // a piece repeated
			i := rng.IntN(len(v))
			j := i + rng.IntN(len(v)-i)
			v = append(v[:j:j], append(bytes.Clone(v[i:j]), v[j:]...)...)
		case 4: // the payload key twice
			v = bytes.Replace(v, []byte(`"payload":{`), []byte(`"payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"first"}]},"payload":{`), 1)
		case 5: // an unreadable time
			v = bytes.Replace(v, []byte(`"timestamp":"2025`), []byte(`"timestamp":"x025`), 1)
		}
		return v
	}
	for round := range 3000 {
		one := &builder{calls: map[string]call{}}
		two := &builder{calls: map[string]call{}}
		var read [][]byte
		for n := range 1 + rng.IntN(8) {
			l := variant(lines[rng.IntN(len(lines))])
			read = append(read, l)
			one.readLine(n+1, l, new(bool))
			if err := two.lineInTwo(n+1, l); err != nil {
				two.lineErrs = append(two.lineErrs, LineError{Line: n + 1, Err: err})
			}
		}
		if !reflect.DeepEqual(one.msgs, two.msgs) || fmt.Sprint(one.lineErrs) != fmt.Sprint(two.lineErrs) || !one.now.Equal(two.now) {
			t.Fatalf("round %d: lines %q\none pass: %+v %v %v\ntwo passes: %+v %v %v", round, read,
				one.msgs, one.lineErrs, one.now, two.msgs, two.lineErrs, two.now)
		}
	}
}
