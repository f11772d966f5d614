package replay

import (
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// termVector is a text's word counts: hashed lower-case words, sorted, so
// two vectors' dot product is one merge.
type termVector struct {
	terms  []uint32
	counts []float64
	norm   float64
}

func vectorOf(text string) termVector {
	var hashes []uint32
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		hashes = append(hashes, fnv32a(w))
	}
	slices.Sort(hashes)
	var v termVector
	for i, h := range hashes {
		if i > 0 && h == hashes[i-1] {
			v.counts[len(v.counts)-1]++
			continue
		}
		v.terms = append(v.terms, h)
		v.counts = append(v.counts, 1)
	}
	for _, c := range v.counts {
		v.norm += c * c
	}
	v.norm = math.Sqrt(v.norm)
	return v
}

// fnv32a is the 32-bit FNV-1a hash of w (hash/fnv's New32a), without
// allocating a hasher per word.
func fnv32a(w string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(w); i++ {
		h ^= uint32(w[i])
		h *= 16777619
	}
	return h
}

// cosine of two word-count vectors, 0 when either is empty.
func (v termVector) cosine(o termVector) float64 {
	if v.norm == 0 || o.norm == 0 {
		if v.norm == 0 && o.norm == 0 {
			return 1
		}
		return 0
	}
	var dot float64
	i, j := 0, 0
	for i < len(v.terms) && j < len(o.terms) {
		switch {
		case v.terms[i] == o.terms[j]:
			dot += v.counts[i] * o.counts[j]
			i++
			j++
		case v.terms[i] < o.terms[j]:
			i++
		default:
			j++
		}
	}
	return math.Min(1, dot/(v.norm*o.norm))
}

// wordTable numbers the distinct words of two sides' messages, so one
// message's counts can be spread into a slice (row) and dotted with each
// message of the other side in one pass over that message's words: the
// reasoning alignment takes this dot product for every pair in its band.
// Counts are whole numbers, so the sums are exact and equal the merge's.
type wordTable struct {
	row []float64
}

func numberWords(sides ...[]reasoningText) *wordTable {
	t := &wordTable{}
	number := map[uint32]int32{}
	for _, side := range sides {
		for k := range side {
			x := &side[k]
			ids := make([]int32, len(x.terms.terms))
			for i, term := range x.terms.terms {
				id, ok := number[term]
				if !ok {
					id = int32(len(number))
					number[term] = id
				}
				ids[i] = id
			}
			x.ids = ids
		}
	}
	t.row = make([]float64, len(number))
	return t
}

// spread puts x's counts in the row; clear takes them out again.
func (t *wordTable) spread(x *reasoningText) {
	for i, id := range x.ids {
		t.row[id] = x.terms.counts[i]
	}
}

func (t *wordTable) clear(x *reasoningText) {
	for _, id := range x.ids {
		t.row[id] = 0
	}
}

// similarity is the package's similarity of x, whose counts are spread,
// and y: the same value, the cosine of word counts taken from the row.
func (t *wordTable) similarity(x, y *reasoningText) float64 {
	if ex, ey := x.msg.Semantic.Embedding, y.msg.Semantic.Embedding; len(ex) > 0 && len(ex) == len(ey) {
		s, _ := similarity(x, y)
		return s
	}
	v, o := x.terms, y.terms
	if v.norm == 0 || o.norm == 0 {
		return v.cosine(o)
	}
	var dot float64
	for i, id := range y.ids {
		dot += t.row[id] * o.counts[i]
	}
	return math.Min(1, dot/(v.norm*o.norm))
}

// Similarity is the lexical similarity of two texts (cosine of word counts), 0 to 1.
func Similarity(a, b string) float64 { return round3(vectorOf(a).cosine(vectorOf(b))) }

// WordDiff is one run of a word-level diff: equal, insert (only in B) or
// delete (only in A).
type WordDiff struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

// maxDiffTokens bounds the words of one side a word diff looks at; the
// rest is shown as one run.
const maxDiffTokens = 4000

// Words diffs two texts word by word (each word and each run of spaces or
// punctuation is one token), then applies go-diff's semantic cleanup so
// the runs are ones a reader would mark.
func Words(a, b string) []WordDiff {
	ta, restA := tokens(a)
	tb, restB := tokens(b)
	index := map[string]rune{}
	var table []string
	encode := func(toks []string) []rune {
		out := make([]rune, len(toks))
		for i, t := range toks {
			r, ok := index[t]
			if !ok {
				r = tokenRune(len(table))
				index[t] = r
				table = append(table, t)
			}
			out[i] = r
		}
		return out
	}
	ra, rb := encode(ta), encode(tb)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0 // deterministic: the same texts always give the same diff
	// Cleanup runs on tokens, so it never splits a word.
	diffs := dmp.DiffCleanupSemantic(dmp.DiffMainRunes(ra, rb, false))
	for i := range diffs {
		var sb strings.Builder
		for _, r := range diffs[i].Text {
			sb.WriteString(table[runeToken(r)])
		}
		diffs[i].Text = sb.String()
	}
	out := make([]WordDiff, 0, len(diffs)+2)
	for _, d := range diffs {
		op := "equal"
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op = "insert"
		case diffmatchpatch.DiffDelete:
			op = "delete"
		}
		if n := len(out); n > 0 && out[n-1].Op == op {
			out[n-1].Text += d.Text
			continue
		}
		out = append(out, WordDiff{Op: op, Text: d.Text})
	}
	if restA != "" {
		out = append(out, WordDiff{Op: "delete", Text: restA})
	}
	if restB != "" {
		out = append(out, WordDiff{Op: "insert", Text: restB})
	}
	return out
}

// tokens splits text into words and the runs between them; past
// maxDiffTokens the remainder is returned whole.
func tokens(s string) ([]string, string) {
	var out []string
	start := 0
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
	var prev bool
	for i, r := range s {
		w := isWord(r)
		if i > 0 && w != prev {
			out = append(out, s[start:i])
			start = i
			if len(out) >= maxDiffTokens {
				return out, s[start:]
			}
		}
		prev = w
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out, ""
}

// tokenRune maps a token's index to a rune, skipping the surrogate range.
func tokenRune(i int) rune {
	r := rune(i + 0x100)
	if r >= 0xD800 {
		r += 0x800
	}
	return r
}

func runeToken(r rune) int {
	if r >= 0xE000 {
		r -= 0x800
	}
	return int(r - 0x100)
}
