package analysis

import (
	"strings"
	"unicode/utf8"
)

// The word lists of salient (topics.go) and termWord are mostly English;
// those of the other languages the sessions are written in hold only
// their commonest function words, so a Spanish, Portuguese, French,
// Russian or Korean session's topics were its verbs, greetings and filler
// ("crear", "hola", "продолжай"). topicStopWords are, for each language,
// the words that name no subject of a session, as the English stop
// words, verbs and workflow words do: function words, pronouns, the
// commonest verbs in the forms a request and an answer use them
// (infinitive, imperative, first person), greetings, thanks, and the
// filler that only keeps a chat going ("continue", "continúa",
// "продолжай"). A topic holding one of them is no topic (keyTopics).

// topicStopWords is the union of the lists below.
var topicStopWords = func() map[string]bool {
	out := map[string]bool{}
	for _, s := range []map[string]bool{requestVerbs, spanishTopicStopWords, portugueseTopicStopWords, frenchTopicStopWords,
		russianTopicStopWords, polishTopicStopWords, koreanTopicStopWords, chatFillerWords, romanceCommonWords, russianStopWords} {
		for w := range s {
			out[w] = true
		}
	}
	return out
}()

// stopWordTopic reports a topic that holds a word of topicStopWords: a
// single word that names no subject, or a phrase made with one ("nuevo
// proyecto").
func stopWordTopic(term string) bool {
	words := strings.Fields(term)
	for _, w := range words {
		if topicStopWords[w] {
			return true
		}
	}
	return len(words) == 1 && (cliticInfinitive(words[0]) || russianPoliteVerb(words[0])) || polishImperative(words)
}

// russianPoliteVerb reports a Russian verb in a form a request or an
// answer is made with: the polite imperative, which ends in "-йте" or
// "-ьте" (сделайте, попробуйте, проверьте, добавьте) where no noun of
// software work does (the nouns "байте" and "сайте" are a byte's and a
// site's case), or one of the commonest request verbs in the polite form
// ending "-ите" that nouns share (напишите, укажите; лимите is a noun), in
// the "you will" form (добавите, сможете) or in the first person
// (укажу, добавлю).
func russianPoliteVerb(w string) bool {
	if russianRequestVerbs[w] {
		return true
	}
	if !strings.HasSuffix(w, "те") || utf8.RuneCountInString(w) < 6 {
		return false
	}
	for _, ending := range [...]string{"ьте", "уйте", "ойте", "ейте", "яйте", "айте"} {
		if strings.HasSuffix(w, ending) {
			return !strings.HasSuffix(w, "байте") && !strings.HasSuffix(w, "сайте")
		}
	}
	return false
}

// russianRequestVerbs are the commonest verbs of a Russian request in the
// forms russianPoliteVerb's endings leave out.
var russianRequestVerbs = set(
	"напишите", "опишите", "укажите", "покажите", "скажите", "расскажите", "подскажите", "объясните",
	"посмотрите", "помогите", "уберите", "удалите", "измените", "запустите", "обновите", "найдите", "создадите",
	"добавите", "укажете", "напишете", "сделаете", "сможете", "можете", "проверите", "исправите", "измените",
	"укажу", "покажу", "скажу", "расскажу", "добавлю", "напишу", "проверю", "посмотрю", "исправлю", "создам",
	"запущу", "обновлю", "опишу", "удалю", "изменю", "объясню")

// polishImperative reports a phrase holding a Polish imperative, which
// most of the verbs a request is made with end in "-uj" (zaplanuj, plan;
// przeanalizuj, analyse; an English verb made Polish, zacommituj), with
// "-my" or "-cie" for "let's" and the plural (zaplanujmy, sprawdźmy,
// dodajcie): a request, not its subject.
func polishImperative(words []string) bool {
	for _, w := range words {
		for _, ending := range [...]string{"uj", "ujmy", "ujcie", "dźmy", "ijmy"} {
			if len(w) >= len(ending)+3 && strings.HasSuffix(w, ending) {
				return true
			}
		}
	}
	return false
}

// cliticInfinitive reports a Spanish infinitive with the pronoun a
// request attaches to it ("crearme", make me; "explicarlo", explain it;
// "hacernos"): a verb, no subject. "se" is left out, for English words
// end in "-arse" and "-erse" ("parse", "reverse").
func cliticInfinitive(w string) bool {
	for _, pronoun := range [...]string{"me", "te", "lo", "la", "le", "nos", "los", "las", "les"} {
		stem, ok := strings.CutSuffix(w, pronoun)
		if !ok || len(stem) < 4 {
			continue
		}
		for _, ending := range [...]string{"ar", "er", "ir"} {
			if strings.HasSuffix(stem, ending) {
				return true
			}
		}
	}
	return false
}

// chatFillerWords are the words that keep a chat going in any language:
// "continue" and "go on", "okay", "thanks", "hello". English's other
// filler is in stopWords already.
var chatFillerWords = set("continue", "continua", "continúa", "continuar", "continuez", "continuer", "continuons",
	"sigue", "seguir", "siga", "prossiga", "prosseguir", "adelante", "vamos", "bora", "allez",
	"hola", "holaa", "buenas", "buenos", "saludos", "olá", "bonjour", "bonsoir", "salut", "coucou",
	"gracias", "obrigado", "obrigada", "valeu", "merci", "perfecto", "perfeito", "parfait", "genial",
	"excelente", "listo", "pronto", "beleza", "voilà", "voila", "claro", "certo", "entendido",
	"entendi", "compris", "hello", "thanks", "proceed", "goahead")

// requestVerbs are the verbs of intent.go's imperatives (verbs,
// topics.go) in Spanish, Portuguese and French, infinitive and
// imperative: what a request asks to do, not what it is about.
var requestVerbs = set(
	// Spanish
	"implementar", "implementa", "implemente", "generar", "genera", "instalar", "instala", "eliminar", "elimina",
	"borrar", "borra", "quitar", "quita", "ejecutar", "ejecuta", "correr", "actualizar", "actualiza", "configurar",
	"configura", "buscar", "busca", "encontrar", "encuentra", "escribir", "escribe", "leer", "lee", "mover",
	"mueve", "abrir", "abre", "renombrar", "renombra", "reemplazar", "reemplaza", "convertir", "convierte",
	"limpiar", "limpia", "comparar", "compara", "revertir", "habilitar", "habilita", "deshabilitar",
	// Portuguese
	"implemente", "implementar", "gere", "gerar", "instale", "instalar", "remova", "remover", "apague", "apagar",
	"executar", "rodar", "atualize", "atualizar", "configurar", "procure",
	"procurar", "encontre", "encontrar", "escreva", "escrever", "leia", "ler", "mova", "mover", "abra", "abrir",
	"renomeie", "renomear", "substitua", "substituir", "converta", "converter", "limpe", "limpar",
	"comparar", "habilite", "habilitar", "desabilite", "desabilitar",
	// French
	"implémenter", "implémente", "générer", "génère", "installer", "installe", "supprimer", "supprime",
	"exécuter", "exécute", "lancer", "mettre", "configurer", "chercher",
	"cherche", "trouver", "trouve", "écrire", "écris", "lire", "lis", "déplacer", "déplace", "ouvrir", "ouvre",
	"renommer", "renomme", "remplacer", "remplace", "convertir", "convertis", "nettoyer", "nettoie", "comparer",
	"activer", "désactiver", "désactive")

// spanishTopicStopWords are Spanish words beside romanceStopWords and
// romanceCommonWords (title_session.go).
var spanishTopicStopWords = set(
	// Function words and pronouns.
	"algún", "alguna", "algunas", "algunos", "alguien", "ambos", "aquel", "aquella", "aquello", "aunque",
	"cada", "casi", "cierto", "como", "cual", "cuales", "cuáles", "cualquier", "cuanto", "cuánto",
	"dentro", "demás", "durante", "ella", "ellas", "ellos", "esas", "esos", "esta", "estas", "este", "estos",
	"fuera", "hacia", "luego", "mediante", "mientras", "mismo", "mucho", "mucha", "muchos", "muchas", "nada",
	"nadie", "ningún", "ninguna", "ninguno", "nosotros", "nuestros", "nuestras", "nunca", "otras", "para",
	"pero", "poco", "poca", "pocos", "porque", "porqué", "pues", "quien", "quién", "quienes", "siempre",
	"sobre", "solamente", "suyo", "suya", "tambien", "tanto", "tanta", "tantos", "todavia", "tras", "tuyo",
	"unas", "unos", "usted", "ustedes", "vosotros", "ya", "aún", "así", "aqui", "alli", "allí", "acá", "ahi", "ahí",
	"antes", "despues", "dónde", "cómo", "qué", "cuándo", "sería", "sino",
	// The commonest verbs, in the forms a request and an answer use.
	"crear", "creo", "crea", "crees", "hacer", "haz", "hazme", "hace", "hacemos",
	"hacen", "hecho", "hacía", "haya", "hayas", "haber", "había", "habría", "puedo", "puedes", "pueden",
	"podemos", "podría", "podrías", "podrias", "podrian", "quiero", "quieres", "quiere", "queremos", "quisiera",
	"necesito", "necesitas", "necesita", "necesitamos", "tener", "tengo", "tienes", "tiene", "tenemos", "tienen",
	"tenía", "ser", "sea", "sean", "somos", "eran", "fue", "fueron", "estar", "estás", "esté",
	"estén", "estaba", "estado", "estamos", "están", "estoy", "decir", "dime", "dice", "dicen", "digo", "dijo",
	"dame", "darme", "dar", "doy", "das", "ver", "veo", "vemos", "mira", "mirar", "revisa", "revisar",
	"revisame", "revísame", "muestra", "muéstrame", "mostrar", "explica", "explícame", "explicame", "explicar",
	"agrega", "agregar", "añade", "añadir", "cambia", "cambiar", "usa", "usar", "utiliza", "utilizar", "usando",
	"funciona", "funcionar", "funcionando", "intenta", "intentar", "probar", "prueba", "pruebo", "arregla",
	"arreglar", "corrige", "corregir", "ayudar", "ayúdame", "ayudame", "sabes", "saber", "sé", "parece",
	"entiendo", "entiende", "creo", "pienso", "hay", "haga", "hagamos", "vamos", "voy", "vas", "ir",
	"hola", "gracias", "favor", "porfavor", "perdón", "disculpa",
	// Generic nouns English counts as stop or workflow words.
	"archivo", "archivos", "código", "codigo", "cosa", "cosas", "manera", "forma", "parte", "partes", "vez",
	"veces", "ejemplo", "problema", "problemas", "cambio", "cambios", "paso", "pasos", "opción", "opciones",
	"resultado", "resultados", "proyecto", "proyectos", "carpeta", "carpetas", "comando", "comandos",
	"nuevo", "nueva", "nuevos", "nuevas", "mejor", "bueno", "buena", "bien", "mal", "toda", "todos",
	"todas", "solo", "sólo", "ahora", "entonces", "siguiente", "correcto", "correcta")

// portugueseTopicStopWords are Portuguese words beside romanceStopWords
// and romanceCommonWords.
var portugueseTopicStopWords = set(
	"algum", "alguma", "alguns", "algumas", "alguém", "aquele", "aquela", "aquilo", "através", "cada", "coisa",
	"coisas", "dentro", "desse", "dessa", "deste", "desta", "disso", "disto", "durante", "eles",
	"elas", "enquanto", "essas", "esses", "estas", "estes", "fora", "lhe", "lhes", "mesmos", "mesmas", "muitos",
	"muitas", "nenhum", "nenhuma", "ninguém", "nossos", "nossas", "nunca", "outro", "outra", "outros", "outras",
	"pouco", "pouca", "quem", "sempre", "seus", "suas", "tanto", "tanta", "teus", "tuas", "vocês", "você",
	"aquilo", "embora", "porém", "portanto", "contudo", "apenas", "somente", "agora", "então", "assim", "ainda",
	"aqui", "ali", "também", "depois", "antes", "logo", "já",
	// Verbs.
	"criar", "crie", "cria", "fazer", "faça", "faz", "fazendo", "feito", "feita", "poder", "posso", "podemos",
	"podem", "podia", "pode", "poderia", "quero", "queremos", "quer", "querem", "preciso", "precisamos",
	"precisa", "precisam", "precisar", "ter", "tenho", "tens", "tem", "temos", "têm", "tinha", "ser", "sou",
	"somos", "são", "eram", "foi", "foram", "seria", "estar", "estou", "está", "estamos", "estão",
	"estava", "estavam", "dizer", "diga", "diz", "disse", "dar", "dê", "ver", "veja", "vejo", "mostre",
	"mostrar", "explique", "explicar", "adicione", "adicionar", "altere", "alterar", "mude", "mudar",
	"usar", "usando", "utilizar", "funciona", "funcionar", "funcionando", "tente", "tentar", "testar",
	"corrija", "corrigir", "arrume", "arrumar", "ajudar", "ajude", "sabe", "saber", "acho", "parece", "vamos",
	"vou", "vai", "vão", "verifique", "fiz", "fez",
	"olá", "obrigado", "obrigada", "favor", "desculpe",
	// Generic nouns.
	"arquivo", "arquivos", "código", "codigo", "jeito", "forma", "parte", "partes", "vez", "vezes", "exemplo",
	"problema", "problemas", "mudança", "mudanças", "alteração", "alterações", "passo", "passos", "opção", "opções", "resultado", "resultados",
	"projeto", "projetos", "pasta", "pastas", "comando", "comandos", "novo", "nova", "novos", "novas", "melhor",
	"bom", "boa", "bem", "mal", "tudo", "toda", "todos", "todas", "só", "próximo", "atual", "correto",
	"correta")

// frenchTopicStopWords are French words beside romanceStopWords.
var frenchTopicStopWords = set(
	"alors", "ainsi", "autre", "autres", "aucun", "aucune", "auquel", "aux", "avons", "avez", "ayant", "beaucoup",
	"bien", "ceux", "celles", "chez", "contre", "dont", "duquel", "elle", "elles", "encore", "enfin",
	"ensuite", "entre", "étaient", "était", "étais", "été", "être", "eux", "faut", "fait", "faites",
	"ils", "jamais", "lequel", "laquelle", "lesquels", "leur", "lui", "même", "mêmes", "mien", "nos",
	"notre", "nôtre", "parmi", "pendant", "peu", "plupart", "plusieurs", "pourquoi", "pourrais",
	"pourrait", "pourriez", "quelque", "quelques", "quelqu", "rien", "sera", "serait", "seront", "sien",
	"soit", "sont", "souvent", "surtout", "tant", "tien", "toujours", "trop", "vers", "voici", "vos", "vôtre",
	"déjà", "puis", "donc",
	// Verbs.
	"créer", "crée", "créez", "faire", "fais", "faisons", "peux", "pouvoir", "pouvons", "veux", "voulez",
	"vouloir", "voudrais", "dois", "doit", "devons", "devez", "devoir", "avoir", "ai", "as", "avait", "suis",
	"sommes", "êtes", "dis", "dit", "dites", "donne", "donner", "donnez", "voir", "vois", "voyons",
	"regarde", "regarder", "regardez", "montre", "montrer", "montrez", "explique", "expliquer", "expliquez",
	"ajoute", "ajouter", "ajoutez", "changer", "changez", "modifie", "modifier", "modifiez",
	"utilise", "utiliser", "utilisez", "fonctionne", "marche", "essaie", "essaye", "essayer", "essayez",
	"corrige", "corriger", "corrigez", "aidez", "sais", "savoir", "pense", "crois", "semble",
	"allons", "vais", "vas", "aller", "bonjour", "salut", "merci", "désolé", "svp",
	// Generic nouns.
	"fichier", "fichiers", "façon", "manière", "chose", "choses", "partie", "fois", "exemple",
	"problème", "problèmes", "changement", "changements", "étape", "étapes", "résultat", "résultats",
	"projet", "projets", "dossier", "dossiers", "commande", "commandes", "nouveau", "nouvelle", "nouveaux",
	"nouvelles", "meilleur", "meilleure", "bon", "bonne", "mauvais", "prochain", "prochaine", "actuel",
	"actuelle", "correcte")

// russianTopicStopWords are Russian words beside russianStopWords
// (title_session.go): Russian inflects, so a word is listed in the forms
// a chat uses it in.
var russianTopicStopWords = set(
	"этого", "этом", "этой", "этому", "этих", "этим", "эту", "того", "тому", "той", "тем", "тех", "том",
	"который", "которая", "которое", "которые", "которых", "которым", "котором", "свой", "своя", "своё",
	"свои", "своих", "себя", "себе", "собой", "тебя", "тебе", "тобой", "вам", "вас", "вами", "нам", "нас",
	"нами", "него", "неё", "нему", "ней", "ним", "них", "ему", "ими", "кто", "кого", "кому", "чем", "чему",
	"чего", "вот", "вообще", "просто", "конечно", "например", "затем", "потом", "после", "перед", "между",
	"около", "кроме", "вместо", "более", "менее", "много", "мало", "несколько", "каждый", "каждая", "каждое",
	"другой", "другая", "другое", "другие", "других", "всего", "всех", "всем", "всеми", "всю", "вся",
	"сначала", "снова", "опять", "сразу", "пока", "даже", "ведь", "лишь", "именно", "либо", "нибудь",
	"какое", "какую", "каких", "какой-то", "что-то", "где-то", "как-то", "зачем", "откуда", "куда", "сколько",
	"ещё", "нет", "ага", "ок", "окей",
	// Verbs: imperative, first person, infinitive.
	"продолжай", "продолжи", "продолжить", "продолжаем", "продолжайте", "давай", "давайте", "сделай",
	"сделайте", "сделать", "делать", "делаю", "сделал", "сделала", "сделано", "покажи", "показать", "напиши",
	"написать", "пишу", "объясни", "объяснить", "расскажи", "рассказать", "помоги", "помочь", "скажи",
	"сказать", "дай", "дать", "добавь", "добавить", "измени", "изменить",
	"исправь", "исправить", "проверь", "проверить", "посмотри", "посмотреть", "используй", "использовать",
	"используя", "попробуй", "попробую", "создай", "создать", "запусти", "запустить", "нужен", "нужна",
	"нужны", "могу", "можешь", "может", "могут", "мог", "могла", "должен", "должна", "должно", "должны",
	"буду", "будешь", "будем", "будут", "хочешь", "хотите", "знаю", "знаешь", "думаю", "кажется", "понял",
	"поняла", "понятно", "получается", "получилось", "работает", "работать", "работают", "является",
	"привет", "спасибо", "хорошо", "отлично", "ладно", "супер", "прошу",
	// Generic nouns, in their commonest cases.
	"файл", "файла", "файле", "файлы", "файлов", "код", "кода", "коде", "проект", "проекта", "проекте",
	"вопрос", "вопросы", "вопроса", "ответ", "ответы", "пример", "примеры", "примера", "проблема", "изменения", "изменение", "изменений",
	"проблемы", "проблему", "шаг", "шаги", "вариант", "варианты", "результат",
	"результаты", "способ", "часть", "части",
	"новый", "новая", "новое", "новые", "лучше", "следующий", "следующая", "текущий", "правильно")

// polishTopicStopWords are Polish words that are no topic: function
// words, pronouns, the request verbs (imperative, "let's" and first
// person forms; most imperatives polishImperative knows by their ending),
// greetings, and the generic nouns and adjectives English counts as stop
// words, in the cases a chat uses them.
var polishTopicStopWords = set(
	// Function words and pronouns.
	"się", "jest", "są", "nie", "tak", "czy", "jak", "oraz", "lub", "albo", "ale", "aby", "żeby", "który",
	"która", "które", "którego", "której", "których", "którym", "którymi", "tego", "tej", "ten", "tym", "tych",
	"jego", "jej", "ich", "nasz", "nasza", "nasze", "naszego", "naszej", "naszych", "mój", "moja", "moje", "mojego",
	"mojej", "moich", "twój", "twoja", "twoje", "swój", "swoja", "swoje", "swojego", "swoich", "wszystkie",
	"wszystko", "wszystkich", "wszystkim", "cały", "cała", "całe", "całego", "każdy", "każda", "każde", "każdego",
	"inne", "inny", "inna", "innych", "innego", "jeszcze", "już", "teraz", "potem", "następnie", "najpierw",
	"także", "również", "tylko", "bardzo", "więcej", "mniej", "może", "można", "trzeba", "należy", "gdzie",
	"kiedy", "dlaczego", "czemu", "jaki", "jaka", "jakie", "jakich", "jakiego", "jakiej", "przez", "przy",
	"pod", "nad", "przed", "między", "bez", "dla", "oraz", "jako", "jeśli", "jeżeli", "gdyby", "ponieważ",
	"bo", "więc", "zatem", "dalej", "tutaj", "tam", "tu", "coś", "czegoś", "nic", "niczego", "mnie", "mi",
	"nam", "nas", "was", "wam", "ciebie", "tobie", "sobie", "siebie", "ono", "one", "oni", "ona", "on",
	"użyciem", "pomocą", "według", "podczas", "poprzez", "wraz", "zamiast", "około", "poszczególne",
	"poszczególnych", "odpowiedni", "odpowiednie", "odpowiedniego", "odpowiadającego", "odpowiadające",
	// Request verbs and the commonest verbs.
	"stwórz", "stwórzmy", "utwórz", "zrób", "zróbmy", "dodaj", "dodajmy", "usuń", "zmień", "popraw", "napraw",
	"sprawdź", "sprawdźmy", "zapisz", "wypchnij", "uruchom", "przeczytaj", "przeszukaj", "przejdź", "przejdźmy",
	"napisz", "opisz", "pokaż", "przygotuj", "przenieś", "skopiuj", "zacznij", "zacznijmy", "spróbuj", "użyj",
	"wykonaj", "znajdź", "otwórz", "zamknij", "zobacz", "daj", "powiedz", "pomóż", "potrzebuję", "chcę",
	"chciałbym", "chciałabym", "chcemy", "mam", "masz", "mamy", "macie", "mają", "był", "była", "było", "były",
	"będzie", "będą", "zrobić", "zrobiłem", "zrobione", "działa", "działać", "działają", "musi", "musisz",
	"musimy", "możesz", "możemy", "mogę", "wiem", "wiesz", "myślę", "proszę", "dzięki", "dziękuję", "cześć",
	"witaj", "dobrze", "okej", "świetnie",
	// Generic nouns and adjectives.
	"zmiany", "zmian", "zmianę", "zmiana", "plik", "pliki", "pliku", "plików", "kod", "kodu", "kodzie",
	"problemu", "problemy", "rzecz", "rzeczy", "sposób", "sposobu", "przykład", "przykładu",
	"krok", "kroki", "wynik", "wyniki", "projekt", "projektu", "projekcie", "katalog", "katalogu",
	"nowy", "nowa", "nowe", "nowego", "nowej", "aktualne", "aktualny", "aktualna", "aktualnego", "aktualnej",
	"obecne", "obecny", "obecnego", "dobry", "dobra", "dobre", "lepiej", "lepszy", "następny", "następne",
	"poprzedni", "poprzednie")

// koreanTopicStopWords are Korean words that are no topic: a word of
// Korean holds its particle ("파일을", the file + object marker), so the
// commonest nouns are listed with their particles, beside the
// conjunctions, adverbs, greetings and the polite verb endings a request
// or an answer is made of.
var koreanTopicStopWords = set(
	"그리고", "그러나", "하지만", "그래서", "그런데", "그러면", "그럼", "또는", "또한", "만약", "만약에", "이제", "지금",
	"다시", "먼저", "다음", "다음에", "계속", "계속해", "계속해줘", "계속해주세요", "진행", "진행해", "진행해줘",
	"진행해주세요", "해줘", "해주세요", "해봐", "해보세요", "주세요", "알려줘", "알려주세요", "보여줘", "보여주세요",
	"설명해줘", "설명해주세요", "만들어줘", "만들어주세요", "고쳐줘", "고쳐주세요", "확인해줘", "확인해주세요",
	"있습니다", "없습니다", "합니다", "했습니다", "됩니다", "입니다", "습니다", "있어요", "없어요", "해요", "돼요",
	"이것", "이것을", "이거", "그것", "그거", "저것", "여기", "거기", "어떻게", "무엇", "무엇을", "뭐가", "왜", "어디",
	"안녕", "안녕하세요", "감사합니다", "고마워", "고맙습니다", "네", "아니요", "좋아", "좋아요", "좋습니다",
	"파일", "파일을", "파일이", "코드", "코드를", "코드가", "문제", "문제가", "문제를", "방법", "방법을", "부분",
	"내용", "내용을", "정도", "경우", "경우에", "사용", "사용해", "사용해서", "프로젝트", "프로젝트를", "결과")
