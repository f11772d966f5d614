package redact

import "regexp"

// rules are the secrets redaction looks for. Most are ported from gitleaks'
// default configuration (github.com/gitleaks/gitleaks, config/gitleaks.toml
// at commit b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b, MIT licence,
// Copyright (c) 2019 Zachary Rice; see NOTICE): each keeps its gitleaks id,
// regular expression, entropy threshold, keywords and allowlists. Rules whose
// id starts with "baton-" are Baton's own: a redacted link should rather hide
// too much than leak, so they catch what a scanner tuned against false alarms
// lets through (passwords assigned in prose, URL credentials, authorization
// headers outside curl, a private key cut before its END line, "my password
// is …", home folders, Baton's own link tokens, MySQL's glued -p). Order matters only for the kind named when two
// rules cover the same text: the earlier rule wins, so the catch-all
// assignment rules come last.
var rules = []rule{
	{ID: "private-key", Kind: "private key", Regex: regexp.MustCompile(`(?i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----`), Keywords: []string{"-----begin"}},
	{ID: "aws-access-token", Kind: "API key", Regex: regexp.MustCompile(`\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b`), Entropy: 3, Keywords: []string{"a3t", "akia", "asia", "abia", "acca"}, Allow: []*regexp.Regexp{regexp.MustCompile(`.+EXAMPLE$`)}},
	{ID: "anthropic-api-key", Kind: "API key", Regex: regexp.MustCompile(`\b(sk-ant-api03-[a-zA-Z0-9_\-]{93}AA)(?:[\x60'"\s;]|\\[nr]|$)`), Keywords: []string{"sk-ant-api03"}},
	{ID: "anthropic-admin-api-key", Kind: "API key", Regex: regexp.MustCompile(`\b(sk-ant-admin01-[a-zA-Z0-9_\-]{93}AA)(?:[\x60'"\s;]|\\[nr]|$)`), Keywords: []string{"sk-ant-admin01"}},
	{ID: "openai-api-key", Kind: "API key", Regex: regexp.MustCompile(`\b(sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})\b|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"t3blbkfj"}},
	{ID: "huggingface-access-token", Kind: "token", Regex: regexp.MustCompile(`\b(hf_(?i:[a-z]{34}))(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"hf_"}},
	{ID: "huggingface-organization-api-token", Kind: "token", Regex: regexp.MustCompile(`\b(api_org_(?i:[a-z]{34}))(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"api_org_"}},
	{ID: "github-pat", Kind: "token", Regex: regexp.MustCompile(`ghp_[0-9a-zA-Z]{36}`), Entropy: 3, Keywords: []string{"ghp_"}},
	{ID: "github-fine-grained-pat", Kind: "token", Regex: regexp.MustCompile(`github_pat_\w{82}`), Entropy: 3, Keywords: []string{"github_pat_"}},
	{ID: "github-oauth", Kind: "token", Regex: regexp.MustCompile(`gho_[0-9a-zA-Z]{36}`), Entropy: 3, Keywords: []string{"gho_"}},
	{ID: "github-app-token", Kind: "token", Regex: regexp.MustCompile(`(?:ghu|ghs)_[0-9a-zA-Z]{36}`), Entropy: 3, Keywords: []string{"ghu_", "ghs_"}},
	{ID: "github-refresh-token", Kind: "token", Regex: regexp.MustCompile(`ghr_[0-9a-zA-Z]{36}`), Entropy: 3, Keywords: []string{"ghr_"}},
	{ID: "gitlab-pat", Kind: "token", Regex: regexp.MustCompile(`glpat-[\w-]{20}`), Entropy: 3, Keywords: []string{"glpat-"}},
	{ID: "gitlab-pat-routable", Kind: "token", Regex: regexp.MustCompile(`\bglpat-[0-9a-zA-Z_-]{27,300}\.[0-9a-z]{2}[0-9a-z]{7}\b`), Entropy: 4, Keywords: []string{"glpat-"}},
	{ID: "gitlab-ptt", Kind: "token", Regex: regexp.MustCompile(`glptt-[0-9a-f]{40}`), Entropy: 3, Keywords: []string{"glptt-"}},
	{ID: "gitlab-rrt", Kind: "token", Regex: regexp.MustCompile(`GR1348941[\w-]{20}`), Entropy: 3, Keywords: []string{"gr1348941"}},
	{ID: "gitlab-deploy-token", Kind: "token", Regex: regexp.MustCompile(`gldt-[0-9a-zA-Z_\-]{20}`), Entropy: 3, Keywords: []string{"gldt-"}},
	{ID: "gitlab-runner-authentication-token", Kind: "token", Regex: regexp.MustCompile(`glrt-[0-9a-zA-Z_\-]{20}`), Entropy: 3, Keywords: []string{"glrt-"}},
	{ID: "stripe-access-token", Kind: "API key", Regex: regexp.MustCompile(`\b((?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"sk_test", "sk_live", "sk_prod", "rk_test", "rk_live", "rk_prod"}},
	{ID: "slack-bot-token", Kind: "token", Regex: regexp.MustCompile(`xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*`), Entropy: 3, Keywords: []string{"xoxb"}},
	{ID: "slack-user-token", Kind: "token", Regex: regexp.MustCompile(`xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}`), Entropy: 2, Keywords: []string{"xoxp-", "xoxe-"}},
	{ID: "slack-app-token", Kind: "token", Regex: regexp.MustCompile(`(?i)xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+`), Entropy: 2, Keywords: []string{"xapp"}},
	{ID: "slack-webhook-url", Kind: "token", Regex: regexp.MustCompile(`(?:https?://)?hooks.slack.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}`), Keywords: []string{"hooks.slack.com"}},
	{ID: "gcp-api-key", Kind: "API key", Regex: regexp.MustCompile(`\b(AIza[\w-]{35})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 4, Keywords: []string{"aiza"}, Allow: []*regexp.Regexp{regexp.MustCompile(`AIzaSyabcdefghijklmnopqrstuvwxyz1234567`), regexp.MustCompile(`AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs`), regexp.MustCompile(`AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM`), regexp.MustCompile(`AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU`), regexp.MustCompile(`AIzaSyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0`), regexp.MustCompile(`AIzayDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A`), regexp.MustCompile(`AIzaSyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c`), regexp.MustCompile(`AIzaSyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4`), regexp.MustCompile(`AIzaSyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY`), regexp.MustCompile(`AIzaSyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM`), regexp.MustCompile(`AIzaSyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ`), regexp.MustCompile(`AIzaSyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g`), regexp.MustCompile(`AIzaSyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU`), regexp.MustCompile(`AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw`), regexp.MustCompile(`AIzaSyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE`), regexp.MustCompile(`AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY`)}},
	{ID: "jwt", Kind: "token", Regex: regexp.MustCompile(`\b(ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9\/\\_-]{17,}\.(?:[a-zA-Z0-9\/\\_-]{10,}={0,2})?)(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"ey"}},
	{ID: "npm-access-token", Kind: "token", Regex: regexp.MustCompile(`(?i)\b(npm_[a-z0-9]{36})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"npm_"}},
	{ID: "pypi-upload-token", Kind: "token", Regex: regexp.MustCompile(`pypi-AgEIcHlwaS5vcmc[\w-]{50,1000}`), Entropy: 3, Keywords: []string{"pypi-ageichlwas5vcmc"}},
	{ID: "rubygems-api-token", Kind: "token", Regex: regexp.MustCompile(`\b(rubygems_[a-f0-9]{48})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"rubygems_"}},
	{ID: "sendgrid-api-token", Kind: "API key", Regex: regexp.MustCompile(`\b(SG\.(?i)[a-z0-9=_\-\.]{66})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"sg."}},
	{ID: "twilio-api-key", Kind: "API key", Regex: regexp.MustCompile(`SK[0-9a-fA-F]{32}`), Entropy: 3, Keywords: []string{"sk"}},
	{ID: "digitalocean-pat", Kind: "token", Regex: regexp.MustCompile(`\b(dop_v1_[a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"dop_v1_"}},
	{ID: "digitalocean-access-token", Kind: "token", Regex: regexp.MustCompile(`\b(doo_v1_[a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"doo_v1_"}},
	{ID: "heroku-api-key-v2", Kind: "API key", Regex: regexp.MustCompile(`\b((HRKU-AA[0-9a-zA-Z_-]{58}))(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 4, Keywords: []string{"hrku-aa"}},
	{ID: "shopify-access-token", Kind: "token", Regex: regexp.MustCompile(`shpat_[a-fA-F0-9]{32}`), Entropy: 2, Keywords: []string{"shpat_"}},
	{ID: "doppler-api-token", Kind: "token", Regex: regexp.MustCompile(`dp\.pt\.(?i)[a-z0-9]{43}`), Entropy: 2, Keywords: []string{"dp.pt."}},
	{ID: "databricks-api-token", Kind: "token", Regex: regexp.MustCompile(`\b(dapi[a-f0-9]{32}(?:-\d)?)(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"dapi"}},
	{ID: "linear-api-key", Kind: "API key", Regex: regexp.MustCompile(`lin_api_(?i)[a-z0-9]{40}`), Entropy: 2, Keywords: []string{"lin_api_"}},
	{ID: "postman-api-token", Kind: "API key", Regex: regexp.MustCompile(`\b(PMAK-(?i)[a-f0-9]{24}\-[a-f0-9]{34})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"pmak-"}},
	{ID: "pulumi-api-token", Kind: "token", Regex: regexp.MustCompile(`\b(pul-[a-f0-9]{40})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"pul-"}},
	{ID: "grafana-service-account-token", Kind: "token", Regex: regexp.MustCompile(`(?i)\b(glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"glsa_"}},
	{ID: "grafana-cloud-api-token", Kind: "token", Regex: regexp.MustCompile(`(?i)\b(glc_[A-Za-z0-9+/]{32,400}={0,3})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3, Keywords: []string{"glc_"}},
	{ID: "hashicorp-tf-api-token", Kind: "token", Regex: regexp.MustCompile(`(?i)[a-z0-9]{14}\.(?-i:atlasv1)\.[a-z0-9\-_=]{60,70}`), Entropy: 3.5, Keywords: []string{"atlasv1"}},
	{ID: "vault-service-token", Kind: "token", Regex: regexp.MustCompile(`\b((?:hvs\.[\w-]{90,120}|s\.(?i:[a-z0-9]{24})))(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3.5, Keywords: []string{"hvs.", "s."}, Allow: []*regexp.Regexp{regexp.MustCompile(`s\.[A-Za-z]{24}`)}},
	{ID: "vault-batch-token", Kind: "token", Regex: regexp.MustCompile(`\b(hvb\.[\w-]{138,300})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 4, Keywords: []string{"hvb."}},
	{ID: "age-secret-key", Kind: "private key", Regex: regexp.MustCompile(`AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`), Keywords: []string{"age-secret-key-1"}},
	{ID: "1password-service-account-token", Kind: "token", Regex: regexp.MustCompile(`ops_eyJ[a-zA-Z0-9+/]{250,}={0,3}`), Entropy: 4, Keywords: []string{"ops_"}},
	{ID: "sentry-user-token", Kind: "token", Regex: regexp.MustCompile(`\b(sntryu_[a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3.5, Keywords: []string{"sntryu_"}},
	{ID: "notion-api-token", Kind: "token", Regex: regexp.MustCompile(`\b(ntn_[0-9]{11}[A-Za-z0-9]{32}[A-Za-z0-9]{3})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 4, Keywords: []string{"ntn_"}},
	{ID: "perplexity-api-key", Kind: "API key", Regex: regexp.MustCompile(`\b(pplx-[a-zA-Z0-9]{48})(?:[\x60'"\s;]|\\[nr]|$|\b)`), Entropy: 4, Keywords: []string{"pplx-"}},
	{ID: "telegram-bot-api-token", Kind: "token", Regex: regexp.MustCompile(`(?i)[\w.-]{0,50}?(?:telegr)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([0-9]{5,16}:(?-i:A)[a-z0-9_\-]{34})(?:[\x60'"\s;]|\\[nr]|$)`), Keywords: []string{"telegr"}},
	{ID: "discord-api-token", Kind: "token", Regex: regexp.MustCompile(`(?i)[\w.-]{0,50}?(?:discord)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([a-f0-9]{64})(?:[\x60'"\s;]|\\[nr]|$)`), Keywords: []string{"discord"}},
	{ID: "mailgun-private-api-token", Kind: "API key", Regex: regexp.MustCompile(`(?i)[\w.-]{0,50}?(?:mailgun)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}(key-[a-f0-9]{32})(?:[\x60'"\s;]|\\[nr]|$)`), Keywords: []string{"mailgun"}},
	{ID: "azure-ad-client-secret", Kind: "secret", Regex: regexp.MustCompile(`(?:^|[\\'"\x60\s>=:(,)])([a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34})(?:$|[\\'"\x60\s<),])`), Entropy: 3, Keywords: []string{"q~"}},
	{ID: "square-access-token", Kind: "token", Regex: regexp.MustCompile(`\b((?:EAAA|sq0atp-)[\w-]{22,60})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"sq0atp-", "eaaa"}},
	{ID: "cloudflare-api-key", Kind: "API key", Regex: regexp.MustCompile(`(?i)[\w.-]{0,50}?(?:cloudflare)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([a-z0-9_-]{40})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 2, Keywords: []string{"cloudflare"}},
	{ID: "atlassian-api-token", Kind: "token", Regex: regexp.MustCompile(`(?i)[\w.-]{0,50}?(?:(?-i:ATLASSIAN|[Aa]tlassian)|(?-i:CONFLUENCE|[Cc]onfluence)|(?-i:JIRA|[Jj]ira))(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([a-z0-9]{20}[a-f0-9]{4})(?:[\x60'"\s;]|\\[nr]|$)|\b(ATATT3[A-Za-z0-9_\-=]{186})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3.5, Keywords: []string{"atlassian", "confluence", "jira", "atatt3"}},
	{ID: "curl-auth-header", Kind: "token", Regex: regexp.MustCompile(`\bcurl\b(?:.*?|.*?(?:[\r\n]{1,2}.*?){1,5})[ \t\n\r](?:-H|--header)(?:=|[ \t]{0,5})(?:"(?i)(?:Authorization:[ \t]{0,5}(?:Basic[ \t]([a-z0-9+/]{8,}={0,3})|(?:Bearer|(?:Api-)?Token)[ \t]([\w=~@.+/-]{8,})|([\w=~@.+/-]{8,}))|(?:(?:X-(?:[a-z]+-)?)?(?:Api-?)?(?:Key|Token)):[ \t]{0,5}([\w=~@.+/-]{8,}))"|'(?i)(?:Authorization:[ \t]{0,5}(?:Basic[ \t]([a-z0-9+/]{8,}={0,3})|(?:Bearer|(?:Api-)?Token)[ \t]([\w=~@.+/-]{8,})|([\w=~@.+/-]{8,}))|(?:(?:X-(?:[a-z]+-)?)?(?:Api-?)?(?:Key|Token)):[ \t]{0,5}([\w=~@.+/-]{8,}))')(?:\B|\s|\z)`), Entropy: 2.75, Keywords: []string{"curl"}},
	{ID: "curl-auth-user", Kind: "password", Regex: regexp.MustCompile(`\bcurl\b(?:.*|.*(?:[\r\n]{1,2}.*){1,5})[ \t\n\r](?:-u|--user)(?:=|[ \t]{0,5})("(:[^"]{3,}|[^:"]{3,}:|[^:"]{3,}:[^"]{3,})"|'([^:']{3,}:[^']{3,})'|((?:"[^"]{3,}"|'[^']{3,}'|[\w$@.-]+):(?:"[^"]{3,}"|'[^']{3,}'|[\w${}@.-]+)))(?:\s|\z)`), Entropy: 2, Keywords: []string{"curl"}, Allow: []*regexp.Regexp{regexp.MustCompile(`[^:]+:(?:change(?:it|me)|pass(?:word)?|pwd|test|token|\*+|x+)`), regexp.MustCompile(`['"]?<[^>]+>['"]?:['"]?<[^>]+>|<[^:]+:[^>]+>['"]?`), regexp.MustCompile(`[^:]+:\[[^]]+]`), regexp.MustCompile(`['"]?[^:]+['"]?:['"]?\$(?:\d|\w+|\{(?:\d|\w+)})['"]?`), regexp.MustCompile(`\$\([^)]+\):\$\([^)]+\)`), regexp.MustCompile(`['"]?\$?{{[^}]+}}['"]?:['"]?\$?{{[^}]+}}['"]?`)}},

	{ID: "baton-token", Kind: "token", Regex: regexp.MustCompile(`\b(bat_[A-Za-z0-9_\-]{20,})`), Keywords: []string{"bat_"}},
	{ID: "baton-sk-key", Kind: "API key", Regex: regexp.MustCompile(`\b(sk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{16,})`), Keywords: []string{"sk-"}},
	{ID: "baton-private-key-unterminated", Kind: "private key", Regex: regexp.MustCompile(`(?i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:(?:\r?\n|\\r?\\n)+(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: [^\n\\]*))*`), Keywords: []string{"-----begin"}},
	{ID: "baton-authorization-header", Kind: "token", Regex: regexp.MustCompile(`(?i)\b(?:authorization|proxy-authorization)["']?\s*[:=]\s*["']?(?:basic|bearer|token|digest|apikey)\s+([A-Za-z0-9._~+/\-]{6,}=*)`), Keywords: []string{"authorization"}},
	{ID: "baton-bearer", Kind: "token", Regex: regexp.MustCompile(`(?i)\bbearer\s+([A-Za-z0-9._~+/\-]{12,}=*)`), Keywords: []string{"bearer"}},
	// A Baton link is a key: a share, comparison or matrix link opens what it
	// names to anyone who holds it, and an invitation is half of a way in.
	{ID: "baton-link-token", Kind: "link token", Regex: regexp.MustCompile(`/(?:s|c|m|invitations)/([A-Za-z0-9_\-]{16,64})\b`), Keywords: []string{"/s/", "/c/", "/m/", "/invitations/"}},
	// MySQL's clients take the password glued to -p ("-pSecret").
	{ID: "baton-mysql-password-flag", Kind: "password", Regex: regexp.MustCompile(`(?i)\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]*?[ \t]-p(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"]{2,}))`), Keywords: []string{"mysql", "mariadb"}},
	{ID: "baton-url-credentials", Kind: "password", Regex: regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.\-]{1,20}://[^:/\s@"'<>]+:([^@\s/"'<>]+)@`), Keywords: []string{"://"}},
	{ID: "generic-api-key", Kind: "secret", Regex: regexp.MustCompile(`(?i)[\w.-]{0,50}?(?:access|auth|(?-i:[Aa]pi|API)|credential|creds|key|passw(?:or)?d|secret|token)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})(?:[\x60'"\s;]|\\[nr]|$)`), Entropy: 3.5, Keywords: []string{"access", "api", "auth", "key", "credential", "creds", "passwd", "password", "secret", "token"}, Allow: []*regexp.Regexp{regexp.MustCompile(`^[a-zA-Z_.-]+$`)}, AllowMatch: []*regexp.Regexp{regexp.MustCompile(`(?i)(?:access(?:ibility|or)|access[_.-]?id|random[_.-]?access|api[_.-]?(?:id|name|version)|rapid|capital|[a-z0-9-]*?api[a-z0-9-]*?:jar:|author|X-MS-Exchange-Organization-Auth|Authentication-Results|(?:credentials?[_.-]?id|withCredentials)|(?:bucket|foreign|hot|idx|natural|primary|pub(?:lic)?|schema|sequence)[_.-]?key|(?:turkey)|key[_.-]?(?:alias|board|code|frame|id|length|mesh|name|pair|press(?:ed)?|ring|selector|signature|size|stone|storetype|word|up|down|left|right)|key[_.-]?vault[_.-]?(?:id|name)|keyVaultToStoreSecrets|key(?:store|tab)[_.-]?(?:file|path)|issuerkeyhash|(?-i:[DdMm]onkey|[DM]ONKEY)|keying|(?:secret)[_.-]?(?:length|name|size)|UserSecretsId|(?:csrf)[_.-]?token|(?:io\.jsonwebtoken[ \t]?:[ \t]?[\w-]+)|(?:api|credentials|token)[_.-]?(?:endpoint|ur[il])|public[_.-]?token|(?:key|token)[_.-]?file|(?-i:(?:[A-Z_]+=\n[A-Z_]+=|[a-z_]+=\n[a-z_]+=)(?:\n|\z))|(?-i:(?:[A-Z.]+=\n[A-Z.]+=|[a-z.]+=\n[a-z.]+=)(?:\n|\z)))`)}},
	{ID: "baton-assignment", Kind: "password", Regex: regexp.MustCompile(`(?i)[\w.-]{0,40}?(?:password|passwd|pwd|passphrase|secret|api[_-]?key|access[_-]?key|access[_-]?token|auth[_-]?token|private[_-]?key|client[_-]?secret)[\w.-]{0,20}["']?\s*(?::=|[:=]|=>)\s*["']?([^\s"',;\[\]{}<>()][^\s"',;]{3,})`), Keywords: []string{"pass", "pwd", "secret", "key", "token"}},
	{ID: "baton-password-phrase", Kind: "password", Regex: regexp.MustCompile(`(?i)\b(?:my|the|our|his|her|their|your)\s+(?:[a-z]+\s+)?(?:password|passphrase|passcode|pin|pw)\s+(?:is|was|is now|will be)\s*[:"'“‘]?\s*([^\s"'”’]{3,})`), Keywords: []string{"pass", "pin", "pw"}},
	{ID: "baton-home-path", Kind: "private path", Regex: regexp.MustCompile(`(?:/home|/Users)/([A-Za-z0-9._\-]+)`), Keywords: []string{"/home/", "/users/"}},
	{ID: "baton-windows-home-path", Kind: "private path", Regex: regexp.MustCompile(`(?i)[A-Z]:\\\\?Users\\\\?([A-Za-z0-9._\-]+)`), Keywords: []string{"users"}},
}
