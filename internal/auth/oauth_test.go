package auth

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

func TestProvidersBeginWithStateAndCallback(t *testing.T) {
	o, err := NewOAuth("https://baton.example.com/", []ProviderConfig{
		{Kind: ProviderGitHub, ClientID: "gh-id", ClientSecret: "s"},
		{Kind: ProviderGoogle, ClientID: "g-id", ClientSecret: "s"},
		{Kind: ProviderGitLab, ClientID: "gl-id", ClientSecret: "s", URL: "https://git.example.org"},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := o.Providers(); len(got) != 3 || got[0].Label != "GitHub" || got[2].Name != ProviderGitLab {
		t.Fatalf("providers = %+v", got)
	}
	for name, host := range map[string]string{ProviderGitHub: "github.com", ProviderGoogle: "accounts.google.com", ProviderGitLab: "git.example.org"} {
		authURL, f, err := o.Begin(name)
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(authURL)
		q := u.Query()
		if u.Host != host || q.Get("state") != f.State || len(f.State) < 40 ||
			q.Get("redirect_uri") != "https://baton.example.com/auth/"+name+"/callback" || f.Session == "" {
			t.Errorf("%s: %s (flow %+v)", name, authURL, f)
		}
		_, f2, _ := o.Begin(name)
		if f2.State == f.State {
			t.Errorf("%s: the same state twice", name)
		}
		// The callback must bring back this attempt's state.
		if _, err := o.Complete(name, f, url.Values{"state": {f2.State}, "code": {"c"}}); !errors.Is(err, ErrFlow) {
			t.Errorf("%s: another attempt's state: %v", name, err)
		}
		if _, err := o.Complete(name, nil, url.Values{"state": {f.State}, "code": {"c"}}); !errors.Is(err, ErrFlow) {
			t.Errorf("%s: no flow: %v", name, err)
		}
	}
	if _, _, err := o.Begin("oidc"); baton.ErrorCode(err) != baton.ENOTFOUND {
		t.Errorf("unconfigured provider: %v", err)
	}
}

func TestProviderConfigurationErrorsSayWhatToSet(t *testing.T) {
	for _, c := range []struct {
		base string
		cfg  ProviderConfig
		want string
	}{
		{"", ProviderConfig{Kind: ProviderGitHub, ClientID: "x", ClientSecret: "y"}, "BATON_BASE_URL"},
		{"https://b.example", ProviderConfig{Kind: ProviderGitHub, ClientID: "x"}, "client secret"},
		{"https://b.example", ProviderConfig{Kind: ProviderOIDC, ClientID: "x", ClientSecret: "y"}, "issuer"},
		{"https://b.example", ProviderConfig{Kind: "myspace", ClientID: "x", ClientSecret: "y"}, "unknown"},
	} {
		if _, err := NewOAuth(c.base, []ProviderConfig{c.cfg}, nil); err == nil || !strings.Contains(baton.ErrorMessage(err), c.want) {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
}
