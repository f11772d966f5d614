package replay

import (
	"strings"
	"testing"
)

func TestRedactSecrets(t *testing.T) {
	in := strings.Join([]string{
		"export OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234567890",
		"api_key: sk-ant-abcdefghijklmnop1234567890 twice",
		"curl -H 'Authorization: Bearer abcdef0123456789abcdef'",
		"aws key AKIAABCDEFGHIJKLMNOP",
		`{"password": "hunter2hunter2"}`,
		"DATABASE_URL=postgres://app:s3cretpw@db.internal:5432/app",
		"edited /home/ada/projects/baton/main.go and C:\\Users\\Bob\\notes.txt",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
		"the password policy is fine", // no value: nothing to hide
	}, "\n")
	out, found := Redact(in)
	for _, secret := range []string{"sk-proj-abcdef", "abcdef0123456789abcdef", "AKIAABCDEFGHIJKLMNOP", "hunter2", "s3cretpw", "/home/ada", "Users\\Bob", "MIIEow"} {
		if strings.Contains(out, secret) {
			t.Errorf("%q survives redaction:\n%s", secret, out)
		}
	}
	for _, kept := range []string{"/home/[redacted private path]/projects/baton/main.go", "postgres://app:[redacted password]@db.internal", "the password policy is fine", "Bearer [redacted token]", "OPENAI_API_KEY=[redacted API key]"} {
		if !strings.Contains(out, kept) {
			t.Errorf("redacted text lacks %q:\n%s", kept, out)
		}
	}
	kinds := map[string]int{}
	for _, r := range found {
		kinds[r.Kind] += r.Count
		if strings.Contains(r.Sample, "hunter2") || strings.Contains(r.Sample, "s3cretpw") {
			t.Errorf("the preview sample shows the secret: %q", r.Sample)
		}
	}
	if kinds["API key"] != 3 || kinds["private path"] != 2 || kinds["private key"] != 1 || kinds["password"] < 2 || kinds["token"] != 1 {
		t.Errorf("found %v", kinds)
	}
}
