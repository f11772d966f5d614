package static

import (
	"io/fs"
	"strings"
	"testing"
)

func TestFS(t *testing.T) {
	for path, want := range map[string]string{
		"css/baton.css":      "--color-text",
		"js/baton.js":        "X-CSRF-Token",
		"vendor/htmx.min.js": `version:"2.0.11"`,
	} {
		b, err := fs.ReadFile(FS, path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if !strings.Contains(string(b), want) {
			t.Errorf("%s does not contain %q", path, want)
		}
	}
}
