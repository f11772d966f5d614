package analysis

import (
	"strings"
	"testing"
)

// TestTitleIsWritten: a title is the subject of the opening prompt in at
// most eight words, with no slash command, path, URL, command or markup,
// and never cut inside a word.
func TestTitleIsWritten(t *testing.T) {
	for _, tc := range []struct{ prompt, want string }{
		{"/prime & check out our recent work /Users/dana/src/atlas/docs", "Check out our recent work"},
		{"Spawn sub-agents to investigate why the importer drops summary lines on resumed sessions", "Spawn sub-agents to investigate why importer drops summary"},
		{"/review the retry logic in payments", "Review the retry logic in payments"},
		{"Can you explain the difference between a mutex and a semaphore?", "Explain difference between mutex and semaphore"},
		{"Refactor the notification service so email and SMS share one interface", "Refactor the notification service"},
		{"hey, please run `npm run build && npm test` and fix what fails in ~/code/shop", "Run and fix what fails"},
		{"<command-message>init</command-message>\n<command-name>/init</command-name>\nAdd a health check endpoint", "Add a health check endpoint"},
		{"Our Kubernetes pods keep getting OOMKilled after the last deploy", "Our Kubernetes pods keep getting OOMKilled"},
		{"Add dark mode to the settings page", "Add dark mode to the settings page"},
		{"ログイン画面でパスワードリセットのリンクが動かない", "ログイン画面でパスワードリセットのリンクが動かない"},
		{"Bitte baue einen CSV-Export für die Rechnungen", "Baue einen CSV-Export für die Rechnungen"},
		{"/clear", ""},
	} {
		got := Title(tc.prompt)
		if got != tc.want {
			t.Errorf("Title(%q) = %q, want %q", tc.prompt, got, tc.want)
		}
		if n := len(strings.Fields(got)); n > maxTitleWords {
			t.Errorf("Title(%q) has %d words", tc.prompt, n)
		}
	}
}
