package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestStewardSystems: the system the steward says they run now, and the
// desktop named after it, are theirs; one they ran before, one a question
// asks about and one the work only targets are not.
func TestStewardSystems(t *testing.T) {
	cases := []struct {
		prompt   string
		want     []string
		excluded []string
	}{
		{"I'm running the latest fedora kde. Can you write a script that rotates my screenshots folder?", []string{"Fedora", "KDE"}, nil},
		{"We used to build this on debian, now I am testing it on nixos and the build fails.", []string{"NixOS"}, []string{"Debian"}},
		{"Add a release job that builds the binary on macOS and Windows.", nil, []string{"macOS", "Windows"}},
		{"Am I on ubuntu or something else, judging by this log?", nil, []string{"Ubuntu"}},
	}
	for _, c := range cases {
		conv := newConvo()
		conv.steward(c.prompt)
		conv.assistant("I'll take a look.")
		s := &baton.Session{}
		New().Session(s, conv.analysed(New()))
		got := s.Technical.Technologies
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: technologies %q lack %q", c.prompt, got, w)
			}
		}
		for _, x := range c.excluded {
			if slices.Contains(got, x) {
				t.Errorf("%q: technologies %q hold %q", c.prompt, got, x)
			}
		}
	}
}
