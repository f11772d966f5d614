package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionEitherOrTheAssistantTakes: the steward leaves two courses
// open ("either X or Y"); the assistant's reply repeats the words of one
// and edits: that course is the decision, the other its alternative. With
// no edit, or a reply naming both, there is none.
func TestDecisionEitherOrTheAssistantTakes(t *testing.T) {
	c := newConvo()
	c.steward("Review note on the parser: the docstring says it streams, but it reads the whole file. Either rewrite the reader to stream chunks or fix the docstring.")
	c.assistant("The callers only pass small manifests, so buffering is fine; the docstring is what is wrong.")
	c.tool("Edit", obj{"file_path": "parser.py", "old_string": "Streams", "new_string": "Reads"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "fix the docstring rather than rewrite the reader to stream chunks",
		Rationale:    "",
		Alternatives: []string{"rewrite the reader to stream chunks"},
	}})

	c = newConvo()
	c.steward("Either rewrite the reader to stream chunks or fix the docstring.")
	c.tool("Read", obj{"file_path": "parser.py"}, "Streams the file.", "")
	c.assistant("The docstring is wrong; I can fix it whenever you like.")
	checkDecisions(t, c, nil) // nothing done, in a session that records its tool calls

	c = newConvo()
	c.steward("Either rewrite the reader to stream chunks or fix the docstring.")
	c.assistant("I rewrote the reader and fixed the docstring.")
	c.tool("Edit", obj{"file_path": "parser.py", "old_string": "a", "new_string": "b"}, "ok", "")
	checkDecisions(t, c, nil) // both named: no pick
}

// TestDecisionNumberedOptionPicked: a numbered list the assistant asks the
// steward to choose from, and a reply that is only the number.
func TestDecisionNumberedOptionPicked(t *testing.T) {
	c := newConvo()
	c.assistant("The branch is behind main. I can:\n\n1. **Rebase onto main** - keeps history linear\n2. **Merge main in** - no force-push needed\n\nWhich would you prefer?")
	c.steward("2")
	checkDecisions(t, c, []baton.Decision{{Decision: "Merge main in", Alternatives: []string{"Rebase onto main"}}})

	// A numbered list of steps, not offered as a choice.
	c = newConvo()
	c.assistant("Next steps:\n\n1. Rebase onto main\n2. Run the tests\n\nDone so far: the parser.")
	c.steward("2")
	checkDecisions(t, c, nil)
}

// TestDecisionAnnouncedWithReason: the assistant states a choice against
// its alternative with a reason and carries it out; without the reason,
// or without acting, it is a step.
func TestDecisionAnnouncedWithReason(t *testing.T) {
	c := newConvo()
	c.steward("Wire the exporter into the nightly job.")
	c.assistant("I'll call the shared client wrapper instead of building a new HTTP client (which is how the other jobs talk to the API).")
	c.tool("Edit", obj{"file_path": "jobs/nightly.py", "old_string": "a", "new_string": "b"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "call the shared client wrapper instead of building a new HTTP client",
		Rationale:    "is how the other jobs talk to the API",
		Alternatives: []string{"building a new HTTP client"},
	}})

	c = newConvo()
	c.steward("Wire the exporter into the nightly job.")
	c.assistant("Let me use printf instead of echo.")
	c.tool("Edit", obj{"file_path": "jobs/nightly.sh", "old_string": "a", "new_string": "b"}, "ok", "")
	checkDecisions(t, c, nil)
}

// TestDecisionsFromAnApprovedPlan: a plan the steward approved (a plan-mode
// exit accepted, or "Implement the following plan:") states its choices:
// a labelled decision, a step chosen against another, a step with its
// reason. Its context and verification sections, and a rejected plan,
// give none.
func TestDecisionsFromAnApprovedPlan(t *testing.T) {
	plan := "# Plan: quota alerts\n\n## Context\n\nAlerts currently fire twice instead of once when the quota resets.\n\n" +
		"## Changes\n\n### 1. Alert state\n\n**Decision:** keep the alert state in the quotas table — one row per tenant is enough.\n\n" +
		"### 2. Sender\n\nSend alerts through the existing mailer instead of a new webhook client.\n\n" +
		"### 3. Reset\n\nClear the flag in the reset job so a tenant is alerted again next month.\n\n" +
		"## Verification\n\n- Run the tests so nothing regresses\n"
	c := newConvo()
	c.steward("Plan the quota alerts.")
	c.tool("ExitPlanMode", obj{"plan": plan}, "User has approved your plan. You can now start coding.", "")
	want := []baton.Decision{
		{Decision: "keep the alert state in the quotas table", Rationale: "one row per tenant is enough"},
		{Decision: "Send alerts through the existing mailer instead of a new webhook client", Alternatives: []string{"a new webhook client"}},
		{Decision: "Clear the flag in the reset job", Rationale: "a tenant is alerted again next month"},
	}
	checkDecisions(t, c, want)

	c = newConvo()
	c.steward("Implement the following plan:\n\n" + plan)
	checkDecisions(t, c, want)

	c = newConvo()
	c.steward("Plan the quota alerts.")
	c.tool("ExitPlanMode", obj{"plan": plan}, "", "The user doesn't want to proceed with this tool use. The tool use was rejected.")
	checkDecisions(t, c, nil)
}

// TestDecisionRecommendationBuiltOn: the steward does not say "yes" but
// builds on the recommendation ("can you also …") and the session writes
// it; asking about alternatives instead is no acceptance.
func TestDecisionRecommendationBuiltOn(t *testing.T) {
	c := newConvo()
	c.steward("Propose a format for the release notes.")
	c.assistant("I recommend the Keep a Changelog format — it's the closest thing to a standard.")
	c.steward("Can you also add a section for security fixes?")
	c.tool("Write", obj{"file_path": "CHANGELOG.md", "content": "# Changelog"}, "ok", "")
	checkDecisions(t, c, []baton.Decision{{Decision: "the Keep a Changelog format", Rationale: "it's the closest thing to a standard"}})

	c = newConvo()
	c.assistant("I recommend the Keep a Changelog format — it's the closest thing to a standard.")
	c.steward("Can you also show me other formats?")
	c.tool("Write", obj{"file_path": "CHANGELOG.md", "content": "# Changelog"}, "ok", "")
	checkDecisions(t, c, nil)
}

// TestDecisionFaultIsNoChoice: a fault described with "instead of" (what
// code does wrong) is not a decision; the fix stated against it is.
func TestDecisionFaultIsNoChoice(t *testing.T) {
	c := newConvo()
	c.steward("Issues found:\n- The loader silently returns an empty list instead of an error\n- Return an error instead of an empty list when the file is missing")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "Return an error instead of an empty list when the file is missing",
		Alternatives: []string{"an empty list when the file is missing"},
	}})
}

// TestDecisionOrQuestionAnswered: the assistant closes on a question
// between two courses and the steward's short reply names one; a reply
// that asks about them instead picks nothing.
func TestDecisionOrQuestionAnswered(t *testing.T) {
	c := newConvo()
	c.assistant("The cache key ignores the locale. Should I add the locale to the key, or drop the cache for translated pages?")
	c.steward("add the locale, because the pages are hot")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "add the locale to the key rather than drop the cache for translated pages",
		Rationale:    "the pages are hot",
		Alternatives: []string{"drop the cache for translated pages"},
	}})

	c = newConvo()
	c.assistant("Should I add the locale to the key, or drop the cache for translated pages?")
	c.steward("the latter")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "drop the cache for translated pages rather than add the locale to the key",
		Alternatives: []string{"add the locale to the key"},
	}})

	c = newConvo()
	c.assistant("Want me to drop the cache, or would you prefer to add the locale to the key?")
	c.steward("How would adding the locale to the key look?")
	checkDecisions(t, c, nil)
}

// TestDecisionStewardProposalAgreed: the steward proposes a course as a
// question ("can't we X instead of Y?") and the assistant agrees; a
// proposal the assistant argues against is none.
func TestDecisionStewardProposalAgreed(t *testing.T) {
	c := newConvo()
	c.steward("can't we read the limits from the shared config instead of hard-coding them in each handler?")
	c.tool("Grep", obj{"pattern": "limit"}, "handlers.py:12: LIMIT = 50", "")
	c.assistant("Yes. Every handler's limit is already in the shared config under the same name.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "read the limits from the shared config instead of hard-coding them in each handler",
		Alternatives: []string{"hard-coding them in each handler"},
	}})

	c = newConvo()
	c.steward("why not read the limits from the shared config?")
	c.assistant("The shared config loads after the handlers start, so they would see no limits at all.")
	checkDecisions(t, c, nil)
}

// TestDecisionWantedNotThat: the steward sets what they want against what
// they do not ("I want X and not Y"), the concession before ", but" and
// the aside left out.
func TestDecisionWantedNotThat(t *testing.T) {
	c := newConvo()
	c.steward("The old flag still works, but I want users to move to the config file (which the installer writes) and not the environment variable.")
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "I want users to move to the config file instead of the environment variable",
		Alternatives: []string{"the environment variable"},
	}})
}

// TestDecisionNotASummaryOrAShellStep: a pick among numbered options reads
// the list the closing question offers, not a summary's numbered items
// above it; a shell command to run is no decision.
func TestDecisionNotASummaryOrAShellStep(t *testing.T) {
	c := newConvo()
	c.assistant("Done so far:\n\n1. Moved the linter to ruff\n2. Wrote the setup guide\n\nThe push is blocked. Would you like to:\n\n1. Rename the branch first, or\n2. Push to a fork instead\n\nWhich would you prefer?")
	c.steward("2")
	checkDecisions(t, c, []baton.Decision{{Decision: "Push to a fork instead", Alternatives: []string{"Rename the branch first"}}})

	c = newConvo()
	c.assistant("I'll use cd because the commands must run in the project directory.")
	checkDecisions(t, c, nil)
}

// TestDecisionPlanApproachSection: an approved plan's "Approach" section
// opens with the course it chose; the numbered steps under it carry that
// course out and are no decisions. An approach section that opens with a
// description, not a course, gives none.
func TestDecisionPlanApproachSection(t *testing.T) {
	plan := "# Plan: thumbnails\n\n## Context\n\nUploads time out while images are resized.\n\n" +
		"## Approach\n\nMove resizing to a background worker (instead of resizing inside the upload request):\n\n" +
		"1. **enqueue** - Put a job on the queue after the upload\n2. **worker** - Resize and store the thumbnail\n\n" +
		"## Verification\n\n- Upload a large image\n"
	c := newConvo()
	c.steward("Implement the following plan:\n\n" + plan)
	checkDecisions(t, c, []baton.Decision{{
		Decision:     "Move resizing to a background worker",
		Alternatives: []string{"resizing inside the upload request"},
	}})

	c = newConvo()
	c.steward("Implement the following plan:\n\n# Plan\n\n## Approach\n\nThe upload handler is slow on large images.\n\n1. **enqueue** - Put a job on the queue\n")
	checkDecisions(t, c, nil)
}

// TestDecisionPlanApproachParagraph: an "Approach" section that opens with
// a paragraph of several sentences states its course one part at a time;
// each sentence that says what to do or how the new design behaves is a
// decision, one that says what is wrong today is not.
func TestDecisionPlanApproachParagraph(t *testing.T) {
	c := newConvo()
	c.steward("Implement the following plan:\n\n# Plan: signing keys\n\n## Approach\n\n" +
		"The current keys are derived from the account secret. Add an optional `wrappedKey` field to the record. " +
		"New records get random keys; old records fall back to the derived key.\n\n## Verification\n\n- Run the tests\n")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "Add an optional wrappedKey field to the record"},
		{Decision: "New records get random keys; old records fall back to the derived key"},
	})
}

// TestDecisionPlanRule: a bullet of an approved plan that sets a rule in
// capitals ("MUST", "NEVER") or for every one of a kind ("All schema
// changes go through …") is a decision, its reason after the dash; a
// bullet that only describes is not.
func TestDecisionPlanRule(t *testing.T) {
	c := newConvo()
	c.steward("Implement the following plan:\n\n# Plan: migrations guide\n\n## Key points\n\n" +
		"- Every entity MUST have a CREATE TABLE migration — synchronize cannot be relied upon\n" +
		"- The guide lists the current tables\n")
	checkDecisions(t, c, []baton.Decision{{Decision: "Every entity MUST have a CREATE TABLE migration", Rationale: "synchronize cannot be relied upon"}})

	// A rule for every one of a kind, in plain words; "All N tables are
	// documented" says what is.
	c = newConvo()
	c.steward("Implement the following plan:\n\n# Plan: migrations guide\n\n## Key points\n\n" +
		"- All schema changes go through numbered migration files\n" +
		"- All 11 tables are documented\n")
	checkDecisions(t, c, []baton.Decision{{Decision: "All schema changes go through numbered migration files"}})
}

// TestDecisionPlanReplacesWithReason: a plan's step that replaces one
// thing with another and says why is a choice against the old thing;
// the same step without its reason is a step of the work.
func TestDecisionPlanReplacesWithReason(t *testing.T) {
	plan := "# Fix the importer\n\n## Changes\n\n### 1. Consistent owners\n\nChange `req.owner()` to `os.Getuid()` — matches how the root entry is created.\n\n### 2. Logging\n\nReplace the printf calls with the structured logger.\n"
	got := planDecisions(plan)
	want := []baton.Decision{{
		Decision:     "use os.Getuid() instead of req.owner()",
		Rationale:    "matches how the root entry is created",
		Alternatives: []string{"req.owner()"},
	}}
	if len(got) != len(want) || got[0].Decision != want[0].Decision || got[0].Rationale != want[0].Rationale || got[0].Alternatives[0] != want[0].Alternatives[0] {
		t.Errorf("planDecisions = %+v, want %+v", got, want)
	}
	// "Change the wording to match": no two named things.
	if d, ok := replacedStep("Change the wording to match the spec — it is clearer"); ok {
		t.Errorf("replacedStep(wording) = %+v, want none", d)
	}
}

// TestDecisionCutFromItsSubject: "be processed after the current response
// rather than injected" is a clause cut from the sentence that said what
// is processed; it names no course and is not kept.
func TestDecisionCutFromItsSubject(t *testing.T) {
	sc := newDecisionScan(nil)
	v := view{m: &message{}}
	sc.add(baton.Decision{Decision: "be processed after the current response is finished, rather than being injected"}, &v)
	sc.add(baton.Decision{Decision: "queue the hints behind the current response rather than injecting them"}, &v)
	if len(sc.out) != 1 || sc.out[0].Decision != "queue the hints behind the current response rather than injecting them" {
		t.Errorf("decisions = %+v, want only the one that names its course", sc.out)
	}
}

// TestDecisionPlanChoiceHeadings: an approved plan's section heading that
// names a choice ("Remove …", "Simplify … — always …") is a decision, its
// reason from the section's body; one that names the work ("Add …") is
// not. A heading that names a file is where the steps apply, not a list of
// files: its steps are read ("file" in the path is no "Files" section).
func TestDecisionPlanChoiceHeadings(t *testing.T) {
	plan := "# Fix the report export\n\n## Context\n\nExports fail while a background refresh runs.\n\n" +
		"## Fix 1: Add a retry counter to the exporter\n\nCount the attempts.\n\n" +
		"## Fix 2: Remove the auto-refresh after saving a report\n\nThe user refreshes by hand after reviewing, so two refreshes never race.\n\n" +
		"### 3. Simplify `canExport()` — always allow the report owner\n\nThe owner check is enough here.\n\n" +
		"### `internal/file/export.go`\n\n- Reuse the shared HTTP client instead of a new client per export\n\n" +
		"## Files to modify\n\n- Use the report list instead of the export list\n\n## Verification\n\n- Export a report\n"
	c := newConvo()
	c.steward("Implement the following plan:\n\n" + plan)
	checkDecisions(t, c, []baton.Decision{
		{Decision: "Remove the auto-refresh after saving a report", Rationale: "two refreshes never race"},
		{Decision: "Simplify canExport(): always allow the report owner"},
		{Decision: "Reuse the shared HTTP client instead of a new client per export", Alternatives: []string{"a new client per export"}},
	})
}

// TestDecisionOpenQuestionSettledByThePlan: a proposed plan's open
// question between two courses, that the steward goes ahead without
// answering, is settled by the course the plan's own steps take; a
// question both sides of which the steps use, or neither, stays open.
func TestDecisionOpenQuestionSettledByThePlan(t *testing.T) {
	c := newConvo()
	c.assistant("## Plan: Import bank statements\n\nRead CSV exports from the three banks.\n\n**Steps:**\n" +
		"1. Add a `statement` parser that reads each row into a transaction.\n" +
		"2. Store duplicate rows once, keyed by date, amount and payee hash.\n" +
		"3. Convert every amount to integer cents before storing it.\n" +
		"4. Add tests for each bank's sample file.\n\n**Open Questions:**\n" +
		"1. Duplicates: keep both rows or store duplicate rows once, keyed by a payee hash?\n" +
		"2. Amounts: floating point euros or integer cents?\n" +
		"3. Dates: parse them in the bank's timezone or in UTC?")
	c.steward("Start implementation")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "Duplicates: store duplicate rows once, keyed by a payee hash", Alternatives: []string{"keep both rows"}},
		{Decision: "Amounts: integer cents", Alternatives: []string{"floating point euros"}},
	})
}
