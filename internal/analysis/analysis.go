// Package analysis turns conversations into what Baton shows about them:
// per message, sentiment, emotions, intent, topics, entities and code
// context; per session, the emotional arc, progress, technical context,
// summary, decisions, patterns and a quality score; per steward, the
// relationship with the assistant over time.
//
// The analysis itself is deterministic and offline: pure functions over
// domain values, with lexicons and rules in the source. Sentiment is
// VADER's compound score (govader's lexicon, a faster port of its
// algorithm).
//
// Service (service.go, worker.go) is the one part that touches storage:
// it runs the analysis where Baton needs it (messages before they are
// stored, a session once it is, API writes in the background) and reads
// back what it stored, typed, from its own table (baton.StoredAnalysis).
package analysis

import (
	"math"
	"strings"
	"sync"

	"github.com/baton-dev/baton/internal/baton"
)

// Analyzer holds the sentiment lexicon. Build it once with New; it is safe
// for concurrent use.
type Analyzer struct {
	vader *vader
}

// New builds an Analyzer, loading the VADER lexicon (a few milliseconds).
func New() *Analyzer {
	return &Analyzer{vader: newVader()}
}

// defaultAnalyzer serves the functions that take no Analyzer, for messages
// that were never analysed.
var defaultAnalyzer = sync.OnceValue(New)

// toolErrorSentiment is the sentiment of a failed tool result: a small
// negative, so failures weigh on the arc without drowning what people say.
const toolErrorSentiment = -0.2

// Message fills m's analysis in place:
//
//   - Semantic.Sentiment: VADER's compound score of the prose (fenced code
//     left out, the first 2,000 bytes) of steward and assistant messages;
//     toolErrorSentiment for a failed tool result; 0 for everything else.
//   - Semantic.Emotions: labels of Emotions from the lexicon in emotion.go,
//     for steward and assistant messages.
//   - Semantic.Intent: one of the Intent constants by the rules of
//     intentOf, for steward and assistant messages; none for tool calls,
//     tool results and system messages.
//   - Semantic.Entities: files, URLs, code symbols and technologies named
//     in the prose, and the files and URLs tool calls touch.
//   - Semantic.Topics: technologies, then salient words (topicsOf).
//   - ContentType, when empty (contentTypeOf).
//   - CodeContext, when the message holds code, a tool call touches a file
//     or the prose names a file with its lines (codeContextOf).
//
// What the client supplied is kept: a non-zero sentiment, non-empty
// emotions, intent, topics or entities, a content type and a code context
// are left as they are. The embedding is never touched.
func (a *Analyzer) Message(m *baton.Message) {
	if m == nil {
		return
	}
	sem := &m.Semantic
	c := parseContent(truncate(m.Content, maxScanText))
	text := m.Role == baton.RoleSteward || m.Role == baton.RoleAssistant

	var es entitySet
	var loc location
	var words []string
	var hashes []uint64 // the words' foldHash
	ascii := false      // whether the prose is ASCII
	var hits phraseHits
	// The slices the message's words and chunks are read into come from
	// a pool: every message is analysed, and making them for each was a
	// tenth of what a first sync allocated. None outlives this call.
	sc := messageScratchPool.Get().(*messageScratch)
	defer sc.put()
	if text {
		var lower string
		lower, ascii = lowerTextASCII(c.prose)
		var chunks []string
		var squashed bool
		if ascii {
			chunks, words, squashed = appendFieldsWords(sc.chunks[:0], sc.words[:0], c.prose, lower)
		} else {
			words = appendWords(sc.words[:0], lower)
			chunks, squashed = appendFields(sc.chunks[:0], c.prose)
		}
		sc.words, sc.chunks = words, chunks
		// Each word is hashed once for the filters of the readers below.
		hashes = appendFoldHashes(sc.hashes[:0], words)
		sc.hashes = hashes
		hits = matchPhrases(words, hashes, lower, ascii)
		if sem.Sentiment == 0 {
			// Prose appendFields found squashed already (most of it)
			// is not squashed again.
			sentimentText := c.prose
			if !squashed || len(c.prose) > maxSentimentText {
				sentimentText = squash(truncate(c.prose, maxSentimentText))
			}
			// The prose's lower case serves VADER too when the text it
			// scores is the prose's opening, as it is unless the prose
			// has runs of white space to squash.
			lowerASCII := ""
			if ascii && sentimentText == c.prose[:len(sentimentText)] {
				lowerASCII = lower[:len(sentimentText)]
			}
			// Squashed prose VADER scores whole is split into its
			// words as the chunks were.
			var fields []string
			if squashed && sentimentText == c.prose {
				fields = chunks
			}
			sem.Sentiment = round4(a.vader.compoundOf(sentimentText, lowerASCII, fields))
			if sem.Sentiment == 0 {
				// Not a word VADER knows: German or Japanese, perhaps.
				// The prose's words serve unless it was cut.
				prose, proseWords, proseHashes := c.prose, words, hashes
				if len(prose) > maxSentimentText {
					prose, proseWords, proseHashes = truncate(prose, maxSentimentText), nil, nil
				}
				if fs, ok := foreignSentiment(prose, proseWords, proseHashes, ascii); ok {
					sem.Sentiment = fs
				}
			}
		}
		if len(sem.Emotions) == 0 {
			sem.Emotions = emotionsOf(&hits)
		}
		if sem.Intent == "" {
			sem.Intent = intentOf(string(m.Role), lower, words, hashes, &hits, sem.Emotions, sem.Sentiment)
		}
		loc = scanEntities(c.prose, lower, ascii, &es, chunks)
	} else if sem.Sentiment == 0 && toolFailed(m) {
		sem.Sentiment = toolErrorSentiment
	}
	// Each call's input is read once, for the entities here and for the
	// code context below.
	inputs := make([]toolInput, len(m.ToolCalls))
	for i, tc := range m.ToolCalls {
		inputs[i] = parseInput(tc.Input)
		in := &inputs[i]
		if f := in.file(tc.Name); f != "" {
			es.add(f, EntityFile, 1)
		}
		if in.URL != "" {
			es.add(in.URL, EntityURL, 1)
		}
	}
	if len(sem.Entities) == 0 {
		sem.Entities = es.list
		if sem.Entities == nil {
			sem.Entities = []baton.Entity{}
		}
	}
	if len(sem.Topics) == 0 {
		if text {
			sem.Topics = topicsOf(words, hashes, ascii, es.list)
		} else {
			sem.Topics = []string{}
		}
	}
	if m.ContentType == "" {
		m.ContentType = contentTypeOf(m, c, &hits)
	}
	if m.CodeContext == nil {
		m.CodeContext = codeContextOf(m, inputs, c, loc, &es)
	}
}

// messageScratch holds the slices Message reads a message into.
type messageScratch struct {
	words, chunks []string
	hashes        []uint64
}

var messageScratchPool = sync.Pool{New: func() any { return new(messageScratch) }}

// put returns the scratch to the pool, holding no text.
func (sc *messageScratch) put() {
	clear(sc.words)
	clear(sc.chunks) // the ones after them were cleared before
	messageScratchPool.Put(sc)
}

// toolFailed reports whether m is a failed tool result.
func toolFailed(m *baton.Message) bool {
	if m.Role != baton.RoleToolResult {
		return false
	}
	if m.ToolResult != nil && m.ToolResult.IsError {
		return true
	}
	return strings.Contains(truncate(m.Content, maxScanText), "<tool_use_error>")
}

// analysed reports whether m's semantic fields look filled: a message
// stored before analysis existed has none of them.
func analysed(m *baton.Message) bool {
	s := &m.Semantic
	return s.Intent != "" || len(s.Emotions) > 0 || s.Sentiment != 0 || len(s.Topics) > 0 || len(s.Entities) > 0
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func round3(x float64) float64 { return math.Round(x*1e3) / 1e3 }

func clamp(x, lo, hi float64) float64 { return max(lo, min(hi, x)) }
