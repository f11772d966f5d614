package analysis

import (
	"strings"
)

// A request in Chinese, Japanese or Korean is told by its markers, not by
// its first word: the asking that opens it ("请", "帮我", "麻烦你"), the
// polite or plain imperative that closes it ("追加してください", "추가해줘",
// "분석하라") or a question's ending ("吗", "ですか", "할까요"). A clause
// that holds one asks, as an English sentence opened by "can you" does:
// the work it names is the prompt's request, and what follows it is its
// detail.

// cjkRequestMarkers ask for something wherever they stand in a clause.
var cjkRequestMarkers = []string{
	// Chinese: the politeness and the asking of a request.
	"请", "請", "帮我", "幫我", "帮忙", "幫忙", "麻烦", "麻煩", "能不能", "能否", "可不可以", "可以帮", "可以幫",
	"希望你", "想让你", "想讓你", "需要你", "给我", "給我", "教我",
	// Japanese: the polite request and its plain forms.
	"ください", "下さい", "お願い", "ほしい", "欲しい", "てくれ", "でくれ", "てもらえ", "でもらえ", "ませんか",
	// Korean: the requests of every level of politeness.
	"해줘", "해 줘", "해주세요", "해 주세요", "주세요", "해줄래", "해 줄래", "부탁",
}

// cjkRequestEndings end a clause that asks: an imperative or a question
// (the question mark itself is where the clause was cut).
var cjkRequestEndings = []string{
	// Chinese questions.
	"吗", "嗎", "呢",
	// Japanese: the casual request in -te, and the questions.
	"して", "って", "んで", "いて", "えて", "めて", "せて", "べて", "ですか", "ますか", "でしょうか",
	// Korean: imperatives and questions.
	"줘", "하라", "해라", "하세요", "봐", "봐요", "까", "까요", "나요", "니",
}

// cjkCourtesies open a clause that greets or thanks ("你好", "感谢你完成了
// …", "ありがとう", "안녕하세요", "감사합니다"): it says how the steward
// feels about the work, and what it thanks for is work done, not the
// request.
var cjkCourtesies = []string{
	"你好", "您好", "谢谢", "謝謝", "感谢", "感謝", "多谢", "多謝", "辛苦了",
	"こんにちは", "こんばんは", "おはよう", "ありがとう", "よろしく", "お疲れ", "おつかれ",
	"안녕", "반갑", "감사", "고마", "수고",
}

// cjkCourtesy reports a clause that opens with a greeting or thanks.
func cjkCourtesy(c string) bool {
	c = strings.TrimSpace(c)
	for _, g := range cjkCourtesies {
		if strings.HasPrefix(c, g) {
			return true
		}
	}
	return false
}

// courtesyShare multiplies the score of a clause of greeting or thanks.
const courtesyShare = 0.3

// cjkAsks reports a clause of Chinese, Japanese or Korean that asks for
// something; a greeting ("안녕하세요") does not, though it ends as a
// request does.
func cjkAsks(c string) bool {
	if cjkCourtesy(c) {
		return false
	}
	for _, m := range cjkRequestMarkers {
		if strings.Contains(c, m) {
			return true
		}
	}
	c = strings.TrimRight(strings.TrimSpace(c), ".。!！?？~～")
	for _, e := range cjkRequestEndings {
		if strings.HasSuffix(c, e) {
			return true
		}
	}
	return false
}

// A sentence that thanks for work done ("thank you so much for fixing
// the redirect", "great job on the search page", "gracias por la ayuda",
// "спасибо за помощь") names work that is finished: the request, if any,
// comes after it. A word that thanks (thanksOnly, or "thank") opens
// one, and thanksLinks follow it within a few words ("thanks a lot
// for"); praiseFor open the praise of the work ("nice work on").
var (
	thanksLinks = set("for", "por", "pour", "per", "für", "за", "za")
	praiseFor   = set("great job on", "great job with", "good job on", "good job with", "nice work on", "nice job on",
		"great work on", "nice work with", "well done on")
)

// courtesyOpeners may come before the thanks ("ok, thanks for …").
var courtesyOpeners = set("ok", "okay", "hey", "hi", "hello", "wow", "oh", "and", "also", "many", "muchas", "vielen",
	"большое")

// thanksSentence reports a sentence that opens by thanking for work done.
func thanksSentence(words []string) bool {
	for len(words) > 0 && courtesyOpeners[bareWord(words[0])] && !strings.ContainsAny(words[0], ".!?") {
		words = words[1:]
	}
	if len(words) >= 4 && praiseFor[bareWord(words[0])+" "+bareWord(words[1])+" "+bareWord(words[2])] {
		return true
	}
	if len(words) < 3 || !thanksOnly[bareWord(words[0])] && bareWord(words[0]) != "thank" {
		return false
	}
	for k := 1; k < len(words)-1 && k <= 4; k++ {
		if strings.ContainsAny(words[k-1], ",.!?;:") {
			return false // the thanks ended: what follows is another clause
		}
		if thanksLinks[bareWord(words[k])] {
			return true
		}
	}
	return false
}

// asksHowToUseAssistant reports a question about how to have the coding
// assistant itself do something ("how do I get claude to read my env
// file?", "如何让aider直接编辑某个文件？"): it asks about the tool, and the
// work the session does is named after it.
func asksHowToUseAssistant(words []string) bool {
	if len(words) == 0 {
		return false
	}
	text := strings.ToLower(strings.Join(words, " "))
	for _, how := range []string{"如何让", "怎么让", "怎样让", "如何讓", "怎麼讓", "how do i make ", "how do i get ",
		"how can i make ", "how can i get ", "how do i let ", "how can i let "} {
		rest, ok := strings.CutPrefix(text, how)
		if !ok {
			continue
		}
		for _, name := range assistantNames {
			if strings.HasPrefix(rest, name) {
				return true
			}
		}
	}
	return false
}

// assistantNames are the coding assistants a steward names when asking
// how to use them.
var assistantNames = []string{"aider", "claude", "copilot", "codex", "gemini", "cursor", "chatgpt", "opencode", "windsurf",
	"you"}
