package analysis

import (
	"slices"
	"testing"
)

// TestChineseRequests: a Chinese sentence asks for work when it opens
// with a request's verb or opener or softens one with "一下", and asks a
// question with a question word and a question mark or particle ("啥"
// too), with a question word opening it, or with "吗" and a question
// mark; a statement or a bare remark asks for nothing.
func TestChineseRequests(t *testing.T) {
	cases := map[string][]string{
		"检查 alpamayo 库里是否用到 carla":  {"检查 alpamayo 库里是否用到 carla"},
		"这两个组件都要组织一下多语言":            {"这两个组件都要组织一下多语言"},
		"为什么插件这里不显示安装好的环境呢？":        {"为什么插件这里不显示安装好的环境呢"},
		"怎么看当前环境的 Python 版本?":       {"怎么看当前环境的 Python 版本"},
		"之前的多语言已经可以用了":              nil,
		"还有遗漏":                      nil,
		"我觉得什么都可以":                  nil,
		"把倒计时的单位翻译成中文，然后更新 zh.json": {"把倒计时的单位翻译成中文，然后更新 zh.json"},
		"怎么看Python版本":               {"怎么看Python版本"},
		"这个库里有用到carla吗？":            {"这个库里有用到carla吗"},
		"代码是否和远程仓库建立了链接，当前的状态是啥":    {"代码是否和远程仓库建立了链接，当前的状态是啥"},
		"这个库已经用到carla了吗":            nil,
		// Traditional characters ask as simplified ones do; "有哪些"
		// asks a question without a mark.
		"請下載水庫水情 CSV 格式資料": {"請下載水庫水情 CSV 格式資料"},
		"幫我檢查設定檔":          {"幫我檢查設定檔"},
		"開放資料清單有哪些欄位":      {"開放資料清單有哪些欄位"},
		"為什麼安裝失敗了？":        {"為什麼安裝失敗了"},
		"之前的設定已經可以用了":      nil,
	}
	for in, want := range cases {
		if got := requestTasks(in); !slices.Equal(got, want) {
			t.Errorf("%q: tasks %q, want %q", in, got, want)
		}
	}
}

// TestKoreanRequests: a Korean sentence asks for work when it ends in a
// verb's asking form ("…수정해줘", "…추가해 주세요", "…하자") and names
// something before it ("어 해줘", "yes, do it", names nothing), and asks a
// question when it ends in a question mark or a questioning form ("…한가");
// a statement asks for nothing.
func TestKoreanRequests(t *testing.T) {
	cases := map[string][]string{
		"문서에 대해서 작업한 내용들을 커밋해줘.":     {"문서에 대해서 작업한 내용들을 커밋해줘"},
		"설정 파일에 가이드를 추가해 주세요":        {"설정 파일에 가이드를 추가해 주세요"},
		"어떤 모델이 잘할까?":                {"어떤 모델이 잘할까"},
		"어 해줘.":                      nil,
		"받아들여지는 것들을 추가했어.":           nil,
		"어 해줘. 그리고 필드 전부 필수라고 명시해줘.": {"그리고 필드 전부 필수라고 명시해줘"},
		// The plain imperative of an instruction, and a question's
		// ending without its mark.
		"안녕 반갑다. 이 프로젝트 분석하라.": {"이 프로젝트 분석하라"},
		"zip으로 압축하라":           {"zip으로 압축하라"},
		"기능을 추가해보자.":           {"기능을 추가해보자"},
		"현재 디자인 컬러는 어떠한가":      {"현재 디자인 컬러는 어떠한가"},
		"하라.":   nil,
		"안녕하세요": nil,
	}
	for in, want := range cases {
		if got := requestTasks(in); !slices.Equal(got, want) {
			t.Errorf("%q: tasks %q, want %q", in, got, want)
		}
	}
}
