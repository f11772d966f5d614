package redact

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// gen makes a random secret from an alphabet, the same on every run.
type gen struct{ r *rand.Rand }

func (g gen) s(alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

const (
	alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	lower = "abcdefghijklmnopqrstuvwxyz0123456789"
	hex   = "0123456789abcdef"
	alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)

// ruleCase is a line holding a secret that one rule must find, and the
// secret, which must not survive redaction.
type ruleCase struct{ line, secret string }

func ruleCases() map[string]ruleCase {
	g := gen{rand.New(rand.NewPCG(1, 2))}
	c := map[string]ruleCase{}
	add := func(id, prefix, secret, suffix string) { c[id] = ruleCase{prefix + secret + suffix, secret} }
	pem := g.s(alnum, 64) + "\n" + g.s(alnum, 64) + "\n" + g.s(alnum, 20)
	add("private-key", "-----BEGIN RSA PRIVATE KEY-----\n", pem, "\n-----END RSA PRIVATE KEY-----")
	add("aws-access-token", "aws key ", "AKIA"+g.s(upper, 16), " in the config")
	add("anthropic-api-key", "ANTHROPIC_API_KEY=", "sk-ant-api03-"+g.s(alnum, 93)+"AA", "\n")
	add("anthropic-admin-api-key", "key ", "sk-ant-admin01-"+g.s(alnum, 93)+"AA", " ")
	add("openai-api-key", "OPENAI_API_KEY=", "sk-proj-"+g.s(alnum, 74)+"T3BlbkFJ"+g.s(alnum, 74), "\n")
	add("huggingface-access-token", "token: ", "hf_"+g.s(alpha, 34), "\n")
	add("huggingface-organization-api-token", "org ", "api_org_"+g.s(alpha, 34), " ")
	add("github-pat", "git clone https://", "ghp_"+g.s(alnum, 36), "@github.com/x/y")
	add("github-fine-grained-pat", "GH=", "github_pat_"+g.s(alnum, 82), "\n")
	add("github-oauth", "oauth ", "gho_"+g.s(alnum, 36), " ")
	add("github-app-token", "app ", "ghs_"+g.s(alnum, 36), " ")
	add("github-refresh-token", "refresh ", "ghr_"+g.s(alnum, 36), " ")
	add("gitlab-pat", "GITLAB_TOKEN ", "glpat-"+g.s(alnum, 20), " ")
	add("gitlab-pat-routable", "routable ", "glpat-"+g.s(alnum, 30)+".01"+g.s(lower, 7), " ")
	add("gitlab-ptt", "trigger ", "glptt-"+g.s(hex, 40), " ")
	add("gitlab-rrt", "runner ", "GR1348941"+g.s(alnum, 20), " ")
	add("gitlab-deploy-token", "deploy ", "gldt-"+g.s(alnum, 20), " ")
	add("gitlab-runner-authentication-token", "runner ", "glrt-"+g.s(alnum, 20), " ")
	add("stripe-access-token", "stripe.api_key = '", "sk_live_"+g.s(alnum, 24), "'")
	add("slack-bot-token", "SLACK ", "xoxb-1234567890123-1234567890123-"+g.s(alnum, 24), " ")
	add("slack-user-token", "user ", "xoxp-1234567890-1234567890-1234567890-"+g.s(lower, 32), " ")
	add("slack-app-token", "app ", "xapp-1-A"+g.s(upper, 10)+"-1234567890-"+g.s(hex, 64), " ")
	add("slack-webhook-url", "post to ", "https://hooks.slack.com/services/"+g.s(alnum, 44), " ")
	add("gcp-api-key", "maps key ", "AIza"+g.s(alnum, 35), " ")
	add("jwt", "id_token ", "eyJ"+g.s(alnum, 20)+".eyJ"+g.s(alnum, 30)+"."+g.s(alnum, 30), " ")
	add("npm-access-token", "//registry.npmjs.org/:_authToken=", "npm_"+g.s(alnum, 36), "\n")
	add("pypi-upload-token", "password = ", "pypi-AgEIcHlwaS5vcmc"+g.s(alnum, 60), "\n")
	add("rubygems-api-token", "gem ", "rubygems_"+g.s(hex, 48), " ")
	add("sendgrid-api-token", "SENDGRID ", "SG."+g.s(alnum, 22)+"."+g.s(alnum, 43), " ")
	add("twilio-api-key", "twilio ", "SK"+g.s(hex, 32), " ")
	add("digitalocean-pat", "do ", "dop_v1_"+g.s(hex, 64), " ")
	add("digitalocean-access-token", "do ", "doo_v1_"+g.s(hex, 64), " ")
	add("heroku-api-key-v2", "heroku ", "HRKU-AA"+g.s(alnum, 58), " ")
	add("shopify-access-token", "shop ", "shpat_"+g.s(hex, 32), " ")
	add("doppler-api-token", "doppler ", "dp.pt."+g.s(alnum, 43), " ")
	add("databricks-api-token", "databricks ", "dapi"+g.s(hex, 32), " ")
	add("linear-api-key", "linear ", "lin_api_"+g.s(alnum, 40), " ")
	add("postman-api-token", "postman ", "PMAK-"+g.s(hex, 24)+"-"+g.s(hex, 34), " ")
	add("pulumi-api-token", "pulumi ", "pul-"+g.s(hex, 40), " ")
	add("grafana-service-account-token", "grafana ", "glsa_"+g.s(alnum, 32)+"_"+g.s(hex, 8), " ")
	add("grafana-cloud-api-token", "grafana ", "glc_"+g.s(alnum, 40), " ")
	add("hashicorp-tf-api-token", "tf ", g.s(lower, 14)+".atlasv1."+g.s(lower, 64), " ")
	add("vault-service-token", "VAULT_TOKEN ", "hvs."+g.s(alnum, 95), " ")
	add("vault-batch-token", "vault ", "hvb."+g.s(alnum, 140), " ")
	add("age-secret-key", "age ", "AGE-SECRET-KEY-1"+g.s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58), " ")
	add("1password-service-account-token", "op ", "ops_eyJ"+g.s(alnum, 260), " ")
	add("sentry-user-token", "sentry ", "sntryu_"+g.s(hex, 64), " ")
	add("notion-api-token", "notion ", "ntn_"+g.s("0123456789", 11)+g.s(alnum, 35), " ")
	add("perplexity-api-key", "pplx ", "pplx-"+g.s(alnum, 48), " ")
	add("telegram-bot-api-token", "telegram_bot_token = ", "123456789:A"+g.s(lower, 34), "\n")
	add("discord-api-token", "discord_token = ", g.s(hex, 64), "\n")
	add("mailgun-private-api-token", "mailgun_key = ", "key-"+g.s(hex, 32), "\n")
	add("azure-ad-client-secret", "client secret ", "abc8Q~"+g.s(alnum, 32), " ")
	add("square-access-token", "square ", "sq0atp-"+g.s(alnum, 30), " ")
	add("cloudflare-api-key", "cloudflare_api_key = ", g.s(lower, 40), "\n")
	add("atlassian-api-token", "jira_token = ", g.s(lower, 20)+g.s(hex, 4), "\n")
	add("curl-auth-header", `curl -H "Authorization: Bearer `, g.s(alnum, 32), `" https://api.example.com`)
	add("curl-auth-user", "curl -u ", "admin:"+g.s(alnum, 16), " https://api.example.com")
	add("generic-api-key", "aws_secret_access_key = ", g.s(alnum, 40), "\n")
	add("baton-token", "Authorization token ", "bat_"+g.s(alnum, 32), " ")
	add("baton-sk-key", "key ", "sk-ant-"+g.s(alnum, 24), " ")
	add("baton-private-key-unterminated", "-----BEGIN OPENSSH PRIVATE KEY-----\n", g.s(alnum, 70)+"\n"+g.s(alnum, 40), "")
	add("baton-authorization-header", "Authorization: Basic ", "YWRtaW46cGFzc3dvcmQ=", "\n")
	add("baton-bearer", "sent bearer ", g.s(alnum, 20), " ")
	add("baton-link-token", "read it at https://baton.example.org/s/", g.s(alnum+"_-", 22), " before Friday")
	add("baton-mysql-password-flag", "mysql -u root -h db -p", g.s(alnum, 14), " shop")
	add("baton-url-credentials", "https://admin:", "pw", "@host.example/")
	add("baton-assignment", "PASSWORD=", "hunter2", "\n")
	add("baton-password-phrase", "by the way my password is ", "correcthorse", " so use it")
	add("baton-home-path", "opened /home/", "ada", "/src/main.go")
	add("baton-windows-home-path", `opened C:\Users\`, "Bob", `\notes.txt`)
	return c
}

// TestEveryRule: each rule finds its own example, and Redact hides it.
func TestEveryRule(t *testing.T) {
	cases := ruleCases()
	for i := range rules {
		r := rules[i]
		t.Run(r.ID, func(t *testing.T) {
			c, ok := cases[r.ID]
			if !ok {
				t.Fatalf("rule %s has no test case", r.ID)
			}
			if got := find(c.line, []rule{r}); len(got) == 0 {
				t.Errorf("rule %s does not find its secret in %q", r.ID, c.line)
			}
			out, found := Redact(c.line)
			if strings.Contains(out, c.secret) || len(found) == 0 {
				t.Errorf("the secret survives redaction: %q → %q", c.line, out)
			}
			for _, f := range found {
				if len(c.secret) > 6 && strings.Contains(f.Sample, c.secret[4:]) {
					t.Errorf("the preview sample shows the secret: %q", f.Sample)
				}
			}
		})
	}
	for id := range cases {
		known := false
		for _, r := range rules {
			known = known || r.ID == id
		}
		if !known {
			t.Errorf("a test case for no rule: %s", id)
		}
	}
}

// TestRedactReportedLeaks: the secrets an adversarial review found left in plain
// text by the first redaction.
func TestRedactReportedLeaks(t *testing.T) {
	for _, c := range []struct{ in, secret, kept string }{
		{"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY", "wJalrXUtnFEMI", "aws_secret_access_key = [redacted"},
		{`{"stdout":"AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY\nHOME=/root"}`, "wJalrXUtnFEMI", "AWS_SECRET_ACCESS_KEY=[redacted"},
		{"Authorization: Basic YWRtaW46aHVudGVyMg==", "YWRtaW46aHVudGVyMg", "Authorization: Basic [redacted token]"},
		{"stripe key sk_live_51HxQ2mKz8y7Lq0PaBcDeFgHiJ", "sk_live_51HxQ2", "stripe key [redacted API key]"},
		{"see https://admin:pw@intranet.example.com/", ":pw@", "https://admin:[redacted password]@intranet.example.com/"},
		{"-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\nq2w", "q2w", "[redacted private key]"},
		{"token glpat-xY7_abc123DEF456ghi789J", "glpat-xY7", "token [redacted token]"},
		{"HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh", "hf_AbCd", "HF_TOKEN=[redacted"},
		{"fine, my password is Tr0ub4dor&3 and that's it", "Tr0ub4dor", "my password is [redacted password]"},
	} {
		out, found := Redact(c.in)
		if strings.Contains(out, c.secret) {
			t.Errorf("%q survives redaction: %q", c.secret, out)
		}
		if !strings.Contains(out, c.kept) {
			t.Errorf("redacted %q lacks %q: %q", c.in, c.kept, out)
		}
		if len(found) == 0 {
			t.Errorf("%q: nothing reported", c.in)
		}
	}
}

// TestRedactKeepsOrdinaryText: words near "key" or "password" that are not
// secrets stay.
func TestRedactKeepsOrdinaryText(t *testing.T) {
	for _, in := range []string{
		"the password policy is fine",
		"press the key combination Ctrl+Shift+P",
		"public_key_id = 12",
		"func (s *Server) tokenFor(ctx context.Context) string",
		"See /var/log/syslog and /etc/hosts",
		"the API returns 404 when the session is missing",
		"open /sessions/4f1c and /comparisons/new, then /m/",
		"mysql -u root -p shop",
	} {
		if out, found := Redact(in); out != in || len(found) != 0 {
			t.Errorf("%q became %q (%v)", in, out, found)
		}
	}
}

// TestRedactMergesAndCounts: two rules on the same secret hide it once;
// the report counts each secret and masks it.
func TestRedactMergesAndCounts(t *testing.T) {
	in := "export OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234567890\nagain sk-proj-abcdefghijklmnop1234567890"
	out, found := Redact(in)
	if strings.Count(out, "[redacted") != 2 || strings.Contains(out, "abcdefghij") {
		t.Errorf("redacted: %q", out)
	}
	total := 0
	for _, f := range found {
		total += f.Count
		if strings.Contains(f.Sample, "abcdefghij") {
			t.Errorf("sample shows the secret: %q", f.Sample)
		}
	}
	if total != 2 {
		t.Errorf("found %v", found)
	}
	if Patterns() != len(rules) || Patterns() < 60 {
		t.Errorf("Patterns() = %d", Patterns())
	}
}
