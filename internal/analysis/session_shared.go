package analysis

import (
	"math"
	"strconv"

	"github.com/baton-dev/baton/internal/baton"
)

// semanticInterner shares what the views of a long session repeat in
// their semantic fields: the same few hundred topic, emotion, intent and
// entity words, and often the same lists of them, decoded afresh for
// every message read back. A view of every message is held at once (a
// 150,000-message document's views held ~28 MB of decoded semantic
// fields), so each view keeps one shared copy of a word and of a list
// seen before. The views only read these fields; a shared list is cut to
// its length, so an append to one copies it.
//
// The maps are bounded: past maxShared distinct words or lists, new ones
// are kept as they are (a session whose every list is new gains nothing
// from remembering them).
type semanticInterner struct {
	words    map[string]string
	topics   map[string][]string
	emotions map[string][]string
	entities map[string][]baton.Entity
	sems     map[semanticKey]*baton.Semantic
	key      []byte
}

// semanticKey names a message's semantic fields once their lists are
// shared: the same lists are the same arrays. A list no one shares has an
// array of its own, so two fields are never taken for the same unless
// they are.
type semanticKey struct {
	intent                        string
	sentiment                     float64
	topics, emotions              *string
	entities                      *baton.Entity
	nTopics, nEmotions, nEntities int
	noTopics, noEmotions, noEnts  bool // nil, not empty
}

const maxShared = 1 << 14

// semantic is sem with its words and lists shared, and the embedding,
// which no session analysis reads, left out: the fields of a message seen
// before with the same ones, or a copy of sem kept for the next.
func (in *semanticInterner) semantic(sem *baton.Semantic) *baton.Semantic {
	if in.words == nil {
		in.words = map[string]string{}
		in.topics = map[string][]string{}
		in.emotions = map[string][]string{}
		in.entities = map[string][]baton.Entity{}
		in.sems = map[semanticKey]*baton.Semantic{}
	}
	out := &baton.Semantic{
		Intent:    in.word(sem.Intent),
		Sentiment: sem.Sentiment,
		Topics:    in.list(in.topics, sem.Topics),
		Emotions:  in.list(in.emotions, sem.Emotions),
		Entities:  in.entityList(sem.Entities),
	}
	k := semanticKey{intent: out.Intent, sentiment: out.Sentiment,
		nTopics: len(out.Topics), nEmotions: len(out.Emotions), nEntities: len(out.Entities),
		noTopics: out.Topics == nil, noEmotions: out.Emotions == nil, noEnts: out.Entities == nil}
	if len(out.Topics) > 0 {
		k.topics = &out.Topics[0]
	}
	if len(out.Emotions) > 0 {
		k.emotions = &out.Emotions[0]
	}
	if len(out.Entities) > 0 {
		k.entities = &out.Entities[0]
	}
	if shared, ok := in.sems[k]; ok {
		return shared
	}
	if len(in.sems) < maxShared {
		in.sems[k] = out
	}
	return out
}

func (in *semanticInterner) word(w string) string {
	if w == "" {
		return w
	}
	if s, ok := in.words[w]; ok {
		return s
	}
	if len(in.words) < maxShared {
		in.words[w] = w
	}
	return w
}

// list is the shared copy of words (nil and empty lists are kept as they
// are: they hold nothing).
func (in *semanticInterner) list(seen map[string][]string, words []string) []string {
	if len(words) == 0 {
		return words
	}
	in.key = in.key[:0]
	for _, w := range words {
		in.key = append(in.key, w...)
		in.key = append(in.key, 0)
	}
	if l, ok := seen[string(in.key)]; ok {
		return l
	}
	l := make([]string, len(words))
	for i, w := range words {
		l[i] = in.word(w)
	}
	if len(seen) < maxShared {
		seen[string(in.key)] = l
	}
	return l
}

func (in *semanticInterner) entityList(es []baton.Entity) []baton.Entity {
	if len(es) == 0 {
		return es
	}
	in.key = in.key[:0]
	for _, e := range es {
		in.key = append(in.key, e.Text...)
		in.key = append(in.key, 0)
		in.key = append(in.key, e.Type...)
		in.key = append(in.key, 0)
		in.key = strconv.AppendUint(in.key, math.Float64bits(e.Confidence), 16)
		in.key = append(in.key, 0)
	}
	if l, ok := in.entities[string(in.key)]; ok {
		return l
	}
	l := make([]baton.Entity, len(es))
	for i, e := range es {
		l[i] = baton.Entity{Text: in.word(e.Text), Type: in.word(e.Type), Confidence: e.Confidence}
	}
	if len(in.entities) < maxShared {
		in.entities[string(in.key)] = l
	}
	return l
}
