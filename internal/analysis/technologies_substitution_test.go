package analysis

import (
	"slices"
	"testing"
)

// commandTechnologyNames is the names of the technologies a command line
// shows (commandTechnologies), in its order.
func commandTechnologyNames(cmd string) []string {
	var out []string
	for _, r := range commandTechnologies(cmd) {
		out = append(out, r.name)
	}
	return out
}

// TestCommandSubstitutionsRun: a command inside "$(…)", backticks or
// "<(…)" runs as much as the command around it, also after an
// assignment or inside a loop's "do"; one inside single quotes, an
// arithmetic "$((…))", the setup eval is given and the body of a
// here-document whose delimiter is quoted run nothing.
func TestCommandSubstitutionsRun(t *testing.T) {
	for _, c := range []struct {
		cmd       string
		want, not []string
	}{
		{cmd: `TAG=$(git describe --abbrev=0) make publish`, want: []string{"Make", "Git"}},
		{cmd: "BODY=$(envsubst < \"$(dirname \"$0\")/mail.tmpl\")", want: []string{"envsubst"}},
		{cmd: "echo built at `git rev-parse --short HEAD`", want: []string{"Git"}},
		{cmd: `for pkg in $(fd -e toml); do taplo fmt "$pkg"; done`, want: []string{"fd", "Taplo"}},
		{cmd: `diff <(jq -S . a.json) <(jq -S . b.json)`, want: []string{"jq"}},
		{cmd: `if ! go vet ./...; then echo failed; fi`, want: []string{"Go"}},
		{cmd: `echo 'run $(docker ps) later'`, not: []string{"Docker"}},
		{cmd: `echo $((3 + 4))`, not: []string{"Docker"}},
		{cmd: `eval "$(brew shellenv)" && npm ci`, want: []string{"npm"}, not: []string{"Homebrew"}},
		{cmd: "cat > notes.txt <<'END'\ndocker compose up\nEND\nwc -l notes.txt", not: []string{"Docker", "Docker Compose"}},
		{cmd: "git commit -m \"$(cat <<'MSG'\nlet kubectl wait (longer)\nMSG\n)\"", want: []string{"Git"}, not: []string{"Kubernetes"}},
	} {
		got := commandTechnologyNames(c.cmd)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %q lacks %q", c.cmd, got, w)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("%q: %q holds %q", c.cmd, got, n)
			}
		}
	}
	if r := commandTechnologies(`TAG=$(git describe --abbrev=0) make publish`); len(r) == 0 || r[0].command != "make publish" {
		t.Errorf("evidence %+v", r)
	}
}
