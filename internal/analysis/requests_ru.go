package analysis

import (
	"strings"
	"unicode"
)

// imperativeVerbsRU open a Russian sentence that asks for work: the
// imperative of a verb a steward asks an assistant with ("исправь",
// "добавьте", "продолжи", "почитай").
var imperativeVerbsRU = set(
	"сделай", "сделайте", "исправь", "исправьте", "почини", "почините", "добавь", "добавьте", "удали", "удалите",
	"убери", "уберите", "измени", "измените", "поменяй", "поменяйте", "замени", "замените", "обнови", "обновите",
	"создай", "создайте", "напиши", "напишите", "перепиши", "перепишите", "объясни", "объясните", "расскажи",
	"расскажите", "покажи", "покажите", "проверь", "проверьте", "найди", "найдите", "продолжи", "продолжите",
	"продолжай", "продолжайте", "изучи", "изучите", "почитай", "почитайте", "прочитай", "прочитайте", "прочти",
	"прочтите", "запусти", "запустите", "установи", "установите", "настрой", "настройте", "переведи", "переведите",
	"помоги", "помогите", "подскажи", "подскажите", "опиши", "опишите", "запроси", "запросите", "реализуй",
	"реализуйте", "улучши", "улучшите", "оптимизируй", "посмотри", "посмотрите", "дай", "дайте", "составь",
	"составьте", "подготовь", "подготовьте", "сравни", "сравните", "проанализируй", "проанализируйте", "разберись",
	"разберитесь", "закоммить", "закоммитьте", "запушь", "отрефактори", "протестируй", "сгенерируй", "следуй",
	"следуйте", "оформи", "перенеси", "перенесите", "вынеси", "вынесите", "начни", "начните", "сократи", "упрости")

// questionWordsRU open a Russian question: why, how, what, where, which,
// how many, whether.
var questionWordsRU = set("почему", "зачем", "как", "что", "где", "когда", "какой", "какая", "какое", "какие",
	"каком", "какую", "каких", "сколько", "кто", "куда", "откуда", "чем", "можно", "нужно", "есть", "про")

// leadWordsRU open a Russian sentence without changing what it asks ("а
// почитай …", "ну и теперь проверь …", "пожалуйста, добавь …").
var leadWordsRU = set("а", "и", "ну", "теперь", "тогда", "также", "ещё", "еще", "пожалуйста", "давай", "давайте",
	"так", "вот", "далее", "дальше", "сейчас", "сам", "сама", "сами")

// cyrillicText reports text written mostly in Cyrillic letters.
func cyrillicText(s string) bool {
	if isASCII(s) {
		return false // most text: no letter needs decoding to say so
	}
	cyr, other := 0, 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Cyrillic, r):
			cyr++
		case unicode.IsLetter(r):
			other++
		}
	}
	return cyr > 0 && cyr >= other
}

// russianRequest is the task a Russian sentence asks for, and its form:
// past its lead words and the files it attaches ("@rules.mdc продолжи
// курс …"), one opening with an imperative ("исправь импорт"), or a
// question (a question word, and a question mark unless it opens the
// sentence: "Почему скрипт зависает при запуске …").
func russianRequest(s string) (string, requestForm) {
	words := strings.Fields(s)
	for len(words) > 0 {
		w := strings.ToLower(strings.Trim(words[0], ",.:;!"))
		if !leadWordsRU[w] && !strings.HasPrefix(w, "@") {
			break
		}
		words = words[1:]
	}
	if len(words) < 2 {
		return "", 0
	}
	first := strings.ToLower(strings.Trim(words[0], ",.:;!?"))
	question := strings.HasSuffix(s, "?")
	var form requestForm
	switch {
	case imperativeVerbsRU[first]:
		form = formImperative
	case questionWordsRU[first] && (question || len(words) >= 4):
		form = formQuestion
	case question && len(words) >= 4 && hasRussianQuestionWord(words):
		form = formQuestion
	default:
		return "", 0
	}
	if len(words) > maxRequestWords {
		words = trimFunctionWords(cutAtClause(words))
		if len(words) > maxRequestWords {
			words = words[:maxRequestWords]
		}
	}
	return strings.TrimRight(strings.Join(words, " "), ".,;:!? "), form
}

func hasRussianQuestionWord(words []string) bool {
	for _, w := range words {
		if questionWordsRU[strings.ToLower(strings.Trim(w, ",.:;!?"))] {
			return true
		}
	}
	return false
}
