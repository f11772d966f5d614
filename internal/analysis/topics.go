package analysis

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
)

// maxTopics caps the topics of one message.
const maxTopics = 5

// topicsOf returns a message's key terms: its technologies (up to three),
// then the salient words — four letters or more, not a stop word, verb,
// emotion or adverb — most frequent first, ties in order of appearance.
// ascii reports that the words' text is ASCII, so no word holds a run of
// Chinese or Japanese to cut out (splitMixedCJK), and they are not asked.
func topicsOf(words []string, hashes []uint64, ascii bool, entities []baton.Entity) []string {
	topics := make([]string, 0, maxTopics)
	for _, e := range entities {
		if e.Type != EntityTechnology || len(topics) >= 3 {
			continue
		}
		if t := strings.ToLower(e.Text); !slices.Contains(topics, t) {
			topics = append(topics, t)
		}
	}
	// Words of a path or URL ("internal", "store" in internal/store/db.go)
	// are not topics of their own.
	// Nor are the code symbols it names ("TestOrderSync",
	// "ModuleNotFoundError"): the technical context has them.
	var located, symbols []string
	for _, e := range entities {
		switch e.Type {
		case EntityFile, EntityURL:
			located = append(located, strings.ToLower(e.Text))
		case EntitySymbol:
			symbols = append(symbols, strings.ToLower(e.Text))
		}
	}
	type term struct {
		word  string
		count int
	}
	var buf [64]term
	terms := buf[:0]
	if !ascii {
		words = splitMixedCJK(words)
		hashes = appendFoldHashes(nil, words)
	}
	for i, w := range words {
		if !salientHashed(w, hashes[i]) || slices.Contains(topics, w) || within(w, located) || slices.Contains(symbols, w) {
			continue
		}
		found := false
		for j := range terms {
			if terms[j].word == w {
				terms[j].count++
				found = true
				break
			}
		}
		if !found && len(terms) < cap(buf)*4 {
			terms = append(terms, term{word: w, count: 1})
		}
	}
	// Most frequent first; a stable sort keeps ties in order of appearance.
	slices.SortStableFunc(terms, func(a, b term) int { return b.count - a.count })
	for _, t := range terms {
		if len(topics) >= maxTopics {
			break
		}
		topics = append(topics, t.word)
	}
	return topics
}

// salient reports whether a lower-case word can be a topic.
func salient(w string) bool { return salientBut(w, notTopicSet) }

// salientHashed is salient of a word whose foldHash is h: the word is not
// hashed again for notTopicSet.
func salientHashed(w string, h uint64) bool { return salientWith(w, notTopicSet, h, true) }

// salientBut is salient with the words it turns down, past its checks of
// form, in not (notTopicSet, or a set holding them and more): one
// lookup for a caller that turns down more words than salient.
func salientBut(w string, not *filteredSet) bool { return salientWith(w, not, 0, false) }

// salientWith is salientBut, given w's foldHash h when hashed: a word
// that fails the checks of form is not hashed.
func salientWith(w string, not *filteredSet, h uint64, hashed bool) bool {
	if r, _ := utf8.DecodeRuneInString(w); isKanji(r) || isKatakana(r) {
		// A run splitCJK cut out: two characters or more make a word.
		return utf8.RuneCountInString(w) >= 2 && utf8.RuneCountInString(w) <= 12 && !cjkStopWords[w]
	}
	// A word with an apostrophe is turned down by the loop below, as is
	// any with an ASCII byte that is not a lower-case letter.
	if len(w) < 4 || len(w) > 30 || strings.HasSuffix(w, "ly") ||
		(strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")) { // adverbs, past tenses
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z') && c < 0x80 {
			return false
		}
	}
	if !hashed {
		h = foldHash(w)
	}
	return !not.hasHashed(w, h)
}

// filteredSet is a set of words with a wordBloom of them: a word whose
// bit is clear is answered without looking it up, and most words asked of
// the sets salient reads (nearly every word of every message) are not in
// them. The others are looked up in a foldTable by the hash the bit came
// from.
type filteredSet struct {
	bloom wordBloom
	words *foldTable[bool]
}

func newFilteredSet(words map[string]bool) *filteredSet {
	s := &filteredSet{words: newFoldTable(words)}
	for w := range words {
		s.bloom.add(w)
	}
	return s
}

// hasHashed reports whether w, whose foldHash is h, is in the set.
func (s *filteredSet) hasHashed(w string, h uint64) bool {
	return s.bloom.hasBit(wordBitOf(h)) && s.words.at(w, h)
}

// notTopicSet is notTopicWords, filtered.
var notTopicSet = newFilteredSet(notTopicWords)

// notTopicWords are the words salient turns down, in one set: the stop
// words of each language, the imperatives (verbs), interrogatives, debug
// and noise words, and the emotion words. One lookup instead of nine for
// every word of every message was the most of salient's CPU.
var notTopicWords = func() map[string]bool {
	out := map[string]bool{}
	for _, s := range []map[string]bool{stopWords, verbs, interrogatives, debugWords, germanStopWords, noiseWords, russianStopWords,
		romanceStopWords, notNouns} {
		for w := range s {
			out[w] = true
		}
	}
	for w := range emotionWords {
		out[w] = true
	}
	return out
}()

// verbs are the imperatives of intent.go that are rarely a topic; "search",
// "build", "deploy", "review" and the like can be.
var verbs = set("make", "create", "write", "implement", "change", "remove", "delete", "rename", "refactor",
	"show", "move", "install", "check", "replace", "convert", "generate", "find", "look", "open", "read",
	"clean", "drop", "push", "revert", "undo", "keep", "stop", "start", "give", "tell", "help", "split",
	"extract", "bump", "upgrade", "wire", "hook", "ensure", "switch", "enable", "disable", "configure",
	"handle", "simplify", "optimize", "send", "print", "return", "turn", "allow", "prevent", "skip", "mark",
	"investigate", "compare", "explore", "please", "don't", "dont", "update", "support",
	// Verbs of requests and answers that never name a subject, and the
	// progressive forms a report narrates with ("creating", "checking").
	"analyze", "analyse", "incorporate", "relate", "relates", "shorten", "creating", "checking", "understanding",
	"thinking", "downloading", "considering", "describing", "explaining", "wondering")

var stopWords = set(
	"about", "above", "across", "after", "again", "against", "all", "almost", "along", "already", "also",
	"although", "always", "among", "another", "anything", "anyway", "around", "away", "back", "because",
	"been", "before", "behind", "being", "below", "best", "better", "between", "both", "bring", "came",
	"cannot", "case", "cases", "certain", "come", "comes", "could", "currently", "different", "does",
	"doing", "done", "down", "during", "each", "either", "else", "enough", "even", "ever", "every",
	"everything", "exactly", "example", "fine", "first", "following", "found", "from", "full", "gets",
	"getting", "gives", "goes", "going", "gone", "gonna", "have", "having", "here", "hers", "herself",
	"himself", "idea", "ideas", "into", "itself", "just", "keep", "keeps", "kind", "know", "last", "later",
	"least", "less", "like", "likely", "little", "long", "looks", "looking", "made", "maybe", "mean",
	"means", "might", "mine", "more", "most", "much", "must", "myself", "need", "needed", "needs", "never",
	"next", "none", "nothing", "okay", "once", "only", "onto", "other", "others", "otherwise", "ours",
	"ourselves", "over", "part", "perhaps", "please", "point", "pretty", "quite", "rather", "really",
	"right", "said", "same", "says", "seem", "seems", "seen", "several", "should", "since", "some",
	"someone", "something", "sometimes", "somewhere", "soon", "still", "stuff", "such", "sure", "take",
	"takes", "than", "thanks", "that", "their", "theirs", "them", "themselves", "then", "there", "these",
	"they", "thing", "things", "think", "this", "those", "though", "through", "thus", "till", "time",
	"times", "today", "together", "took", "toward", "towards", "under", "unless", "until", "upon", "used",
	"uses", "using", "very", "want", "wants", "wanted", "well", "went", "were", "what", "whatever", "when",
	"where", "whether", "which", "while", "whole", "whom", "whose", "will", "with", "within", "without",
	"would", "yeah", "your", "yours", "yourself", "able", "actually", "basically", "instead", "probably",
	"already", "thank", "work", "works", "working", "worked", "file", "files", "code", "line", "lines",
	"change", "changes", "changed", "update", "updated", "added", "adding", "fixed", "fixing", "called",
	"calls", "call", "happen", "happens", "happened", "tried", "trying", "make", "makes", "making", "sure",
	"seems", "look", "good", "great", "nice", "help", "thing", "way", "ways", "lets", "also", "into",
	"again", "left", "many", "new", "old", "real", "true", "false", "shows", "showing", "tell", "told",
	"wrote", "written", "writing", "reads", "reading", "runs", "running", "passes", "pass", "passing",
	"now", "okay", "done", "yes", "sounds", "step", "steps", "first", "second", "third", "last", "next",
	"stay", "stays", "remain", "remains", "become", "becomes", "became", "thinks", "believes", "expects", "claims",
	"feels", "knows",
	"issue", "issues", "problem", "problems", "thing", "question", "answer", "approach", "option", "options",
	"version", "current", "latest", "small", "large", "quick", "simple", "easy", "hard", "whole", "entire",
	"ahead", "meant", "explain", "fail", "sorry", "hello", "here", "mind", "wait", "guess", "agree", "hope",
	"cool", "feel", "returns", "lets", "okay", "alright", "anyone", "everyone", "somehow", "whatever", "wonder",
)

// notNouns are English words that are never a noun, so never a topic
// nor half of a noun phrase, and that the other lists miss for their
// form: prepositions and adverbs of place and time ("throughout",
// "onwards", "elsewhere") and the irregular past participles, which do
// not end in "-ed" as salient's regular ones do ("built", "chosen",
// "kept": "the index is built twice").
var notNouns = set("throughout", "onwards", "onward", "afterwards", "beforehand", "elsewhere", "everywhere", "anywhere",
	"nowhere", "beyond", "besides", "despite", "whereas", "meanwhile", "underneath", "alongside", "upfront",
	"built", "rebuilt", "chosen", "taken", "given", "shown", "known", "begun", "drawn", "grown", "thrown", "sent",
	"spent", "kept", "brought", "bought", "sought", "caught", "felt", "dealt", "understood", "forgotten", "gotten",
	"rewritten", "overwritten", "undone", "withdrawn")

func within(w string, texts []string) bool {
	for _, t := range texts {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// splitMixedCJK cuts Japanese and Chinese words, which are written
// without spaces, into their runs of kanji and of katakana: the nouns
// ("検索", "キャッシュ", "東京"), and their runs of Latin letters and
// digits, kept as words ("github" in "githubのリポジトリ", "md" in
// "mdがあるか確認します", "window" of "在Window_CraftNumber中"), wherever
// in a word the kana or kanji start; hiragana (particles, verb endings)
// are dropped. Other words pass through. No topic or title term holds a
// particle or a verb ending.
func splitMixedCJK(words []string) []string {
	has := false
	for _, w := range words {
		// A word in ASCII throughout holds no such rune: most words
		// are not decoded.
		if w != "" && w[0] < utf8.RuneSelf && isASCII(w) {
			continue
		}
		if strings.ContainsFunc(w, func(r rune) bool { return r >= 0x3040 }) {
			has = true
			break
		}
	}
	if !has {
		return words
	}
	out := make([]string, 0, len(words)+4)
	for _, w := range words {
		if !strings.ContainsFunc(w, func(r rune) bool { return r >= 0x3040 && (isKanji(r) || isKatakana(r) || isHiragana(r)) }) {
			out = append(out, w)
			continue
		}
		start, kind := -1, 0
		flush := func(end int) {
			if start >= 0 && kind != 0 {
				out = append(out, w[start:end])
			}
			start, kind = -1, 0
		}
		for i, r := range w {
			k := 0
			switch {
			case isKanji(r):
				k = 1
			case isKatakana(r):
				k = 2
			case r < utf8.RuneSelf && isWordRune(r):
				k = 3
			}
			if k != kind {
				flush(i)
				if k != 0 {
					start, kind = i, k
				}
			}
		}
		flush(len(w))
	}
	return out
}

// isKanji reports a Han character. No rune below hanFirst is one
// (TestHanFirst), and most text's runes are, so they are spared
// unicode.Is's search of the script's ranges.
func isKanji(r rune) bool { return r >= hanFirst && unicode.Is(unicode.Han, r) }

// hanFirst is the lowest rune of the Han script.
const hanFirst = 0x2e80

func isHiragana(r rune) bool { return r >= 0x3040 && r <= 0x309f }
func isKatakana(r rune) bool { return r >= 0x30a0 && r <= 0x30ff || r == 0x30fc }

// cjkStopWords are kanji runs that are rarely a topic.
var cjkStopWords = set("修正", "原因", "次", "今", "必要", "場合", "確認", "問題", "方法", "感じ", "大丈夫", "作成", "追加", "実装", "対応", "最優先",
	"改善",                                           // improve, as 修正 (fix) and 追加 (add)
	"更新", "実際", "自体", "全体", "部分", "内容", "以下", "以上", // update, actual, itself, whole, part, content, below, above
	// Times, as "today" and "later" are English stop words.
	"今日", "明日", "昨日", "今週", "来週", "先週", "今月", "来月", "先月", "今年", "来年", "去年", "毎日", "最近")

// germanStopWords are German words of four letters or more that are never
// a topic: function words, auxiliaries, common verbs and adverbs.
var germanStopWords = set("aber", "alle", "allem", "allen", "alles", "also", "auch", "bitte", "bevor", "dann", "darf",
	"dass", "dabei", "damit", "danke", "denn", "dich", "diese", "diesem", "diesen", "dieser", "dieses", "doch", "dort",
	"durch", "eine", "einem", "einen", "einer", "eines", "etwas", "euch", "gibt", "habe", "haben", "hast", "hatte",
	"hier", "ihnen", "immer", "jetzt", "kann", "kannst", "kein", "keine", "keinen", "können", "lass", "lassen",
	"machen", "mach", "mehr", "mich", "muss", "müssen", "nach", "nicht", "noch", "nur", "oder", "ohne", "schon",
	"sehr", "seit", "sich", "sind", "soll", "sollen", "sollte", "über", "unsere", "unser", "viel", "viele",
	"warum", "weil", "wenn", "werden", "wieder", "wird", "wurde", "wurden", "zuerst", "zuletzt", "zwischen",
	"gutes", "guten", "gute", "neue", "neuen", "neues", "baue", "bauen", "prüfen", "prüfe", "schlägt", "fehl",
	"probiere", "vorschlag", "läuft", "behoben", "nächstes", "verwenden", "erwartet", "wochenende", "heute",
	"morgen", "gestern", "dein", "deine", "mein", "meine", "ihre", "seine", "einfach", "genau", "gerade",
	"ganz", "schön", "vielleicht", "wirklich", "natürlich", "funktioniert", "geht", "gehen", "steht",
	"zeigt", "wollen", "will", "möchte", "planen", "plane", "geplant", "brauche", "brauchen", "nehmen", "nehme", "beim", "vom", "zum", "zur", "für", "über", "dafür", "wofür")

// noiseWords are English words that pass the other filters but are never
// what a session is about: interjections, vague adjectives, counts and
// the third person of common verbs.
// romanceStopWords are the function words of Portuguese, Spanish and
// French of four letters or more (shorter ones are never salient), and
// the verbs a request is made with ("ajude", "preciso", "faire"); not
// those that are English words too ("todo", "comment", "plus").
var romanceStopWords = set(
	// Portuguese
	"para", "pelo", "pela", "pelos", "pelas", "como", "mais", "muito", "muita", "isso", "isto", "esse", "essa", "este",
	"esta", "aqui", "agora", "quando", "onde", "porque", "também", "ainda", "depois", "antes", "sobre", "entre", "cada",
	"toda", "todos", "todas", "qual", "quais", "mesmo", "mesma", "então", "assim", "seja", "está", "estão",
	"estou", "esta", "foram", "fazer", "faço", "faz", "ajude", "ajuda", "ajudar", "preciso", "precisa", "quero",
	"queria", "pode", "podes", "poderia", "você", "vocês", "meu", "minha", "nosso", "nossa", "deixa", "resolver",
	"resolva", "tenho", "temos", "tem", "dele", "dela", "numa", "nele", "nela", "obrigado", "obrigada", "porém",
	"problema", "verificar", "utilize", "usar", "retornar", "não", "nao", "sim", "tudo", "nada",
	// Spanish
	"pero", "cómo", "porque", "también", "todavía", "después", "sobre", "entre", "cada", "todos", "cual",
	"cuál", "cuando", "donde", "dónde", "esto", "eso", "ese", "esta", "este", "estos", "estas", "hacer", "hago",
	"ayúdame", "ayuda", "necesito", "quiero", "puedes", "podrías", "usted", "nuestro", "nuestra", "gracias", "tengo",
	"tiene", "está", "están", "estoy", "muy", "más", "ahora", "aquí", "desde", "hasta", "sino", "según",
	// French
	"pour", "avec", "dans", "sans", "sous", "mais", "donc", "comme", "quand", "où", "cette", "ces", "cela",
	"ceci", "celui", "celle", "tout", "tous", "toute", "toutes", "aussi", "encore", "après", "avant", "entre", "chaque",
	"faire", "fais", "peux", "peut", "pouvez", "veux", "voudrais", "besoin", "aide", "aider", "merci", "notre", "votre",
	"leur", "leurs", "nous", "vous", "sont", "être", "avoir", "suis", "très", "moins", "ici", "maintenant",
	"parce", "depuis", "jusqu", "selon", "quoi", "quel", "quelle", "quels", "quelles", "est-ce")

var noiseWords = set("recent", "recently", "understand", "understood", "state", "burnt", "burned", "ouch", "oops",
	"short", "long", "five", "four", "three", "seven", "eight", "nine", "seconds", "minutes", "hours", "days",
	"weeks", "months", "years", "week", "month", "year", "person", "people", "allows", "follows", "prints", "builds", "loads", "renders",
	"adds", "counts", "hopes", "sleeps", "fits", "taught", "difference", "medium", "safe", "order", "usually",
	"roughly", "depending", "perfect", "thanks", "better", "worse", "awesome", "amazing", "terrible", "kinda",
	"sorta", "stuff", "bunch", "lots", "plenty", "couple", "anyways", "haha", "lol", "hmm", "umm", "yep", "nope",
	"outline", "choose", "plan", "planning", "came", "keeps", "holds", "holder", "lets", "needs", "gets", "puts",
	"takes", "makes", "uses", "tries", "goes", "says", "sees", "wants", "feels", "seems", "looks", "works",
	"write", "learn", "best", "good", "bad", "fine", "huge", "tiny", "whole", "still", "first", "some", "every",
	"future", "past", "present", "moment", "tomorrow", "yesterday", "tonight",
	// Generic nouns, and verbs whose third person reads as a plural.
	"place", "places", "purpose", "standard", "character", "characters", "exists", "creates", "handles", "contains",
	"returns", "means", "provides", "includes", "requires", "supports", "exist", "matter", "matters", "detail", "details")
