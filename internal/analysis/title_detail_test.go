package analysis

import (
	"strings"
	"testing"
)

// TestTitleKeepsTheSentenceThatNamesTheSubject: a prompt that names its
// subject in its first sentence and then gives details in a statement
// dense with lesser words is titled from the first sentence, not from the
// details; a later request still titles the prompt, as it says what the
// steward asks for.
func TestTitleKeepsTheSentenceThatNamesTheSubject(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  string
	}{
		{
			name: "a statement of details after the subject",
			turns: []string{
				"The invoice export is broken for every customer. Warehouse report totals, tax codes, currency columns and discount lines all come out shifted.",
				"The invoice export loop skipped a row for each customer, which shifted every column. I fixed the invoice export.",
			},
			want: "invoice export",
		},
		{
			name: "a request after the subject",
			turns: []string{
				"The invoice export is slow. Please add a progress bar to the warehouse report page while the report loads.",
				"I added a progress bar to the warehouse report page; it shows while the report loads.",
			},
			want: "progress bar",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newConvo().turns(tc.turns...)
			got := sessionTitle(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
			if !strings.Contains(strings.ToLower(got), tc.want) {
				t.Errorf("title %q does not name %q", got, tc.want)
			}
		})
	}
}
