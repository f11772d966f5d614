package analysis

import (
	"slices"
	"testing"
)

// TestRussianRequests: a Russian line is words, not pasted output; a
// sentence asks for work when, past its lead words and attached files, it
// opens with an imperative ("а почитай …", "@rules.mdc продолжи …", "сам
// запроси …"), and asks a question with a question word; a statement asks
// for nothing.
func TestRussianRequests(t *testing.T) {
	if looksLikeOutput("Там почти все готово, но текст подставляется один и тот же") {
		t.Error("a Russian sentence looks like output")
	}
	cases := map[string][]string{
		"А почитай про хоткей и push-to-talk.":            {"почитай про хоткей и push-to-talk"},
		"@rules.mdc продолжи курс с раздела 2.2.1":        {"продолжи курс с раздела 2.2.1"},
		"сам запроси доступ к файлам":                     {"запроси доступ к файлам"},
		"Про что проект и на каком этапе сейчас поиск?":   {"Про что проект и на каком этапе сейчас поиск"},
		"Почему скрипт зависает при запуске из редактора": {"Почему скрипт зависает при запуске из редактора"},
		"Я установил LM Studio и теперь хочу попробовать": nil,
	}
	for in, want := range cases {
		if got := requestTasks(in); !slices.Equal(got, want) {
			t.Errorf("%q: tasks %q, want %q", in, got, want)
		}
	}
}
