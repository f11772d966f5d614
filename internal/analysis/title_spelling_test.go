package analysis

import "testing"

// A title in the steward's words keeps their slip of the fingers unless
// the session spells the word right in more of its messages: then the
// title writes it as the session does, in the steward's case.
func TestTitleWritesTheSessionsSpelling(t *testing.T) {
	got := titleOf(
		"Please write a CHANGLOG.md for the parser project, covering the tokenizer work.",
		"I've read the history. Here is a CHANGELOG.md draft covering the tokenizer rewrite.",
		"Also mention the lexer in the changelog.",
		"Updated the changelog: the lexer entry is under 0.3.",
		"Move the changelog to the docs folder.",
		"Moved the changelog to docs/CHANGELOG.md.",
	)
	if got != "Write CHANGELOG.md for parser project covering tokenizer work" {
		t.Errorf("title = %q, want the session's spelling of CHANGELOG", got)
	}
}

// Only a slip is mended: a word the session writes in another form (a
// plural, an ending), a word of English, a piece of a name, a word one
// slip from two of the session's terms, or a word whose letter too many
// or struck for another is far on the keyboard from the letters beside
// it keeps its own spelling.
func TestSessionSpellingKeepsRealWords(t *testing.T) {
	weights := map[string]float64{
		"changelog": 3, "tests": 3, "cached": 3, "parser": 3, "parsed": 3,
		"window": 3, "branch": 3, "model": 3, "motel": 3, "string": 3, "content": 3, "readme": 3,
	}
	cases := []struct{ title, want string }{
		{"Add CHANGLOG entry", "Add CHANGELOG entry"},
		{"Fix flaky test", "Fix flaky test"},     // "tests" is its plural
		{"Clear the cache", "Clear the cache"},   // "cached" another form
		{"Update changelog", "Update changelog"}, // the session's own word
		{"Fix Windw_Size", "Fix Windw_Size"},     // a piece of a name
		{"Fix mofel", "Fix mofel"},               // "model" or "motel"
		{"Rebase brnach", "Rebase branch"},
		{"Add READMD", "Add README"},         // d is next to e
		{"Storing keys", "Storing keys"},     // o is far from t and r
		{"Context window", "Context window"}, // x is far from n
	}
	for _, c := range cases {
		if got := withSessionSpelling(c.title, weights); got != c.want {
			t.Errorf("withSessionSpelling(%q) = %q, want %q", c.title, got, c.want)
		}
	}
}
