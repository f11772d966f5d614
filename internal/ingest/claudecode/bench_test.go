package claudecode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// syntheticTranscript writes a realistic transcript of about size bytes:
// turns of a prompt, split responses with thinking, text and tool calls,
// Read/Bash/Edit results with their structured toolUseResult, and the
// snapshot and progress lines Claude Code writes between them.
func syntheticTranscript(size int) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	t0 := time.Date(2025, 11, 3, 9, 0, 0, 0, time.UTC)
	n := 0
	next := func() (string, string) {
		n++
		return fmt.Sprintf("00000000-0000-4000-8000-%012d", n), t0.Add(time.Duration(n) * time.Second).Format(time.RFC3339Nano)
	}
	parent := ""
	common := func(typ string, extra map[string]any) map[string]any {
		id, ts := next()
		m := map[string]any{"parentUuid": parent, "isSidechain": false, "userType": "external", "cwd": "/home/dev/shop",
			"sessionId": "7f3c9a52-0d1e-4b8a-9c6f-2e5d8b1a4c37", "version": "2.0.37", "gitBranch": "main", "type": typ, "uuid": id, "timestamp": ts}
		for k, v := range extra {
			m[k] = v
		}
		parent = id
		return m
	}
	source := strings.Repeat("func handler(w http.ResponseWriter, r *http.Request) {\n\tif err := r.ParseForm(); err != nil {\n\t\thttp.Error(w, err.Error(), 400)\n\t}\n}\n", 24)
	var numbered strings.Builder
	for i, l := range strings.Split(source, "\n") {
		fmt.Fprintf(&numbered, "%6d→%s\n", i+1, l)
	}
	usage := map[string]any{"input_tokens": 4, "cache_creation_input_tokens": 812, "cache_read_input_tokens": 24130, "output_tokens": 377, "service_tier": "standard"}
	for turn := 0; buf.Len() < size; turn++ {
		enc.Encode(common("user", map[string]any{"message": map[string]any{"role": "user", "content": fmt.Sprintf("Turn %d: the handler returns 400 for valid forms when the body is chunked. Find out why and fix it, then run the tests.", turn)}}))
		enc.Encode(map[string]any{"type": "file-history-snapshot", "messageId": parent, "snapshot": map[string]any{"messageId": parent, "trackedFileBackups": map[string]any{"internal/web/form.go": map[string]any{"backupFileName": "abc@v2", "version": 2}}}, "isSnapshotUpdate": false})
		msgID := fmt.Sprintf("msg_%08d", turn)
		blocks := []map[string]any{
			{"type": "thinking", "thinking": strings.Repeat("The body is read twice: ParseForm consumes it before the JSON decoder sees it. ", 6), "signature": strings.Repeat("EqQBCkYIBxgCKkBq", 20)},
			{"type": "text", "text": "I'll read the handler and run the failing test."},
			{"type": "tool_use", "id": fmt.Sprintf("toolu_r%d", turn), "name": "Read", "input": map[string]any{"file_path": "/home/dev/shop/internal/web/form.go"}},
			{"type": "tool_use", "id": fmt.Sprintf("toolu_b%d", turn), "name": "Bash", "input": map[string]any{"command": "go test ./internal/web/...", "description": "Run the web tests"}},
		}
		for _, b := range blocks {
			enc.Encode(common("assistant", map[string]any{"requestId": "req_" + msgID, "message": map[string]any{"model": "claude-sonnet-4-5-20250929", "id": msgID, "type": "message", "role": "assistant", "content": []any{b}, "stop_reason": nil, "usage": usage}}))
		}
		enc.Encode(common("user", map[string]any{
			"message":       map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": fmt.Sprintf("toolu_r%d", turn), "content": numbered.String()}}},
			"toolUseResult": map[string]any{"type": "text", "file": map[string]any{"filePath": "/home/dev/shop/internal/web/form.go", "content": source, "numLines": 120, "startLine": 1, "totalLines": 120}},
		}))
		enc.Encode(map[string]any{"type": "progress", "uuid": fmt.Sprintf("p-%d", turn), "parentUuid": parent, "timestamp": t0.Format(time.RFC3339), "data": map[string]any{"type": "bash_progress", "output": "ok  \tshop/internal/web\t0.412s", "elapsedTimeSeconds": 2}})
		out := strings.Repeat("=== RUN   TestForm\n--- FAIL: TestForm (0.00s)\n    form_test.go:31: status 400, want 200\n", 8)
		enc.Encode(common("user", map[string]any{
			"message":       map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": fmt.Sprintf("toolu_b%d", turn), "content": out, "is_error": true}}},
			"toolUseResult": map[string]any{"stdout": out, "stderr": "", "interrupted": false, "isImage": false},
		}))
		editID := fmt.Sprintf("toolu_e%d", turn)
		msgID2 := fmt.Sprintf("msg_%08d_e", turn)
		enc.Encode(common("assistant", map[string]any{"message": map[string]any{"model": "claude-sonnet-4-5-20250929", "id": msgID2, "type": "message", "role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": editID, "name": "Edit", "input": map[string]any{"file_path": "/home/dev/shop/internal/web/form.go", "old_string": "r.ParseForm()", "new_string": "r.ParseMultipartForm(32 << 20)"}}}, "usage": usage}}))
		enc.Encode(common("user", map[string]any{
			"message":       map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": editID, "content": "The file /home/dev/shop/internal/web/form.go has been updated."}}},
			"toolUseResult": map[string]any{"filePath": "/home/dev/shop/internal/web/form.go", "oldString": "r.ParseForm()", "newString": "r.ParseMultipartForm(32 << 20)", "originalFile": source, "structuredPatch": []any{map[string]any{"oldStart": 2, "oldLines": 1, "newStart": 2, "newLines": 1, "lines": []string{"-\tif err := r.ParseForm(); err != nil {", "+\tif err := r.ParseMultipartForm(32 << 20); err != nil {"}}}, "userModified": false, "replaceAll": false},
		}))
		enc.Encode(common("assistant", map[string]any{"message": map[string]any{"model": "claude-sonnet-4-5-20250929", "id": msgID + "_z", "type": "message", "role": "assistant", "content": []any{map[string]any{"type": "text", "text": "Fixed: the handler no longer consumes the body before decoding. All web tests pass now.\n\n```go\nif err := r.ParseMultipartForm(32 << 20); err != nil {\n```"}}, "usage": usage}}))
	}
	return buf.Bytes()
}

func BenchmarkParse(b *testing.B) {
	data := syntheticTranscript(5 << 20)
	doc, lineErrs, err := Parse(bytes.NewReader(data), "bench.jsonl", Options{})
	if err != nil || len(lineErrs) > 0 {
		b.Fatal(err, lineErrs)
	}
	msgs := len(doc.Conversations[0].Messages)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Parse(bytes.NewReader(data), "bench.jsonl", Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(msgs)*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
	b.ReportMetric(float64(len(data))/(1<<20), "MB/file")
}
