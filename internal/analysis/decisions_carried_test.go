package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionOptionCarriedOut: options offered, the steward goes on
// without naming one, the session changes a file and says which it took:
// that option is the decision, the others the alternatives. A later line
// weighing "Option 1" is not a third option.
func TestDecisionOptionCarriedOut(t *testing.T) {
	offer := "Two options:\n\n### Option 1: Use a PAT (easiest)\n\nAdd it as a secret.\n\n### Option 2: GitHub App (no expiry)\n\nMint a token per run.\n\n**Option 1** is a 2-minute fix. **Option 2** is better long-term.\n\nWant me to apply either?"
	c := newConvo()
	c.assistant(offer)
	c.steward("ok the secret has been added. now update the action?")
	c.tool("Edit", obj{"file_path": "/repo/.github/workflows/release.yml", "old_string": "a", "new_string": "b"}, "ok", "")
	c.assistant("Done. The workflow now uses your PAT instead of the default GITHUB_TOKEN.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Use a PAT", Alternatives: []string{"GitHub App"}}})

	// Nothing changed: the option is only talked about.
	c = newConvo()
	c.assistant(offer)
	c.steward("what does a PAT cost?")
	c.assistant("A PAT is free.")
	checkDecisions(t, c, nil)

	// The steward turned the offer down: no option is taken; the course
	// its correction states instead is the decision (stewardCorrection).
	c = newConvo()
	c.assistant(offer)
	c.steward("no, leave the workflow alone and fix the test instead")
	c.tool("Edit", obj{"file_path": "/repo/x_test.go", "old_string": "a", "new_string": "b"}, "ok", "")
	c.assistant("Fixed the test; the PAT idea is parked.")
	checkDecisions(t, c, []baton.Decision{{Decision: "leave the workflow alone and fix the test instead"}})
}

// TestDecisionQuotedReference: a pull request's title quoted with its
// number ("use X instead of Y #6495") names the work, it is no choice the
// session made; the same course without the number still is one.
func TestDecisionQuotedReference(t *testing.T) {
	c := newConvo()
	c.steward("You are an expert on the code base and the following PR:\nref: use fs.checksum instead of get_mtime_and_size #6495\n\nSuggest improvements related to it.")
	checkDecisions(t, c, nil)

	c = newConvo()
	c.steward("Let's use fs.checksum instead of get_mtime_and_size, since the mtime misses changes.")
	if got := decisionsFrom(c); len(got) != 1 {
		t.Fatalf("decisions = %+v, want the course", got)
	}
}

// TestDecisionColourIsNoReference: a colour's six digits after "#"
// beside another colour ("#204080 instead of rgba(…)") are the colour the
// steward picks, not an issue's number; an issue's number beside no colour
// still names the work.
func TestDecisionColourIsNoReference(t *testing.T) {
	c := newConvo()
	c.steward("Let's use #204080 instead of rgba(0, 0, 0, 0.4) for the card border, since it matches the logo.")
	if got := decisionsFrom(c); len(got) != 1 || got[0].Decision != "use #204080" {
		t.Errorf("decisions = %+v, want the colour picked", got)
	}

	c = newConvo()
	c.steward("Let's port the fix from #204080 instead of rewriting the parser, since that fix is tested.")
	if got := decisionsFrom(c); len(got) != 0 {
		t.Errorf("decisions = %+v, want none: it quotes an issue", got)
	}
}

// TestDecisionSuggestionTakenUp: the assistant suggests improvements
// under numbered headings, the steward asks for one to be made, and the
// assistant announces which it implements: that suggestion, the others
// the alternatives. A suggestion only discussed settles nothing.
func TestDecisionSuggestionTakenUp(t *testing.T) {
	offer := "Here are several improvements I suggest:\n\n## 1. Parallel Directory Checksum Calculation\n\nHash files on several threads.\n\n## 2. Checksum Cache Invalidation\n\nDrop stale entries.\n\n## 3. Better Error Messages\n\nName the file."
	c := newConvo()
	c.assistant(offer)
	c.steward("Make the code changes for one of them, with tests.")
	c.assistant("# New Feature\n\nI'll implement Parallel Directory Checksum Calculation as a new feature. It will split the files into batches.")
	checkDecisions(t, c, []baton.Decision{{Decision: "Parallel Directory Checksum Calculation",
		Alternatives: []string{"Checksum Cache Invalidation", "Better Error Messages"}}})

	c = newConvo()
	c.assistant(offer)
	c.steward("How hard would the parallel checksums be?")
	c.assistant("Parallel directory checksum calculation needs a worker pool; it is a day of work.")
	checkDecisions(t, c, nil)
}

// suggestedHeadings reads the words it looks for in the view's lower-cased
// prose (lowerText), where it lower-cased the prose itself twice: the two
// find the words in the same texts, capitals, the dotted capital I and
// the Kelvin sign, curly apostrophes and bytes that are no UTF-8 among them.
func TestSuggestedHeadingsWordsInLowerText(t *testing.T) {
	pieces := []string{"suggest", "SUGGEST", "Sugg", "est", "improvement", "\u0130MPROVEMENT", "improve", "ment", "\u212a", "\u017f",
		"\u2019", "'", "\xff", "é", " ", "x", "I", "i"}
	rng := rand.New(rand.NewPCG(38, 12))
	for range 100000 {
		s := randomText(rng, pieces, 8)
		for _, w := range []string{"suggest", "improvement"} {
			if got, want := strings.Contains(lowerText(s), w), strings.Contains(strings.ToLower(s), w); got != want {
				t.Fatalf("%q: %q in lowerText %v, in strings.ToLower %v", s, w, got, want)
			}
		}
	}
}
