package main

// The first sync's corpus: a steward's home of Codex CLI rollouts, Claude
// Code transcripts and Gemini CLI chats, generated with a seeded RNG from
// the shape of real transcripts, so the figure is what a real home costs.
//
// The shape was measured on the realset's dev split (batches below the
// held-out one: 5 Codex rollouts from EntityProcess/agentv, 73 Claude Code
// transcripts, mostly entireio/cli) and on the real Codex rollout of the
// ingest tests (internal/ingest/codex/testdata/real-kvsankar-session-01.jsonl);
// the tables below are its figures (lines by kind, and quantiles of each
// kind's size in bytes at 0, 10, 25, 50, 75, 90, 99 and 100%). Real
// transcripts are mostly tool calls and their output: in the Claude Code
// ones tool uses and results are half the lines, the results 61% of the
// bytes and prose (steward and assistant text) 11%; in the Codex ones
// function calls and their output are 42% of the lines and most of the
// bytes after each file's instructions (about 40 KB of base instructions,
// developer messages and AGENTS.md), and the assistant's text is short
// (median 200 bytes). The
// words are drawn from the words of those transcripts, by their frequency
// (loaded at run time from the realset's dev files): prose from their
// prose, tool output from their tool output, so neither is one sentence
// repeated. No real Gemini CLI chat with tool calls is public in the
// repository, so Gemini chats take the Claude Code sizes.

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"
)

// quantiles are a size's quantiles at 0, 10, 25, 50, 75, 90, 99 and 100%.
type quantiles [8]int

var quantilePoints = [8]float64{0, 0.10, 0.25, 0.50, 0.75, 0.90, 0.99, 1}

// draw is a size with the quantiles' distribution (linear between them).
func (q quantiles) draw(r *rand.Rand) int {
	u := r.Float64()
	for i := 1; i < len(q); i++ {
		if u <= quantilePoints[i] {
			f := (u - quantilePoints[i-1]) / (quantilePoints[i] - quantilePoints[i-1])
			return q[i-1] + int(f*float64(q[i]-q[i-1]))
		}
	}
	return q[len(q)-1]
}

// The measured sizes (bytes) and shares (per cent of lines).
var (
	// Files' whole sizes, from the manifest's untrimmed sizes.
	claudeFileSize = quantiles{16172, 55902, 107823, 351608, 905783, 1368009, 3047590, 3047590}
	codexFileSize  = quantiles{462490, 462490, 567508, 721583, 1155768, 1370793, 1370793, 1370793}

	// A steward's prompts (7 of them; each with its user_message event),
	// and what Codex puts before the first (environment context, AGENTS.md:
	// 11 of them, about two a file).
	codexUserText = quantiles{17, 17, 93, 129, 229, 646, 646, 646}
	codexInjected = quantiles{204, 410, 410, 410, 7674, 32785, 32787, 32787}
	// Developer messages (permissions, instructions: 27, about four a
	// file); session_meta holds Codex's base instructions, 18 KB.
	codexDeveloper     = quantiles{300, 362, 646, 966, 1014, 23149, 25311, 25311}
	codexAssistantText = quantiles{25, 139, 169, 200, 234, 260, 298, 298}
	codexCallArgs      = quantiles{121, 128, 147, 172, 242, 362, 640, 640}
	codexOutput        = quantiles{102, 124, 253, 621, 3088, 7035, 40130, 40130}

	claudeUserText      = quantiles{1, 29, 45, 130, 245, 2631, 10408, 15339}
	claudeAssistantText = quantiles{2, 22, 54, 94, 223, 612, 2081, 3155}
	claudeThinking      = quantiles{0, 68, 116, 241, 494, 1017, 2711, 3356}
	claudeSignature     = quantiles{272, 328, 400, 572, 968, 1996, 5856, 6296}
	claudeToolInput     = quantiles{19, 58, 79, 124, 205, 581, 2670, 20772}
	claudeToolResult    = quantiles{0, 31, 95, 393, 1972, 7877, 27118, 53759}
	claudeAttachment    = quantiles{406, 406, 651, 1101, 8384, 24677, 28203, 28203}
)

// A rollout's body, lines by kind (per cent; the session_meta, turn_context
// and developer lines open each file once): a function call with its
// output 21 each, reasoning 11.6, token counts 10.1, an assistant message
// with its agent_message event 9.7 each, a steward turn (its message, the
// user_message event, task_started) 2.6.
var codexKinds = []weighted{{"call", 21}, {"reasoning", 11.6}, {"token_count", 10.1}, {"assistant", 9.7}, {"user", 2.6}}

// A Claude Code transcript's lines by kind (per cent): a tool use with
// its result 25 each, assistant text 14, a steward's prompt 9, thinking
// 8.9, file-history-snapshot 7.7, system 4, queue-operation 2.7,
// attachment 2.5.
var claudeKinds = []weighted{{"tool", 25}, {"assistant", 14}, {"user", 9}, {"thinking", 8.9}, {"snapshot", 7.7},
	{"system", 4}, {"queue", 2.7}, {"attachment", 2.5}}

// Claude Code's tools by use in the same transcripts.
var claudeTools = []weighted{{"Bash", 229}, {"Read", 177}, {"Edit", 59}, {"Grep", 54}, {"Glob", 39}, {"Write", 17}, {"Task", 17}}

type weighted struct {
	name   string
	weight float64
}

func pick(r *rand.Rand, ws []weighted) string {
	total := 0.0
	for _, w := range ws {
		total += w.weight
	}
	u := r.Float64() * total
	for _, w := range ws {
		if u -= w.weight; u < 0 {
			return w.name
		}
	}
	return ws[len(ws)-1].name
}

// vocabulary is words with their counts, drawn by frequency.
type vocabulary struct {
	words []string
	cum   []int // cumulative counts
}

func newVocabulary(counts map[string]int) *vocabulary {
	v := &vocabulary{}
	for w := range counts {
		v.words = append(v.words, w)
	}
	sort.Strings(v.words) // a map's order is random: sorted, the words drawn depend on -sync-seed alone
	total := 0
	for _, w := range v.words {
		total += counts[w]
		v.cum = append(v.cum, total)
	}
	return v
}

func (v *vocabulary) word(r *rand.Rand) string {
	i := sort.SearchInts(v.cum, r.IntN(v.cum[len(v.cum)-1])+1)
	return v.words[i]
}

// corpus generates transcripts.
type corpus struct {
	r        *rand.Rand
	prose    *vocabulary // words of steward and assistant text
	output   *vocabulary // whitespace-separated tokens of tool output
	lineLens []int       // lengths of tool output's lines
	at       time.Time
}

// loadCorpus reads the words of the realset's dev transcripts.
func loadCorpus(realset string, seed uint64) (*corpus, error) {
	data, err := os.ReadFile(filepath.Join(realset, "manifest.json"))
	if err != nil {
		return nil, fmt.Errorf("the corpus's words come from the realset (-realset): %w", err)
	}
	var manifest []struct {
		File, Format, Split string
		Batch               int
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(realset, "manifest.json"), err)
	}
	prose, output := map[string]int{}, map[string]int{}
	c := &corpus{r: rand.New(rand.NewPCG(seed, 25))}
	files := 0
	for _, e := range manifest {
		// The dev split below the held-out batch (realsetHeldOutBatch)
		// only: the test split and the held-out batch are never read.
		if e.Split != "dev" || e.Batch >= 24 || (e.Format != "codex" && e.Format != "claude-code") {
			continue
		}
		texts, outputs, err := transcriptTexts(filepath.Join(realset, e.File))
		if err != nil {
			return nil, err
		}
		files++
		for _, t := range texts {
			for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '-' }) {
				prose[w]++
			}
		}
		for _, o := range outputs {
			for _, l := range strings.Split(o, "\n") {
				c.lineLens = append(c.lineLens, len(l))
				for _, w := range strings.Fields(l) {
					output[w]++
				}
			}
		}
	}
	if files == 0 || len(prose) == 0 || len(output) == 0 {
		return nil, fmt.Errorf("%s: no dev transcripts to take words from", realset)
	}
	sort.Ints(c.lineLens)
	c.prose, c.output = newVocabulary(prose), newVocabulary(output)
	return c, nil
}

// transcriptTexts is the prose and the tool output of a realset transcript
// (Codex rollout or Claude Code transcript, gzipped JSON lines).
func transcriptTexts(path string) (texts, outputs []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	sc := bufio.NewScanner(gz)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var l struct {
			Type    string
			Payload struct {
				Type, Role string
				Content    []struct{ Text string }
				Output     any
			}
			Message struct {
				Content any
			}
		}
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue
		}
		switch {
		case l.Type == "response_item" && l.Payload.Type == "message" && l.Payload.Role != "developer":
			for _, c := range l.Payload.Content {
				texts = append(texts, c.Text)
			}
		case l.Type == "response_item" && (l.Payload.Type == "function_call_output" || l.Payload.Type == "custom_tool_call_output"):
			outputs = append(outputs, anyText(l.Payload.Output))
		case l.Type == "user" || l.Type == "assistant":
			switch c := l.Message.Content.(type) {
			case string:
				texts = append(texts, c)
			case []any:
				for _, b := range c {
					b, _ := b.(map[string]any)
					switch b["type"] {
					case "text":
						texts = append(texts, anyText(b["text"]))
					case "tool_result":
						outputs = append(outputs, anyText(b["content"]))
					}
				}
			}
		}
	}
	return texts, outputs, sc.Err()
}

// anyText is a JSON value's text: a string itself, the text of a list of
// text blocks, or else its JSON.
func anyText(v any) string {
	switch v := v.(type) {
	case string:
		// Codex's shell output is JSON holding the output.
		var o struct{ Output string }
		if strings.HasPrefix(v, "{") && json.Unmarshal([]byte(v), &o) == nil && o.Output != "" {
			return o.Output
		}
		return v
	case []any:
		var b strings.Builder
		for _, x := range v {
			if m, ok := x.(map[string]any); ok {
				if t, ok := m["text"].(string); ok {
					b.WriteString(t)
					b.WriteByte('\n')
				}
			}
		}
		return b.String()
	}
	data, _ := json.Marshal(v)
	return string(data)
}

// signature is n bytes of base64-like characters.
func (c *corpus) signature(n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[c.r.IntN(len(alphabet))]
	}
	return string(b)
}

// text is n bytes of prose (cut at a word): sentences of 4–24 words, now
// and then a paragraph break, and in one text of twelve a code block.
func (c *corpus) text(n int) string {
	t := c.sentences(n)
	if len(t) > n {
		if i := strings.LastIndexByte(t[:n], ' '); i > 0 {
			t = t[:i]
		}
	}
	return strings.TrimSpace(t)
}

func (c *corpus) sentences(n int) string {
	var b strings.Builder
	for b.Len() < n {
		words := 4 + c.r.IntN(21)
		for i := range words {
			w := c.prose.word(c.r)
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			} else {
				b.WriteByte(' ')
			}
			b.WriteString(w)
		}
		b.WriteString(". ")
		switch c.r.IntN(12) {
		case 0:
			b.WriteString("\n\n")
		case 1:
			if n > 400 {
				b.WriteString("\n\n```\n" + c.toolOutput(min(n/3, 1200)) + "\n```\n\n")
			}
		}
	}
	return b.String()
}

// toolOutput is about n bytes of command output: lines of the real
// output's lengths, of tokens drawn from the real output.
func (c *corpus) toolOutput(n int) string {
	var b strings.Builder
	for b.Len() < n {
		want := c.lineLens[c.r.IntN(len(c.lineLens))]
		start := b.Len()
		for b.Len()-start < want {
			if b.Len() > start {
				b.WriteByte(' ')
			}
			b.WriteString(c.output.word(c.r))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (c *corpus) tick() string {
	c.at = c.at.Add(time.Duration(200+c.r.IntN(8000)) * time.Millisecond)
	return c.at.Format("2006-01-02T15:04:05.000Z")
}

func (c *corpus) id() string {
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", c.r.Uint32(), c.r.IntN(1<<16), c.r.IntN(1<<12), c.r.IntN(1<<12), c.r.Uint64()&(1<<48-1))
}

// lineWriter writes JSON lines and counts their bytes.
type lineWriter struct {
	w    *bufio.Writer
	size int64
}

func (lw *lineWriter) line(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	lw.size += int64(len(data)) + 1
	if _, err := lw.w.Write(data); err != nil {
		return err
	}
	return lw.w.WriteByte('\n')
}

type obj = map[string]any

// codexRollout writes one rollout of about size bytes under sessions.
func (c *corpus) codexRollout(sessions string, size int64) (int64, error) {
	id := c.id()
	path := filepath.Join(sessions, c.at.Format("2006/01/02"), "rollout-"+c.at.Format("2006-01-02T15-04-05")+"-"+id+".jsonl")
	return writeFile(path, func(lw *lineWriter) error {
		cwd := "/home/steward/" + c.prose.word(c.r)
		at := c.tick()
		if err := lw.line(obj{"timestamp": at, "type": "session_meta", "payload": obj{"id": id, "timestamp": at, "cwd": cwd,
			"originator": "codex_cli_rs", "cli_version": "0.58.0", "source": "cli", "model_provider": "openai",
			"base_instructions": obj{"text": c.text(18000)}, "git": obj{"commit_hash": fmt.Sprintf("%07x", c.r.IntN(1<<28)), "branch": "main"}}}); err != nil {
			return err
		}
		if err := lw.line(obj{"timestamp": c.tick(), "type": "turn_context", "payload": obj{"cwd": cwd, "approval_policy": "on-request",
			"model": "gpt-5-codex", "effort": "medium", "summary": "auto"}}); err != nil {
			return err
		}
		for range 4 {
			if err := lw.line(obj{"timestamp": c.tick(), "type": "response_item", "payload": obj{"type": "message", "role": "developer",
				"content": []any{obj{"type": "input_text", "text": c.text(codexDeveloper.draw(c.r))}}}}); err != nil {
				return err
			}
		}
		for range 2 {
			if err := lw.line(obj{"timestamp": c.tick(), "type": "response_item", "payload": obj{"type": "message", "role": "user",
				"content": []any{obj{"type": "input_text", "text": "# AGENTS.md\n\n" + c.text(codexInjected.draw(c.r))}}}}); err != nil {
				return err
			}
		}
		kind := "user"
		var tokens, calls int
		for lw.size < size {
			var err error
			switch kind {
			case "user":
				text := c.text(codexUserText.draw(c.r))
				at := c.tick()
				err = lw.line(obj{"timestamp": at, "type": "response_item", "payload": obj{"type": "message", "role": "user",
					"content": []any{obj{"type": "input_text", "text": text}}}})
				if err == nil {
					err = lw.line(obj{"timestamp": at, "type": "event_msg", "payload": obj{"type": "user_message", "message": text, "images": []any{}}})
				}
				if err == nil {
					err = lw.line(obj{"timestamp": at, "type": "event_msg", "payload": obj{"type": "task_started", "model_context_window": 272000}})
				}
			case "reasoning":
				err = lw.line(obj{"timestamp": c.tick(), "type": "response_item", "payload": obj{"type": "reasoning",
					"summary": []any{}, "content": nil, "encrypted_content": "gAAAAA"}})
			case "call":
				calls++
				callID := fmt.Sprintf("call_%d", calls)
				args, _ := json.Marshal(obj{"command": []string{"bash", "-lc", c.toolOutput(codexCallArgs.draw(c.r) - 40)}, "workdir": cwd})
				err = lw.line(obj{"timestamp": c.tick(), "type": "response_item", "payload": obj{"type": "function_call", "name": "shell",
					"arguments": string(args), "call_id": callID}})
				if err == nil {
					out, _ := json.Marshal(obj{"output": c.toolOutput(codexOutput.draw(c.r)), "metadata": obj{"exit_code": c.r.IntN(2), "duration_seconds": 0.4}})
					err = lw.line(obj{"timestamp": c.tick(), "type": "response_item", "payload": obj{"type": "function_call_output",
						"call_id": callID, "output": string(out)}})
				}
			case "token_count":
				last := 8000 + c.r.IntN(20000)
				tokens += last
				usage := func(n int) obj {
					return obj{"input_tokens": n, "cached_input_tokens": n / 2, "output_tokens": n / 40, "reasoning_output_tokens": n / 80, "total_tokens": n + n/40}
				}
				err = lw.line(obj{"timestamp": c.tick(), "type": "event_msg", "payload": obj{"type": "token_count",
					"info":        obj{"total_token_usage": usage(tokens), "last_token_usage": usage(last), "model_context_window": 272000},
					"rate_limits": obj{"primary": obj{"used_percent": 12.0, "window_minutes": 300, "resets_in_seconds": 9000}}}})
			case "assistant":
				text := c.text(codexAssistantText.draw(c.r))
				at := c.tick()
				err = lw.line(obj{"timestamp": at, "type": "response_item", "payload": obj{"type": "message", "role": "assistant",
					"content": []any{obj{"type": "output_text", "text": text}}}})
				if err == nil {
					err = lw.line(obj{"timestamp": at, "type": "event_msg", "payload": obj{"type": "agent_message", "message": text}})
				}
			}
			if err != nil {
				return err
			}
			kind = pick(c.r, codexKinds)
		}
		return nil
	})
}

// claudeTranscript writes one Claude Code transcript of about size bytes
// under projects.
func (c *corpus) claudeTranscript(projects string, size int64) (int64, error) {
	session := c.id()
	cwd := "/home/steward/" + c.prose.word(c.r)
	path := filepath.Join(projects, strings.ReplaceAll(cwd, "/", "-"), session+".jsonl")
	return writeFile(path, func(lw *lineWriter) error {
		parent := any(nil)
		entry := func(typ string, message obj, extra obj) error {
			uuid := c.id()
			e := obj{"parentUuid": parent, "isSidechain": false, "userType": "external", "cwd": cwd, "sessionId": session,
				"version": "2.0.76", "gitBranch": "main", "type": typ, "message": message, "uuid": uuid, "timestamp": c.tick()}
			for k, v := range extra {
				e[k] = v
			}
			parent = uuid
			return lw.line(e)
		}
		assistant := func(block obj) error {
			return entry("assistant", obj{"model": "claude-opus-4-5-20251101", "id": "msg_" + c.id(), "type": "message", "role": "assistant",
				"content": []any{block}, "stop_reason": nil, "usage": obj{"input_tokens": 8, "cache_creation_input_tokens": c.r.IntN(5000),
					"cache_read_input_tokens": 20000 + c.r.IntN(60000), "output_tokens": 1 + c.r.IntN(900)}}, nil)
		}
		kind := "user"
		tools := 0
		for lw.size < size {
			var err error
			switch kind {
			case "user":
				err = entry("user", obj{"role": "user", "content": c.text(claudeUserText.draw(c.r))}, nil)
			case "assistant":
				err = assistant(obj{"type": "text", "text": c.text(claudeAssistantText.draw(c.r))})
			case "thinking":
				err = assistant(obj{"type": "thinking", "thinking": c.text(claudeThinking.draw(c.r)), "signature": c.signature(claudeSignature.draw(c.r))})
			case "tool":
				tools++
				id := fmt.Sprintf("toolu_%012d", tools)
				name := pick(c.r, claudeTools)
				input := obj{"command": c.toolOutput(claudeToolInput.draw(c.r)), "description": c.text(40)}
				if name != "Bash" {
					input = obj{"file_path": "/home/steward/" + c.output.word(c.r), "pattern": c.toolOutput(claudeToolInput.draw(c.r))}
				}
				err = assistant(obj{"type": "tool_use", "id": id, "name": name, "input": input})
				if err == nil {
					result := c.toolOutput(claudeToolResult.draw(c.r))
					err = entry("user", obj{"role": "user", "content": []any{obj{"type": "tool_result", "tool_use_id": id, "content": result}}},
						obj{"toolUseResult": obj{"stdout": result, "stderr": "", "interrupted": false}})
				}
			case "snapshot":
				id := c.id()
				err = lw.line(obj{"type": "file-history-snapshot", "messageId": id, "snapshot": obj{"messageId": id,
					"trackedFileBackups": obj{}, "timestamp": c.tick()}, "isSnapshotUpdate": false})
			case "system":
				err = lw.line(obj{"parentUuid": parent, "type": "system", "subtype": "compact_boundary", "content": c.text(120),
					"level": "info", "sessionId": session, "uuid": c.id(), "timestamp": c.tick(), "cwd": cwd})
			case "queue":
				err = lw.line(obj{"type": "queue-operation", "operation": "enqueue", "timestamp": c.tick(), "sessionId": session, "content": c.text(60)})
			case "attachment":
				err = lw.line(obj{"type": "attachment", "sessionId": session, "timestamp": c.tick(), "uuid": c.id(),
					"attachment": obj{"type": "file", "content": c.toolOutput(claudeAttachment.draw(c.r))}})
			}
			if err != nil {
				return err
			}
			kind = pick(c.r, claudeKinds)
		}
		return nil
	})
}

// geminiChat writes one Gemini CLI chat recording (one JSON document) of
// about size bytes under tmp: the Claude Code shape in Gemini's layout.
func (c *corpus) geminiChat(tmp string, size int64) (int64, error) {
	session := c.id()
	start := c.tick()
	var messages []any
	var total int64
	calls := 0
	kind := "user"
	for total < size {
		var m obj
		switch kind {
		case "user":
			m = obj{"type": "user", "content": c.text(claudeUserText.draw(c.r))}
		case "assistant", "thinking":
			m = obj{"type": "gemini", "content": c.text(claudeAssistantText.draw(c.r)),
				"thoughts": []any{obj{"subject": c.text(20), "description": c.text(claudeThinking.draw(c.r)), "timestamp": c.tick()}}}
		case "tool":
			calls++
			id := fmt.Sprintf("run_shell_command-%d", calls)
			m = obj{"type": "gemini", "content": "", "toolCalls": []any{obj{"id": id, "name": "run_shell_command",
				"args":   obj{"command": c.toolOutput(claudeToolInput.draw(c.r))},
				"result": []any{obj{"functionResponse": obj{"id": id, "name": "run_shell_command", "response": obj{"output": c.toolOutput(claudeToolResult.draw(c.r))}}}},
				"status": "success", "timestamp": c.tick()}}}
		default:
			kind = pick(c.r, claudeKinds)
			continue
		}
		m["id"], m["timestamp"] = c.id(), c.tick()
		if m["type"] == "gemini" {
			m["model"] = "gemini-2.5-pro"
			m["tokens"] = obj{"input": 5000 + c.r.IntN(40000), "output": c.r.IntN(900), "cached": 0, "thoughts": c.r.IntN(300), "tool": 0, "total": 6000}
		}
		data, _ := json.Marshal(m)
		total += int64(len(data))
		messages = append(messages, m)
		kind = pick(c.r, claudeKinds)
	}
	path := filepath.Join(tmp, fmt.Sprintf("%x", c.r.Uint64()), "chats", "session-"+c.at.Format("2006-01-02T15-04")+"-"+session[:8]+".json")
	return writeFile(path, func(lw *lineWriter) error {
		return lw.line(obj{"sessionId": session, "projectHash": "bench", "startTime": start, "lastUpdated": c.tick(), "messages": messages, "kind": "main"})
	})
}

// writeFile writes a file's lines; it answers its size.
func writeFile(path string, body func(*lineWriter) error) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	lw := &lineWriter{w: bufio.NewWriterSize(f, 1<<16)}
	err = body(lw)
	if err == nil {
		err = lw.w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return lw.size, err
}
