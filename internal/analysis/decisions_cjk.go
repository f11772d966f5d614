package analysis

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// A steward's choice stated in Chinese or Japanese.
//
// A steward's Chinese request that states a choice: it opens with the verb
// that keeps, changes to or adopts a course (「保留基本功能」「改为官方推荐的
// 安装方式」「采用 X」), or sets the course against the one turned down
// (「X而不是Y」「用X代替Y」「不要X，只Y」「不是用X，而是Y」「不需要X，Y即可」).
// A plain request 「添加测试」 states none.

var (
	// 「把X改为Y」「将X改成Y」「改用Y」: the course changed to.
	changeToZH = regexp.MustCompile(`^(?:请|請|帮我|幫我)?(?:把|將|将)?[^？?]{0,40}?[，,、]?\s*(?:改为|改為|改成|换成|換成|改用|替换为|替換為|替换成|替換成)\s*([^？?]{2,40})$`)
	// A value written out: a number or quoted text (「改成320」「改为"所需物品"」).
	literalValue = regexp.MustCompile(`^["“”'‘「『0-9]`)
	// 「保留X」「保持X」「只用X」「采用X」: the course kept or adopted,
	// opening the sentence.
	keepZH = regexp.MustCompile(`^(?:请|請)?(?:保留|保持|只保留|只用|只接收|只使用|采用|採用|就用|统一用|統一用|统一使用|統一使用)\s*[^？?]{2,40}$`)
	// 「X而不是Y」「用X代替Y」: the course and the one turned down.
	ratherZH  = regexp.MustCompile(`^([^？?]{2,40}?)[，,]?\s*而不是\s*([^？?]{2,40})$`)
	replaceZH = regexp.MustCompile(`^(?:请|請)?用\s*([^？?]{2,30}?)\s*(?:代替|替代|取代)\s*([^？?]{2,30})$`)
	// 「不要X，只Y」「不要X，直接Y」: the course turned down, then the one taken.
	dontJustZH = regexp.MustCompile(`^(?:请|請)?(?:不要|別|别|不用)\s*([^？?，,]{2,30})[，,]\s*(?:只|就|而是|直接)\s*([^？?]{2,40})$`)
	// 「这里不是使用X，而是Y」: not the means used, but another — the
	// verb of using opens the clause turned down, so a diagnosis (「问题
	// 不是X，而是Y」) is not read as a choice.
	notButZH = regexp.MustCompile(`^(?:这里|這裡|这个|這個|应该|應該)?\s*不是\s*(使用|采用|採用|调用|調用|用)\s*([^？?，,]{1,40}?)\s*[，,]\s*而是\s*(?:使用|采用|採用|调用|調用|用)?\s*([^？?，,]{2,40})$`)
	// 「不需要手动拼接路径，直接用path.Join即可」: the work turned down as
	// not needed, then the simpler course that is enough.
	noNeedZH = regexp.MustCompile(`^(?:这里|這裡)?\s*(?:不需要|不需|不必|无需|無需|不用)\s*([^？?，,]{2,30})[，,]\s*(?:直接|只要|只需要|只需)?\s*([^？?，,]{2,40}?)\s*(?:即可|就可以了?|就行了?|就好了?)(?:[，,].*)?$`)
	// What noNeedZH must not read as a course: a worry waved away (「不用
	// 担心」) or an answer asked for instead of work (「…，告诉我原因即可」).
	noNeedNotCourse = regexp.MustCompile(`^(?:担心|擔心|着急|著急|客气|客氣|道歉|告诉|告訴|说明|說明|解释|解釋|回答|列出)`)
)

// chineseContrast reads a Chinese sentence that sets the course taken
// against the one turned down by its connectives (notButZH, noNeedZH).
// The connectives make it Chinese however much of it is code
// (「这里不是用cfg.Timeout，而是cfg.Retry.Delay」).
func chineseContrast(s string) (baton.Decision, bool) {
	// Most sentences hold neither connective: a look for the words before
	// the patterns.
	if !strings.Contains(s, "不") && !strings.Contains(s, "无需") && !strings.Contains(s, "無需") {
		return baton.Decision{}, false
	}
	if m := notButZH.FindStringSubmatch(s); m != nil {
		return baton.Decision{Decision: m[1] + strings.TrimSpace(m[3]), Alternatives: []string{strings.TrimSpace(m[2])}}, true
	}
	if m := noNeedZH.FindStringSubmatch(s); m != nil && !noNeedNotCourse.MatchString(m[1]) && !noNeedNotCourse.MatchString(m[2]) {
		return baton.Decision{Decision: strings.TrimSpace(m[2]), Alternatives: []string{strings.TrimSpace(m[1])}}, true
	}
	return baton.Decision{}, false
}

// chineseChoices reads a steward's Chinese choices, line by line and
// sentence by sentence.
func chineseChoices(prose string) []baton.Decision {
	if !strings.ContainsFunc(prose, isCJKShareRune) {
		return nil // no sentence of it has a CJK share: not cut into sentences
	}
	var out []baton.Decision
	for _, line := range strings.Split(prose, "\n") {
		for _, s := range decisionSentences(line) {
			s = strings.TrimRight(strings.TrimSpace(plainText(s)), "。！!；;")
			// Kana make it Japanese, read by japaneseChoices.
			if s == "" || strings.HasSuffix(s, "？") || strings.HasSuffix(s, "?") || hasKana(s) {
				continue
			}
			if n := utf8.RuneCountInString(s); n < 4 || n > 60 {
				continue
			}
			if d, ok := chineseContrast(s); ok {
				out = append(out, d)
				continue
			}
			if cjkShareOf(s) < 0.3 {
				continue
			}
			switch {
			case dontJustZH.MatchString(s):
				m := dontJustZH.FindStringSubmatch(s)
				out = append(out, baton.Decision{Decision: strings.TrimSpace(m[2]), Alternatives: []string{strings.TrimSpace(m[1])}})
			case ratherZH.MatchString(s):
				m := ratherZH.FindStringSubmatch(s)
				out = append(out, baton.Decision{Decision: strings.TrimSpace(m[1]), Alternatives: []string{strings.TrimSpace(m[2])}})
			case replaceZH.MatchString(s):
				m := replaceZH.FindStringSubmatch(s)
				out = append(out, baton.Decision{Decision: "用" + strings.TrimSpace(m[1]), Alternatives: []string{strings.TrimSpace(m[2])}})
			case changeToZH.MatchString(s):
				// A value changed to another written out (「宽度请改成320」,
				// 「"取消合成"改成"退出合成页面"」) is an edit asked for, not a
				// course chosen.
				if !literalValue.MatchString(changeToZH.FindStringSubmatch(s)[1]) {
					out = append(out, baton.Decision{Decision: s})
				}
			case keepZH.MatchString(s):
				out = append(out, baton.Decision{Decision: s})
			}
		}
	}
	return out
}

// cjkShareOf is the share of s's letters that are Han or kana.
func cjkShareOf(s string) float64 {
	var cjk, letters int
	for _, r := range s {
		switch {
		case isCJKShareRune(r):
			cjk++
			letters++
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
			letters++
		}
	}
	if letters == 0 {
		return 0
	}
	return float64(cjk) / float64(letters)
}

// isCJKShareRune reports a rune cjkShareOf counts as CJK: kana or a
// common ideograph.
func isCJKShareRune(r rune) bool { return r >= 0x3040 && r <= 0x30ff || r >= 0x4e00 && r <= 0x9fff }

// hasKana reports whether s holds hiragana or katakana.
func hasKana(s string) bool {
	for _, r := range s {
		if r >= 0x3040 && r <= 0x30ff {
			return true
		}
	}
	return false
}

var (
	// Japanese choices: 「Xにします」「Xにしましょう」「Xで行きましょう」
	// 「Xにしたほうがよさそう」「Xでお願いします」, at a sentence's end.
	choiceJA = regexp.MustCompile(`^(.+?)(?:に(?:します|しましょう|したい|したほうが(?:よさそう|いい|良い|よい)|するのがよさそう)|で(?:行きましょう|いきましょう|行きます|いきます|お願いします|進めてください|進めましょう)|を採用(?:します|しましょう|したい))(?:です|ね|か)?[。！!]?$`)
	// "YではなくX": Y is the alternative.
	insteadJA = regexp.MustCompile(`^(.+?)ではなく[、,]?\s*(.+)$`)
	// "XのでY", "XからY": X is the reason.
	becauseJA = regexp.MustCompile(`^(.+?)(?:ので|から|ため)[、,]?\s*(.+)$`)
)

// jaPointer are words that point at what was said: "それ", "こちら".
var jaPointer = set("それ", "これ", "あれ", "そちら", "こちら", "そっち", "こっち", "その案", "この案")

// japaneseChoices reads a steward's Japanese choices, sentence by sentence.
func japaneseChoices(prose string) []baton.Decision {
	if !containsAnyNonASCII(prose, "にでなを") {
		return nil // no sentence of it can hold one: not cut into sentences
	}
	var out []baton.Decision
	for _, s := range decisionSentences(prose) {
		s = strings.TrimSpace(plainText(s))
		if !containsAnyNonASCII(s, "にでなを") || strings.HasSuffix(s, "？") || strings.HasSuffix(s, "?") {
			continue
		}
		m := choiceJA.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		d := baton.Decision{Decision: m[1]}
		if b := becauseJA.FindStringSubmatch(d.Decision); b != nil {
			d.Rationale, d.Decision = strings.TrimPrefix(b[1], "どうやら"), b[2]
		}
		if b := insteadJA.FindStringSubmatch(d.Decision); b != nil {
			d.Alternatives, d.Decision = []string{b[1]}, b[2]
		}
		d.Decision = strings.TrimPrefix(strings.TrimSpace(d.Decision), "どうやら")
		// "はい、それでお願いします": an answer to what was offered, read as
		// an acceptance elsewhere, not a choice of its own.
		if utf8.RuneCountInString(d.Decision) < 4 || strings.HasPrefix(d.Decision, "はい") || jaPointer[strings.TrimSpace(d.Decision)] {
			continue
		}
		if strings.HasPrefix(s[len(m[1]):], "に") {
			d.Decision += "にする"
		} else if strings.HasPrefix(s[len(m[1]):], "を採用") {
			d.Decision += "を採用する"
		}
		out = append(out, d)
	}
	return out
}
