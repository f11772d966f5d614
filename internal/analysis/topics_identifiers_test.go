package analysis

import (
	"slices"
	"testing"
)

// TestIdentifierPhrasesJoinedByCode: the phrases a session's names join
// are read from snake_case, kebab-case and camelCase names in prose, code
// and tool output, keyed singular and in full; plain words, list marks
// and parts with digits join nothing.
func TestIdentifierPhrasesJoinedByCode(t *testing.T) {
	c := newConvo()
	c.steward("Why is `buildCostMatrix` slow? See temporal_alignment.py.")
	c.assistant("The loop in build_cost_matrices copies frames.\n\n- one item\n- another\n\nRun it with --sandbox-mode and v2_cache.\n\n```python\ndef read_config_file(): pass\n```")
	got := identifierPhrases(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, want := range []string{"cost matrix", "temporal alignment", "sandbox mode", "configuration file"} {
		if !got[want] {
			t.Errorf("identifierPhrases lack %q: %v", want, got)
		}
	}
	for _, not := range []string{"one item", "loop copie", "cache", "v2 cache"} {
		if got[not] {
			t.Errorf("identifierPhrases hold %q: %v", not, got)
		}
	}
}

// TestTopicPhraseTheCodeNames: of two phrases a session says as often,
// the one its code joins into a name (the retry budget of retry_budget)
// is the topic, not two words that merely stand side by side (the burst
// size, said first).
func TestTopicPhraseTheCodeNames(t *testing.T) {
	got := topicsOfTurns([]string{
		"Uploads time out under load. Look at the worker pool, the queue depth and the lock contention.",
		"The worker pool is fixed at four, the queue depth grows and the lock contention is high. The burst size doubles it; the retry budget is 0.\n\n```python\nretry_budget = 0\n```",
		"Which of these do we fix first: the worker pool, the queue depth or the lock contention?",
		"The lock contention first, then the worker pool and the queue depth. The burst size stays; the retry budget is now three.",
	})
	if !slices.Contains(got, "retry budget") || slices.Contains(got, "burst size") {
		t.Errorf("topics %q, want %q (a phrase the code names) and not %q", got, "retry budget", "burst size")
	}
}
