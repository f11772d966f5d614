package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// TestSessionTitleNamesTheSubject: titles written from sessions of our own
// name what the session was about, not how it opened — past a greeting, a
// session command, a frame, a pasted log, a call written in prose — in at
// most eight words (30 characters of Japanese), never cut inside a word,
// with no path, command or markup.
func TestSessionTitleNamesTheSubject(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string // steward, assistant, …; "/rename x" is Claude Code's command
		want  []string // every one of these is in the title (lower case)
	}{
		{
			name: "greeting and session command first",
			turns: []string{
				"hi", "Hello! What are we working on?",
				"/rename kiki", "Renamed.",
				"can you add a standard MIT license?", "I added an MIT license in LICENSE.",
			},
			want: []string{"mit license"},
		},
		{
			name: "an adverb and a question's frame before the request",
			turns: []string{
				"what should I use to host the dashboard together with its database",
				"Host the dashboard and its database on one VM: the dashboard talks to the database locally.",
				"go through the code base thoroughly and add support for webhooks and retries",
				"I added webhooks support, with retries.",
			},
			want: []string{"host the dashboard"},
		},
		{
			name: "Spanish: a question opened with ¿ loses its asking",
			turns: []string{
				"¿Cómo puedo configurar nginx como proxy inverso para mi aplicación de Django en producción con certificados SSL?",
				"Para configurar nginx como proxy inverso de Django con SSL, crea un bloque server con proxy_pass y los certificados.",
			},
			want: []string{"configurar nginx como proxy inverso"},
		},
		{
			name: "a frame before the subject",
			turns: []string{
				"What happens currently if I have an active session but the base commit changes?",
				"When the base commit changes, the active session keeps its shadow branch on the old base commit.",
			},
			want: []string{"base commit"},
		},
		{
			name: "feedback pasted after a colon, with a call in prose",
			turns: []string{
				"I got this feedback on this PR branch: The comment says this initializes a bare repo, but git.PlainInit(dir, false) creates a non-bare repository.",
				"The comment is wrong: PlainInit with false makes a non-bare repo. I'll fix the comment about the bare repo.",
			},
			want: []string{"bare repo"},
		},
		{
			name: "prose running into a pasted log",
			turns: []string{
				"I just tried to make a release with the /work/.github/workflows/release.yml and ran into this: • notarizing binary=dist/cli_darwin_arm64/entire • Error: timeout waiting for notarization",
				"The notarization timed out; the release needs a longer notarization timeout.",
			},
			want: []string{"release"},
		},
		{
			name: "Japanese: the clause that names the work",
			turns: []string{
				"どうやらLLMがMarkdownを頑固に使ってくるのでデフォルトをMarkdownにしたほうがよさそう",
				"デフォルトの出力をMarkdownに変更しました。",
			},
			want: []string{"デフォルト", "markdown"},
		},
		{
			name: "a role given to the assistant, then a pull request's subject",
			turns: []string{
				"You are an expert on the current code base and the following PR:\nfeat(cache): use content hashes instead of modification times #812\n\nSuggest improvements related to the PR",
				"The PR replaced modification times with content hashes in the cache; the hashes could be computed in parallel.",
			},
			want: []string{"content hashes"},
		},
		{
			// Chinese has no kana between its words: the session's
			// terms are its pairs of characters.
			name: "Chinese: the question the answers keep to",
			turns: []string{
				"@README.md:12 这个数据集在训练时被加载了吗？",
				"是的，训练脚本会加载这个数据集：数据集的路径写在配置里，加载时会先下载数据集。",
				"好的",
				"数据集加载完成后会缓存到本地。",
			},
			want: []string{"数据集"},
		},
		{
			name: "Chinese: an editor's file mention glued to the text",
			turns: []string{
				"之前的多语言切换用不了了@zh.json 463-470",
				"多语言切换失效是因为 zh.json 的键名改了，我已经修复了多语言切换。",
			},
			want: []string{"多语言"},
		},
		{
			// A why-question in Russian may end in a full stop; the
			// sentence before it ends in a path, whose full stop ends it.
			name: "Russian: the question after a path, asked with a full stop",
			turns: []string{
				"Я настроил сервер и теперь хочу попробовать запустить примеры первой главы. Первым примером будет /srv/app/worker.py. Почему при запуске воркер падает с ошибкой памяти и ничего не пишет в лог.",
				"Воркер падает, потому что ему не хватает памяти: воркер загружает весь файл. Ошибка памяти исчезнет, если воркер будет читать файл частями.",
			},
			want: []string{"воркер падает"},
		},
		{
			// "我想知道" (I'd like to know) asks; the title is what
			// is asked.
			name: "Chinese: the asking before the question goes",
			turns: []string{
				"我想知道训练集里一共有多少张图片，每个类别各有多少张图片？",
				"训练集里一共有 12000 张图片，每个类别的图片数量见下表。",
			},
			want: []string{"训练集"},
		},
		{
			name: "Chinese: a sentence of two clauses that fits is kept whole",
			turns: []string{
				"將安裝 uv 的方法，改為 官方推薦的安裝方式",
				"已改為使用官方推薦的安裝腳本安裝 uv，並更新了安裝說明。",
			},
			want: []string{"uv", "官方推薦"},
		},
		{
			name: "a session resumed from Claude Code's summary of the conversation before",
			turns: []string{
				"This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n" +
					"Analysis:\nLet me go through the conversation chronologically. The user first greeted me, then described the shop.\n\n" +
					"Summary:\n1. Primary Request and Intent:\n   The user asked me to make the invoice export write one CSV file per customer, with the totals in the last row.\n\n" +
					"2. Key Technical Concepts:\n   - Go, encoding/csv\n   - Session is being continued\n\n" +
					"3. Files and Code Sections:\n   - export/invoice.go: the writer loop\n\n" +
					"4. Pending Tasks:\n   - Add a test for empty customers\n\n" +
					"Please continue the conversation from where we left it off without asking the user any further questions.",
				"I'll continue with the per-customer CSV export: the writer loop now opens one file per customer.",
				"continue",
				"Done: each customer gets its own CSV file with a totals row.",
			},
			want: []string{"invoice export", "csv"},
		},
	} {
		c := newConvo()
		for i, text := range tc.turns {
			if i%2 == 1 {
				c.assistant(text)
				continue
			}
			m := c.steward(text)
			if strings.HasPrefix(text, "/rename") {
				m.ContentType = baton.ContentCommand
				m.Attributes = map[string]any{"command": "/rename", "command_args": strings.TrimPrefix(text, "/rename ")}
			}
		}
		got := sessionTitle(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		lower := strings.ToLower(got)
		for _, w := range tc.want {
			if !strings.Contains(lower, w) {
				t.Errorf("%s: title %q does not name %q", tc.name, got, w)
			}
		}
		if cjkText(got) {
			if utf8.RuneCountInString(got) > maxTitleRunes {
				t.Errorf("%s: title %q is longer than %d characters", tc.name, got, maxTitleRunes)
			}
		} else if n := len(strings.Fields(got)); n == 0 || n > maxTitleWords {
			t.Errorf("%s: title %q has %d words", tc.name, got, n)
		}
		if strings.ContainsAny(got, "/<>`…(#@¿") || strings.Contains(lower, "kiki") || strings.Contains(lower, "expert") ||
			strings.HasPrefix(lower, "feat") {
			t.Errorf("%s: title %q holds a path, markup, code or a session command's argument", tc.name, got)
		}
	}
}

// TestTopicsTitle: a session whose prompts name no subject (a slash
// command only) is named by its first topics, not left with a file name.
func TestTopicsTitle(t *testing.T) {
	c := newConvo()
	c.steward("/kitchen:menu")
	c.assistant("Which initiative should the epic spec cover? The npm provider needs scoped package support.")
	c.assistant("The epic spec for the npm provider is drafted: scoped package support, the npm provider's metrics.")
	s := &baton.Session{Title: "repiq-24723c7a3c59-0", Attributes: map[string]any{
		TitleSourceKey: TitleFromPrompt, importedTitleKey: "repiq-24723c7a3c59-0"}}
	sessionOf(s, buildViews(testAnalyzer, c.analysed(testAnalyzer)), nil)
	if lower := strings.ToLower(s.Title); !strings.Contains(lower, "npm provider") && !strings.Contains(lower, "epic spec") {
		t.Fatalf("title %q, want the session's topics", s.Title)
	}
	if s.Attributes[importedTitleKey] != s.Title {
		t.Fatalf("the written title %q is not recorded as derived (%v)", s.Title, s.Attributes[importedTitleKey])
	}
	kept := &baton.Session{Title: "Typed by the steward", Attributes: map[string]any{
		TitleSourceKey: TitleFromPrompt, importedTitleKey: "repiq-24723c7a3c59-0"}}
	sessionOf(kept, buildViews(testAnalyzer, c.msgs), nil)
	if kept.Title != "Typed by the steward" {
		t.Fatalf("a title the steward changed was rewritten to %q", kept.Title)
	}
}

// TestWithoutCJKFiller: the politeness and asking that open a Chinese
// request go, "how should I" keeps its "how", and a clause too short to
// lose them keeps them.
func TestWithoutCJKFiller(t *testing.T) {
	for in, want := range map[string]string{
		"请你将提交记录更新到文档":    "将提交记录更新到文档",
		"我该如何激活当前环境":      "如何激活当前环境",
		"请问，这个模型的权重在哪里下载": "这个模型的权重在哪里下载",
		"帮我看看":      "帮我看看",
		"训练集有多少张图片": "训练集有多少张图片",
		"設定ファイルの読み込みを修正してください": "設定ファイルの読み込みを修正",
		"では次にテストを追加":           "テストを追加",
		"ログを見てください":            "ログを見てください",
	} {
		if got := withoutCJKFiller(in); got != want {
			t.Errorf("withoutCJKFiller(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWithoutCutClause: a window the eight words cut a word or two into a
// clause it opened ends before that clause; one that ends with its
// sentence or clause, or cuts into a noun's phrase, is kept.
func TestTrimLeadingAdverb(t *testing.T) {
	got := strings.Join(trimLeading(strings.Fields("thoroughly and add support for webhooks")), " ")
	if got != "add support for webhooks" {
		t.Errorf("trimLeading = %q", got)
	}
	if got := strings.Join(trimLeading(strings.Fields("apply the migration")), " "); got != "apply the migration" {
		t.Errorf("trimLeading dropped a verb in -ly: %q", got)
	}
}

func TestWithoutCutClause(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		hi       int
		want     string
	}{
		{"the cache entry is dropped when user logs out of the app", 6, "the cache entry is dropped"},
		{"rewrite the export module to support streaming of large files", 6, "rewrite the export module"},
		{"review what happens when both retries and timeouts fire", 7, "review what happens when both retries and"},
		{"list the points raised by the reviewer", 5, "list the points raised by"},
		{"the cache entry is dropped when user logs out", 9, "the cache entry is dropped when user logs out"},
	} {
		words := strings.Fields(tc.sentence)
		if got := strings.Join(words[:withoutCutClause(words, 0, tc.hi)], " "); got != tc.want {
			t.Errorf("%q cut at %d: %q, want %q", tc.sentence, tc.hi, got, tc.want)
		}
	}
}

// TestCJKTitleClauseChinese: a Chinese clause longer than a title is cut
// where a word ends, not dropped.
func TestCJKTitleClauseChinese(t *testing.T) {
	c := "我在使用训练脚本训练检测模型的时候一直遇到了显存不足的问题而且换了更小的批大小也没有任何改善"
	got := cjkTitleClause(c)
	if got == "" || utf8.RuneCountInString(got) > maxTitleRunes || !strings.HasPrefix(c, got) || !strings.Contains(got, "显存") {
		t.Fatalf("cjkTitleClause = %q", got)
	}
}

// TestProgramNamesWeigh: a common word the session runs as a program in
// code spans ("`entire status`") is a term of the session and can title
// it; a verb that opens a command line ("`make test`") is not.
func TestProgramNamesWeigh(t *testing.T) {
	c := newConvo()
	c.steward("figure out how entire CLI works and see how it will clash with the other CLI")
	c.assistant("`entire status` shows the session; `entire enable` installs git hooks. Run `make test` after `make build`.")
	c.steward("entire seems to have set up some type of hooks, which ones?")
	c.assistant("It installed git hooks: post-commit and pre-push hooks.")
	vs := buildViews(testAnalyzer, c.analysed(testAnalyzer))
	progs := programNames(vs)
	if !progs["entire"] || progs["make"] {
		t.Fatalf("programNames = %v", progs)
	}
	if got := strings.ToLower(sessionTitle(vs)); !strings.Contains(got, "entire cli") {
		t.Fatalf("title %q does not name the entire CLI", got)
	}
}

// TestTitleEditorMentions: an editor's mention of a file inside the prose
// ("compare @a.py and @b.py") is the file's name, a noun the title may
// keep; mentions that open the prompt or follow one another attach files
// as context and go, as do the directories and lines a mention points at.
func TestTitleEditorMentions(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"Compare @src/parse_v1.py and @parse_v2.py:12-40 and explain the differences",
			"Compare parse_v1.py and parse_v2.py and explain the differences"},
		{"@README.md @TODO.md read the goals", "read the goals"},
		{"Read @NOTES.md.", "Read NOTES.md."},
		{"多语言用不了了@zh.json", "多语言用不了了"},
	} {
		if got := strings.Join(strings.Fields(cleanTitleLine(tc.line)), " "); got != tc.want {
			t.Errorf("cleanTitleLine(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
	got := titleOf("Compare @tools/resize_fast.py and @tools/resize_slow.py and explain the differences",
		"Both scripts resize images; resize_fast.py uses a vectorized path, resize_slow.py loops over pixels.")
	if l := strings.ToLower(got); !strings.Contains(l, "resize_fast.py") || strings.Contains(l, "tools/") {
		t.Errorf("title %q does not name the compared files", got)
	}
}

// TestTitleLinterOutputPasted: a prompt that is a linter's report pasted
// whole (lines opening with a file's place, "src/x.py:54:7: …") is
// output, not the steward's words: the answer's restatement titles it.
func TestTitleLinterOutputPasted(t *testing.T) {
	for _, line := range []string{"src/pkg/mp.py:54:7: N818 Exception name `PoolException` should be named with an Error suffix",
		"main.go:12: undefined: handler", `C:\work\app.ts:3:1 error`} {
		if !pastedLine(line) {
			t.Errorf("pastedLine(%q) = false", line)
		}
	}
	if pastedLine("Fix main.go: the handler is undefined") {
		t.Error("a sentence naming a file is not pasted output")
	}
	got := titleOf("lint.......................................Failed\n"+
		"src/pkg/mp.py:54:7: N818 Exception name `PoolException` should be named with an Error suffix\n"+
		"src/pkg/mp.py:252:17: E731 Do not assign a `lambda` expression, use a `def`\n"+
		"tests/test_mp.py:298:35: F841 Local variable `pool` is assigned to but never used\n",
		"I'll help you fix the flake8 lint errors in your code. Let me read the files first.")
	if l := strings.ToLower(got); !strings.Contains(l, "lint errors") {
		t.Errorf("title %q does not name the lint errors", got)
	}
}

// TestTitleSentenceMarks: a full stop or comma set apart by spaces (where
// code spans went) still ends its sentence or clause, and a section
// number's dot before lower-case words does not end one.
func TestTitleSentenceMarks(t *testing.T) {
	got := titleSentences("Use `uv pip` not `pip` . Read @NOTES.md from 3.2.1. onwards , then rewrite the summary.")
	var sentences []string
	for _, s := range got {
		sentences = append(sentences, strings.Join(s.words, " "))
	}
	want := []string{"Use not pip.", "Read NOTES.md from 3.2.1 onwards, then rewrite the summary."}
	if strings.Join(sentences, " | ") != strings.Join(want, " | ") {
		t.Errorf("sentences %q, want %q", sentences, want)
	}
}

// TestTitlePointingRequest: a request that points at where the work is
// ("read the notes") or how it is checked ("run the tests to see the
// results") gives way to the request for the work itself.
func TestTitlePointingRequest(t *testing.T) {
	got := titleOf("Periodically run `make check` to see results of lints and tests. Update the changelog with the release notes and the results.",
		"I updated the changelog with the release notes. The lints and tests pass.")
	if l := strings.ToLower(got); !strings.Contains(l, "changelog") {
		t.Errorf("title %q does not name the changelog", got)
	}
}

// TestTitleReferentNamed: a request that points back at what the sentence
// before had the assistant read ("that section", "it") is titled with
// that thing named.
func TestTitleReferentNamed(t *testing.T) {
	got := titleOf("Read NOTES.md from 3.2 onwards. Rewrite that section, mark what's done and continue.",
		"I rewrote NOTES.md from 3.2 onwards and marked the finished items.")
	if l := strings.ToLower(got); !strings.Contains(l, "rewrite notes.md") {
		t.Errorf("title %q does not name what was rewritten", got)
	}
	got = titleOf("Look at the retry loop in the uploader. Simplify it so that failures back off.",
		"I simplified the retry loop: failures now back off exponentially.")
	if l := strings.ToLower(got); !strings.HasPrefix(l, "simplify") || !strings.Contains(l, "retry loop") {
		t.Errorf("title %q does not name what was simplified", got)
	}
}

// TestTitleTypographicApostrophe: words typed with a typographic
// apostrophe ("let’s", "it’s") are the words the title's lists hold.
func TestTitleTypographicApostrophe(t *testing.T) {
	if got := strings.Join(dropFiller(strings.Fields("let’s add a retry budget")), " "); got != "add a retry budget" {
		t.Errorf("dropFiller = %q", got)
	}
	if !holdsPronoun(strings.Fields("it’s a path")) {
		t.Error("holdsPronoun(it’s a path) = false")
	}
}

// TestTitleWindowEndsAPhrase: a window that stops inside a phrase runs
// on to where the phrase ends, within the word limit, and one that cannot
// gives back a last word the phrase cannot end on.
func TestTitleWindowEndsAPhrase(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		lo, hi   int
		want     string
	}{
		// The object's head noun finishes the phrase.
		{"the Mermaid diagram is having syntax error when I render it in the docs", 1, 6, "Mermaid diagram is having syntax error"},
		// A question word waits for its clause.
		{"figure out how entire CLI works, then write the docs", 0, 5, "figure out how entire CLI works,"},
		// Too far to the phrase's end: the auxiliary and the question word go.
		{"figure out how the whole command line interface of this tool is wired together today", 0, 4, "figure out"},
		{"the report is being generated twice for every nightly build of the project on weekends", 0, 4, "the report"},
		// A window at a clause's end stays.
		{"rename the config loader, then add tests", 0, 4, "rename the config loader,"},
	} {
		words := strings.Fields(tc.sentence)
		hi := toPhraseEnd(words, tc.lo, tc.hi)
		if got := strings.Join(words[tc.lo:hi], " "); got != tc.want {
			t.Errorf("toPhraseEnd(%q, %d, %d) = %q, want %q", tc.sentence, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// TestKoreanTitleKeepsItsWords: Korean is written with spaces, so its
// title holds up to maxTitleWords words, not maxTitleRunes characters.
func TestKoreanTitleKeepsItsWords(t *testing.T) {
	c := "페이지에서 비밀번호 재설정 링크가 동작하지 않는 문제를 고쳐줘"
	if utf8.RuneCountInString(c) <= maxTitleRunes {
		t.Fatalf("the clause must be longer than %d characters", maxTitleRunes)
	}
	if got := cjkTitleClause(c); got != c {
		t.Errorf("cjkTitleClause(%q) = %q, want it whole", c, got)
	}
	long := c + " 그리고 테스트도 추가해줘"
	if got := cjkTitleClause(long); len(strings.Fields(got)) != maxTitleWords {
		t.Errorf("cjkTitleClause(%q) = %q, want %d words", long, got, maxTitleWords)
	}
}

// TestTitleWindowEndsBeforeACutClause: a window that the eight words cut
// just after "and" or "to" and the verb of a request ("… and prepare",
// "… to review") ends before them, whichever list of verbs names the
// verb.
func TestTitleWindowEndsBeforeACutClause(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		lo, hi   int
		want     string
	}{
		{"publish the Gardenly project to GitHub and prepare everything for the second laptop", 0, 8, "publish the Gardenly project to GitHub"},
		{"open the staging dashboard and the alerts page to review what fired overnight", 0, 10, "open the staging dashboard and the alerts page"},
		// A window at the sentence's end stays.
		{"publish the Gardenly project to GitHub and prepare", 0, 8, "publish the Gardenly project to GitHub and prepare"},
	} {
		words := strings.Fields(tc.sentence)
		hi := withoutCutClause(words, tc.lo, tc.hi)
		if got := strings.Join(words[tc.lo:hi], " "); got != tc.want {
			t.Errorf("withoutCutClause(%q, %d, %d) = %q, want %q", tc.sentence, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// trimBare trims what strings.Trim trims with bareWord's cut set: random
// words of its marks, its typographic quotes, their bytes apart and
// letters.
func TestTrimBareIsStringsTrim(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{".", ",", "!", "?", "(", ")", "[", "]", "{", "}", "*", "_", "\"", "'", ":", ";",
		"“", "”", "‘", "’", "\xe2", "\x80", "\x99", "\xe2\x80", "\x80\x9d", "—", "…", "é", "a", "B", "-", " ", "x"}
	for range 200000 {
		s := randomText(rng, pieces, 6)
		if got, want := trimBare(s), strings.Trim(s, ".,;:!?\"'()[]{}“”‘’*_"); got != want {
			t.Fatalf("trimBare(%q) = %q, strings.Trim gives %q", s, got, want)
		}
	}
}
