package analysis

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// segmentsByFields is shellSegments as it was written first: each
// simple command split by strings.Fields, its leading "sudo" and
// VAR=value words dropped, the rest joined by one space.
func segmentsByFields(cmd string) []string {
	var out []string
	for seg := range strings.SplitSeq(shellSeparators.Replace(cmd), "\n") {
		f := strings.Fields(seg)
		for len(f) > 0 && (f[0] == "sudo" || (strings.Contains(f[0], "=") && !strings.HasPrefix(f[0], "-"))) {
			f = f[1:]
		}
		if len(f) > 0 {
			out = append(out, strings.Join(f, " "))
		}
	}
	return out
}

func TestShellSegmentsSplitAsFields(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	pieces := []string{" ", "  ", "\t", "\n", "\v", "\f", "\r", "\u00a0", "\u0085", "\u2003", "\u3000", "\u200b",
		"&&", "||", ";", "|", "&", "sudo", "A=1", "-x=2", "=", "go", "test", "./...", "git", "é", "日本",
		"\xe2", "\x80", "\xff", "$(", ")", "`", "'", "\""}
	for range 200000 {
		cmd := randomText(rng, pieces, 12)
		if got, want := shellSegments(cmd), segmentsByFields(cmd); !slices.Equal(got, want) {
			t.Fatalf("shellSegments(%q) = %q, by strings.Fields %q", cmd, got, want)
		}
	}
}

// A command read once gives what reading it for its technologies and for
// its words, each on its own, gives.
func TestShellCommandReadOnceAsTwice(t *testing.T) {
	for _, cmd := range []string{
		"cd web && npm install && npm run build",
		"sudo  apt-get install -y\tpostgresql | tee log.txt",
		`TAG=$(git describe --abbrev=0) make publish`,
		"echo `date` ; python3 -m pytest tests/test_app.py",
		"cat <<'EOF' > notes.md\nrun go test\nEOF\nsed -n '1,40p' main.go",
		`grep -rn "func main" --include=*.go . | head`,
		`diff <(sort a.txt) <(sort b.txt)`,
	} {
		c := readShellCommand(cmd)
		u := unquoted(cmd)
		if got, want := segmentTechnologies(c.ran, c.subs), commandTechnologies(cmd); !slices.Equal(got, want) {
			t.Errorf("%q: technologies %v, alone %v", cmd, got, want)
		}
		if got, want := c.segs, shellSegments(u); !slices.Equal(got, want) {
			t.Errorf("%q: simple commands %q, alone %q", cmd, got, want)
		}
	}
}

func TestShellArgsAsByteByByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	pieces := []string{" ", "  ", "\t", "\n", "\u00a0", "go", "test", "-run", "'a b'", `"c d"`, "'", `"`, "é", "\xff", "=", "x"}
	for range 200000 {
		s := randomText(rng, pieces, 10)
		if got, want := shellArgs(s), quotedShellArgs(s); !slices.Equal(got, want) {
			t.Fatalf("shellArgs(%q) = %q, byte by byte %q", s, got, want)
		}
	}
}
