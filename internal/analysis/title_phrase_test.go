package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestToPhraseEndHead: a window that stops on a modifier or on a clause's
// subject runs on to the word that ends the phrase, not past a verb that
// wants its complement.
func TestToPhraseEndHead(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		lo, hi   int
		want     string
	}{
		{"the chart legend is showing wrong colour values can you check and fix the mapping", 0, 6, "the chart legend is showing wrong colour values"},
		{"figure out how the importer works and see how it will clash with the old parser which is slow", 0, 5, "figure out how the importer works"},
		{"which extra checks need to be added to the nightly release pipeline for the launch", 0, 3, "which extra checks"},
		// A name of several capitalised words is kept whole, or left out
		// when it does not fit.
		{"link the planning notes for Claude Code target", 0, 6, "link the planning notes for Claude Code"},
		{"port the flaky upload tests to Google Cloud Build next week", 0, 7, "port the flaky upload tests"},
		{"Plan: Add Retry Logic To The Upload Queue Worker Pool", 0, 8, "Plan: Add Retry Logic To The Upload Queue"},
	} {
		words := strings.Fields(tc.sentence)
		if got := strings.Join(words[tc.lo:toPhraseEnd(words, tc.lo, tc.hi)], " "); got != tc.want {
			t.Errorf("toPhraseEnd(%q, %d, %d) = %q, want %q", tc.sentence, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// TestTitleTalkAbout: "let's talk about X" is titled by X, whole.
func TestTitleTalkAbout(t *testing.T) {
	got := titleOf("now let's talk about which payment providers need to be supported at launch.",
		"Stripe and Adyen cover the payment providers for the launch markets.")
	checkTitleForm(t, "talk about", got)
	if low := strings.ToLower(got); strings.HasPrefix(low, "talk") || !strings.Contains(low, "payment providers need") {
		t.Errorf("title = %q, want the subject the talk is about, whole", got)
	}
}

// TestTitlePhrasalVerbWithPronoun: a phrasal verb with a pronoun between
// verb and particle ("speed it up by …") keeps its verb: the title never
// opens on the particle, and the pronoun goes.
func TestTitlePhrasalVerbWithPronoun(t *testing.T) {
	got := titleOf("Speed it up by memoising the parsed route tables in the router",
		"I memoised the parsed route tables; the router no longer parses them per request.")
	checkTitleForm(t, "phrasal verb", got)
	if low := strings.ToLower(got); !strings.HasPrefix(low, "speed up") || !strings.Contains(low, "route tables") {
		t.Errorf("title = %q, want it to open on the phrasal verb and name the route tables", got)
	}
	for _, tc := range []struct{ sentence, want string }{
		{"please roll it back to the previous release", "please roll back to the previous release"},
		{"clean them up, then tidy this up", "clean up, then tidy up"},
		// Not a verb before the pronoun: the words stay.
		{"is it up to date", "is it up to date"},
		{"the fix for it, up next", "the fix for it, up next"},
	} {
		if got := strings.Join(withParticleJoined(strings.Fields(tc.sentence)), " "); got != tc.want {
			t.Errorf("withParticleJoined(%q) = %q, want %q", tc.sentence, got, tc.want)
		}
	}
}

// TestTitleFaultFrame: "there's a bug where X when Y" is titled by X, what
// goes wrong, not by the frame's "where" nor by the condition Y.
func TestTitleFaultFrame(t *testing.T) {
	got := titleOf("There's a bug where the invoice export skips the header row when the ledger is empty",
		"The invoice export wrote the header row only after the first ledger entry; it now writes it first.")
	checkTitleForm(t, "fault frame", got)
	if low := strings.ToLower(got); !strings.HasPrefix(low, "invoice export skips") {
		t.Errorf("title = %q, want it to open on what goes wrong", got)
	}
	for _, tc := range []struct{ sentence, want string }{
		{"I'm seeing a weird issue where the cache never expires", "the cache never expires"},
		{"we hit a problem in which the pool runs dry", "the pool runs dry"},
		// The thing with the fault is named before the noun: kept.
		{"the scheduler has a bug where jobs run twice", "the scheduler has a bug where jobs run twice"},
		// No clause says what the fault is.
		{"there's a bug in the parser for dates", "there's a bug in the parser for dates"},
	} {
		if got := strings.Join(dropFaultFrame(strings.Fields(tc.sentence)), " "); got != tc.want {
			t.Errorf("dropFaultFrame(%q) = %q, want %q", tc.sentence, got, tc.want)
		}
	}
}

// TestTitleDescribingClause: the clause after a comma whose subject is
// "it" or "they" describes what the clause before named; the title is
// the clause that names it.
func TestTitleDescribingClause(t *testing.T) {
	got := titleOf("in the audit log view the timestamps are hard to read, it's pale grey text on a white row",
		"The timestamps used the muted text colour; in the audit log view they now use the body text colour on each row.")
	checkTitleForm(t, "describing clause", got)
	if low := strings.ToLower(got); !strings.Contains(low, "timestamps") {
		t.Errorf("title = %q, want the clause that names the timestamps", got)
	}
	// The describing clause loses to the clause that names the thing
	// even where its words weigh more in the session.
	sentence := strings.Fields("in the admin view the date pickers are hard to use, it's tiny grey text on a dark panel")
	weights := map[string]float64{"pickers": 2, "admin": 1, "tiny": 2.3, "grey": 2.3, "text": 2.3, "dark": 2.3, "panel": 2.3}
	lo, hi, _ := bestWindow(sentence, weights, false)
	if got := strings.Join(sentence[lo:hi], " "); strings.Contains(got, "grey") || !strings.Contains(got, "pickers") {
		t.Errorf("bestWindow = %q, want the clause that names the date pickers", got)
	}
	words := strings.Fields("the sync is slow, it's blocking on the lock, so we wait")
	want := []bool{false, false, false, false, true, true, true, true, true, false, false, false}
	if got := describingClauses(words); !slices.Equal(got, want) {
		t.Errorf("describingClauses(%q) = %v, want %v", words, got, want)
	}
	// A joiner opens a describing clause as a comma does.
	sentence = strings.Fields("the export job times out on large tenants and it has been paging the on-call team all week")
	weights = map[string]float64{"export": 2, "tenants": 1, "paging": 2.3, "on-call": 2.3, "team": 2.3, "week": 2.3}
	lo, hi, _ = bestWindow(sentence, weights, false)
	if got := strings.Join(sentence[lo:hi], " "); strings.Contains(got, "paging") || !strings.Contains(got, "export") {
		t.Errorf("bestWindow = %q, want the clause that names the export job", got)
	}
}

// TestTitleOpensPastClauseLink: a title taken from a clause of reason or
// contrast opens on what the clause says, not on "because" or "while", nor
// on "whether" or the phrase that links its sentence to the one before
// ("in general, …").
func TestTitleOpensPastClauseLink(t *testing.T) {
	got := titleOf("the nightly export stalls and I suspect it's because the worker pool drains its queue too early",
		"The worker pool drained its queue before the export finished; it now waits for the export.")
	checkTitleForm(t, "clause link", got)
	if low := strings.ToLower(got); strings.HasPrefix(low, "because") || strings.HasPrefix(low, "it's") {
		t.Errorf("title = %q, want it to open on what the clause says", got)
	}
	for _, tc := range []struct{ window, want string }{
		{"because the cache keys collide", "cache keys collide"},
		{"while the page loads twice", "page loads twice"},
		{"cache keys collide", "cache keys collide"},
		{"In general, whether the retry queue survives restarts", "retry queue survives restarts"},
		{"in short, the cache is stale", "cache is stale"},
		{"In CONVENTIONS.md, reorder the lists", "In CONVENTIONS.md, reorder the lists"},
		// The wish a hypothetical opens with ("if I wanted to …") is
		// no subject.
		{"wanted to simulate a drone track without a path", "simulate a drone track without a path"},
	} {
		if got := strings.Join(trimLeading(strings.Fields(tc.window)), " "); got != tc.want {
			t.Errorf("trimLeading(%q) = %q, want %q", tc.window, got, tc.want)
		}
	}
}

// TestTitleFileNamedByPath: a file named by its path after a preposition
// keeps its name in the title, its directories go; a path alone goes.
func TestTitleFileNamedByPath(t *testing.T) {
	got := titleOf("In web/widgets/Banner.vue the close button overlaps the heading on phones",
		"The close button was absolutely positioned; in Banner.vue it now sits beside the heading on phones.")
	checkTitleForm(t, "file by path", got)
	if !strings.Contains(got, "Banner.vue") || strings.Contains(got, "/") {
		t.Errorf("title = %q, want the file's name without its directories", got)
	}
	for _, tc := range []struct{ line, want string }{
		{"move the helpers from lib/text/format.go, then test", "move the helpers from format.go, then test"},
		{"edit lib/text/format.go now", "edit now"},
		{"look in /etc/nginx/nginx.conf first", "look first"},
	} {
		if got := cleanTitleLine(tc.line); got != tc.want {
			t.Errorf("cleanTitleLine(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// TestTitleCodeSpanWithPreposition: a path or command in backquotes that
// a title leaves out takes the preposition before it along, so no title
// reads "the skill from and …"; a path that ends in a file's name stays
// as that name.
func TestTitleCodeSpanWithPreposition(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"use the lint rules from `tools/lint/strict.yaml` and fix the warnings", "use the lint rules from strict.yaml and fix the warnings"},
		{"shouldn't the snapshot in `store/snapshots` now hold the author?", "shouldn't the snapshot now hold the author?"},
		{"rerun the suite with `make test -j4` and report", "rerun the suite and report"},
		{"the `git push` command fails", "the git push command fails"},
	} {
		if got := strings.Join(strings.Fields(titleCodeSpans(tc.line)), " "); got != tc.want {
			t.Errorf("titleCodeSpans(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
	got := titleOf("Use the `release-notes` skill from `.agents/skills/release-notes/SKILL.md` and group the merged changes by area",
		"The merged changes are grouped by area in the release notes, following SKILL.md.")
	checkTitleForm(t, "code span after preposition", got)
	if strings.Contains(strings.ToLower(got), " from and") {
		t.Errorf("title = %q, want no preposition left without its path", got)
	}
}

// TestTitleOfPoliteRequestIsNoQuestion: "can you …?" asks for work, so
// its title is the request without the question mark; a real question
// keeps it.
func TestTitleOfPoliteRequestIsNoQuestion(t *testing.T) {
	for _, tc := range []struct{ prompt, want string }{
		{"Can you look at the retry loop in the worker?", "Look at the retry loop in the worker"},
		{"could you rename the export button?", "Rename the export button"},
		{"Why does the export button stay grey?", "Why does the export button stay grey?"},
	} {
		if got := Title(tc.prompt); got != tc.want {
			t.Errorf("Title(%q) = %q, want %q", tc.prompt, got, tc.want)
		}
	}
	// The session's title, taken from the request after a first sentence.
	got := titleOf("The nightly export stops halfway through. Can you look at the retry loop in the export worker?",
		"The retry loop gave up after one attempt; it now retries three times.")
	checkTitleForm(t, "polite request", got)
	if strings.HasSuffix(got, "?") {
		t.Errorf("title = %q, want the request without a question mark", got)
	}
}

// TestTitleWithoutLogFieldAndPosition: a log's field label ("Cause:") and
// the place in a file it points at ("at line 12, column 3") name no
// subject; the message between them does.
func TestTitleWithoutLogFieldAndPosition(t *testing.T) {
	for _, tc := range []struct{ sentence, want string }{
		{"Cause: YAML parse error at line 12, column 3 in the deploy manifest", "YAML parse error in the deploy manifest"},
		{"Reason: unknown field retries on line 31", "unknown field retries"},
		{"the build stops at line 40: missing semicolon", "the build stops: missing semicolon"},
		{"Cause: timeout", "Cause: timeout"},
		{"move the banner to line two of the header", "move the banner to line two of the header"},
	} {
		got := strings.Join(withoutLogPosition(withoutFieldLabel(strings.Fields(tc.sentence))), " ")
		if got != tc.want {
			t.Errorf("%q → %q, want %q", tc.sentence, got, tc.want)
		}
	}
	got := titleOf("Cause: YAML parse error at line 12, column 3 in the deploy manifest",
		"The deploy manifest had a tab in its indentation; the YAML parse error is gone.")
	checkTitleForm(t, "log field", got)
	if low := strings.ToLower(got); strings.HasPrefix(low, "cause") || strings.Contains(low, "line") {
		t.Errorf("title = %q, want the message without its label and position", got)
	}
}

// TestTitleEndsNoCutPhrase: a title does not end inside a phrase that
// wants what follows it: a phrasal verb without its particle ("the
// build is blowing" of "blowing up"), "according" without "to", "make
// sure" without what to make sure of.
func TestTitleEndsNoCutPhrase(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		lo, hi   int
		want     string
	}{
		{"the new snapshot test in the parser suite is blowing up on CI again", 2, 10, "snapshot test in the parser suite"},
		{"the snapshot test is blowing up on CI again", 0, 5, "the snapshot test is blowing up"},
	} {
		words := strings.Fields(tc.sentence)
		if got := strings.Join(words[tc.lo:toPhraseEnd(words, tc.lo, tc.hi)], " "); got != tc.want {
			t.Errorf("toPhraseEnd(%q, %d, %d) = %q, want %q", tc.sentence, tc.lo, tc.hi, got, tc.want)
		}
	}
	for _, tc := range []struct{ words, want string }{
		{"rename the helpers and group them according", "rename the helpers and group them"},
		{"go over every handler and make sure", "go over every handler"},
		{"add a line of thanks", "add a line of thanks"},
	} {
		if got := strings.Join(trimFunctionWords(strings.Fields(tc.words)), " "); got != tc.want {
			t.Errorf("trimFunctionWords(%q) = %q, want %q", tc.words, got, tc.want)
		}
	}
}

// TestTitleOpensNoPrepositionMidClause: a title's window does not open on
// a preposition whose phrase belongs to the words before it ("over all
// adapters" of "go once more over all adapters").
func TestTitleOpensNoPrepositionMidClause(t *testing.T) {
	for _, tc := range []struct{ prompt, names string }{
		{"Let's now go one more time over all adapters in \"billing/adapters\" and make sure they are really retrying exactly the same as the Kotlin code in \"legacy/adapters\". Make sure the Go code of the adapters is consistent throughout all Go adapters (eg. use of closures).", "adapters"},
		{"Trim the invoice footer. \"Made with care by @finance-tools\" (link to bluesky and github profile). The repo is acme/invoices; but drop the \"Open in GitHub\" links", "finance-tools"},
	} {
		got := titleOf(tc.prompt, "Sure, I'll take a look.")
		checkTitleForm(t, tc.names, got)
		first, _, _ := strings.Cut(strings.ToLower(got), " ")
		if phraseHeadedBefore[first] || !strings.Contains(strings.ToLower(got), tc.names) {
			t.Errorf("title of %q = %q, want one naming %q that opens on no preposition", tc.prompt, got, tc.names)
		}
	}
}
