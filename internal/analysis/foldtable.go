package analysis

import "math/bits"

// foldTable is a read-only set of words with a value for each, looked up
// by a word and its foldHash. A message's words are hashed once
// (appendFoldHashes) and asked of several sets: a Go map hashed each word
// again for each set and probed its groups, ~140 instructions a lookup,
// where this probes an array of slots by the hash it is given, ~30.
//
// The slots are open-addressed: a word's first slot is picked by the
// hash's top bits and the next ones follow it. Half of them at least are
// empty, so a lookup ends after a slot or two.
type foldTable[V any] struct {
	slots []foldSlot[V]
	shift uint // 64 less the bits of an index
}

type foldSlot[V any] struct {
	hash uint64
	word string
	val  V
	used bool
}

// newFoldTable holds the words of m and their values.
func newFoldTable[V any](m map[string]V) *foldTable[V] {
	n := 1
	for n < 2*len(m) {
		n <<= 1
	}
	t := &foldTable[V]{slots: make([]foldSlot[V], n), shift: uint(64 - bits.TrailingZeros(uint(n)))}
	for w, v := range m {
		h := foldHash(w)
		i := t.first(h)
		for t.slots[i].used {
			i = (i + 1) & (n - 1)
		}
		t.slots[i] = foldSlot[V]{hash: h, word: w, val: v, used: true}
	}
	return t
}

// first is the slot a word of hash h is looked for from (a table of one
// slot shifts by 64, to 0).
func (t *foldTable[V]) first(h uint64) int { return int(h >> t.shift) }

// get returns w's value and whether w is in the table; h is w's foldHash.
func (t *foldTable[V]) get(w string, h uint64) (V, bool) {
	mask := len(t.slots) - 1
	for i := t.first(h); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if !s.used {
			var none V
			return none, false
		}
		if s.hash == h && s.word == w {
			return s.val, true
		}
	}
}

// at is the value of w, of foldHash h, as the map the table was made of
// gives it: the zero value for a word not in it.
func (t *foldTable[V]) at(w string, h uint64) V {
	v, _ := t.get(w, h)
	return v
}
