package analysis

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// titleBuilt writes the title of a conversation built by build.
func titleBuilt(build func(c *convo)) string {
	c := newConvo()
	build(c)
	return sessionTitle(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
}

// slash adds a steward's slash command as Claude Code's importer stores it.
func (c *convo) slash(name, args string) {
	m := c.steward(strings.TrimSpace(name + " " + args))
	m.ContentType = baton.ContentCommand
	m.Attributes = map[string]any{"event": "slash_command", "command": name}
	if args != "" {
		m.Attributes["command_args"] = args
	}
}

// shell adds a shell command the steward typed with "!".
func (c *convo) shell(cmd string) {
	m := c.steward("!" + cmd)
	m.ContentType = baton.ContentCommand
	m.Attributes = map[string]any{"event": "shell_command"}
}

// TestTitleSkipsShellInput: a shell command typed at the assistant's prompt
// is a command line, never the title; the request after it is.
func TestTitleSkipsShellInput(t *testing.T) {
	got := titleBuilt(func(c *convo) {
		c.shell("git checkout backup-fix")
		c.shell("docker compose logs backup")
		c.steward("Why did it stop?")
		c.assistant("# Nightly backup upload failure\n\nThe backup job's upload step fails: the bucket credentials expired last week.")
	})
	lower := strings.ToLower(got)
	if strings.HasPrefix(got, "!") || strings.Contains(lower, "checkout") || strings.Contains(lower, "compose") {
		t.Fatalf("title %q is a shell command", got)
	}
	if !strings.Contains(lower, "backup") {
		t.Fatalf("title %q does not name the backup job", got)
	}
}

// TestTitleFromSlashCommandName: a slash command's name says what was asked
// for when it is made of words or is a verb after a namespace; the
// arguments are its object.
func TestTitleFromSlashCommandName(t *testing.T) {
	for _, tc := range []struct {
		name, args, want string
	}{
		{"/plans:write-roadmap", "7", "Write roadmap 7"},
		{"/audit:review", "the payment webhooks", "Audit review: the payment webhooks"},
		{"/review", "the payment webhooks", "Review the payment webhooks"},
		{"/tidy_imports", "", "Tidy imports"},
	} {
		got := titleBuilt(func(c *convo) {
			c.slash(tc.name, tc.args)
			c.assistant("Working on it: reading the payment webhooks and the roadmap.")
		})
		if got != tc.want {
			t.Errorf("%s %s: title %q, want %q", tc.name, tc.args, got, tc.want)
		}
	}
	for _, name := range []string{"/warmup", "/ops:status", "/add-dir", "/privacy-settings"} {
		if got := slashCommandWords(strings.TrimPrefix(name, "/")); got != nil {
			t.Errorf("%s: words %q, want none (a name that asks for nothing, or manages the session)", name, got)
		}
	}
}

// TestTitleKeepsOpeningRequestOverReplies: once the opening request named
// the subject, the steward's answers to the assistant's questions work out
// its details and do not retitle the session, however many terms they
// repeat.
func TestTitleKeepsOpeningRequestOverReplies(t *testing.T) {
	build := func(question bool) func(c *convo) {
		return func(c *convo) {
			c.steward("Plan the invoice export")
			if question {
				c.assistant("Which format should the invoice export write, and should it include refunds?")
			} else {
				c.assistant("I'll draft the invoice export plan.")
			}
			c.steward("The CSV export of refunds with currency columns, refunds as negative amounts in the CSV export")
			c.assistant("The CSV export will write refunds as negative amounts with currency columns.")
			c.assistant("Done: the CSV export plan covers refunds, currency columns and negative amounts.")
		}
	}
	if got := titleBuilt(build(true)); !strings.Contains(strings.ToLower(got), "invoice export") {
		t.Fatalf("title %q: an answer to the assistant's question retitled the session", got)
	}
	// The same prompt that answers nothing may name the subject better.
	if got := titleBuilt(build(false)); !strings.Contains(strings.ToLower(got), "csv export") {
		t.Fatalf("title %q: without a question, the prompt that names most of the session is not the title", got)
	}
}

// TestTitleFromPickedItem: a steward who picks an item of the assistant's
// list by its number ("2, on this branch") names its subject by that
// item's words, from a numbered list or a table keyed by number.
func TestTitleFromPickedItem(t *testing.T) {
	for _, listing := range []string{
		"Open items:\n\n1. Rotate the staging database password\n2. Cache the exchange rates for an hour\n3. Drop the legacy avatar column\n\nWhich one?",
		"| # | Item | Area |\n|---|---|---|\n| 1 | Rotate the staging database password | ops |\n| 2 | Cache the exchange rates for an hour | api |\n\nReply with a number.",
	} {
		got := titleBuilt(func(c *convo) {
			c.slash("/backlog:list-items", "")
			c.assistant(listing)
			c.steward("2 but keep it on this branch")
			c.assistant("Adding an hour-long cache in front of the rates client.")
		})
		if !strings.Contains(strings.ToLower(got), "exchange rates") {
			t.Errorf("title %q does not name the picked item (list %.20q…)", got, listing)
		}
	}
	// A number that picks nothing the assistant listed is prose.
	got := titleBuilt(func(c *convo) {
		c.assistant("Ready.")
		c.steward("3 retries are not enough for the upload client, raise the upload retry limit")
	})
	if !strings.Contains(strings.ToLower(got), "upload") {
		t.Errorf("title %q: a prompt opening with a number lost its own subject", got)
	}
}

// TestTitleAfterSubjectlessPrompts: a slash command typed without
// arguments and a request to resume where the work stopped name no
// subject of their own: the prompt after them, which does, titles the
// session as a first prompt would.
func TestTitleAfterSubjectlessPrompts(t *testing.T) {
	got := titleBuilt(func(c *convo) {
		c.slash("/init", "")
		c.assistant("The existing CLAUDE.md is accurate; I suggest two small additions.")
		c.steward("There should be notes that show exactly where things left off")
		c.assistant("The last notes say the survey paper was next.")
		c.steward("Yes just proceed to write up the survey paper: its figures, its references, then the PDF.")
		c.assistant("The survey paper now has its figures and references; the PDF of the paper is built.")
	})
	if !strings.Contains(strings.ToLower(got), "paper") {
		t.Fatalf("title %q does not name the paper", got)
	}
}

// TestTitleOfResumedWork: a prompt that only asks to go on where the
// work stopped names no subject; the answer's account of where the work
// stands does, over a bare slash command typed later.
func TestTitleOfResumedWork(t *testing.T) {
	got := titleBuilt(func(c *convo) {
		c.steward("can you continue from where we left off?")
		c.assistant("I'll check the current status first.\n\n_[tools: Read]_\n\nWe're at the invoice export rewrite, which a crash interrupted halfway.")
		c.slash("/fewer-permission-prompts", "")
		c.assistant("I'll scan the transcripts for read-only commands worth allowlisting. The invoice export rewrite finished meanwhile.")
		c.steward("I think odd totals are interesting and should be flagged, not explained away.")
		c.assistant("Agreed: the invoice export now flags odd totals instead of dropping them.")
	})
	if !strings.Contains(strings.ToLower(got), "invoice export") {
		t.Fatalf("title %q does not name the invoice export", got)
	}
	checkTitleForm(t, "resumed work", got)
}

// TestTitleFromTheAnswerToWhatToWorkOn: when the assistant asks the
// steward what to work on, the answer is the request and the prompt
// before it only opened the session; an answer to a question about a
// detail of the work stays a detail.
func TestTitleFromTheAnswerToWhatToWorkOn(t *testing.T) {
	got := titleOf("I want to work on the website today",
		"Great! Which part of the website would you like to work on?",
		"the checkout page: the coupon field rejects valid codes with lowercase letters",
		"Let me look at the coupon validation. The coupon check compares uppercase codes only.")
	if !strings.Contains(strings.ToLower(got), "coupon") {
		t.Errorf("title %q does not name the work the steward named when asked", got)
	}
	got = titleOf("Plan the retry policy for the payment webhooks",
		"Here is a first outline of the retry policy for the payment webhooks. What would you like to clarify first?",
		"the maximum backoff, five minutes is too long for the ledger",
		"Agreed, I'll cap the webhook backoff at one minute.")
	if !strings.Contains(strings.ToLower(got), "retry") {
		t.Errorf("title %q is not the request a detail question followed", got)
	}
}
