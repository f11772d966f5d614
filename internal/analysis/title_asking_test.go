package analysis

import (
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestCJKAsks: a clause of Chinese, Japanese or Korean asks when it holds
// a request's marker or ends as a request or a question does; background
// and greetings do not.
func TestCJKAsks(t *testing.T) {
	for in, want := range map[string]bool{
		"请把日志级别改成调试":             true,
		"麻烦看一下部署脚本":              true,
		"这个接口返回的数据对吗":            true,
		"我们的后台是用Go写的":            false,
		"設定画面にボタンを追加してください":      true,
		"テストを書いて":                true,
		"このアプリはSwiftで書かれています":    false,
		"검색 결과에 정렬을 추가해줘":        true,
		"배포 스크립트를 분석하라":          true,
		"저희 서비스는 Django로 되어 있어요": false,
		"안녕하세요":                  false,
		"감사합니다":                  false,
	} {
		if got := cjkAsks(in); got != want {
			t.Errorf("cjkAsks(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestThanksSentence: a sentence that thanks for work done, in English
// and the other alphabets' languages, is told from a request that opens
// with thanks.
func TestThanksSentence(t *testing.T) {
	for in, want := range map[string]bool{
		"Thank you so much for sorting out the cron job": true,
		"ok, thanks for the quick fix on the parser":     true,
		"Great job on the settings page":                 true,
		"Gracias por revisar el formulario":              true,
		"Спасибо за исправление импорта":                 true,
		"Thanks, now rename the config loader":           false,
		"Add a thanks page after checkout":               false,
		"Dziękuję za poprawki w formularzu rejestracji":  true,
	} {
		if got := thanksSentence(strings.Fields(in)); got != want {
			t.Errorf("thanksSentence(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestSessionTitlePastCourtesy: a title names the request, not the thanks,
// greeting or "now" before it, in English, Polish, Chinese and Korean.
func TestSessionTitlePastCourtesy(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  string
	}{
		{
			name: "English thanks for earlier work",
			turns: []string{
				"Thanks a lot for cleaning up the cron scheduler earlier, that helped. The nightly backup job now writes empty archives.",
				"The nightly backup job wrote empty archives because the archive stream was closed early; I fixed the backup job.",
			},
			want: "backup",
		},
		{
			name: "Polish: thanks, then 'teraz proszę'",
			turns: []string{
				"Dziękuję za pomoc z logowaniem. Teraz proszę dodaj limit zapytań do endpointu wyszukiwania.",
				"Dodałem limit zapytań do endpointu wyszukiwania.",
			},
			want: "dodaj limit zapytań",
		},
		{
			name: "Chinese: thanks for the fix, then the request after 现在",
			turns: []string{
				"感谢你修复了上传组件的样式问题。现在请给商品详情页加上评论分页。",
				"我给商品详情页的评论加上了分页。",
			},
			want: "评论分页",
		},
		{
			name: "Korean: thanks, then the request after 이제",
			turns: []string{
				"감사합니다. 이제 알림 설정 화면에 이메일 옵션을 추가해 주세요.",
				"알림 설정 화면에 이메일 옵션을 추가했습니다.",
			},
			want: "알림 설정",
		},
	} {
		c := newConvo().turns(tc.turns...)
		got := sessionTitle(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		lower := strings.ToLower(got)
		if !strings.Contains(lower, tc.want) {
			t.Errorf("%s: title %q does not name %q", tc.name, got, tc.want)
		}
		for _, w := range []string{"thanks", "dziękuję", "teraz", "proszę", "感谢", "现在", "감사", "이제"} {
			if strings.Contains(lower, w) {
				t.Errorf("%s: title %q keeps %q", tc.name, got, w)
			}
		}
	}
}

// TestContinuationRequest: of the agent's summary of a conversation that
// ran out of context, a title reads the request it reports, told back as
// the request, and nothing when the summary reports none.
func TestContinuationRequest(t *testing.T) {
	const opening = "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n"
	for _, tc := range []struct{ content, want string }{
		{opening + "Summary:\n1. Primary Request and Intent:\n   - The user requested that the backup job skip hidden folders.\n2. Key Technical Concepts:\n   - rsync\n",
			"The backup job skip hidden folders."},
		{opening + "## Primary Request and Intent:\nUser wants to rename the billing module.\n\n## Errors and fixes:\n- none\n",
			"Rename the billing module."},
		{opening + "Analysis:\nThe conversation went on for long.\n", ""},
	} {
		if got := strings.TrimSpace(continuationRequest(tc.content)); got != tc.want {
			t.Errorf("continuationRequest(%q) = %q, want %q", tc.content, got, tc.want)
		}
	}
}

// TestResumedSessionSummaryAndTopics: a session resumed from the agent's
// summary of the conversation before (in the steward's turn) asks what
// the summary reports was asked, and its topics are the work carried
// over, not the words every such summary has.
func TestResumedSessionSummaryAndTopics(t *testing.T) {
	c := newConvo()
	c.steward("This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n" +
		"Analysis:\nLet me go through the conversation in order.\n\nSummary:\n1. Primary Request and Intent:\n   The user asked me to move the weekly digest mail from a crontab entry to the job queue, with retries when the mail server refuses it.\n\n" +
		"2. Key Technical Concepts:\n   - job queue, mail server retries\n\n3. Pending Tasks:\n   - a test for the retries\n\n" +
		"Please continue the conversation from where we left it off without asking the user any further questions.")
	c.assistant("Going on: the weekly digest now runs as a queued job; next are the retries for mail server errors.")
	c.steward("continue")
	c.assistant("Done: the digest job retries a refused mail three times, waiting longer each time.")
	s := &baton.Session{Attributes: map[string]any{TitleSourceKey: TitleFromPrompt}}
	r := sessionOf(s, buildViews(testAnalyzer, c.analysed(testAnalyzer)), nil)
	if !strings.HasPrefix(r.Summary.AutoGenerated, "Move the weekly digest mail") {
		t.Errorf("summary %q does not open with the request the summary reports", r.Summary.AutoGenerated)
	}
	for _, topic := range r.Summary.KeyTopics {
		for _, boilerplate := range []string{"session", "conversation", "request", "intent", "context", "summary", "user"} {
			if strings.Contains(topic, boilerplate) {
				t.Errorf("topic %q is a word of every resumed session's summary (topics %q)", topic, r.Summary.KeyTopics)
			}
		}
	}
}

// TestTitleDetailsFollowCommandedRequest: a prompt that opens with a bare
// command ("Rename the retry helper to backoff.") has stated its request
// as surely as one that asks politely; the longer sentences after it say
// where and why, and do not title the session.
func TestTitleDetailsFollowCommandedRequest(t *testing.T) {
	for _, c := range []struct{ prompt, answer, want string }{
		{"Rename the retry helper to backoff. It lives in the queue package and the worker calls it twice on startup.",
			"Renamed the retry helper to backoff in the queue package and updated both calls.", "helper"},
		{"Add a retry limit to the webhook sender. Today it keeps hammering the partner endpoint forever whenever their server answers with errors during deploys.",
			"The webhook sender now stops after five retries; the retry limit is configurable.", "retry limit"},
	} {
		got := titleOf(c.prompt, c.answer)
		checkTitleForm(t, c.want, got)
		if !strings.Contains(strings.ToLower(got), c.want) {
			t.Errorf("title of %q = %q, want the request's %q", c.prompt, got, c.want)
		}
	}
}
