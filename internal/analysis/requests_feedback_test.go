package analysis

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestFeedbackIsNotARequest: in the middle of the work, a verdict on the
// result, a question about where the work stands, a description of what
// the steward saw and a fragment announcing more ask for no work of their
// own; a request beside a verdict, a question about work and a session
// that opens asking where things stand still do.
func TestFeedbackIsNotARequest(t *testing.T) {
	cases := []struct {
		prose      string
		midSession bool
		feedback   bool
	}{
		{"better but still no numbers in the report, why?", true, true},
		{"nice, but still no log lines in the output?", true, true},
		{"Where are we in the migration plan?", true, true},
		{"what did we decide about the cache keys?", true, true},
		{"What happens is I press save and the form clears", false, true},
		{"what I see is an empty page after the login", false, true},
		{"What I was thinking was that it should work like the dock, just round", true, true},
		{"one last thing. the new release is out", false, true},
		{"a quick question", true, true},
		{"fix the one last thing", false, false},
		{"so my guess about the stale cache was wrong after all?", true, true},
		{"it looks like the old branch was never pushed to the remote?", true, true},

		{"this looks good, but did you run the linter on the new module?", true, false},
		{"ok so now it works but does it have to round the totals?", true, false},
		{"Where did we leave off last time?", false, false},
		{"which file is broken after the rename?", true, false},
		{"what was the reason the file is cached twice?", true, false},
		{"how can we add a retry to the upload?", true, false},
		{"it runs now but does it have to print the header twice?", true, false},
		{"I deleted the lock file and reinstalled, does that help?", true, false},
		{"that's odd, what's writing the second header line?", true, false},
		{"it looks like the old branch was never pushed to the remote?", false, false},
	}
	for _, c := range cases {
		reqs := requests(c.prose)
		if len(reqs) == 0 {
			// What the opening message says when it asks nothing
			// (stewardRequests): its first sentence, as a listed task.
			if task := requestText(firstSentence(c.prose), true); task != "" {
				reqs = []request{{text: task, form: formListed}}
			}
		}
		if len(reqs) == 0 {
			t.Errorf("%q: read no request at all", c.prose)
			continue
		}
		if got := feedback(reqs[0], c.midSession); got != c.feedback {
			t.Errorf("%q (read %q, form %d): feedback %v, want %v", c.prose, reqs[0].text, reqs[0].form, got, c.feedback)
		}
	}
}

// TestAnswerMannerIsNotATask: "keep it brief" or "give a short summary"
// says how the answer should be put; the task is the request it goes
// with. A request that names work beside the manner word still counts.
func TestAnswerMannerIsNotATask(t *testing.T) {
	for task, want := range map[string]bool{
		"keep it brief":                        true,
		"please make your answer concise":      true,
		"give a short summary":                 true,
		"be succinct":                          true,
		"write a short summary of the outage":  false,
		"make the error messages more concise": false,
		"shorten the README intro":             false,
		"请简短回答":                                false,
	} {
		if got := answerManner(task); got != want {
			t.Errorf("answerManner(%q) = %v, want %v", task, got, want)
		}
	}

	c := newConvo()
	c.steward("The upload page times out on large files. Can you add chunked uploads to the form? If you explain it, please make it brief.")
	c.assistant("I split the upload into 5 MB chunks and the form now sends them in order.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if got := s.Progress.TasksDiscussed; len(got) != 1 || !strings.Contains(got[0], "chunked uploads") {
		t.Errorf("tasks %q: want only the chunked uploads", got)
	}
}
