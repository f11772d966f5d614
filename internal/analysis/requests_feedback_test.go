package analysis

import "testing"

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

		{"this looks good, but did you run the linter on the new module?", true, false},
		{"ok so now it works but does it have to round the totals?", true, false},
		{"Where did we leave off last time?", false, false},
		{"which file is broken after the rename?", true, false},
		{"what was the reason the file is cached twice?", true, false},
		{"how can we add a retry to the upload?", true, false},
	}
	for _, c := range cases {
		reqs := requests(c.prose)
		if len(reqs) == 0 {
			// What the opening message says when it asks nothing
			// (stewardRequests): its first sentence, as a listed task.
			if task := requestText(firstSentence(c.prose), true); task != "" {
				reqs = []request{{task, formListed}}
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
