package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baton-dev/baton/web"
)

func TestIdentityConfigFromEnvironment(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "gh")
	os.WriteFile(secret, []byte("from-a-file\n"), 0o600)
	envOf := func(vars map[string]string) environment { return environment{func(k string) string { return vars[k] }} }

	var cfg web.Config
	err := identityConfig(envOf(map[string]string{
		"BATON_BASE_URL": "https://baton.example.com/", "BATON_GITHUB_CLIENT_ID": "gh", "BATON_GITHUB_CLIENT_SECRET_FILE": secret,
		"BATON_GITLAB_CLIENT_ID": "gl", "BATON_GITLAB_CLIENT_SECRET": "s", "BATON_API_RATE_LIMIT": "5", "BATON_TRUST_PROXY": "1",
	}), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	ps := cfg.OAuth.Providers()
	if len(ps) != 2 || ps[0].Name != "github" || ps[1].Name != "gitlab" || cfg.BaseURL != "https://baton.example.com" ||
		!cfg.TrustProxy || cfg.Limits.API != (web.Rate{PerSecond: 5, Burst: 60}) {
		t.Fatalf("config = %+v, providers %+v", cfg, ps)
	}

	for _, c := range []struct {
		vars map[string]string
		want string
	}{
		{map[string]string{"BATON_GOOGLE_CLIENT_ID": "g", "BATON_GOOGLE_CLIENT_SECRET": "s"}, "BATON_BASE_URL must be set"},
		{map[string]string{"BATON_BASE_URL": "https://b", "BATON_GOOGLE_CLIENT_ID": "g"}, "BATON_GOOGLE_CLIENT_SECRET"},
		{map[string]string{"BATON_BASE_URL": "https://b", "BATON_OIDC_CLIENT_ID": "o", "BATON_OIDC_CLIENT_SECRET": "s"}, "issuer"},
		{map[string]string{"BATON_API_RATE_LIMIT": "lots"}, "BATON_API_RATE_LIMIT"},
	} {
		var cfg web.Config
		if err := identityConfig(envOf(c.vars), &cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.vars, err, c.want)
		}
	}
	// No provider: sign-in is local only, and that is fine.
	cfg = web.Config{}
	if err := identityConfig(envOf(nil), &cfg); err != nil || len(cfg.OAuth.Providers()) != 0 {
		t.Fatalf("no providers: %v", err)
	}
}
