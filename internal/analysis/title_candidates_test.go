package analysis

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// titleOf writes the title of a conversation of alternating steward and
// assistant turns; a turn "$ cmd" is a Bash call of the assistant's.
func titleOf(turns ...string) string {
	c := newConvo()
	for i, text := range turns {
		switch {
		case strings.HasPrefix(text, "$ "):
			c.tool("Bash", obj{"command": text[2:]}, "", "")
		case i%2 == 1:
			c.assistant(text)
		default:
			c.steward(text)
		}
	}
	return sessionTitle(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
}

// checkTitleForm fails a title the rubric refuses: empty, longer than
// eight words (30 characters of CJK text), or holding a path, command or
// markup.
func checkTitleForm(t *testing.T, name, got string) {
	t.Helper()
	if cjkText(got) {
		if utf8.RuneCountInString(got) > maxTitleRunes {
			t.Errorf("%s: title %q is longer than %d characters", name, got, maxTitleRunes)
		}
	} else if n := len(strings.Fields(got)); n == 0 || n > maxTitleWords {
		t.Errorf("%s: title %q has %d words", name, got, n)
	}
	if strings.ContainsAny(got, "<>`…") || strings.Contains(got, "/Users") || strings.Contains(got, "--") {
		t.Errorf("%s: title %q holds a path, markup or a command", name, got)
	}
}

// TestTitleClasses: sessions of kinds the first prompt alone titles badly
// get a title that names their subject.
func TestTitleClasses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  []string // each is in the title, lower case
		not   []string // none is
	}{
		{
			name: "a pasted log alone: the answer's diagnosis, not the follow-up's pronoun",
			turns: []string{
				"  • loading configuration file=.buildkite/pipeline.yml\n  ⨯ pipeline upload failed\n    error=\n    │ unknown key \"concurrency_limit\" in step\nError: exit status 1",
				"This is a Buildkite pipeline schema error - the concurrency_limit key isn't allowed on a command step. Let me check the pipeline file.",
				"can you move it to the group level?",
				"Moved concurrency_limit to the group of the Buildkite pipeline.",
			},
			want: []string{"buildkite pipeline"},
			not:  []string{" it "},
		},
		{
			name: "a Python traceback: its error line",
			turns: []string{
				"Traceback (most recent call last):\n  File \"fetch.py\", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named 'requests'",
				"The requests package is missing from the virtualenv; install it with pip.",
			},
			want: []string{"requests"},
			not:  []string{"traceback"},
		},
		{
			name: "the heaviest term of the sentence stays named",
			turns: []string{
				"If we ever archive, we probably also need to know which team owned each dashboard widget, right?",
				"Yes: the archive needs the owning team of each dashboard widget. I'll store the team on each widget.",
				"and the archive listing?",
				"The archive listing now shows the team of each dashboard widget; the archive export has it too.",
			},
			want: []string{"archive", "dashboard widget"},
		},
		{
			name: "a request's verb and its object, not the background after it",
			turns: []string{
				"please help me plan a four day walking trip through the Lake District in May, I enjoy hills and old pubs with gardens",
				"Here is a four day Lake District walking trip for May: day one, Keswick.",
			},
			want: []string{"plan", "trip", "lake district"},
			not:  []string{"pubs"},
		},
		{
			name: "a request framed by what the steward is trying to do",
			turns: []string{
				"I'm trying to set up a Varnish cache in front of our image server so thumbnails load faster for visitors",
				"Here is a Varnish configuration that caches the image server's thumbnails.",
			},
			want: []string{"varnish cache"},
			not:  []string{"i'm", "trying"},
		},
		{
			name: "a request whose object is vague yields to the concern it names",
			turns: []string{
				"can you review the change in this branch, I'm mostly worried about the cache invalidation when tenants are renamed",
				"I reviewed the branch: cache invalidation misses the renamed tenant's keys. Cache invalidation should key on the tenant id.",
			},
			want: []string{"cache invalidation"},
		},
		{
			name: "Japanese: the thing to look at and the request's noun",
			turns: []string{
				"deploy-checklist.mdを見て、不足点を洗い出して",
				"deploy-checklist.md を読みました。不足点はロールバック手順です。",
			},
			want: []string{"deploy-checklist.md", "不足点"},
		},
		{
			name: "no prompt names the subject: the commit that recorded the work",
			turns: []string{
				"/spec",
				"Which feature should the spec cover?",
				"$ git add docs/specs/webhooks.md && git commit -m \"$(cat <<'EOF'\ndocs(specs): add outgoing webhooks spec\n\nCo-Authored-By: someone\nEOF\n)\"",
				"The spec is committed.",
			},
			want: []string{"webhooks spec"},
			not:  []string{"docs(", "co-authored"},
		},
		{
			name: "Portuguese: the request's frame and function words go",
			turns: []string{
				"Como faço para exportar o relatório de vendas para planilha? Preciso enviar amanhã",
				"Para exportar o relatório de vendas para planilha, use o botão Exportar.",
			},
			want: []string{"relatório de vendas"},
			not:  []string{"como", "faço"},
		},
		{
			name: "Spanish: the request's frame goes",
			turns: []string{
				"necesito migrar la base de datos de usuarios a la nueva réplica",
				"Migré la base de datos de usuarios a la nueva réplica.",
			},
			want: []string{"base de datos de usuarios"},
			not:  []string{"necesito"},
		},
		{
			name: "a prompt that says nothing of a subject: the answer's heading",
			turns: []string{
				"help me fix this",
				"# Expired TLS certificate on the staging gateway\n\nThe staging gateway's TLS certificate expired yesterday; renewing it with certbot fixes the handshake errors.",
				"ok do it",
				"Renewed the staging gateway's TLS certificate.",
			},
			want: []string{"tls certificate"},
		},
		{
			name: "a pasted terminal: the prompt, the output after it, then the steward's words",
			turns: []string{
				"➜  shop git:(main) ✗ npm run build\nhint: the cache directory is read-only\n- To fix this, pass the --cache flag with a writable directory\n\nplease fix, the webpack cache should live under tmp",
				"The webpack cache now lives under tmp.",
			},
			want: []string{"webpack cache"},
			not:  []string{"writable"},
		},
		{
			name: "directories of paths are not the subject",
			turns: []string{
				"the importer drops rows with empty dates",
				"I read /home/kestrel/projects/ledger/importer.go and /home/kestrel/projects/ledger/rows.go: rows with empty dates are skipped.",
				"keep them with a null date",
				"Rows with empty dates are now kept with a null date (/home/kestrel/projects/ledger/rows.go).",
			},
			want: []string{"empty dates"},
			not:  []string{"kestrel", "ledger"},
		},
	} {
		got := titleOf(tc.turns...)
		lower := " " + strings.ToLower(got) + " "
		for _, w := range tc.want {
			if !strings.Contains(lower, w) {
				t.Errorf("%s: title %q does not name %q", tc.name, got, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(lower, w) {
				t.Errorf("%s: title %q holds %q", tc.name, got, w)
			}
		}
		checkTitleForm(t, tc.name, got)
	}
}

// TestCommitSubject: the subject of a commit or pull request the session
// made, its conventional type left out; none from other commands.
func TestCommitSubject(t *testing.T) {
	for cmd, want := range map[string]string{
		`git commit -m "fix(parser): handle empty dates"`:                         "Handle empty dates",
		"git commit -am 'Speed up the thumbnail cache'":                           "Speed up the thumbnail cache",
		"git commit -m \"$(cat <<'EOF'\nfeat!: drop the v1 API\n\nbody\nEOF\n)\"": "Drop the v1 API",
		`gh pr create --title "Add retry to uploads" --body "…"`:                  "Add retry to uploads",
		"git log --oneline -5":         "",
		"git commit --amend --no-edit": "",
	} {
		c := newConvo()
		c.tool("Bash", obj{"command": cmd}, "", "")
		if got := commitSubject(buildViews(testAnalyzer, c.analysed(testAnalyzer))); got != want {
			t.Errorf("%q: subject %q, want %q", cmd, got, want)
		}
	}
}

// TestTitleAnswerSectionsAreNoHeading: the first of an answer's sections
// side by side ("### Critical: …", "### API: …") names one thing it
// reports, so a prompt that says little of its subject is not titled by
// it; a heading with sections under it still titles the session.
func TestTitleAnswerSectionsAreNoHeading(t *testing.T) {
	report := "Here is what was wrong and what I changed.\n\n### Critical: pagination stopped after one page\nThe grid counted the hero items.\n\n" +
		"### API: wrong next cursor\nThe cursor skipped a row.\n\n### Ingest: tags overwritten\nRuns replaced the tags."
	if got := titleOf("check that nothing is off", report); strings.Contains(strings.ToLower(got), "pagination") {
		t.Errorf("title %q is the first section of the answer's report", got)
	}
	plan := "## Plan: Documentation site for the sensor firmware\n\n### Current state\nThe site has one page.\n\n### Architecture\nOne page per sensor."
	if got := titleOf("what's the best way to do this?", plan); !strings.Contains(strings.ToLower(got), "documentation site") {
		t.Errorf("title %q is not the heading the answer's sections stand under", got)
	}
}
