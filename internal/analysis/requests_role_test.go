package analysis

import (
	"reflect"
	"testing"
)

// TestRequestTasksLeaveOutARoleBrief: a message that opens with a
// paragraph giving the assistant a role and standing rules ("You are
// acting as …", "follow the house style", "the importer should read the
// vendor's API") asks for its work in the paragraphs after it; the
// brief's lines are not tasks. What a line of the brief introduces with a
// colon is the work's subject and stays; a role in a message of one
// paragraph, or a brief that lists its objectives, is read as before.
func TestRequestTasksLeaveOutARoleBrief(t *testing.T) {
	cases := []struct {
		name, prose string
		want        []string
	}{
		{"brief then request",
			"You are acting as a senior developer helping build a ledger importer for our shop.\n" +
				"When writing code, follow the house style guide and explain each choice.\n" +
				"The importer should read invoices from the vendor's REST API.\n\n" +
				"We have started already. Please rename the config loader to settings.",
			[]string{"rename the config loader to settings"}},
		{"the line after the colon is the subject",
			"You are an expert on this code base and the following change:\n" +
				"Add retry with backoff to the payment client\n\n" +
				"Suggest a few improvements related to that change",
			[]string{"Add retry with backoff to the payment client", "Suggest a few improvements related to that change"}},
		{"one paragraph",
			"You are a careful Go reviewer. Fix the flaky timeout in the cache tests.",
			[]string{"Fix the flaky timeout in the cache tests"}},
		{"a brief with objectives",
			"You are auditing the billing service before its release.\n" +
				"- Verify the currency rounding\n- Review the refund flow\n\n" +
				"Start with the rounding.",
			[]string{"Verify the currency rounding", "Review the refund flow", "Start with the rounding"}},
	}
	for _, c := range cases {
		if got := requestTasks(c.prose); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: tasks %q, want %q", c.name, got, c.want)
		}
	}
}
