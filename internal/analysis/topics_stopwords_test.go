package analysis

import (
	"slices"
	"testing"
)

// TestTopicsOfOtherLanguagesHoldNoFiller: a Spanish, a Portuguese and a
// Russian chat, whose greetings, request verbs and "continue" recur
// more than their subject, are indexed by their subject alone.
func TestTopicsOfOtherLanguagesHoldNoFiller(t *testing.T) {
	for _, tc := range []struct {
		name      string
		turns     []string // steward, assistant, steward, …
		want      string
		notTopics []string
		// alone: a notTopics word may head a phrase ("podsumowanie
		// tokenizera", the tokenizer's summary), as its English may.
		alone bool
	}{
		{
			name: "spanish",
			turns: []string{
				"Hola, quiero crear un nuevo proyecto con una cola de mensajes",
				"Hola. Para crear el proyecto con la cola de mensajes, primero definimos el productor",
				"Gracias. Continúa, puedes explicarme el resultado del productor?",
				"Claro. El resultado: el productor escribe en la cola de mensajes y el consumidor la lee",
				"Continúa con el consumidor del proyecto",
				"El consumidor lee la cola de mensajes; el resultado queda en el proyecto nuevo",
			},
			want:      "cola",
			notTopics: []string{"hola", "crear", "nuevo", "proyecto", "continúa", "resultado", "gracias", "explicarme"},
		},
		{
			name: "portuguese",
			turns: []string{
				"Olá, preciso fazer o arquivo de configuração do servidor de backup",
				"Olá! Para fazer o arquivo de configuração do backup, vamos definir o agendamento",
				"Obrigado. Continue, pode mostrar o arquivo do agendamento?",
				"Claro, o arquivo do agendamento do backup fica assim",
				"Continue com o agendamento do backup",
				"O agendamento do backup roda todo dia; o arquivo novo está pronto",
			},
			want:      "agendamento",
			notTopics: []string{"olá", "fazer", "arquivo", "continue", "obrigado", "novo", "pode"},
		},
		{
			name: "russian",
			turns: []string{
				"Привет, давай сделаем конспект по нейросетям, продолжай по разделам",
				"Привет! Давай начнём конспект: нейросети состоят из слоёв",
				"Спасибо, продолжай конспект",
				"Продолжаю конспект: нейросети обучаются градиентным спуском",
				"Хорошо, продолжай",
				"Конспект готов: нейросети, слои, обучение",
			},
			want:      "конспект",
			notTopics: []string{"привет", "давай", "продолжай", "спасибо", "хорошо"},
		},
		{
			// A Polish request, answered in English.
			name: "polish",
			turns: []string{
				"Cześć, sprawdź wszystkie aktualne zmiany w kolejce zadań i zaplanuj migrację kolejki",
				"The task queue holds three pending jobs; the queue migration needs a new table",
				"Dzięki. Zacommituj wszystkie zmiany i przejdź do migracji kolejki",
				"Committed. The queue migration is next: the queue table gets a priority column",
			},
			want:      "queue",
			notTopics: []string{"cześć", "sprawdź", "wszystkie", "aktualne", "zmiany", "zaplanuj", "zacommituj", "przejdź", "dzięki"},
		},
		{
			// The generic nouns English keeps out ("summary", "text",
			// "version"), said in Polish and Russian.
			name: "generic nouns",
			turns: []string{
				"Przygotuj podsumowanie: текст логов парсера, wersja parsera i jego podsumowanie",
				"Podsumowanie: текст логов parsera shows the tokenizer drops unicode escapes; wersja 2.1",
				"Dodaj podsumowanie tokenizera i текст ошибки tokenizera do notatek",
				"Podsumowanie added: the tokenizer escapes fix, текст ошибки and wersja 2.2 of the parser",
			},
			want:      "tokenizera",
			notTopics: []string{"podsumowanie", "текст", "wersja"},
			alone:     true,
		},
	} {
		c := newConvo().turns(tc.turns...)
		topics := keyTopics(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
		if !slices.ContainsFunc(topics, func(topic string) bool { return holdsTerm(topic, tc.want) || topic == tc.want }) {
			t.Errorf("%s: topics %q, want one holding %q", tc.name, topics, tc.want)
		}
		for _, topic := range topics {
			for _, w := range tc.notTopics {
				if topic == w || !tc.alone && holdsTerm(topic, w) {
					t.Errorf("%s: topic %q is %q, which names no subject", tc.name, topic, w)
				}
			}
		}
	}
}

// TestStopWordTopic: a word of another language's stop list, or a
// phrase made with one, is no topic; a Spanish infinitive with its
// attached pronoun is a verb; English words that end alike are kept.
func TestStopWordTopic(t *testing.T) {
	for term, want := range map[string]bool{
		"hola":             true,
		"continúa":         true,
		"продолжай":        true,
		"nuevo proyecto":   true,
		"explicarme":       true,
		"hacernos":         true,
		"agregarlos":       true,
		"message queue":    false,
		"parse":            false,
		"reverse":          false,
		"cola de mensajes": false,
		"конспект":         false,
		"agendamento":      false,
		"zaplanuj zadania": true, // plan the tasks
		"zaktualizujmy":    true, // let's update
		"aktualne zmiany":  true, // the current changes
		"sprawdź status":   true,
		"baza wektorowa":   false, // vector database
		"menu":             false,
		"queue":            false,
		"pamięci":          false,
	} {
		if got := stopWordTopic(term); got != want {
			t.Errorf("stopWordTopic(%q) = %v, want %v", term, got, want)
		}
	}
}

// TestRussianPoliteVerbs: a Russian request's verbs in their polite and
// first-person forms are no topics; the nouns that share their endings
// (a site's and a byte's case, "лимите") stay words.
func TestRussianPoliteVerbs(t *testing.T) {
	for w, verb := range map[string]bool{
		"напишите": true, "попробуйте": true, "проверьте": true, "добавьте": true, "сделайте": true,
		"настройте": true, "добавите": true, "укажу": true, "объясню": true,
		"сайте": false, "байте": false, "мегабайте": false, "лимите": false, "конспект": false, "логов": false,
		"интерфейсе": false, "контексте": false,
	} {
		if got := stopWordTopic(w); got != verb {
			t.Errorf("stopWordTopic(%q) = %v, want %v", w, got, verb)
		}
	}
}
