package analysis

// Emotion labels, in the order ties are broken.
const (
	Frustration   = "frustration"
	Confusion     = "confusion"
	Curiosity     = "curiosity"
	Relief        = "relief"
	Gratitude     = "gratitude"
	Excitement    = "excitement"
	Anxiety       = "anxiety"
	Satisfaction  = "satisfaction"
	Determination = "determination"
)

// Emotions lists every label the lexicon gives.
var Emotions = []string{Frustration, Confusion, Curiosity, Relief, Gratitude, Excitement, Anxiety, Satisfaction, Determination}

var emotionRank = func() map[string]int {
	r := make(map[string]int, len(Emotions))
	for i, e := range Emotions {
		r[e] = i
	}
	return r
}()

// emotionWords maps a lower-case word to the emotion it signals. A word
// counts only when none of the two words before it negates it ("no
// worries", "not happy").
var emotionWords = map[string]string{
	// frustration
	"frustrating": Frustration, "frustrated": Frustration, "frustration": Frustration,
	"annoying": Frustration, "annoyed": Frustration, "ugh": Frustration, "ughh": Frustration,
	"argh": Frustration, "sigh": Frustration, "ridiculous": Frustration, "infuriating": Frustration,
	"wtf": Frustration, "useless": Frustration, "hate": Frustration, "stuck": Frustration,
	"sucks": Frustration, "terrible": Frustration, "awful": Frustration, "ffs": Frustration,
	"irritating": Frustration, "maddening": Frustration, "pointless": Frustration,
	// confusion
	"confused": Confusion, "confusing": Confusion, "unclear": Confusion, "puzzled": Confusion,
	"puzzling": Confusion, "baffled": Confusion, "baffling": Confusion, "weird": Confusion,
	"strange": Confusion, "huh": Confusion, "hmm": Confusion, "hmmm": Confusion, "odd": Confusion,
	"bizarre": Confusion, "mysterious": Confusion, "perplexed": Confusion,
	// curiosity
	"curious": Curiosity, "wonder": Curiosity, "wondering": Curiosity, "interesting": Curiosity,
	"intrigued": Curiosity, "intriguing": Curiosity, "fascinating": Curiosity, "explore": Curiosity,
	"exploring": Curiosity,
	// relief
	"phew": Relief, "relieved": Relief, "relief": Relief, "finally": Relief, "whew": Relief,
	// gratitude
	"thanks": Gratitude, "thank": Gratitude, "thx": Gratitude, "ty": Gratitude, "appreciate": Gratitude,
	"appreciated": Gratitude, "grateful": Gratitude, "thankful": Gratitude, "cheers": Gratitude,
	// excitement
	"awesome": Excitement, "amazing": Excitement, "excited": Excitement, "exciting": Excitement,
	"wow": Excitement, "fantastic": Excitement, "incredible": Excitement, "brilliant": Excitement,
	"yay": Excitement, "woohoo": Excitement, "woo": Excitement, "thrilled": Excitement,
	"stoked": Excitement, "love": Excitement, "wonderful": Excitement,
	// anxiety
	"worried": Anxiety, "worry": Anxiety, "worries": Anxiety, "nervous": Anxiety, "anxious": Anxiety,
	"afraid": Anxiety, "scared": Anxiety, "concerned": Anxiety, "risky": Anxiety, "urgent": Anxiety,
	"urgently": Anxiety, "asap": Anxiety, "panicking": Anxiety, "deadline": Anxiety,
	"fear": Anxiety, "uneasy": Anxiety,
	// satisfaction
	"great": Satisfaction, "perfect": Satisfaction, "nice": Satisfaction, "excellent": Satisfaction,
	"lgtm": Satisfaction, "satisfied": Satisfaction, "happy": Satisfaction, "solid": Satisfaction,
	"neat": Satisfaction, "beautiful": Satisfaction, "glad": Satisfaction, "pleased": Satisfaction,
	"good": Satisfaction,
	// determination
	"determined": Determination, "persist": Determination, "persevere": Determination,
}

// emotionPhrases are matched word by word (emoji by substring) and are
// never negated: they carry their own polarity ("nothing works").
var emotionPhrases = []struct{ phrase, emotion string }{
	{"nothing works", Frustration}, {"still broken", Frustration}, {"still not working", Frustration},
	{"still failing", Frustration}, {"still fails", Frustration}, {"doesn't work", Frustration},
	{"does not work", Frustration}, {"not working", Frustration}, {"keeps failing", Frustration},
	{"fed up", Frustration}, {"sick of", Frustration}, {"waste of time", Frustration},
	{"for the third time", Frustration}, {"why does this keep", Frustration},
	{"come on", Frustration}, {"😤", Frustration}, {"😡", Frustration}, {"🤬", Frustration},

	{"don't understand", Confusion}, {"do not understand", Confusion}, {"not sure", Confusion},
	{"what do you mean", Confusion}, {"makes no sense", Confusion}, {"doesn't make sense", Confusion},
	{"does not make sense", Confusion}, {"how come", Confusion}, {"i don't get", Confusion},
	{"no idea", Confusion}, {"lost me", Confusion}, {"😕", Confusion},

	{"i wonder", Curiosity}, {"what if", Curiosity}, {"how does", Curiosity}, {"tell me more", Curiosity},
	{"out of curiosity", Curiosity}, {"🤔", Curiosity},

	{"thank god", Relief}, {"at last", Relief}, {"works now", Relief}, {"working now", Relief},
	{"passes now", Relief}, {"passing now", Relief}, {"fixed it", Relief}, {"that did it", Relief},
	{"that did the trick", Relief}, {"back to green", Relief}, {"all green", Relief}, {"😅", Relief},

	{"thank you", Gratitude}, {"much appreciated", Gratitude}, {"🙏", Gratitude},

	{"can't wait", Excitement}, {"let's go", Excitement}, {"so cool", Excitement}, {"🎉", Excitement},
	{"🚀", Excitement}, {"🤩", Excitement},

	{"what if it breaks", Anxiety}, {"production is down", Anxiety}, {"prod is down", Anxiety},
	{"hope this works", Anxiety}, {"hope it works", Anxiety}, {"running out of time", Anxiety},
	{"😬", Anxiety}, {"😰", Anxiety},

	{"good job", Satisfaction}, {"well done", Satisfaction}, {"looks good", Satisfaction},
	{"works great", Satisfaction}, {"exactly what", Satisfaction}, {"just what i", Satisfaction},
	{"nicely done", Satisfaction}, {"👍", Satisfaction}, {"✅", Satisfaction},

	{"let's get this", Determination}, {"let's fix", Determination}, {"let's try", Determination},
	{"keep going", Determination}, {"try again", Determination}, {"one more time", Determination},
	{"figure this out", Determination}, {"figure it out", Determination}, {"get this working", Determination},
	{"get to the bottom", Determination}, {"not giving up", Determination}, {"push through", Determination},
	{"won't give up", Determination}, {"whatever it takes", Determination},
}

// negators turn off an emotion word within the two words after them.
var negators = map[string]bool{
	"not": true, "no": true, "never": true, "don't": true, "dont": true, "doesn't": true,
	"isn't": true, "wasn't": true, "aren't": true, "without": true, "nothing": true, "hardly": true,
	"didn't": true, "won't": true, "can't": true, "cannot": true, "neither": true, "nor": true,
}

// emotionWordBloom holds emotionWords' bits: most words are turned away
// without a lookup (each word's lookup was a twentieth of a message's
// analysis). emotionWordRanks holds the others, with their emotion's
// rank (emotionRank), for matchPhrases, and negatorTable holds negators.
var emotionWordBloom = func() (b wordBloom) {
	for w := range emotionWords {
		b.add(w)
	}
	return b
}()

var emotionWordRanks = func() *foldTable[int] {
	ranks := make(map[string]int, len(emotionWords))
	for w, e := range emotionWords {
		ranks[w] = emotionRank[e]
	}
	return newFoldTable(ranks)
}()

var negatorTable = newFoldTable(negators)

// emotionsOf returns the emotions a message's words and phrases signal
// (matchPhrases counted both), the most signalled first (ties in the
// order of Emotions), at most three.
func emotionsOf(hits *phraseHits) []string {
	counts := hits.emotions
	for i, c := range hits.wordEmotions {
		counts[i] += c
	}
	// The ranks of the emotions signalled, in Emotions' order.
	var ranks [len(counts)]int
	n := 0
	for i, c := range counts {
		if c > 0 {
			ranks[n] = i
			n++
		}
	}
	if n == 0 {
		return nil
	}
	// Most counted first, ties in Emotions' order: an insertion sort, as
	// stable as sort.SliceStable, without its allocations, of the ranks
	// (not of the names, each looked up for its rank).
	for i := 1; i < n; i++ {
		for j := i; j > 0 && counts[ranks[j]] > counts[ranks[j-1]]; j-- {
			ranks[j], ranks[j-1] = ranks[j-1], ranks[j]
		}
	}
	out := make([]string, 0, n)
	for _, r := range ranks[:min(n, 3)] {
		out = append(out, Emotions[r])
	}
	return out
}
