package analysis

import "strings"

// A topic is a noun phrase (what the session is about), and English marks
// the part of speech of a word by the closed-class words around it: a
// word after a modal, an infinitive's "to" or a subject pronoun is a verb
// ("we should reset", "how to claim", "it will publish"), and so is a word
// followed by a determiner or an object pronoun ("reset the file",
// "publish it"). These few function words, which do not change with the
// subject of a session, say enough to keep verbs out of the
// topics' noun phrases without a tagger's model.

// verbBefore are the words after which an English word is a verb: modals,
// the infinitive's "to", subject and relative pronouns ("checkpoints that
// contain …") and negated auxiliaries.
var verbBefore = set("to", "will", "would", "should", "shall", "can", "could", "may", "might", "must", "i", "we",
	"you", "they", "he", "she", "who", "don't", "doesn't", "didn't", "won't", "can't", "couldn't", "shouldn't",
	"wouldn't", "let's", "please", "that", "which", "i'll", "we'll", "you'll", "i'd", "we'd", "you'd")

// objectAfter are the words that open a verb's object: determiners and
// object pronouns. A noun is rarely followed by one.
var objectAfter = set("the", "a", "an", "this", "these", "those", "my", "our", "your", "its", "their", "his", "her",
	"it", "them", "me", "us", "him", "each", "every")

// usedAsVerb reports whether words[i] is used as a verb where it stands.
func usedAsVerb(words []string, i int) bool {
	if i > 0 && verbBefore[words[i-1]] {
		return true
	}
	return i+1 < len(words) && objectAfter[words[i+1]]
}

// copulas are the verbs a predicate follows: a word right after one is
// what the subject is or becomes ("the cache is stale", "it looks valid"),
// an adjective or participle more often than a noun, which takes a
// determiner ("is a cache").
var copulas = set("is", "are", "was", "were", "be", "been", "being", "isn't", "aren't", "wasn't", "seems", "looks",
	"becomes", "stays", "remains")

// verbUse counts, for each word, how often a session uses it, how often
// as a verb and how often as a predicate: a word used as a verb in most of
// its uses ("reset", "claim", "publish") names an action of the session,
// and one used as a predicate ("stale", "valid") a state, not its subject.
type verbUse map[string][3]int

// note counts the use of words[i].
func (u verbUse) note(words []string, i int) {
	c := u[words[i]]
	c[0]++
	if usedAsVerb(words, i) {
		c[1]++
	}
	if i > 0 && copulas[words[i-1]] {
		c[2]++
	}
	u[words[i]] = c
}

// mostlyVerb reports a word used as a verb in more than half of its uses.
func (u verbUse) mostlyVerb(w string) bool {
	c := u[w]
	return 2*c[1] > c[0]
}

// mostlyPredicate reports a word used as a predicate in half of its uses
// or more.
func (u verbUse) mostlyPredicate(w string) bool {
	c := u[w]
	return c[0] > 0 && 2*c[2] >= c[0]
}

// verbHead reports a word a request uses as a verb ("review the code",
// "check it") that, after a noun that qualifies it, is the noun it names
// ("code review", "nil check", "FUSE rename", "pre-commit hook"): the
// head of a noun phrase, though alone it is no topic. nounPairs takes it
// as the second word of a pair when it is not itself used as a verb there
// (nothing after it opens an object) and the word before is a noun: one
// that may be half of a pair (pairWord), or a noun of code too generic to
// be a topic of its own that names which check or review it is
// (headModifiers: "code review", "nil check", "version bump").
func verbHead(w string) bool { return verbHeads[w] || faultHeads[w] }

// faultHeads are the nouns of what went wrong ("errors", "failures"):
// debug words, no topic alone, but the head of the phrase that says
// which ("lint errors", "CI failures", "build error"), as a label names
// what the session fixed. "crash" and "crashes" are as often the verb
// ("the page crashes").
var faultHeads = set("error", "errors", "failure", "failures", "exception", "exceptions", "bug", "bugs")

// faultModifiers are the debug words that, before a noun, name which
// kind of it the work is on ("error handling", "debug logging",
// "regression tests", "failing tests"), though alone none is a topic.
var faultModifiers = set("error", "debug", "regression", "bug", "crash", "exception", "failure", "failing", "panic")

var verbHeads = set("review", "check", "fix", "rename", "push", "install", "hook", "upgrade", "bump", "switch",
	"support", "update", "start", "split", "revert", "refactor", "add", "read", "write", "print", "return", "send",
	"drop", "move", "delete", "remove", "change", "cleanup", "merge", "publish", "release", "build", "deploy")

// headModifiers are the generic nouns of code (stop words to topics, or
// too short) that name which review, check or change a verb head is.
var headModifiers = set("code", "file", "version", "nil", "null", "type", "line", "error")

// verbShaped reports an English word whose ending makes it a verb
// ("evaluate", "normalize", "optimise", "verify", "migrates"): no topic
// of its own, though nothing beside it says so ("intercept, evaluate and
// cancel the calls"). The nouns of the same endings that a session may be
// about ("template", "certificate", "size") and technologies
// ("Netlify") are not.
func verbShaped(w string) bool {
	stem := strings.TrimSuffix(w, "s")
	if len(stem) < 6 || !(strings.HasSuffix(stem, "ate") || strings.HasSuffix(stem, "ize") ||
		strings.HasSuffix(stem, "ise") || strings.HasSuffix(stem, "ify")) {
		return false
	}
	if strings.HasSuffix(stem, "state") && !statingVerbs[stem] {
		return false // a state of something ("usestate", "gamestate")
	}
	return !nounsShapedAsVerbs[stem] && !isTechnologyName(w) && !isTechnologyName(stem)
}

// statingVerbs are the verbs that end in "state".
var statingVerbs = set("restate", "reinstate", "overstate", "understate", "misstate")

// nounsShapedAsVerbs are the English nouns of six letters or more that
// end as verbs do (verbShaped).
var nounsShapedAsVerbs = set("template", "update", "candidate", "certificate", "estimate", "aggregate", "duplicate",
	"delegate", "predicate", "substrate", "boilerplate", "mandate", "climate", "debate", "chocolate", "graduate",
	"advocate", "affiliate", "syndicate", "doctorate", "electorate", "directorate", "magistrate", "surrogate",
	"concentrate", "carbonate", "sulfate", "sulphate", "nitrate", "postulate", "intermediate", "teammate",
	"roommate", "checkmate", "stalemate", "palate", "pirate", "primate", "karate", "magnate", "senate", "estate",
	"laureate", "private", "corporate", "alternate", "enterprise", "exercise", "expertise", "franchise",
	"merchandise", "compromise", "surprise", "premise", "promise", "paradise", "disguise", "treatise", "tortoise",
	"porpoise", "turquoise", "sunrise", "otherwise", "likewise", "clockwise", "precise", "concise", "reprise",
	"demise", "filesize", "pagesize",
	// Products whose names end as verbs do.
	"spotify", "shopify", "fastify", "coolify")
