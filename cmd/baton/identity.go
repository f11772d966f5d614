package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/auth"
	"github.com/baton-dev/baton/web"
)

// identityConfig reads the sign-in providers, the public address and the
// rate limits into cfg. A provider is on when its client id is set; its
// secret may come from NAME_FILE.
func identityConfig(env environment, cfg *web.Config) error {
	cfg.BaseURL = strings.TrimRight(env.get("BATON_BASE_URL", ""), "/")
	cfg.TrustProxy = env.get("BATON_TRUST_PROXY", "") == "1"
	var providers []auth.ProviderConfig
	for _, p := range []struct{ kind, prefix string }{
		{auth.ProviderGitHub, "BATON_GITHUB"},
		{auth.ProviderGoogle, "BATON_GOOGLE"},
		{auth.ProviderGitLab, "BATON_GITLAB"},
		{auth.ProviderOIDC, "BATON_OIDC"},
	} {
		id := env.get(p.prefix+"_CLIENT_ID", "")
		if id == "" {
			continue
		}
		secret, err := env.secret(p.prefix + "_CLIENT_SECRET")
		if err != nil {
			return err
		}
		if secret == "" {
			return fmt.Errorf("%s_CLIENT_ID is set but %s_CLIENT_SECRET (or %s_CLIENT_SECRET_FILE) is not", p.prefix, p.prefix, p.prefix)
		}
		c := auth.ProviderConfig{Kind: p.kind, ClientID: id, ClientSecret: secret}
		switch p.kind {
		case auth.ProviderGitLab:
			c.URL = env.get("BATON_GITLAB_URL", "")
		case auth.ProviderOIDC:
			c.URL, c.Label = env.get("BATON_OIDC_ISSUER", ""), env.get("BATON_OIDC_NAME", "")
		}
		providers = append(providers, c)
	}
	if len(providers) > 0 && cfg.BaseURL == "" {
		return fmt.Errorf("BATON_BASE_URL must be set (e.g. https://baton.example.com) when a sign-in provider is configured: providers call back to BATON_BASE_URL/auth/<provider>/callback")
	}
	oauth, err := auth.NewOAuth(cfg.BaseURL, providers, nil)
	if err != nil {
		return err
	}
	cfg.OAuth = oauth
	if v := env.get("BATON_API_RATE_LIMIT", ""); v != "" {
		if v == "off" {
			cfg.Limits.API = web.Rate{Burst: -1}
		} else {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil || n <= 0 {
				return fmt.Errorf("BATON_API_RATE_LIMIT must be requests per second per token (e.g. 50) or off; got %q", v)
			}
			cfg.Limits.API = web.Rate{PerSecond: n, Burst: int(n * 12)}
		}
	}
	return nil
}
