package fulltext

import (
	"reflect"
	"testing"
)

func TestWords(t *testing.T) {
	cases := map[string][]string{
		"Fixed FTS5 hyphen-handling":  {"fixed", "fts5", "hyphen", "handling"},
		"memory/store AUTH-456":       {"memory", "store", "auth", "456"},
		`"quoted" (parens) a:b *x* ^`: {"quoted", "parens", "a", "b", "x"},
		"Café naïve RÉSUMÉ":           {"cafe", "naive", "resume"},
		"記憶の検索を修正":                    {"記", "憶", "の", "検", "索", "を", "修", "正"},
		"Привет мир":                  {"привет", "мир"},
		"한국어 검색":                      {"한국어", "검색"},
		"release v2.0.0":              {"release", "v2", "0", "0"},
		"---  ...":                    nil,
	}
	for in, want := range cases {
		if got := Words(in); !reflect.DeepEqual(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTextJoinsPartsWithSingleSpaces(t *testing.T) {
	if got := Text("Merge-Weave", "", "PR-101 done."); got != "merge weave pr 101 done" {
		t.Fatalf("Text = %q", got)
	}
}

// The ASCII path gives the words the Unicode path gives.
func TestASCIIWordsAreTheUnicodePathsWords(t *testing.T) {
	var all []byte
	for c := 0; c < 0x80; c++ {
		all = append(all, byte(c))
	}
	inputs := []string{string(all), "Fixed FTS5 hyphen-handling", "memory/store AUTH-456 MiXeD_case\tTAB\nnew", "a", "", " x ", "ABC"}
	for i := 0; i+3 <= len(all); i++ {
		inputs = append(inputs, string(all[i:i+3])+"Qz9"+string(all[len(all)-1-i:]))
	}
	for _, in := range inputs {
		var fast []string
		appendASCII(in, func(w string) { fast = append(fast, w) })
		// "é" keeps the text off the ASCII path: it is a word of its own.
		slow := Words(in + " é")
		slow = slow[:len(slow)-1]
		if len(slow) == 0 {
			slow = nil
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Errorf("%q: ASCII path %q, Unicode path %q", in, fast, slow)
		}
	}
}
