package claudecode

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/baton-dev/baton/internal/jsonfast"
)

// line is one transcript line, decoded into only what the import uses.
// Bulky parts (message content, tool results) stay raw until needed.
type line struct {
	Type              string `json:"type"`
	Subtype           string `json:"subtype"`
	UUID              string `json:"uuid"`
	ParentUUID        string `json:"parentUuid"`
	LogicalParentUUID string `json:"logicalParentUuid"`
	SessionID         string `json:"sessionId"`
	Timestamp         string `json:"timestamp"`
	IsSidechain       bool   `json:"isSidechain"`
	IsMeta            bool   `json:"isMeta"`
	IsCompactSummary  bool   `json:"isCompactSummary"`
	IsAPIErrorMessage bool   `json:"isApiErrorMessage"`
	AgentID           string `json:"agentId"`
	CWD               string `json:"cwd"`
	GitBranch         string `json:"gitBranch"`
	Version           string `json:"version"`

	Message       *lineMessage    `json:"message"`
	ToolUseResult json.RawMessage `json:"toolUseResult"`

	// summary, ai-title and custom-title lines
	Summary     string `json:"summary"`
	LeafUUID    string `json:"leafUuid"`
	AITitle     string `json:"aiTitle"`
	CustomTitle string `json:"customTitle"`

	// system lines
	Content         json.RawMessage `json:"content"`
	Level           string          `json:"level"`
	CompactMetadata *struct {
		Trigger   string `json:"trigger"`
		PreTokens int64  `json:"preTokens"`
	} `json:"compactMetadata"`

	// What decodeAhead decodes of the line beside the builder (predecoded
	// says it did): its message's content blocks and its toolUseResult.
	predecoded, useResultTaken bool
	blocks                     []block
	blocksErr                  error
	useResult                  any
}

// predecode decodes the line's message content and toolUseResult ahead
// of the builder, which reads them through messageBlocks and
// takeToolUseResult.
func (l *line) predecode() {
	if l.Message != nil {
		l.blocks, l.blocksErr = decodeBlocks(l.Message.Content)
	}
	if len(l.ToolUseResult) > 0 {
		l.useResult = toolUseResult(l.ToolUseResult)
	}
	l.predecoded = true
}

// messageBlocks is decodeBlocks of the line's message content.
func (l *line) messageBlocks() ([]block, error) {
	if l.predecoded {
		return l.blocks, l.blocksErr
	}
	return decodeBlocks(l.Message.Content)
}

// takeToolUseResult is toolUseResult of the line's toolUseResult: the
// value decoded ahead the first time, a new one after.
func (l *line) takeToolUseResult() any {
	if l.predecoded && !l.useResultTaken {
		l.useResultTaken = true
		return l.useResult
	}
	return toolUseResult(l.ToolUseResult)
}

type lineMessage struct {
	ID      string          `json:"id"`
	Role    string          `json:"role"`
	Model   string          `json:"model"`
	Content json.RawMessage `json:"content"`
	Usage   *struct {
		InputTokens              int64 `json:"input_tokens"`
		OutputTokens             int64 `json:"output_tokens"`
		CacheReadInputTokens     int64 `json:"cache_read_input_tokens"`
		CacheCreationInputTokens int64 `json:"cache_creation_input_tokens"`
	} `json:"usage"`
}

// block is one content block of a message.
type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	Signature json.RawMessage `json:"signature"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   bool            `json:"is_error"`
	Content   json.RawMessage `json:"content"`
	Source    *struct {
		Type      string `json:"type"`
		MediaType string `json:"media_type"`
	} `json:"source"`
}

// decodeBlocks decodes message content, which is either a string (one text
// block) or an array of blocks.
func decodeBlocks(raw json.RawMessage) ([]block, error) {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 || raw[0] == 'n' { // absent or null
		return nil, nil
	}
	if raw[0] == '"' {
		// A tool result's content is mostly one long string full of
		// escapes, which jsonfast.String reads several times faster.
		s, err := jsonfast.String(raw)
		if err != nil {
			return nil, err
		}
		return []block{{Type: "text", Text: s}}, nil
	}
	var blocks []block
	err := jsonfast.Unmarshal(raw, &blocks)
	return blocks, err
}

// lineReader reads lines of any length up to max bytes.
type lineReader struct {
	r    *bufio.Reader
	buf  []byte
	max  int
	n    int // number of the line last returned
	long bool
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 1<<20), max: max}
}

// next returns the next line without its line ending, valid until the next
// call. tooLong reports a line over the limit, which is not returned. err
// is io.EOF at the end.
func (lr *lineReader) next() (text []byte, tooLong bool, err error) {
	lr.buf = lr.buf[:0]
	lr.long = false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if !lr.long {
				lr.buf = append(lr.buf, chunk...)
				if len(lr.buf) > lr.max {
					lr.long, lr.buf = true, lr.buf[:0]
				}
			}
			continue
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if len(chunk) == 0 && len(lr.buf) == 0 && err == io.EOF && !lr.long {
			return nil, false, io.EOF
		}
		lr.n++
		var text []byte
		if len(lr.buf) == 0 && !lr.long {
			text = chunk
		} else if !lr.long {
			lr.buf = append(lr.buf, chunk...)
			text = lr.buf
		}
		if lr.long || len(text) > lr.max+2 {
			return nil, true, nil
		}
		text = bytes.TrimRight(text, "\r\n")
		if lr.n == 1 {
			text = bytes.TrimPrefix(text, []byte("\xef\xbb\xbf"))
		}
		return text, false, nil
	}
}
