package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestSessionTopicsAreNounPhrases: topics from fixtures of our own are the
// noun phrases a session spends itself on — a phrase repeated across the
// session outranks the first prompt's passing words; never a function
// word (Russian included), a word of a path, markup or a slash command.
func TestSessionTopicsAreNounPhrases(t *testing.T) {
	for _, tc := range []struct {
		name      string
		turns     []string // steward, assistant, steward, …
		want, not []string
	}{
		{
			name: "what the session spends itself on",
			turns: []string{
				"I've noticed whatever command I invoke there's a few hundred millis delay before my shell prompt returns.",
				"The startup delay comes from telemetry initialization; I'll add tracing to confirm the startup delay.",
				"ok, can you add the tracing behind an environment variable?",
				"Tracing is now behind BATON_TRACE; the startup delay shows in the trace as telemetry initialization.",
				"Why is telemetry initialization that slow?",
				"Telemetry initialization waits for a network call; deferring it removes the startup delay.",
			},
			want: []string{"telemetry initialization", "delay"},
			not:  []string{"invoke", "millis"},
		},
		{
			name: "no markup, paths or commands",
			turns: []string{
				"<command-name>/review</command-name> /review the retry budget in /Users/soph/src/app/retry.go please",
				"The retry budget backs off without jitter; the retry budget should add jitter.",
			},
			want: []string{"retry budget"},
			not:  []string{"command", "name", "users", "soph", "review", "src"},
		},
		{
			// The first request names the review's source and the
			// branch in passing; the session (longer than a short one,
			// where the request is most of what the steward says) is
			// about the checkpoint parser.
			name: "the first request's passing phrases",
			turns: []string{
				"I got this feedback from the nightly build for the changes in the local branch: the checkpoint parser should reject checkpoint ids that are too short.",
				"The checkpoint parser accepts any checkpoint ids; a stricter pattern rejects short checkpoint ids.",
				"Also add tests for uppercase checkpoint ids, with a stricter pattern.",
				"Added tests: with the stricter pattern the checkpoint parser now rejects short and uppercase checkpoint ids.",
				"Does the checkpoint parser still accept the ids of older sessions?",
				"Yes: older checkpoint ids are twelve characters, which the stricter pattern accepts.",
				"Run the integration suite once more.",
				"The integration suite passes.",
				"Great, mention it in the release notes.",
				"The release notes now mention the stricter pattern.",
			},
			want: []string{"checkpoint parser"},
			not:  []string{"nightly build", "local branch"},
		},
		{
			name: "a word the session uses as a verb is no topic alone",
			turns: []string{
				"Will writing the telemetry settings reset the whole settings file?",
				"Writing the telemetry settings does reset the file: the writer replaces the settings file whole.",
				"Then merge the telemetry settings instead, so nothing else gets lost.",
				"The writer now merges the telemetry settings into the settings file.",
			},
			want: []string{"telemetry settings"},
			not:  []string{"reset", "merge"},
		},
		{
			// "throughout" is an adverb and "built" a past participle,
			// though neither ends in "-ly" or "-ed".
			name: "irregular participles and adverbs are no topics",
			turns: []string{
				"Keep the naming consistent throughout the codebase, the retry helper throughout too.",
				"Renamed the retry helper throughout: every caller now uses retryWithBackoff.",
				"Check the docs throughout as well, and the built binaries.",
				"The docs now use the new name throughout; the built binaries are unchanged.",
			},
			want: []string{"retry helper"},
			not:  []string{"throughout", "built"},
		},
		{
			name: "Russian function words are no topics",
			turns: []string{
				"Про что проект мозгослав и на каком этапе сейчас RAG?",
				"Мозгослав — это приложение для диктовки; RAG сейчас на этапе прототипа.",
				"А почитай про хоткей и push-to-talk, может где баг?",
				"Хоткей push-to-talk подставляет один и тот же текст: баг в буфере.",
			},
			want: []string{"мозгослав"},
			not:  []string{"про", "на", "или", "что", "сейчас", "может", "где"},
		},
	} {
		got := topicsOfTurns(tc.turns)
		for _, w := range tc.want {
			if !slices.ContainsFunc(got, func(g string) bool { return g == w || slices.Contains(strings.Fields(g), w) }) {
				t.Errorf("%s: topics %q miss %q", tc.name, got, w)
			}
		}
		for _, n := range tc.not {
			for _, g := range got {
				if g == n || slices.Contains(strings.Fields(g), n) {
					t.Errorf("%s: topics %q hold %q", tc.name, got, n)
				}
			}
		}
		for _, g := range got {
			if strings.ContainsAny(g, "<>/`") {
				t.Errorf("%s: topic %q holds markup or a path", tc.name, g)
			}
		}
	}
}

// TestShortSessionTopics: a session of a few exchanges is indexed by up to
// four topics (a steward indexes a session by two to six), a long one by
// up to five.
func TestShortSessionTopics(t *testing.T) {
	turns := []string{
		"The release workflow fails on macOS notarization, and the changelog categories need a look too.",
		"The release workflow waits on macOS notarization; the changelog categories are fine. The signing certificate expired.",
		"Then renew the signing certificate and rerun the release workflow.",
		"Renewed the signing certificate; the release workflow passes macOS notarization now.",
	}
	for _, tc := range []struct {
		turns int
		want  int
	}{{4, 4}, {10, 5}} {
		c := newConvo()
		for i := range tc.turns {
			text := turns[i%len(turns)]
			if i%2 == 0 {
				c.steward(text)
			} else {
				c.assistant(text)
			}
		}
		got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		if len(got) != tc.want {
			t.Errorf("%d messages: topics %q, want %d", tc.turns, got, tc.want)
		}
	}
}

// TestNounPairsLeaveVerbsOut: a word used as a verb where it stands — after
// a modal, "to" or a subject pronoun, or before its object — is no half of a
// noun phrase; the noun phrases around it stay.
func TestNounPairsLeaveVerbsOut(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		{"Add test cases for checkpoint names that contain invalid characters", []string{"checkpoint names"}, []string{"contain invalid"}},
		{"We should reset settings whenever the shadow branch moves", []string{"shadow branch"}, []string{"reset settings"}},
		{"Explain how to claim issues in the contributor guide", []string{"contributor guide"}, []string{"claim issues"}},
		{"the retry budget handles jitter", []string{"retry budget"}, nil},
	} {
		checkNounPairs(t, tc.text, tc.want, tc.not)
	}
}

// TestShortSessionTopicsRepeatedInAnAnswer: a chat of one request and one
// long answer is about what the answer repeats ("cost matrix", "border
// mode"), though each is held by one message only.
func TestShortSessionTopicsRepeatedInAnAnswer(t *testing.T) {
	c := newConvo()
	c.steward("Implement the good improvements from the spec.")
	c.assistant("I'll start with the cost matrix. Building the cost matrix is the bottleneck, so the cost matrix is now built " +
		"in parallel. Next, border mode forced a slow comparison; border mode now uses the masked hashes, and the " +
		"tests of border mode pass. The readme mentions the release.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, want := range []string{"cost matrix", "border mode"} {
		if !slices.Contains(got, want) {
			t.Errorf("topics %q miss %q", got, want)
		}
	}
	if slices.Contains(got, "readme") {
		t.Errorf("topics %q hold %q, which the answer says once", got, "readme")
	}
}

// TestDiscourseNounsAreNoTopicsAlone: the nouns of the talk about the work
// ("suggestions", "the implementation") are no topic alone; a phrase that
// holds one may be.
func TestDiscourseNounsAreNoTopicsAlone(t *testing.T) {
	c := newConvo()
	c.steward("Give me suggestions for the rate limiter and review the implementation.")
	c.assistant("Three suggestions: the implementation keeps one token bucket per client; the suggestions below shrink it.")
	c.steward("Apply the suggestions to the implementation and keep the token bucket.")
	c.assistant("Applied the suggestions: the implementation now shares the token bucket across workers.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, n := range []string{"suggestions", "implementation"} {
		if slices.Contains(got, n) {
			t.Errorf("topics %q hold %q alone", got, n)
		}
	}
	if !slices.Contains(got, "token bucket") {
		t.Errorf("topics %q miss %q", got, "token bucket")
	}
}

// TestModifierGivesWayToItsPhrase: a word the session writes mostly before
// the noun it qualifies ("manual" in "manual commit") names no subject
// alone, though it is in more messages than the phrase; the phrase it
// opens takes its place.
func TestModifierGivesWayToItsPhrase(t *testing.T) {
	c := newConvo()
	c.steward("How does the session record its branch metadata?")
	c.assistant("The session writes the branch metadata when it starts; a manual commit writes it again.")
	c.steward("And after a manual commit, is the branch metadata stale?")
	c.assistant("The branch metadata is read once; the manual steps you take later do not change it, a manual commit does.")
	c.steward("Then skip the manual steps.")
	vs := buildViews(testAnalyzer, c.analysed(testAnalyzer))
	for _, cand := range topicCandidates(vs) {
		if cand.term == "manual" && !cand.modifier {
			t.Errorf("candidate %q is not marked a modifier", cand.term)
		}
	}
	got := keyTopics(vs)
	if slices.Contains(got, "manual") {
		t.Errorf("topics %q hold %q alone", got, "manual")
	}
	if !slices.Contains(got, "manual commit") {
		t.Errorf("topics %q miss %q", got, "manual commit")
	}
}

// TestNounPairsOfNumberedThings: a noun followed by a number names which
// one ("phase 4.1", "PR 757"), the number's dots kept; a technology's
// version is no phrase.
func TestNounPairsOfNumberedThings(t *testing.T) {
	got := nounPairs("Finish phase 4.1 before PR 757 and keep Python 3.12.")
	for _, w := range []string{"phase 4.1", "pr 757"} {
		if !slices.Contains(got, w) {
			t.Errorf("nounPairs = %q, want %q among them", got, w)
		}
	}
	if slices.Contains(got, "python 3.12") {
		t.Errorf("nounPairs = %q, want no technology version", got)
	}
}

// TestEditedFilesAreTopics: the files of documents and configuration the
// session edits are topics, though no answer names them; the files of
// code are not.
func TestEditedFilesAreTopics(t *testing.T) {
	c := newConvo()
	c.steward("Update Go to 1.25.6 everywhere it is pinned.")
	c.assistant("Updating the toolchain pin now.")
	c.tool("Edit", map[string]any{"file_path": "/repo/go.mod", "old_string": "go 1.24", "new_string": "go 1.25.6"}, "ok", "")
	c.tool("Edit", map[string]any{"file_path": "/repo/mise.toml", "old_string": "1.24", "new_string": "1.25.6"}, "ok", "")
	c.tool("Edit", map[string]any{"file_path": "/repo/main.go", "old_string": "a", "new_string": "b"}, "ok", "")
	c.assistant("Done: the pin is 1.25.6 in both places.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, want := range []string{"go.mod", "mise.toml"} {
		if !slices.Contains(got, want) {
			t.Errorf("topics %q miss the edited %q", got, want)
		}
	}
	if slices.Contains(got, "main.go") {
		t.Errorf("topics %q hold a file of code", got)
	}
}

// TestSingularAndPluralAreOneTopic: "setting" and "settings" are one
// topic, however the session ranks them.
func TestSingularAndPluralAreOneTopic(t *testing.T) {
	c := newConvo()
	c.steward("Will saving the settings reset the whole settings file?")
	c.assistant("Each setting is loaded first; the settings are merged, so no setting is lost.")
	c.steward("Good, and the setting for push stays?")
	c.assistant("Yes, that setting stays, with the other settings.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if slices.Contains(got, "setting") && slices.Contains(got, "settings") {
		t.Errorf("topics %q hold both forms of one term", got)
	}
	if singularKey("policies") != "policy" || singularKey("shadow branches") != "shadow branch" || singularKey("status") != "status" {
		t.Error("singularKey makes the wrong singular")
	}
}

// TestFormsOfOneTopic: a short form and its expansion are one topic.
func TestFormsOfOneTopic(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"auth", "authentication", true},
		{"config file", "configuration files", true},
		{"repos", "repository", true},
		{"auth", "author", false},
	} {
		if got := sameTerm(tc.a, tc.b); got != tc.same {
			t.Errorf("sameTerm(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
	c := newConvo()
	c.steward("Work through the auth items: the auth middleware, then the login form.")
	c.assistant("The authentication middleware now checks the token; the authentication of the login form is next.")
	c.steward("Good, and the auth of the login form?")
	c.assistant("Done: the login form goes through the same authentication middleware.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, pair := range [][2]string{{"auth", "authentication"}} {
		if slices.Contains(got, pair[0]) && slices.Contains(got, pair[1]) {
			t.Errorf("topics %q hold both %q and %q", got, pair[0], pair[1])
		}
	}
}

// TestLoneAdjectivesAreNoTopics: an adjective alone names no subject
// ("local", "valid"), though the phrase it opens may ("local settings").
func TestLoneAdjectivesAreNoTopics(t *testing.T) {
	c := newConvo()
	c.steward("Are the local settings valid? The local file looks valid but the merge is not.")
	c.assistant("The local settings are valid JSON; the merge drops the local values that are not valid.")
	c.steward("So the merge is the bug. Keep the local settings and fix the merge.")
	c.assistant("Fixed the merge: local settings now win, and values that are not valid are reported.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, w := range []string{"local", "valid"} {
		if slices.Contains(got, w) {
			t.Errorf("topics %q hold the adjective %q alone", got, w)
		}
	}
	if !slices.Contains(got, "local settings") {
		t.Errorf("topics %q miss the phrase the adjective opens", got)
	}
}

// TestNarratingVerbsAreNoTopics: the verbs a report narrates with
// ("creating", "checking") and a request's verbs ("analyze") name no
// subject.
func TestNarratingVerbsAreNoTopics(t *testing.T) {
	c := newConvo()
	c.steward("Analyze the importer and incorporate the retry queue. Analyze why checking takes so long.")
	c.assistant("Checking the importer: creating the retry queue first. Checking shows the importer waits on the retry queue.")
	c.steward("Keep creating the retry queue, and keep checking the importer.")
	c.assistant("Creating done: the retry queue feeds the importer; checking passes.")
	topicsWithout(t, c, "analyze", "checking", "creating")
}

// TestPredicatesAreNoTopics: a word the session writes mostly after "is"
// or "are" ("the items are stale") names a state, not a subject.
func TestPredicatesAreNoTopics(t *testing.T) {
	c := newConvo()
	c.steward("Rank the open beads; which items are stale?")
	c.assistant("Three beads are stale: the roadmap beads. The ranking puts them last.")
	c.steward("Close the beads that are stale and keep the ranking.")
	c.assistant("Closed the two that were stale; the ranking now holds the open beads only.")
	got := topicsWithout(t, c, "stale")
	// "the open beads" is a noun phrase (TestNounPairsAfterDeterminer):
	// it names the beads as well.
	if !slices.ContainsFunc(got, func(topic string) bool { return topic == "beads" || strings.HasSuffix(topic, " beads") }) {
		t.Errorf("topics %q miss %q", got, "beads")
	}
}

// TestTopicRankTies: scores are small whole numbers, so many terms tie;
// among equal scores the more specific term comes first — a term of the
// session before a word of the work's process, a phrase before a word,
// the steward's term (fewer messages for the score) before an answer's —
// while a higher score still wins.
func TestTopicRankTies(t *testing.T) {
	for _, tc := range []struct {
		name          string
		better, worse topicCandidate
	}{
		{"session term before process word", topicCandidate{term: "checkpoint", score: 4, msgs: 3, first: 5}, topicCandidate{term: "commit", score: 4, msgs: 3, first: 0}},
		{"phrase before word", topicCandidate{term: "startup delay", score: 4, msgs: 3, first: 5}, topicCandidate{term: "telemetry", score: 4, msgs: 3, first: 0}},
		{"steward's term before an answer's", topicCandidate{term: "retry budget", score: 4, msgs: 2, first: 5}, topicCandidate{term: "backoff jitter", score: 4, msgs: 4, first: 0}},
		{"earlier term at a full tie", topicCandidate{term: "telemetry", score: 4, msgs: 3, first: 0}, topicCandidate{term: "tracing", score: 4, msgs: 3, first: 5}},
		{"higher score before specificity", topicCandidate{term: "branch", score: 5, msgs: 4, first: 5}, topicCandidate{term: "shadow branch", score: 4, msgs: 2, first: 0}},
	} {
		if byTopicRank(tc.better, tc.worse) >= 0 || byTopicRank(tc.worse, tc.better) <= 0 {
			t.Errorf("%s: %q does not rank before %q", tc.name, tc.better.term, tc.worse.term)
		}
	}
	// A process word in a phrase is no process word alone.
	if workflowWord("commit metadata") || !workflowWord("commit") {
		t.Error("workflowWord: only the word alone is a process word")
	}
}

// TestShortSessionPassingWordOfTheRequest: in a short session the first
// request's phrases are topics though no answer repeats them, but of a
// request naming several subjects, a single word named in passing (the
// "status-board" where the steward saw the fault) is no topic when no
// other message holds it: the work the session goes on to is ("retry
// policy"). TestKeyTopicsNameTheSubject keeps the words of a request
// naming few ("Add SSO to the public dashboard").
func TestShortSessionPassingWordOfTheRequest(t *testing.T) {
	c := newConvo()
	c.steward("Our nightly export writes duplicate invoice rows; I spotted them on the status-board.")
	c.assistant("The export retries after a timeout and writes the invoice rows twice. The retry policy sends no idempotency key; with an idempotency key the insert skips the invoice rows it holds.")
	c.steward("Add the idempotency key to the retry policy then.")
	c.assistant("The retry policy now sends an idempotency key with every export.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "retry policy") {
		t.Errorf("topics %q miss %q", got, "retry policy")
	}
	if slices.Contains(got, "status-board") {
		t.Errorf("topics %q hold the request's passing word %q", got, "status-board")
	}
}

// TestLongSessionPhraseRepeatedInAnAnswer: in a longer session too, a
// phrase an answer keeps naming ("retry budget", four times in one
// answer) is what that part of the work was about, though no other
// message holds it; a single word one answer repeats ("value") is not.
func TestLongSessionPhraseRepeatedInAnAnswer(t *testing.T) {
	c := newConvo()
	c.steward("The invoice export times out for large accounts.")
	c.assistant("The invoice export reads every account row at once; I'll page it.")
	c.steward("Good, page the invoice export.")
	c.assistant("Paged the invoice export. The retry budget was the other problem: the retry budget was spent on the first " +
		"timeout, so I raised the retry budget and made the retry budget reset per page. The value was low, the value " +
		"is now read from the config, and the value has a floor.")
	c.steward("Does the export still run nightly?")
	c.assistant("Yes, the nightly job runs the invoice export as before.")
	c.steward("Run the tests then.")
	c.assistant("The tests pass.")
	c.steward("Thanks, ship it.")
	c.assistant("Shipped.")
	got := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if !slices.Contains(got, "retry budget") {
		t.Errorf("topics %q miss %q", got, "retry budget")
	}
	if slices.Contains(got, "value") {
		t.Errorf("topics %q hold %q, which one answer repeats", got, "value")
	}
}

// topicsOfTurns are the topics of a session whose messages are turns, the
// steward's and the assistant's in turn, the steward's first.
func topicsOfTurns(turns []string) []string {
	c := newConvo().turns(turns...)
	return keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
}

// TestPhraseFormsCountedAsOne: a phrase written in the singular in one
// message and the plural in another is one term, held by both messages,
// shown in the form written first.
func TestPhraseFormsCountedAsOne(t *testing.T) {
	c := newConvo()
	c.steward("Our search engine is slow on long queries.")
	c.assistant("It asks each of the search engines in turn, the cheapest first.")
	c.steward("Then drop the slowest search engines from the list.")
	var found []topicCandidate
	for _, cand := range topicCandidates(buildViews(testAnalyzer, c.analysed(testAnalyzer))) {
		if topicKey(cand.term) == "search engine" {
			found = append(found, cand)
		}
	}
	if len(found) != 1 || found[0].term != "search engine" || found[0].msgs != 3 {
		t.Errorf("candidates of the phrase's forms = %+v, want one, %q, in 3 messages", found, "search engine")
	}
}
