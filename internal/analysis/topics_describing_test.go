package analysis

import (
	"slices"
	"testing"
)

// TestDescribingAdjectiveOpensNoTopic: "comprehensive review" says how
// thorough the review is; the session is about the review. An adjective
// that names a kind ("interactive rebase") keeps its phrase.
func TestDescribingAdjectiveOpensNoTopic(t *testing.T) {
	c := newConvo()
	c.steward("Can you give the parser module a comprehensive review before the interactive rebase?")
	c.assistant("Here is a comprehensive review of the parser module: the tokenizer leaks, the interactive rebase can wait.")
	c.steward("Thanks. Keep the comprehensive review short, then start the interactive rebase.")
	c.assistant("Done: the comprehensive review is in REVIEW notes, and the interactive rebase squashed the parser commits.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if slices.Contains(got, "comprehensive review") {
		t.Errorf("topics %q hold %q, a description rather than a subject", got, "comprehensive review")
	}
	if !slices.Contains(got, "interactive rebase") {
		t.Errorf("topics %q, want %q (an adjective that names the kind)", got, "interactive rebase")
	}
}

// How the steward feels about the work ("something boring and robust
// please") says nothing of what it is about: no topic.
func TestFeelingAdjectivesAreNoTopics(t *testing.T) {
	c := newConvo()
	c.steward("The login test fails about once a day on CI with a timeout on the dashboard heading. I'm burnt out on flaky tests, so something boring and robust please.")
	c.assistant("The test sleeps and checks the dashboard heading once; waiting for the heading instead makes it boring and robust on a slow runner.")
	c.steward("Boring is good. Ship it.")
	for _, topic := range keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer))) {
		if topic == "boring" || topic == "robust" {
			t.Errorf("topic %q is a feeling about the work", topic)
		}
	}
}

// A colleague the session speaks of ("Priya left review comments",
// "thank Priya") is no topic.
func TestPeopleAreNoTopics(t *testing.T) {
	c := newConvo()
	c.steward("Priya left review comments on my rate limiter PR and I disagree with one. Priya says the token bucket should use a Lua script.")
	c.assistant("Priya is right: the rate limiter reads outside the transaction, so two requests both read 5 tokens. Priya's Lua script makes the rate limiter atomic.")
	c.steward("Ugh, yeah. I'll switch the rate limiter to Lua and thank Priya.")
	topics := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if slices.Contains(topics, "priya") || !slices.Contains(topics, "rate limiter") {
		t.Errorf("topics %q: want the rate limiter, not the colleague", topics)
	}
}
