package analysis

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestTitleNamesTheProject: a request that points at its project ("init",
// "check the APIs there", "work on the issues described there") is titled
// with the project's name: the folder the session's files are in, which
// its text names, when the exporter recorded no working directory.
func TestTitleNamesTheProject(t *testing.T) {
	for _, c := range []struct {
		name, prompt, answer, want string
	}{
		{"bare command", "init",
			"Read [](file:///Users/ada/source/repos/tree-sitter-kit/README.md)\nRead [](file:///Users/ada/source/repos/tree-sitter-kit/scripts/gen.sh)\n" +
				"Read [](file:///Users/ada/source/repos/tree-sitter-kit/src/lib.rs)\nThe tree-sitter-kit project generates one parser per grammar.",
			"init tree-sitter-kit"},
		{"there", "There is an API deployed as well. The apis are in the api folder, you can check the APIs there and make curl calls to confirm.",
			"I read /home/kim/projects/Orbit/pipeline/plan.md, /home/kim/projects/Orbit/pipeline/api/app.py and /home/kim/projects/Orbit/pipeline/api/serverless.yml.\n" +
				"The Orbit API returns the new layers.",
			"in orbit"},
	} {
		conv := newConvo()
		conv.steward(c.prompt)
		conv.assistant(c.answer)
		got := projectTitle(buildViews(testAnalyzer, conv.analysed(testAnalyzer)), "")
		checkTitleForm(t, c.name, got)
		if !strings.Contains(strings.ToLower(got), c.want) {
			t.Errorf("%s: title = %q, want the project named (%q)", c.name, got, c.want)
		}
	}
}

// TestProjectNameNeedsTheText: the folder most paths share names the
// project only when the session's text names it too (not a user's
// folder, nor one of the folders around every project).
func TestProjectNameNeedsTheText(t *testing.T) {
	c := newConvo()
	c.steward("init")
	c.assistant("Read /Users/ada/work/acme/README.md, /Users/ada/work/acme/go.mod and /Users/ada/work/acme/cmd/main.go. The module builds.")
	vs := buildViews(testAnalyzer, c.analysed(testAnalyzer))
	if got := projectName(vs, ""); got != "" {
		t.Errorf("projectName = %q, want none: the text never names acme", got)
	}
	if got := projectName(vs, "/Users/ada/work/acme"); got != "acme" {
		t.Errorf("projectName with a working directory = %q, want acme", got)
	}
	if got := projectName(vs, "/Users/ada/src"); got != "" {
		t.Errorf("projectName of a generic folder = %q, want none", got)
	}
}

func TestWithProjectNamed(t *testing.T) {
	for _, c := range []struct{ title, project, want string }{
		{"Lint", "acme", "Lint acme"},
		{"Commit all checkpoints for this repository?", "cipher-box", "Commit all checkpoints for cipher-box?"},
		{"TODO.md and work on improving issues described there", "pdf22png", "Work on improving issues described in pdf22png"},
		{"Fix the flaky lint step in CI", "acme", "Fix the flaky lint step in CI"},
		{"Happens when I do release in here", "chx", "Happens when I do release in chx"},
		{"Copy the fixtures from there", "acme", "Copy the fixtures from acme"},
		{"Init acme", "acme", "Init acme"},
		{"Init", "", "Init"},
		{"先写单元测试", "acme", "先写单元测试"},
	} {
		if got := withProjectNamed(c.title, c.project); got != c.want {
			t.Errorf("withProjectNamed(%q, %q) = %q, want %q", c.title, c.project, got, c.want)
		}
	}
}

// absolutePaths finds the paths its pattern finds: random text of path
// pieces, the marks a path may open after, drives, file URLs and bytes
// beyond ASCII.
func TestAbsolutePathsAsThePattern(t *testing.T) {
	pattern := regexp.MustCompile("(?:^|[\\s\"'`(\\[=:])((?:file://)?(?:/|[A-Za-z]:[\\\\/])[\\w.@+-]+(?:[\\\\/][\\w.@+-]+){2,})")
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"/", "\\", "//", "C:", "c:\\", "Z:/", "file://", "file:", "a", "src", "b.go", "x_y", "@", "+", "-", ".",
		" ", "\t", "\n", "\v", "\f", "\r", "\"", "'", "`", "(", "[", "=", ":", "]", ",", "é", "\xe2", "\x80", "0", "Users"}
	for range 300000 {
		s := randomText(rng, pieces, 12)
		var want []string
		for _, m := range pattern.FindAllStringSubmatch(s, 3) {
			want = append(want, m[1])
		}
		if got := absolutePaths(s, 3); !slices.Equal(got, want) {
			t.Fatalf("absolutePaths(%q) = %q, the pattern finds %q", s, got, want)
		}
	}
}
