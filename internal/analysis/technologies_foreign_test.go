package analysis

import (
	"slices"
	"testing"
)

// TestNamesThatAreWordsOfTheSentencesLanguage: in a sentence written in
// French, Portuguese or Polish, "vue", "mise", "sinon", "vim" and a
// sentence-opening "Jest" are that language's words; the same names in
// English, or written as names inside the sentence, are still the
// steward's.
func TestNamesThatAreWordsOfTheSentencesLanguage(t *testing.T) {
	technologies := func(prose string) []string {
		c := newConvo()
		c.steward(prose)
		return technologiesNamed(c)
	}
	for _, prose := range []string{
		"Je voudrais une vue d'ensemble du projet, sinon on ne sait pas où aller.",
		"Il faut faire la mise à jour de la documentation avant la version.",
		"Eu vim aqui para corrigir o erro da página de login.",
		"Jest problem z logowaniem, nie wiem co się dzieje.",
	} {
		got := technologies(prose)
		for _, not := range []string{"Vue", "Sinon.JS", "mise", "Vim", "Jest"} {
			if slices.Contains(got, not) {
				t.Errorf("%q: technologies %q hold %q, a word of the sentence's language", prose, got, not)
			}
		}
	}
	for prose, want := range map[string]string{
		"Add a settings page to the vue app.":                      "Vue",
		"On utilise Vue pour le frontend et le reste est en Go.":   "Vue",
		"Pin the node version with mise and add a task for tests.": "mise",
		"Testy w Jest nie przechodzą po aktualizacji.":             "Jest",
	} {
		if got := technologies(prose); !slices.Contains(got, want) {
			t.Errorf("%q: technologies %q lack %q", prose, got, want)
		}
	}
}
