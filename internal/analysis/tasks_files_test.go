package analysis

import (
	"slices"
	"testing"
)

// The same request on another file is another task: "Run the linter on
// ./services/billing_sample_api", then on ./services/billing_sample_doc.md.
// The same request on the same file said again is one.
func TestSameRequestOnAnotherFileIsAnotherTask(t *testing.T) {
	c := newConvo()
	c.steward("Run the linter on ./services/billing_sample_api")
	c.assistant("The linter passed on ./services/billing_sample_api with no warnings.")
	c.steward("Run the linter on ./services/billing_sample_doc.md")
	c.assistant("The linter passed on ./services/billing_sample_doc.md too.")
	c.steward("Run the linter on ./services/billing_sample_doc.md again please")
	c.assistant("Still clean.")
	got := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer))).TasksDiscussed
	want := []string{"Run the linter on ./services/billing_sample_api", "Run the linter on ./services/billing_sample_doc.md"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks = %q, want %q", got, want)
	}
}

// An answer in Chinese, Japanese or Korean that reports the work done, or
// one that shows the edits it made as SEARCH/REPLACE blocks, completes
// the request before it; one that says the work was not done does not.
func TestRequestDoneInAnotherScriptOrByTextEdits(t *testing.T) {
	for _, tc := range []struct {
		name, ask, answer string
		done              bool
	}{
		{"Chinese", "请把配置文件里的端口改成八千", "我已经把配置文件里的端口改成了八千。", true},
		{"Japanese", "設定ファイルのポートを8000に変えて", "設定ファイルのポートを8000に変更しました。", true},
		{"Korean", "설정 파일의 포트를 8000으로 바꿔줘", "설정 파일의 포트를 8000으로 변경했습니다.", true},
		{"Chinese, not done", "请把配置文件里的端口改成八千", "我已经看过配置文件，但是端口还没有改。", false},
		{"SEARCH/REPLACE", "Set the port in settings.py to 8000", "settings.py\n```python\n<<<<<<< SEARCH\nPORT = 80\n=======\nPORT = 8000\n>>>>>>> REPLACE\n```", true},
	} {
		c := newConvo()
		c.steward(tc.ask)
		c.assistant(tc.answer)
		p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		if got := len(p.TasksCompleted) == 1; got != tc.done || len(p.TasksDiscussed) != 1 {
			t.Errorf("%s: completed %q of %q, want done %v", tc.name, p.TasksCompleted, p.TasksDiscussed, tc.done)
		}
	}
}

// "One thing I'd really like is a tool that …" asks for the tool; "…
// and let's get started" starts the work the sentence asks for and asks
// for none of its own.
func TestWishedThingAndGoAhead(t *testing.T) {
	for in, want := range map[string]string{
		"One thing I'd really like is a tool that tags the photos by place.": "a tool that tags the photos by place",
		"What we'd love is an export button on the invoices page.":           "an export button on the invoices page",
		"I need a script that renames the photos by date.":                   "a script that renames the photos by date",
		"Set up a new repository here and let's get started!":                "Set up a new repository here",
		"Let's get cracking.": "",
		"I'd like the tests to pass before lunch, they always do.": "",
	} {
		if got := requestText(in, false); got != want {
			t.Errorf("requestText(%q) = %q, want %q", in, got, want)
		}
	}
}

// "… and call it a day on this one" ends the work, and asks for none;
// ", but first: …" turns from the work the sentence puts off to the
// matter taken up now, which the sentences after ask about.
func TestSignOffAndButFirst(t *testing.T) {
	for in, want := range map[string]string{
		"Let's file an issue for the cache package and call it a day on this one.":              "file an issue for the cache package",
		"Commit what we have, then wrap this up.":                                               "Commit what we have",
		"Merge the branch and be done with it!":                                                 "Merge the branch",
		"Rename the export flags, but first: the nightly job failed again and I can't see why.": "Rename the export flags",
		"Let's call it a day.": "",
	} {
		if got := requestText(in, false); got != want {
			t.Errorf("requestText(%q) = %q, want %q", in, got, want)
		}
	}
}
