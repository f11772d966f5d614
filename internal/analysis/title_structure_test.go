package analysis

import (
	"strings"
	"testing"
)

// TestTitleStructure: rules about how a conversation is written down that
// decide what may title it — a console's echo of the command it runs, a
// flag named as a thing, a log pasted after the prose on the same line,
// quotes around a word — each from a conversation of our own.
func TestTitleStructure(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  []string // each is in the title, lower case
		not   []string // none is
	}{
		{
			name: "a console's echo of the slash command it runs",
			turns: []string{
				"/standup is running… we are migrating the invoice exporter to the new ledger API this week",
				"The invoice exporter now calls the ledger API.",
			},
			want: []string{"invoice exporter"},
			not:  []string{"running", "standup"},
		},
		{
			name: "a flag named as a thing keeps its name, without its dashes",
			turns: []string{
				"add a --dry-run option to the cleanup job",
				"The cleanup job takes a dry-run option now: with it, the job lists what it would delete.",
			},
			want: []string{"dry-run option", "cleanup job"},
			not:  []string{"--"},
		},
		{
			name: "a flag of a command line goes",
			turns: []string{
				"why does rsync -a skip the thumbnails folder on the backup host",
				"rsync skips the thumbnails folder because the backup host excludes it.",
			},
			want: []string{"thumbnails folder"},
			not:  []string{"-a"},
		},
		{
			name: "a log pasted after the prose on one line starts at its clock time",
			turns: []string{
				"the nightly import fails when running the feed sync 02:14:55.120 INFO fetching page 3\n02:14:57.004 ERROR upstream closed connection",
				"The feed sync fails because the upstream closes the connection on page 3; the nightly import retries now.",
			},
			want: []string{"feed sync"},
			not:  []string{"02", "info", "fetching"},
		},
		{
			name: "words that only introduce a pasted log yield to the answer's diagnosis",
			turns: []string{
				"I just tried to deploy the staging stack with the pipeline and ran into this:\n  • uploading bundle\n  ⨯ deploy failed after 15m0s   error=context deadline exceeded\n    │ waiting for the database migration lock",
				"The database migration lock was never released: a previous deploy died while holding it. I'll clear the stale lock and add a lock timeout.",
				"thanks, also log who holds it",
				"The deploy now logs the holder of the database migration lock.",
			},
			want: []string{"migration lock"},
			not:  []string{"tried"},
		},
		{
			name: "a resumed session: looking around the project and checking on the assistant name no subject",
			turns: []string{
				"Hi, have a look around the project... where did we leave off?",
				"We left off at the export feature; the README and the notes describe the project.",
				"Did you read NOTES.md and the README?",
				"Yes, I read NOTES.md and the README.",
				"Let's figure out why the nightly export times out on large ledgers. Check the last failure first.",
				"The nightly export times out because large ledgers are exported in one query; paging the nightly export fixes it.",
			},
			want: []string{"nightly export"},
			not:  []string{"project", "did you"},
		},
		{
			name: "a command named as a thing keeps its words, a command line goes",
			turns: []string{
				"add a task to write a `git sync` command that pulls every worktree, like `git -C ../shop pull --rebase` does by hand",
				"I added the task for the git sync command.",
			},
			want: []string{"git sync command"},
			not:  []string{"rebase", "shop"},
		},
		{
			name: "quotes around a word go with the punctuation after them",
			turns: []string{
				"create a task for a \"billing sandbox\".",
				"I created the billing sandbox task.",
			},
			want: []string{"billing sandbox"},
			not:  []string{"\""},
		},
	} {
		got := titleOf(tc.turns...)
		lower := " " + strings.ToLower(got) + " "
		for _, w := range tc.want {
			if !strings.Contains(lower, w) {
				t.Errorf("%s: title %q does not name %q", tc.name, got, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(lower, w) {
				t.Errorf("%s: title %q holds %q", tc.name, got, w)
			}
		}
		checkTitleForm(t, tc.name, got)
	}
}

// TestTitleFromLinkedIssue: a prompt that names its subject by a link to
// an issue is titled by the issue's title as the session read it (gh's
// JSON, gh's plain view, a fetched page's summary); a link the session
// never read leaves the prompt's own words.
func TestTitleFromLinkedIssue(t *testing.T) {
	prompt := "Look into the following issue and give me your analysis first. I suspect it's how terminals work. https://github.com/acme/tally/issues/812"
	for _, tc := range []struct {
		name   string
		call   obj
		output string
		want   string
	}{
		{"gh issue view --json", obj{"command": "gh issue view 812 --repo acme/tally --json title,body"},
			`{"body":"The spinner keeps spinning.","title":"Spinner never stops after a cancelled upload"}`, "spinner"},
		{"gh issue view, plain", obj{"command": "gh issue view 812 --repo acme/tally"},
			"title:\tSpinner never stops after a cancelled upload\nstate:\tOPEN\n--\nThe spinner keeps spinning.", "spinner"},
		{"a fetched page's summary", obj{"url": "https://github.com/acme/tally/issues/812", "prompt": "Summarize the issue"},
			"# Issue summary #812\n\n**Title:** \"Spinner never stops after a cancelled upload\"\n\n**Reporter:** someone", "spinner"},
	} {
		c := newConvo()
		c.steward(prompt)
		c.assistant("I'll read the issue first.")
		name := "Bash"
		if tc.call["url"] != nil {
			name = "WebFetch"
		}
		c.tool(name, tc.call, tc.output, "")
		c.assistant("The cancelled upload never clears the progress state, so the spinner stays.")
		got := sessionTitle(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		if !strings.Contains(strings.ToLower(got), tc.want) || !strings.Contains(strings.ToLower(got), "cancelled upload") {
			t.Errorf("%s: title %q does not name the linked issue", tc.name, got)
		}
		checkTitleForm(t, tc.name, got)
	}

	// Another issue read, or the linked one never read: the prompt's words.
	c := newConvo()
	c.steward(prompt)
	c.tool("Bash", obj{"command": "gh issue view 97 --json title"}, `{"title":"Dark mode for the settings page"}`, "")
	c.assistant("Terminals redraw the line; the analysis follows.")
	if got := sessionTitle(buildViews(testAnalyzer, c.analysed(testAnalyzer))); strings.Contains(strings.ToLower(got), "dark mode") {
		t.Errorf("title %q is another issue's", got)
	}
}

// TestSentenceGoesOnAfterAbbreviation: the full stop of an abbreviation
// ("e.g.", "i.e.", "vs.", "Mr.", "etc." before a lower-case word) ends no
// sentence, so the request is one sentence and is titled whole, not from
// what follows the abbreviation.
func TestSentenceGoesOnAfterAbbreviation(t *testing.T) {
	for _, tc := range []struct{ prose, first string }{
		{"Add support for image formats, e.g. PNG and JPEG, to the thumbnail service. It should be fast.",
			"Add support for image formats, e.g. PNG and JPEG, to the thumbnail service."},
		{"The importer drops rows with empty cells (i.e. nulls) when reading CSV files. Please fix.",
			"The importer drops rows with empty cells i.e. nulls when reading CSV files."},
		{"Compare Redis vs. Memcached for the session cache. We need persistence.",
			"Compare Redis vs. Memcached for the session cache."},
		{"Mr. Smith wants the invoice export fixed. It cuts the last page.",
			"Mr. Smith wants the invoice export fixed."},
		{"The login form, the signup form, etc. need validation. Use zod for it.",
			"The login form, the signup form, etc. need validation."},
		{"Validate the login form, the signup form, etc. Use zod for it.",
			"Validate the login form, the signup form, etc."},
	} {
		first := ""
		if sentences := titleSentences(tc.prose); len(sentences) > 0 {
			first = strings.Join(sentences[0].words, " ")
		}
		if first != tc.first {
			t.Errorf("%q: first sentence %q, want %q", tc.prose, first, tc.first)
		}
	}
	got := titleOf(
		"Compare Redis vs. Memcached for the session cache. We need persistence across restarts.",
		"Redis keeps the session cache across restarts; Memcached does not persist it.",
		"ok",
		"The session cache now runs on Redis with persistence.",
	)
	if !strings.Contains(got, "Redis") || !strings.Contains(got, "Memcached") {
		t.Errorf("title %q, want the comparison of Redis and Memcached", got)
	}
}

// TestLabelBeforeColonStaysWithItsText: a label of a few words before a
// colon ("CSV exporter bug: …") is the heading of the text the line goes
// on with, one sentence with it, so the title keeps what the label names;
// a frame of five words or more ("I got this feedback on the branch:")
// still ends its sentence at the colon.
func TestLabelBeforeColonStaysWithItsText(t *testing.T) {
	for _, tc := range []struct {
		prose string
		want  []string
	}{
		{"CSV exporter bug: the first row is duplicated.", []string{"CSV exporter bug: the first row is duplicated."}},
		{"I got this feedback on the branch: the retry loop never stops.",
			[]string{"I got this feedback on the branch:", "the retry loop never stops."}},
	} {
		var got []string
		for _, s := range titleSentences(tc.prose) {
			got = append(got, strings.Join(s.words, " "))
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: sentences %q, want %q", tc.prose, got, tc.want)
		}
	}
	got := titleOf(
		"CSV exporter bug: the first row is duplicated in write_rows when skip_header is false.",
		"The CSV exporter writes the header row twice because write_rows is called with skip_header false. I changed write_rows in exporter.py.",
		"ok",
		"The exporter.py write_rows call now passes skip_header; the CSV exporter writes one header row.",
	)
	if !strings.Contains(strings.ToLower(got), "exporter") {
		t.Errorf("title %q, want the exporter the label names", got)
	}
}
