package analysis

import (
	"strings"
	"testing"
)

// TestTitleAttachedFile: the content of a file an editor attaches to a
// prompt (VS Code's <context ref="file://…">) is the file's words, not the
// steward's: its headings and sentences, which the session goes on to
// discuss, do not title it; the question typed above it does.
func TestTitleAttachedFile(t *testing.T) {
	prompt := "Is the tone right for new on-call staff?\n\n" +
		"<context ref=\"file:///home/ana/ops/runbook.md\">\n# Database failover\n\n" +
		"## Procedure\n\nPromote the replica before the primary's lease expires.\n" +
		"Drain the connection pool, then repoint the failover DNS record.\n</context>"
	got := titleOf(prompt,
		"The tone suits new on-call staff, but the failover steps need more: the replica promotion and the failover DNS record deserve a check list.",
		"ok, add the failover check list then",
		"Done: the failover check list covers the replica promotion, the connection pool and the failover DNS record.")
	checkTitleForm(t, "attached file", got)
	if l := strings.ToLower(got); !strings.Contains(l, "on-call") || strings.Contains(l, "failover") {
		t.Errorf("title %q is not the question asked about the attached file", got)
	}
	if got := withoutAttached("see <context ref=\"file:///x.md\">\n# X\n</context> and fix it"); strings.Contains(got, "# X") {
		t.Errorf("withoutAttached kept the attached file: %q", got)
	}
	if got := withoutAttached("fix it <attachment id=\"a1\" filePath=\"/src/x.ts\">\nconst x = 1\n</attachment>"); strings.Contains(got, "const") {
		t.Errorf("withoutAttached kept the attachment: %q", got)
	}
	if got := withoutAttached("it fails <build_output>\nlinking failed\n</build_output> again"); strings.Contains(got, "linking") {
		t.Errorf("withoutAttached kept the wrapped output: %q", got)
	}
	if got := withoutAttached("wrap it in a <div> and a <section>"); got != "wrap it in a <div> and a <section>" {
		t.Errorf("withoutAttached changed HTML under discussion: %q", got)
	}
}

// TestTitleWrappedOutput: output the steward wraps in a tag that says so
// (<logs>…</logs>) is pasted, all of it: a blank line inside it does not
// make the program's lines after it prose ("packed 2.1KB dist/index.js"),
// and the request written after the paste titles the prompt.
func TestTitleWrappedOutput(t *testing.T) {
	var packed strings.Builder
	for _, f := range []string{"index", "vendor", "polyfills", "runtime", "styles", "fonts", "icons", "worker", "charts",
		"editor", "i18n", "maps", "search"} {
		packed.WriteString("packed 2.1KB bundle of dist/" + f + ".js\n")
	}
	prompt := "this happens on every deploy\n<Logs>\n$ make deploy\nuploading bundle\n\n" + packed.String() +
		"</Logs>\nThe upload to the artifact registry times out after the bundle is packed"
	got := titleOf(prompt,
		"The artifact registry upload times out because the registry token has expired; the bundle itself is fine.",
		"ok, do that",
		"I renewed the registry token and the artifact registry upload succeeds.")
	checkTitleForm(t, "wrapped output", got)
	if l := strings.ToLower(got); strings.Contains(l, "packed") || strings.Contains(l, "total files") || !strings.Contains(l, "registry") {
		t.Errorf("title %q is not the request written after the wrapped output", got)
	}
}

// TestTitleMentionBeforeParticle: Korean and Japanese mark a noun's role
// with a particle after it, so an editor's mention of a file followed by
// one ("@docs/api-guide.md를 …", "@templates/ 에 …") is a noun of the
// sentence even where it opens the line; an editor that writes the
// mention as a link puts the text after it on a line of its own, and the
// particle joins it again.
func TestTitleMentionBeforeParticle(t *testing.T) {
	if got := cleanTitleLine("@docs/api-guide.md를 @templates/ 에 맞게 정리해줘."); !strings.Contains(got, "api-guide.md를") || !strings.Contains(got, "templates 에") {
		t.Errorf("cleanTitleLine dropped a mention a particle follows: %q", got)
	}
	if got := cleanTitleLine("@README.md @TODO.md read the goals"); strings.Contains(got, "README") {
		t.Errorf("cleanTitleLine kept a mention that attaches a file: %q", got)
	}
	got := titleOf("[@api-guide.md](file:///home/ana/docs/api-guide.md)\n\n 는 API 문서를 작성하는 방법을 정리한 가이드야. 개선할 점이 있을까?",
		"api-guide.md 가이드는 잘 정리되어 있습니다. API 문서 예제를 추가하면 좋겠습니다.")
	if !strings.Contains(got, "api-guide") {
		t.Errorf("title %q does not name the mentioned file", got)
	}
}

// TestTitleLogErrorWherePasted: the error a pasted log ends in is read
// where the paste stands, before the prose after it: a long listing
// pasted after the log (read as prose) does not leave it out.
func TestTitleLogErrorWherePasted(t *testing.T) {
	var listing strings.Builder
	for _, w := range []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
		"lambda", "mu", "nu"} {
		listing.WriteString("[" + w + "] temporary (no prompt)\n\n")
	}
	prompt := "Fix these problems:\nINFO: loader started\nTraceback (most recent call last):\n" +
		"  File \"/srv/app/loader.py\", line 12, in load\n" +
		"ValueError: could not parse the manifest version\n\n" +
		"Check the earlier sessions too: " + listing.String()
	got := titleOf(prompt,
		"The manifest version is written with a leading v, which the loader does not parse. I'll make the manifest version parser accept it.",
		"ok, do that",
		"Done: the manifest version parser accepts a leading v.")
	checkTitleForm(t, "log error where pasted", got)
	if l := strings.ToLower(got); !strings.Contains(l, "manifest version") {
		t.Errorf("title %q is not the error the pasted log ends in", got)
	}
}

// TestTitlePurposeClause: a clause that says what a request is for ("so
// that …", "para que …") gives its reason: the request before it titles
// the prompt, though the reason names more of what the session went on
// to discuss.
func TestTitlePurposeClause(t *testing.T) {
	prompt := "I need to create a real RateClient, until now I only had a MockRateClient. " +
		"Write the logic so that the defined adapter interface can swap out the MockRateClient easily."
	got := titleOf(prompt,
		"The adapter interface needs an async method first; then RateClient and MockRateClient both implement the adapter interface, and the swap is one line.",
		"ok",
		"Done: RateClient implements the adapter interface, and MockRateClient still does.")
	checkTitleForm(t, "purpose clause", got)
	if l := strings.ToLower(got); !strings.Contains(l, "real rateclient") {
		t.Errorf("title %q is not the request the purpose clause follows", got)
	}
	if k := purposeClause(titleWords("haz la lógica para que use la interfaz definida")); k != 3 {
		t.Errorf("purposeClause = %d, want 3", k)
	}
}

func TestPurposeClauseOpeners(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		want     int
	}{
		{"add a cache so that the page loads faster", 3},
		{"refactor the loader in order to support plugins", 3},
		{"sort the rows in order of date", -1},
		{"schreib die Logik, damit die Schnittstelle passt", 3},
		{"перепиши логику, чтобы интерфейс подходил", 2},
	} {
		if got := purposeClause(titleWords(tc.sentence)); got != tc.want {
			t.Errorf("purposeClause(%q) = %d, want %d", tc.sentence, got, tc.want)
		}
	}
}

// TestTitleGarbledRunOfMentions: an export can garble the files a prompt
// attaches at its opening, gluing a stray key before the first mention
// or leaving a piece of a name after the mentions; both belong to the
// run of attached files, and the title starts at the request.
func TestTitleGarbledRunOfMentions(t *testing.T) {
	cases := []struct{ line, want string }{
		{"K@NOTES.md @PLAN.md please summarise the open questions", "please summarise the open questions"},
		{"@PLAN.md @src/queue E.md summarise the open questions", "summarise the open questions"},
		// A file the sentence names after one attached mention is its
		// subject, and an address keeps its name.
		{"@src/app.go main.go panics on start", "main.go panics on start"},
		{"write to j@example.com about the release", "write to j@example.com about the release"},
	}
	for _, c := range cases {
		if got := strings.TrimSpace(cleanTitleLine(c.line)); got != c.want {
			t.Errorf("cleanTitleLine(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}
