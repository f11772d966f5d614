package analysis

import (
	"slices"
	"testing"
)

// A checklist whose boxes are all checked reports what was done; its items
// are results, not tasks. A list that still has an open box is a todo list
// part-way through, and its checked items are its tasks, done; so is an
// item checked after it was listed open or in progress ("- [-]").
func TestChecklistOfDoneWork(t *testing.T) {
	for _, tc := range []struct {
		name      string
		closing   []string // the assistant's closing messages
		tasks     []string // TasksDiscussed after the steward's request
		completed []string
	}{
		{
			name:    "all checked: a report",
			closing: []string{"The exporter is in.\n\n### Done\n- [x] Streamed the rows to the CSV writer\n- [x] Added a header row with the column names\n\n- [x] Covered both in tests"},
		},
		{
			name:      "an open box beside checked ones: a todo list",
			closing:   []string{"Progress:\n- [x] Stream the rows to the CSV writer\n- [ ] Gzip exports over 10 MB"},
			tasks:     []string{"Stream the rows to the CSV writer", "Gzip exports over 10 MB"},
			completed: []string{"Stream the rows to the CSV writer"},
		},
		{
			name:      "a report beside a list of what is left",
			closing:   []string{"Completed:\n- [x] Streamed the rows\n\nStill open:\n- [ ] Gzip exports over 10 MB"},
			tasks:     []string{"Gzip exports over 10 MB"},
			completed: nil,
		},
		{
			name:      "checked after it was in progress",
			closing:   []string{"Working on it:\n- [-] Stream the rows to the CSV writer", "All set:\n- [x] Stream the rows to the CSV writer"},
			tasks:     []string{"Stream the rows to the CSV writer"},
			completed: []string{"Stream the rows to the CSV writer"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newConvo()
			c.steward("Add a CSV export to the reports page.")
			for _, m := range tc.closing {
				c.assistant(m)
			}
			p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
			want := append([]string{"Add a CSV export to the reports page"}, tc.tasks...)
			if !slices.Equal(p.TasksDiscussed, want) {
				t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
			}
			for _, d := range tc.completed {
				if !slices.Contains(p.TasksCompleted, d) {
					t.Errorf("%q not completed: %q", d, p.TasksCompleted)
				}
			}
		})
	}
}
