package auth

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Speed aim: `baton hook` starts without paying for a bcrypt
// hash at init. A fresh process of this package's tests reports whether
// the dummy hash was made before anything asked for it.
func TestNoBcryptHashAtInit(t *testing.T) {
	if os.Getenv("BATON_TEST_REPORT_INIT") == "1" {
		if dummyHashMade.Load() {
			os.Stdout.WriteString("made-at-init\n")
		} else {
			os.Stdout.WriteString("lazy\n")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoBcryptHashAtInit$", "-test.v")
	cmd.Env = append(os.Environ(), "BATON_TEST_REPORT_INIT=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !strings.Contains(string(out), "lazy") {
		t.Errorf("the dummy bcrypt hash is made when the package starts: %s", out)
	}
	if CheckPassword("", "anything") || !dummyHashMade.Load() {
		t.Error("a sign-in for an unknown user must still compare against the dummy hash")
	}
}
