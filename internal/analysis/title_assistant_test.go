package analysis

import (
	"strings"
	"testing"
)

// TestTitlePassesOverHowToUseTheAssistant: a first question about how to
// have the assistant itself do something asks about the tool; the work
// the session then does titles it.
func TestTitlePassesOverHowToUseTheAssistant(t *testing.T) {
	got := titleOf("how do I get claude to edit the config files directly?",
		"Ask for the change and name the config files; claude edits them in place.",
		"the invoice export drops the currency column, add the currency column back to the invoice export",
		"The invoice export now writes the currency column after the amount column.")
	checkTitleForm(t, "how to use the assistant", got)
	if low := strings.ToLower(got); !strings.Contains(low, "invoice") && !strings.Contains(low, "currency") {
		t.Errorf("title = %q, want the invoice export's currency column", got)
	}
	for _, tc := range []struct {
		sentence string
		want     bool
	}{
		{"如何让aider直接修改配置文件？", true},
		{"how can I make copilot run the tests first?", true},
		{"how do I make the parser skip blank lines?", false},
		{"add a retry to the upload", false},
	} {
		if got := asksHowToUseAssistant(strings.Fields(tc.sentence)); got != tc.want {
			t.Errorf("asksHowToUseAssistant(%q) = %v, want %v", tc.sentence, got, tc.want)
		}
	}
}
