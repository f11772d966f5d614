package analysis

import (
	"strings"
	"unicode/utf8"
)

// Phrase lists are matched word by word in one pass over a message's words
// (a map lookup per word) instead of a substring search per phrase, which
// was most of the time of Message.

type phraseKind uint8

const (
	kindEmotion phraseKind = iota
	kindClarification
	kindLearning
	kindPlanning
	kindAssistantPlanning
	kindDebugging
	kindPoliteRequest
	kindNeed
	kindReflection
	kindExpression
	kindCount
)

type phrase struct {
	rest  []string // the words after the first
	kind  phraseKind
	value string // the emotion
}

// phraseHits is what matchPhrases found.
type phraseHits struct {
	kinds    [kindCount]bool
	emotions [9]int
	// wordEmotions counts the emotions emotionWords gives the words,
	// those after a negator left out (emotionsOf's): counted in
	// matchPhrases's pass, each word hashed once for both filters.
	wordEmotions [9]int
	// mayHoldDebugWord is set when a word has its bit in debugWordBloom:
	// when none has, debuggingCue need look none up.
	mayHoldDebugWord bool
}

func (h *phraseHits) has(k phraseKind) bool { return h.kinds[k] }

// phraseIndex maps a phrase's first word to the phrases that start with it.
var phraseIndex = func() map[string][]phrase {
	idx := make(map[string][]phrase)
	add := func(kind phraseKind, text, value string) {
		w := wordsOf(lowerText(text))
		if len(w) == 0 {
			return
		}
		idx[w[0]] = append(idx[w[0]], phrase{rest: w[1:], kind: kind, value: value})
	}
	for _, p := range emotionPhrases {
		if isWordPhrase(p.phrase) {
			add(kindEmotion, p.phrase, p.emotion)
		}
	}
	for kind, list := range map[phraseKind][]string{
		kindClarification:     clarificationPhrases,
		kindLearning:          learningPhrases,
		kindPlanning:          planningPhrases,
		kindAssistantPlanning: assistantPlanningPhrases,
		kindDebugging:         debugPhrases,
		kindPoliteRequest:     politeRequestPhrases,
		kindNeed:              needPhrases,
		kindReflection:        reflectionPhrases,
		kindExpression:        expressionPhrases,
	} {
		for _, p := range list {
			add(kind, p, "")
		}
	}
	return idx
}()

// symbolPhrases are the emotion phrases that are not words (emoji), found
// by substring search in text that is not pure ASCII.
var symbolPhrases = func() []struct{ phrase, emotion string } {
	var out []struct{ phrase, emotion string }
	for _, p := range emotionPhrases {
		if !isWordPhrase(p.phrase) {
			out = append(out, p)
		}
	}
	return out
}()

func isWordPhrase(p string) bool {
	return len(wordsOf(lowerText(p))) > 0
}

// phraseOpening holds the bits of phraseIndex's words: most words open no
// phrase and are turned away without a lookup. phraseOpenings is
// phraseIndex as a foldTable, for the others.
var phraseOpening = func() (b wordBloom) {
	for w := range phraseIndex {
		b.add(w)
	}
	return b
}()

var phraseOpenings = newFoldTable(phraseIndex)

// matchPhrases finds every listed phrase in a message's words; hashes
// are their foldHash (appendFoldHashes). ascii reports that the caller
// knows text is ASCII, so holds no emoji, and text is not read again to
// find out; when false it is.
func matchPhrases(words []string, hashes []uint64, text string, ascii bool) phraseHits {
	var h phraseHits
	for i, w := range words {
		x := wordBitOf(hashes[i])
		if debugWordBloom.hasBit(x) {
			h.mayHoldDebugWord = true
		}
		if emotionWordBloom.hasBit(x) {
			if rank, ok := emotionWordRanks.get(w, hashes[i]); ok && !(i > 0 && negatorTable.at(words[i-1], hashes[i-1])) &&
				!(i > 1 && negatorTable.at(words[i-2], hashes[i-2])) {
				h.wordEmotions[rank]++
			}
		}
		if !phraseOpening.hasBit(x) {
			continue
		}
		for _, p := range phraseOpenings.at(w, hashes[i]) {
			if !restMatches(words[i+1:], p.rest) {
				continue
			}
			h.kinds[p.kind] = true
			if p.kind == kindEmotion {
				h.emotions[emotionRank[p.value]]++
			}
		}
	}
	if !ascii && !isASCII(text) {
		for _, p := range symbolPhrases {
			if strings.Contains(text, p.phrase) {
				h.kinds[kindEmotion] = true
				h.emotions[emotionRank[p.emotion]]++
			}
		}
	}
	return h
}

func restMatches(words, rest []string) bool {
	if len(words) < len(rest) {
		return false
	}
	for j, r := range rest {
		if words[j] != r {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
