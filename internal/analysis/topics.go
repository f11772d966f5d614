package analysis

import (
	"slices"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// maxTopics caps the topics of one message.
const maxTopics = 5

// topicsOf returns a message's key terms: its technologies (up to three),
// then the salient words — four letters or more, not a stop word, verb,
// emotion or adverb — most frequent first, ties in order of appearance.
func topicsOf(words []string, entities []baton.Entity) []string {
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
	var located []string
	for _, e := range entities {
		if e.Type == EntityFile || e.Type == EntityURL {
			located = append(located, strings.ToLower(e.Text))
		}
	}
	type term struct {
		word  string
		count int
	}
	var buf [64]term
	terms := buf[:0]
	for _, w := range words {
		if !salient(w) || slices.Contains(topics, w) || within(w, located) {
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
func salient(w string) bool {
	if len(w) < 4 || len(w) > 30 || strings.HasSuffix(w, "ly") || strings.ContainsRune(w, '\'') ||
		(strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")) { // adverbs, past tenses
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z') && c < 0x80 {
			return false
		}
	}
	if stopWords[w] || verbs[w] || interrogatives[w] || debugWords[w] {
		return false
	}
	_, emotional := emotionWords[w]
	return !emotional
}

// verbs are the imperatives of intent.go that are rarely a topic; "search",
// "build", "deploy", "review" and the like can be.
var verbs = set("make", "create", "write", "implement", "change", "remove", "delete", "rename", "refactor",
	"show", "move", "install", "check", "replace", "convert", "generate", "find", "look", "open", "read",
	"clean", "drop", "push", "revert", "undo", "keep", "stop", "start", "give", "tell", "help", "split",
	"extract", "bump", "upgrade", "wire", "hook", "ensure", "switch", "enable", "disable", "configure",
	"handle", "simplify", "optimize", "send", "print", "return", "turn", "allow", "prevent", "skip", "mark",
	"investigate", "compare", "explore", "please", "don't", "dont", "update", "support")

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
	"issue", "issues", "problem", "problems", "thing", "question", "answer", "approach", "option", "options",
	"version", "current", "latest", "small", "large", "quick", "simple", "easy", "hard", "whole", "entire",
	"ahead", "meant", "explain", "fail", "sorry", "hello", "here", "mind", "wait", "guess", "agree", "hope",
	"cool", "feel", "returns", "lets", "okay", "alright", "anyone", "everyone", "somehow", "whatever", "wonder",
)

func within(w string, texts []string) bool {
	for _, t := range texts {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}
