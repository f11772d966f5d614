package analysis

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestStewardContrastInRequest: a request that sets the course the steward
// wants against the one it turns down states a decision — "I don't want X.
// I want Y." in two sentences, "don't X, just Y", a prohibition with what
// it protects ("we don't want to lose …", "otherwise …"). A "don't …, just
// tell me" that only bounds how the assistant answers, a manner of working
// ("don't overthink it"), a bare prohibition and a question are not.
func TestStewardContrastInRequest(t *testing.T) {
	c := newConvo()
	c.steward("Let's publish it today. I don't want to fix the hardcoded paths before publishing. I want to treat that as a failing test case.")
	checkDecisions(t, c, []baton.Decision{{Decision: "treat that as a failing test case", Alternatives: []string{"fix the hardcoded paths before publishing"}}})

	c = newConvo()
	c.steward("don't rebuild the whole index, just patch the stale entry in place")
	checkDecisions(t, c, []baton.Decision{{Decision: "patch the stale entry in place", Alternatives: []string{"rebuild the whole index"}}})

	c = newConvo()
	c.steward("Do not reinit the task tracker, we don't want to lose the history of tasks we have worked on")
	checkDecisions(t, c, []baton.Decision{{Decision: "don't reinit the task tracker", Rationale: "we don't want to lose the history of tasks we have worked on"}})

	c = newConvo()
	c.steward("so i'm leaning to leaving phase 4.5 as is. then we add the rest in 4.6")
	checkDecisions(t, c, []baton.Decision{{Decision: "leave phase 4.5 as is"}})

	c = newConvo()
	c.steward("I'd rather vendor the parser than pull in the whole toolkit")
	checkDecisions(t, c, []baton.Decision{{Decision: "vendor the parser", Alternatives: []string{"pull in the whole toolkit"}}})

	checkStewardSaysNoDecision(t,
		"I'm leaning towards checking the logs first",
		"I'm leaning towards vendoring it, what do you think?",
		"DO NOT modify code, JUST identify where the issue lies, and why.",
		"don't overthink it, just make the test pass",
		"don't rebuild the whole index",
		"I don't want to fix the paths. Do you want to fix them?",
		"don't rebuild the index, just patch the entry?",
	)
}

// TestChineseRequestChoices: a Chinese request that opens with the verb
// keeping, changing to or adopting a course, or that sets a course against
// the one turned down, states a decision; a plain request, a question and
// Japanese text are not read as one.
func TestChineseRequestChoices(t *testing.T) {
	c := newConvo()
	c.steward("將安裝 uv 的方法，改為 官方推薦的安裝方式")
	checkDecisions(t, c, []baton.Decision{{Decision: "將安裝 uv 的方法，改為 官方推薦的安裝方式"}})

	c = newConvo()
	c.steward("组件里面\n\n保持传入参数modelData\n\n然后打印信息")
	checkDecisions(t, c, []baton.Decision{{Decision: "保持传入参数modelData"}})

	c = newConvo()
	c.steward("不要重建索引，只更新这一条记录")
	checkDecisions(t, c, []baton.Decision{{Decision: "更新这一条记录", Alternatives: []string{"重建索引"}}})

	for _, s := range []string{"添加一个测试", "要不要改为官方推荐的安装方式？", "保持のテストを追加してください"} {
		c = newConvo()
		c.steward(s)
		checkDecisions(t, c, nil)
	}
}

// TestChineseValueEditIsNoChoice: a request that changes a value to
// another written out, a number or quoted text, asks for an edit; no
// course is chosen. One that changes to a course named in words is a
// choice.
func TestChineseValueEditIsNoChoice(t *testing.T) {
	for _, s := range []string{"日志窗口的高度还是480，请改成600", "把按钮上的\"保存草稿\"改成\"暂存\"", "标题改为「导出报表」，不显示副标题"} {
		c := newConvo()
		c.steward(s)
		checkDecisions(t, c, nil)
	}
	c := newConvo()
	c.steward("把缓存改成基于文件的存储")
	checkDecisions(t, c, []baton.Decision{{Decision: "把缓存改成基于文件的存储"}})
}

// TestStewardCorrection: a reply that opens by turning down what the
// assistant did and states the course wanted — against the one turned
// down, or with a verb that chooses — is a decision; a correction that
// only asks for a report, a routine step or a question is not.
func TestStewardCorrection(t *testing.T) {
	c := newConvo()
	c.assistant("I've created the task and started implementing the push command.")
	c.steward("no, i only wanted you to create a task, not work on it. next time, check first")
	checkDecisions(t, c, []baton.Decision{{Decision: "create a task", Alternatives: []string{"work on it"}}})

	c = newConvo()
	c.assistant("I added the timeout as a constant in the handler.")
	c.steward("No, put the timeout in the config file so operators can change it")
	checkDecisions(t, c, []baton.Decision{{Decision: "put the timeout in the config file", Rationale: "operators can change it"}})

	for _, s := range []string{
		"no, just tell me what the error means, not fix it",
		"no, run the tests again",
		"no, should we put it in the config?",
	} {
		c = newConvo()
		c.assistant("I added the timeout as a constant in the handler.")
		c.steward(s)
		checkDecisions(t, c, nil)
	}
}

// TestRoutineStepNoDecision: a step of routine execution a rule reads as
// a course ("run the script to align the configs") chooses nothing; the
// same step set against another course does.
func TestRoutineStepNoDecision(t *testing.T) {
	c := newConvo()
	c.steward("run the e2e tests locally instead of pushing to GitHub and waiting for the Actions")
	checkDecisions(t, c, []baton.Decision{{Decision: "run the e2e tests locally instead of pushing to GitHub and waiting for the Actions", Alternatives: []string{"pushing to GitHub and waiting for the Actions"}}})

	c = newConvo()
	c.steward("so i'm leaning to running the script to align the configs")
	checkDecisions(t, c, nil)
}

// A choice reported as someone's word ("She says the bucket should use
// a Lua script instead of MULTI/EXEC") is the choice, without who said it.
func TestDecisionWithoutReportedSpeech(t *testing.T) {
	c := newConvo()
	c.steward("Priya reviewed the rate limiter. She says the token bucket should use a Lua script instead of MULTI/EXEC. I'll switch to Lua.")
	c.assistant("Switched the token bucket to a Lua script; the concurrency test with 50 goroutines now holds the limit.")
	ds := decisionsFrom(c)
	if len(ds) == 0 {
		t.Fatal("no decision found")
	}
	for _, d := range ds {
		if strings.HasPrefix(d.Decision, "She says") {
			t.Errorf("decision %q keeps who said it", d.Decision)
		}
	}
}

// TestDecisionAlternativeInParentheses: a course the steward asks for with
// the one it is chosen over in parentheses ("(no Markdown)", "(not one
// `git add -A` commit)", "(without CGO)") is a choice, in a brief as in a
// short request. A parenthesis that names no thing of the work ("not
// crowded"), a question, and the agent's summary of an earlier
// conversation written in the steward's turn are not.
func TestDecisionAlternativeInParentheses(t *testing.T) {
	c := newConvo()
	c.steward("Please rewrite the release notes as a single short paragraph (no Markdown headings), and keep the version line.")
	checkDecisions(t, c, []baton.Decision{{Decision: "rewrite the release notes as a single short paragraph, no Markdown headings", Alternatives: []string{"Markdown headings"}}})

	c = newConvo()
	c.steward("Tidy up the branch before the review.\n\nSteps:\n- Read the staged and unstaged diffs\n- Group related edits together\n- Split the work into a handful of focused commits (not one `git add -A` commit)\n- Write messages in the existing style\n- Leave the tree clean\n- Report the commit titles")
	checkDecisions(t, c, []baton.Decision{{Decision: "Split the work into a handful of focused commits, not one git add -A commit", Alternatives: []string{"one git add -A commit"}}})

	checkStewardSaysNoDecision(t,
		"Lay the thumbnails out on a grid (not crowded) so they are easy to scan.",
		"Could we build the exporter as one static binary (without CGO)?",
		"This session is being continued from a previous conversation that ran out of context.\n\n- Build the CLI as one static binary (without CGO)",
	)
}

// TestChineseContrastIdioms: 「不是用X，而是Y」 (not the means X, but Y) and
// 「不需要X，Y即可」 (no need for X, Y is enough) set the course taken against
// the one turned down, however much of the sentence is code. A diagnosis
// put the same way (「问题不是X，而是Y」), a worry waved away and an answer
// asked for instead of work are not.
func TestChineseContrastIdioms(t *testing.T) {
	c := newConvo()
	c.steward("这里不是用cfg.Timeout，而是cfg.Retry.Delay")
	checkDecisions(t, c, []baton.Decision{{Decision: "用cfg.Retry.Delay", Alternatives: []string{"cfg.Timeout"}}})

	c = newConvo()
	c.steward("不需要手动拼接路径，直接用path.Join即可，它会处理分隔符。")
	checkDecisions(t, c, []baton.Decision{{Decision: "用path.Join", Alternatives: []string{"手动拼接路径"}}})

	checkStewardSaysNoDecision(t,
		"问题不是网络超时，而是证书过期",
		"不用担心，重启服务即可",
		"不需要修改代码，告诉我原因即可",
	)
}
