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
