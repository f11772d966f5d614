package analysis

import (
	"slices"
	"testing"
)

// TestPoetryAndContentfulPaint: "poetry" in lower case is the English
// word unless one of the tool's commands follows it, and "Contentful
// Paint" is a page-speed metric, not the Contentful CMS; "Poetry" written
// as a name, "poetry install" and Contentful on its own are still named.
func TestPoetryAndContentfulPaint(t *testing.T) {
	technologies := func(prose string) []string {
		c := newConvo()
		c.steward(prose)
		return technologiesNamed(c)
	}
	for prose, not := range map[string]string{
		"Build a small site where people share their poetry and vote on it.":  "Poetry",
		"Our Largest Contentful Paint is 4 seconds on mobile, bring it down.": "Contentful",
	} {
		if got := technologies(prose); slices.Contains(got, not) {
			t.Errorf("%q: technologies %q hold %q", prose, got, not)
		}
	}
	for prose, want := range map[string]string{
		"We manage the dependencies with Poetry, keep it that way.":     "Poetry",
		"After poetry install the tests fail on import, please fix it.": "Poetry",
		"Load the blog posts from contentful at build time.":            "Contentful",
	} {
		if got := technologies(prose); !slices.Contains(got, want) {
			t.Errorf("%q: technologies %q lack %q", prose, got, want)
		}
	}
}
