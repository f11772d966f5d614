package structured

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Streaming: Parse decodes every message of the input
// before anything is checked or written, which for a 150,000-message
// document was hundreds of megabytes. Scan reads the input once with a
// json.Decoder walk, one message at a time, and keeps of each document
// only its header (everything but the messages), how many messages it has
// and the first rule it breaks; Messages then reads one document's
// messages again, one at a time, for the importer to write in chunks.
//
// Reading twice keeps Parse and Validate's behaviour exactly: a JSON error
// anywhere rejects the whole input before any document is stored, and a
// document's first broken rule is the one Validate names, whatever the
// order of its keys (a "people" list after the messages included). The
// second read costs less than a tenth of the import.
//
// An input Scan does not read the common way — a JSON error, a value of
// the wrong type, a key given twice — gives ErrNotStreamed, and the caller
// uses Parse and Validate, so every error message and field stays the
// one they give; only such inputs are held whole.

// ErrNotStreamed says Scan leaves an input to Parse and Validate.
var ErrNotStreamed = errors.New("structured: input not streamed")

// Scanned is one document of an input as Scan read it.
type Scanned struct {
	// Err is the first rule the document breaks, as Validate reports it;
	// nil for a valid document.
	Err    error
	header header
	doc    Document // without its messages
	data   []byte   // the document's bytes in the input
}

// ID is the document's id as written.
func (s *Scanned) ID() string { return s.doc.ID }

// Messages is how many messages the document has.
func (s *Scanned) Messages() int { return s.header.count }

// Import is the document as ToImport makes it, without its messages:
// its one conversation's messages are read by Messages.
func (s *Scanned) Import() baton.ImportDocument {
	h := s.header
	h.doc = &s.doc
	return h.importDocument()
}

// EachMessage reads the document's messages again and calls fn with each,
// converted as ToImport converts it, in order. fn's error stops it.
func (s *Scanned) EachMessage(fn func(m *baton.Message) error) error {
	h := s.header
	h.doc = &s.doc
	i := 0
	_, err := walkDocument(json.NewDecoder(bytes.NewReader(s.data)), func(m *Message) error {
		bm := h.message(i, m)
		i++
		return fn(&bm)
	})
	return err
}

// Scan reads structured conversation documents as Parse does, and checks
// each as Validate does, keeping no message: see Scanned. An input that
// Parse rejects, or that is not read the common way, gives ErrNotStreamed.
func Scan(data []byte) ([]Scanned, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, ErrNotStreamed
	}
	var out []Scanned
	switch {
	case trimmed[0] == '[':
		if !json.Valid(data) {
			return nil, ErrNotStreamed
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		if _, err := dec.Token(); err != nil {
			return nil, ErrNotStreamed
		}
		for dec.More() {
			from := int(dec.InputOffset())
			for from < len(data) && bytes.IndexByte([]byte("[, \t\r\n"), data[from]) >= 0 {
				from++
			}
			sc, err := scanDocument(dec)
			if err != nil {
				return nil, err
			}
			sc.data = data[from:dec.InputOffset()]
			out = append(out, sc)
		}
	case trimmed[0] == '{' && isNDJSON(data):
		for _, line := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			if !json.Valid(line) {
				return nil, ErrNotStreamed
			}
			sc, err := scanDocument(json.NewDecoder(bytes.NewReader(line)))
			if err != nil {
				return nil, err
			}
			sc.data = line
			out = append(out, sc)
		}
	case trimmed[0] == '{':
		if !json.Valid(data) {
			return nil, ErrNotStreamed
		}
		sc, err := scanDocument(json.NewDecoder(bytes.NewReader(data)))
		if err != nil {
			return nil, err
		}
		sc.data = data
		out = append(out, sc)
	default:
		return nil, ErrNotStreamed
	}
	if len(out) == 0 {
		return nil, ErrNotStreamed
	}
	return out, nil
}

// scanDocument reads one document from dec, checking its messages one at a
// time as Validate would.
func scanDocument(dec *json.Decoder) (Scanned, error) {
	var sc Scanned
	// Validate checks a message's own rules first, then whether its speaker
	// is one of the people: the people may come after the messages, so the
	// first message breaking its own rules and the first index of each
	// speaker are kept, and compared once the document is read.
	ownErrAt, ownErr := -1, error(nil)
	speakers := map[string]int{}
	var order []string // speakers in order of first appearance
	i := 0
	doc, err := walkDocument(dec, func(m *Message) error {
		if ownErr == nil {
			if err := validateOwn(i, m); err != nil {
				ownErrAt, ownErr = i, err
			}
		}
		if ownErr == nil {
			sc.header.add(m)
		}
		if name := strings.TrimSpace(m.Speaker); name != "" {
			if _, seen := speakers[name]; !seen {
				speakers[name] = i
				order = append(order, name)
			}
		}
		i++
		return nil
	})
	if err != nil {
		return sc, err
	}
	sc.doc = doc
	if sc.Err = validateHeader(&doc, i); sc.Err != nil {
		return sc, nil
	}
	strangerAt, stranger := -1, ""
	for _, name := range order {
		if at := speakers[name]; !doc.Conversation.hasPerson(name) && (strangerAt < 0 || at < strangerAt) {
			strangerAt, stranger = at, name
		}
	}
	switch {
	case ownErr != nil && (strangerAt < 0 || ownErrAt <= strangerAt):
		sc.Err = ownErr
	case strangerAt >= 0:
		sc.Err = speakerNotInPeople(strangerAt, stranger)
	}
	return sc, nil
}

// walkDocument reads one document from dec as json.Unmarshal would read it
// into a Document (keys matched without regard to case, unknown keys
// skipped, null leaving a value as it was), except that each message is
// given to fn and not kept. A value of the wrong type, a JSON error or a
// messages list given twice is ErrNotStreamed.
func walkDocument(dec *json.Decoder, fn func(m *Message) error) (Document, error) {
	var d Document
	tok, err := dec.Token()
	if err != nil {
		return d, ErrNotStreamed
	}
	if tok == nil {
		return d, nil // null: an empty document, as Unmarshal leaves it
	}
	if tok != json.Delim('{') {
		return d, ErrNotStreamed
	}
	conversations := 0
	err = walkObject(dec, func(key string) error {
		switch {
		case strings.EqualFold(key, "id"):
			return decodeInto(dec, &d.ID)
		case strings.EqualFold(key, "tags"):
			return decodeInto(dec, &d.Tags)
		case strings.EqualFold(key, "metadata"):
			return decodeInto(dec, &d.Metadata)
		case strings.EqualFold(key, "conversation"):
			if conversations++; conversations > 1 {
				return ErrNotStreamed
			}
			return walkConversation(dec, &d.Conversation, fn)
		default:
			return skipValue(dec)
		}
	})
	return d, err
}

// walkConversation reads the conversation object, giving each message to fn.
func walkConversation(dec *json.Decoder, c *Conversation, fn func(m *Message) error) error {
	tok, err := dec.Token()
	if err != nil {
		return ErrNotStreamed
	}
	if tok == nil {
		return nil
	}
	if tok != json.Delim('{') {
		return ErrNotStreamed
	}
	lists := 0
	return walkObject(dec, func(key string) error {
		switch {
		case strings.EqualFold(key, "source"):
			return decodeInto(dec, &c.Source)
		case strings.EqualFold(key, "people"):
			return decodeInto(dec, &c.People)
		case strings.EqualFold(key, "user"):
			return decodeInto(dec, &c.User)
		case strings.EqualFold(key, "conversation"):
			if lists++; lists > 1 {
				return ErrNotStreamed
			}
			tok, err := dec.Token()
			if err != nil {
				return ErrNotStreamed
			}
			if tok == nil {
				return nil
			}
			if tok != json.Delim('[') {
				return ErrNotStreamed
			}
			for dec.More() {
				var m Message
				if err := dec.Decode(&m); err != nil {
					return ErrNotStreamed
				}
				if err := fn(&m); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return ErrNotStreamed
			}
			return nil
		default:
			return skipValue(dec)
		}
	})
}

// walkObject calls field with each key of the object whose '{' dec has just
// read; field reads the value. It reads the closing '}'.
func walkObject(dec *json.Decoder, field func(key string) error) error {
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return ErrNotStreamed
		}
		key, ok := tok.(string)
		if !ok {
			return ErrNotStreamed
		}
		if err := field(key); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return ErrNotStreamed
	}
	return nil
}

func decodeInto(dec *json.Decoder, v any) error {
	if err := dec.Decode(v); err != nil {
		return ErrNotStreamed
	}
	return nil
}

func skipValue(dec *json.Decoder) error {
	var skip json.RawMessage
	return decodeInto(dec, &skip)
}
