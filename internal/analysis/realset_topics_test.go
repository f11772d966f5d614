package analysis_test

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// TestRealSetTopicsDiagnosis sorts the dev split's topic errors into
// their kinds (held-out batches left out, the test split never read), so
// that work on topics goes to the largest class: each missed label is
// ranked out (a candidate matches it, below the cut or refused as a topic
// of its own), near (a produced topic shares a word with it that the
// matcher refuses), in the text but never a candidate, or not in the text
// (the labeller's own words); each wrong topic by its kind. Run with
// BATON_REALSET_TOPICS_DIAG=FILE; it writes the report there.
//
// At 23f24b9 (201 dev sessions, 888 labels, 817 topics): of 441 missed
// labels, 319 were ranked out (a candidate matches; 135 labels of two
// words or more written as such in the text, where only one of their
// words was a candidate), 57 ranked out as refused alone, 58 never a
// candidate (37 not in the text), 7 near a produced topic the matcher
// refuses. Of 310 wrong topics, 181 single words (119 the steward's, 62
// an answer's only), 56 phrases, 60 sharing a word with a label, 13 file
// names or identifiers. Precision of produced words 0.63 (the steward's
// 0.68, an answer's only 0.47), of phrases 0.64; produced − expected per
// session within ±1 in 172 of 208 sessions: the ranking, not the count,
// is what loses.
//
// At 5a1b007 (483 missed labels): 413 had a candidate the matcher takes
// (356 ranked out, 57 refused alone), 272 of them a candidate written as
// the label; 62 were never a candidate (22 in the text), 8 near.
//
// At 72dd7f3 (444 missed of 979): 259 of the missed had a candidate
// written as the label, losing on every count the score reads (fewer
// messages, fewer of the steward's, less spread, fewer repeats than the
// wrong topics that beat them), longer terms the one thing in their
// favour. By where the session writes them: 339 labels in the first
// steward message (245 found), 224 in a later one (127), 324 in answers
// alone (142), 92 nowhere verbatim (21); of the answers' labels, 44 are
// written in the last answer alone and 9 of them found. Produced topics
// the steward wrote are right 0.73 of the time, those of answers alone
// 0.58. Tried and left: a steward's message weighed 3 instead of 2 (hits
// 630 → 611, both halves down) or 1.5 (→ 610, both down); phrase repeats
// within a message capped at 2 instead of 4 (→ 628); a message's line
// breaks kept where a path made topicProse join its lines into one (630,
// half A 324 → 322, B 306 → 308, test recall 0.50 → 0.49); the top
// candidate kept when it is a technology ("changesets", "opencode"; A
// 324 → 326, B unchanged, found 257 → 256, test unchanged).
//
// At 8f14d42 (630 right of 941 produced, 535 of 979 labels found) the
// choice is at the ceiling of what the score reads. Precision by place in
// the list is 0.78, 0.70, 0.64, 0.62, 0.65, 0.68: past the second topic
// it is flat, so no cut trades recall for precision. Of the first 12
// candidates that may be topics and were not produced (1700), 0.12 match
// a label the produced topics miss, and a perfect reranking of them would
// find 0.72 of the labels. Choosing again from the ranked candidates
// (without the title's topic: P 0.669, R 0.533, found A 272, B 250): at
// least 2, 3 or 5 topics instead of 4 (P 0.68, 0.68, 0.65; R 0.44, 0.48,
// 0.56); a cut at 0.3-0.6 of the best score or 0.5-0.75 of the previous
// one (P at most 0.68, R down); a bonus of 0.5-4 for a term the title
// names (such terms are right 0.72-0.83 of the time, but two thirds of
// those left out match a label already found; at 1, found A 278, B 250,
// P of B 0.659 → 0.651), or the title as a tie-break (B 250 → 245); a
// term sharing a word with a chosen topic put last (P 0.654); a
// coordinate search on half A over twelve features added to the score
// (steward's and answers' messages, request, phrase, file, title, first
// message, spread, script, one message, steward's or answers' only: F1 A
// 0.606 → 0.613, B 0.580 → 0.576); an answer's words, or any term of the
// answers alone, required in two messages (found B 244, 231). In the
// import (P 0.670, R 0.546; A 324/477, 278 found; B 306/464, 257): the
// first-request bonus 2 or 4 instead of 3 (A 317, 321 right; B 309,
// 305); a file name weighing 1 or 2 instead of 1.5 (B 306, 299); the
// least score of a short session 1.5 or 2.5 (P 0.664, R 0.550; P 0.683,
// R 0.504), of a long one 2 or 4 (P 0.664, 0.668); a short session's
// word repeats weighing 0, 0.25 or 1 instead of 0.5 (R 0.527, 0.532, P
// 0.648); a message's terms ranked lower the more distinct terms it holds
// (R 0.533 at best); the steward's pasted output cut before paths join
// its lines (A 322/475, B 308/462: what labels name is often in the
// paste, "ruff", "tool install"); generic nouns as half of a noun pair
// ("file locks", "session state"; found A 279, B 258, P down on both); a
// session with fewer than two topics filled up with candidates scoring 1
// or more (A 327/481, B 308/470).
//
// At 3de968e, of the 143 missed labels written in the text with no
// candidate of their own, most are lost to how the pair is formed: one
// word an "-ed" participle ("scoped package", "vectorized approach"), a
// stop word or generic noun ("edge cases", "Go version", "state
// machine"), a word of three letters ("API key", "minsky CLI", "LLM
// grader"), a verb of requests ("push protection", "pre-push hook"), or
// English glued to Japanese or Korean ("「Agent Skills」セクション");
// few are a verb where they stand ("squash merge it"). Formed, such pairs
// mostly rank too low to be chosen. Tried and left (import before
// f6400a6: A 324/477, 278 found; B 307/464, 257; after it B 310/465,
// 259): letters of Chinese, Japanese and Korean as clause breaks for
// noun pairs (A 322/477, 277 found; B 307/464, 258); ten nouns of three
// letters (api, cli, key, llm, app, log, url, sdk, gui, ide) as halves of
// a pair (A 323/477, 276 found; B 310/467, 259; test P 0.60, 621 made);
// a regular participle that is no report of work ("nested", "scoped")
// opening a pair (A unchanged; B 310/466, 258 found); a verb of requests
// after a noun opening a pair, as after a determiner (B 310/466, no
// label found); at 62947de (A 325/477, 279 found; B 309/465, 259), code
// lines cut before topicProse joins a message's lines (A 321/478, 278
// found; B 310/465, 259). Nor does a formed pair win over its word: a
// produced word given up for the best pair holding it that two messages
// or more hold, when the pair scores at least 0.3, 0.5 or 0.7 of the
// word, turns 6, 4, 1 wrong words of half A right and 5, 2, 0 right ones
// wrong, and on half B 2, 0, 0 right and 7, 5, 2 wrong.
func TestRealSetTopicsDiagnosis(t *testing.T) {
	out := os.Getenv("BATON_REALSET_TOPICS_DIAG")
	if out == "" {
		t.Skip("BATON_REALSET_TOPICS_DIAG=FILE writes the dev split's topic diagnosis")
	}
	imp := newRealsetImporter(t)
	missed, wrong := map[string]int{}, map[string]int{}
	right, wrongShape := map[string]int{}, map[string]int{} // produced topics by shape
	var detail strings.Builder
	var balance []int // produced − expected, per session
	// Labels, missed labels and produced topics by where the session
	// writes them (realsetWhereWritten).
	labelsAt, missedAt := map[string]int{}, map[string]int{}
	producedAt := map[string][2]int{} // right, produced
	// Produced topics by their place in the list (right, produced), and
	// what the candidates after the cut could add (realsetTopicsReach).
	var byPlace [maxRealsetPlaces][2]int
	var reach realsetTopicsReach
	releasedDevSessions(t, imp, func(s realsetSession, sess *baton.Session, _ string, lab realsetLabels) {
		msgs, err := imp.st.AnalysisMessages(imp.ctx, imp.stewardID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		cands := analysis.TopicCandidatesOf(msgs)
		stewardProse, assistantProse := analysis.SessionProse(msgs)
		proses, bySteward := analysis.MessageProses(msgs)
		whereWritten := func(it realsetItem) string {
			at := "not written"
			for _, ph := range it.phrasings() {
				if w := realsetWhereWritten(strings.ToLower(ph), proses, bySteward); w < at || at == "not written" {
					at = w
				}
			}
			return at
		}
		produced := sess.Summary.KeyTopics
		balance = append(balance, len(produced)-len(lab.Topics))
		fmt.Fprintf(&detail, "%s (batch %d, %s, %d messages): produced %d, expected %d\n", s.ID, s.Batch, s.Language, len(msgs), len(produced), len(lab.Topics))
		matchesItem := func(p string, it realsetItem) bool {
			for _, ph := range it.phrasings() {
				if realsetTopicMatch(p, ph) {
					return true
				}
			}
			return false
		}
		for _, l := range lab.Topics {
			hit := false
			for _, p := range produced {
				hit = hit || matchesItem(p, l)
			}
			at := whereWritten(l)
			labelsAt[at]++
			if hit {
				continue
			}
			missedAt[at]++
			kind, why := "", ""
			for _, c := range cands {
				if matchesItem(c.Term, l) {
					kind = "ranked out"
					if c.Refuse {
						kind = "ranked out: refused alone"
					}
					why = fmt.Sprintf("%q rank %d score %.1f msgs %d", c.Term, c.Rank, c.Score, c.Msgs)
					break
				}
			}
			if kind == "" {
				for _, p := range produced {
					if realsetShareWord(p, l.Text) {
						kind, why = "near: produced, matcher refuses", fmt.Sprintf("%q", p)
						break
					}
				}
			}
			if kind == "" {
				switch {
				case realsetAllIn(l.Text, stewardProse+assistantProse):
					kind = "never a candidate: in the text"
				default:
					kind = "never a candidate: not in the text"
				}
			}
			if realsetVerbatim(l, stewardProse+assistantProse) {
				exact := false
				for _, c := range cands {
					exact = exact || strings.EqualFold(c.Term, l.Text)
				}
				if !exact {
					missed["  of which verbatim in the text, no candidate of its words"]++
					why += " (verbatim in the text)"
				}
			}
			// A candidate written as the label (or one of its
			// alternatives) is the label itself in the pool: the ranking,
			// not the pool, lost it.
			inPool := false
			for _, c := range cands {
				for _, ph := range l.phrasings() {
					inPool = inPool || strings.EqualFold(c.Term, ph)
				}
			}
			if inPool {
				missed["  of the ranked out and refused, a candidate written as the label"]++
			}
			missed[kind]++
			fmt.Fprintf(&detail, "  missed %q: %s %s\n", l.Text, kind, why)
		}
		reach.add(cands, produced, lab.Topics, matchesItem)
		for i, p := range produced {
			hit := false
			for _, l := range append(append([]realsetItem{}, lab.Topics...), lab.OptionalTopics...) {
				hit = hit || matchesItem(p, l)
			}
			place := &byPlace[min(i, maxRealsetPlaces-1)]
			place[1]++
			if hit {
				place[0]++
			}
			at := realsetWhereWritten(p, proses, bySteward)
			pa := producedAt[at]
			pa[1]++
			if hit {
				pa[0]++
			}
			producedAt[at] = pa
			shape := "phrase"
			if !strings.Contains(p, " ") {
				shape = "word"
			}
			if !strings.Contains(stewardProse, p) {
				shape += ", assistant only"
			}
			if hit {
				right[shape]++
				continue
			}
			wrongShape[shape]++
			kind := realsetWrongKind(p, lab, stewardProse, assistantProse)
			wrong[kind]++
			fmt.Fprintf(&detail, "  wrong %q: %s\n", p, kind)
		}
	})
	var b strings.Builder
	b.WriteString("# dev topics diagnosis (held-out batches left out)\n")
	for _, part := range []struct {
		name string
		m    map[string]int
	}{{"missed labels", missed}, {"wrong topics", wrong}} {
		total := 0
		for k, n := range part.m {
			if !strings.HasPrefix(k, " ") {
				total += n
			}
		}
		fmt.Fprintf(&b, "%s: %d\n", part.name, total)
		var kinds []string
		for k := range part.m {
			kinds = append(kinds, k)
		}
		sort.Slice(kinds, func(i, j int) bool { return part.m[kinds[i]] > part.m[kinds[j]] })
		for _, k := range kinds {
			fmt.Fprintf(&b, "  %4d  %s\n", part.m[k], k)
		}
	}
	b.WriteString("precision by shape of the produced topic (right / produced):\n")
	for _, shape := range []string{"word", "word, assistant only", "phrase", "phrase, assistant only"} {
		r, w := right[shape], wrongShape[shape]
		fmt.Fprintf(&b, "  %-25s %3d / %3d  %.2f\n", shape, r, r+w, float64(r)/math.Max(1, float64(r+w)))
	}
	b.WriteString("labels by where the session writes them (found / labels), and the produced topics (right / produced):\n")
	for _, at := range realsetWrittenPlaces {
		fmt.Fprintf(&b, "  %-32s %3d / %3d   %3d / %3d\n", at, labelsAt[at]-missedAt[at], labelsAt[at], producedAt[at][0], producedAt[at][1])
	}
	b.WriteString("precision by place in the produced list (right / produced):")
	for i, place := range byPlace {
		fmt.Fprintf(&b, "  %d: %d / %d %.2f", i+1, place[0], place[1], float64(place[0])/math.Max(1, float64(place[1])))
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "the first %d candidates that may be topics and were not produced: %d, of which %d match a label the produced topics miss (%.2f); "+
		"labels the produced topics and those candidates match: %d of %d (recall %.2f, the most a reranking of them could find)\n",
		realsetReachCandidates, reach.next, reach.nextNew, float64(reach.nextNew)/math.Max(1, float64(reach.next)),
		reach.reachable, reach.labels, float64(reach.reachable)/math.Max(1, float64(reach.labels)))
	hist := map[int]int{}
	for _, d := range balance {
		hist[max(-4, min(4, d))]++
	}
	fmt.Fprintf(&b, "produced − expected per session (clipped to ±4): %v\n\n", hist)
	if err := os.WriteFile(out, []byte(b.String()+detail.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + b.String())
}

// maxRealsetPlaces is how many places of the produced list the diagnosis
// tells apart: the sixth holds the rest.
const maxRealsetPlaces = 6

// realsetReachCandidates is how many candidates that may be topics (not
// refused alone), best first, the diagnosis reads past the produced
// topics: about twice the most topics a session has.
const realsetReachCandidates = 12

// realsetTopicsReach counts what the candidates a session did not choose
// could add: how many of its first realsetReachCandidates candidates that
// may be topics were not produced, how many of those match a label no
// produced topic matches, and how many labels the produced topics and
// those candidates match together.
type realsetTopicsReach struct {
	next, nextNew, reachable, labels int
}

func (r *realsetTopicsReach) add(cands []analysis.TopicCandidateInfo, produced []string, labels []realsetItem, matches func(string, realsetItem) bool) {
	found := make([]bool, len(labels))
	for i, l := range labels {
		for _, p := range produced {
			found[i] = found[i] || matches(p, l)
		}
	}
	reachable := slices.Clone(found)
	seen := map[string]bool{}
	for _, c := range cands {
		if len(seen) >= realsetReachCandidates {
			break
		}
		if c.Refuse || seen[c.Term] {
			continue
		}
		seen[c.Term] = true
		if slices.Contains(produced, c.Term) {
			continue
		}
		r.next++
		adds := false
		for i, l := range labels {
			if matches(c.Term, l) {
				reachable[i] = true
				adds = adds || !found[i]
			}
		}
		if adds {
			r.nextNew++
		}
	}
	for _, ok := range reachable {
		if ok {
			r.reachable++
		}
	}
	r.labels += len(labels)
}

// realsetWrittenPlaces are the places realsetWhereWritten names, in its
// order: the first that holds a term is where it is written.
var realsetWrittenPlaces = []string{"a: the first steward message", "b: a later steward message",
	"c: the only answer", "d: answers, the last among them", "e: the last answer alone", "f: answers, not the last",
	"not written"}

// realsetWhereWritten names where a session's messages (their lower-cased
// prose, and which the steward wrote) hold a lower-cased term verbatim:
// the steward's first message, a later one of theirs, or only answers,
// told apart by the last answer (a session's closing report) holding it
// too, alone, or not.
func realsetWhereWritten(term string, proses []string, steward []bool) string {
	firstSteward, laterSteward, last, other := false, false, false, false
	answers, lastAnswer, seenSteward := 0, -1, false
	for i := range proses {
		if !steward[i] {
			answers++
			lastAnswer = i
		}
	}
	for i, p := range proses {
		has := strings.Contains(p, term)
		switch {
		case steward[i] && !seenSteward:
			seenSteward, firstSteward = true, has
		case steward[i]:
			laterSteward = laterSteward || has
		case i == lastAnswer:
			last = has
		default:
			other = other || has
		}
	}
	i := 6
	switch {
	case firstSteward:
		i = 0
	case laterSteward:
		i = 1
	case last && answers == 1:
		i = 2
	case last && other:
		i = 3
	case last:
		i = 4
	case other:
		i = 5
	}
	return realsetWrittenPlaces[i]
}

// realsetShareWord reports two topics sharing a content word (stemmed).
func realsetShareWord(a, b string) bool {
	wb := map[string]bool{}
	for _, w := range realsetTopicWords(b) {
		wb[w] = true
	}
	for _, w := range realsetTopicWords(a) {
		if wb[w] && !realsetStop[w] && len(w) > 2 {
			return true
		}
	}
	return false
}

// realsetAllIn reports every content word of a label in the text.
func realsetAllIn(label, text string) bool {
	for _, w := range strings.Fields(strings.ToLower(label)) {
		w = strings.Trim(w, "`\"'()[],;:.")
		if len(w) > 2 && !strings.Contains(text, realsetStem(w)) {
			return false
		}
	}
	return true
}

// realsetWrongKind names the kind of a produced topic no label matches.
func realsetWrongKind(p string, lab realsetLabels, steward, assistant string) string {
	near := false
	for _, l := range lab.Topics {
		near = near || realsetShareWord(p, l.Text)
	}
	single := !strings.Contains(p, " ")
	switch {
	case near && single:
		return "near a label: one of its words"
	case near:
		return "near a label: a phrase sharing a word"
	case strings.ContainsAny(p, "._()") || strings.ContainsAny(p, "0123456789"):
		return "file name, identifier or number"
	case !strings.Contains(steward, p) && strings.Contains(assistant, p) && single:
		return "assistant-only word"
	case !strings.Contains(steward, p) && strings.Contains(assistant, p):
		return "assistant-only phrase"
	case single:
		return "steward's word"
	default:
		return "steward's phrase"
	}
}

// TestRealSetTopicsFit fits the topic ranking's weights (topics_rank.go)
// on half A of the dev split (held-out batches left out), picks the cut on
// half A, and prints the figures on halves A and B and the whole, for
// the committed weights and the fitted ones, with the fitted table in Go.
// Run with BATON_REALSET_TOPICS_FIT=1 (-v shows the log).
//
// At 23f24b9 no fit beat byTopicRank's order: with the features of
// topics_rank_test.go fitted on half A (12 candidates a session) and the
// cut of A's best F1, A 0.62 / 0.51 → 0.62 / 0.50, B 0.62 / 0.50 → 0.62
// / 0.49; fitted on 8, 15 or 40 candidates, or with a background share (the
// share of half A's sessions holding the term, inverse document
// frequency), no better (dev 0.59-0.62 / 0.47-0.51). Generic words of
// software work ("commit", "readme", "branch") matched labels as often
// as other words (0.67 / 0.68): the labellers keep them, so a background
// list does not tell them apart. Two features more (every word of the
// term in a file name the session's tools touch; the term in the first
// steward message) took positive weights (0.35, 0.45) and moved nothing
// (A 0.62 / 0.51, B 0.62 / 0.49). A candidate matches 376 of the 441
// missed labels: the pool holds them, the features here do not tell
// which the labellers chose.
func TestRealSetTopicsFit(t *testing.T) {
	if os.Getenv("BATON_REALSET_TOPICS_FIT") == "" {
		t.Skip("BATON_REALSET_TOPICS_FIT=1 fits the topic ranking on the dev split's half A")
	}
	imp := newRealsetImporter(t)
	type fitSession struct {
		half     string
		lab      realsetLabels
		topics   analysis.TopicSession
		produced []string
	}
	var sessions []fitSession
	releasedDevSessions(t, imp, func(s realsetSession, sess *baton.Session, half string, lab realsetLabels) {
		msgs, err := imp.st.AnalysisMessages(imp.ctx, imp.stewardID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		sessions = append(sessions, fitSession{half, lab, analysis.TopicSessionOf(msgs), sess.Summary.KeyTopics})
	})
	matches := func(p string, it realsetItem) bool {
		for _, ph := range it.phrasings() {
			if realsetTopicMatch(p, ph) {
				return true
			}
		}
		return false
	}
	score := func(w []float64, cut float64, half string) realsetScore {
		var sc realsetScore
		for _, s := range sessions {
			if half != "" && s.half != half {
				continue
			}
			sc.add(s.topics.Choose(w, cut), s.lab.Topics, s.lab.OptionalTopics, realsetTopicMatch)
		}
		return sc
	}
	line := func(name string, w []float64, cut float64) string {
		a, b, all := score(w, cut, "A"), score(w, cut, "B"), score(w, cut, "")
		return fmt.Sprintf("%-10s A %.2f / %.2f (%d/%d, %d/%d)  B %.2f / %.2f (%d/%d, %d/%d)  dev %.2f / %.2f (%d/%d, %d/%d)", name,
			a.precision(), a.recall(), a.matchedProduced, a.produced, a.matchedExpected, a.expected,
			b.precision(), b.recall(), b.matchedProduced, b.produced, b.matchedExpected, b.expected,
			all.precision(), all.recall(), all.matchedProduced, all.produced, all.matchedExpected, all.expected)
	}
	// byTopicRank's order reproduces what the import produced.
	differ := 0
	for _, s := range sessions {
		if strings.Join(s.topics.Choose(nil, 0), "|") != strings.Join(s.produced, "|") {
			differ++
		}
	}
	if differ > 0 {
		t.Errorf("byTopicRank's order chooses other topics than the import for %d sessions", differ)
	}
	// Examples of half A: a candidate that may be a topic, positive when it
	// matches a label, left out when it matches only an optional one.
	var xs [][]float64
	var ys []float64
	for _, s := range sessions {
		if s.half != "A" {
			continue
		}
		terms, x := s.topics.Features(realsetFitTop())
		for i, term := range terms {
			y, opt := 0.0, false
			for _, l := range s.lab.Topics {
				if matches(term, l) {
					y = 1
				}
			}
			for _, l := range s.lab.OptionalTopics {
				opt = opt || matches(term, l)
			}
			if y == 0 && opt {
				continue
			}
			xs, ys = append(xs, x[i]), append(ys, y)
		}
	}
	w := realsetFitLogistic(xs, ys, 4000, 0.5, 1e-3)
	// The cut that gives half A its best F1.
	bestF, bestCut := -1.0, 0.0
	for cut := 0.0; cut < 0.8; cut += 0.025 {
		sc := score(w, cut, "A")
		p, r := sc.precision(), sc.recall()
		if f := 2 * p * r / math.Max(p+r, 1e-9); f > bestF {
			bestF, bestCut = f, cut
		}
	}
	var table strings.Builder
	for i, name := range analysis.TopicFeatureNames() {
		fmt.Fprintf(&table, "\t%.3f, // %s\n", w[i], name)
	}
	t.Logf("\n%s\n%s\ncut %.3f; weights:\n%s", line("rank", nil, 0), line("fitted", w, bestCut), bestCut, table.String())
	for cut := 0.1; cut < 0.6; cut += 0.05 {
		t.Log(line(fmt.Sprintf("cut %.2f", cut), w, cut))
	}
}

// realsetFitLogistic fits logistic regression weights by full-batch
// gradient descent from zero (deterministic), with an L2 penalty l2.
func realsetFitLogistic(xs [][]float64, ys []float64, steps int, rate, l2 float64) []float64 {
	if len(xs) == 0 {
		return nil
	}
	w := make([]float64, len(xs[0]))
	grad := make([]float64, len(w))
	for range steps {
		clear(grad)
		for i, x := range xs {
			z := 0.0
			for k := range w {
				z += w[k] * x[k]
			}
			d := 1/(1+math.Exp(-z)) - ys[i]
			for k := range w {
				grad[k] += d * x[k]
			}
		}
		for k := range w {
			reg := l2 * w[k]
			if k == 0 {
				reg = 0
			}
			w[k] -= rate * (grad[k]/float64(len(xs)) + reg)
		}
	}
	return w
}

// realsetFitTop is how many candidates by raw score of each session the
// fit learns from (BATON_REALSET_TOPICS_TOP, 12 by default): those the
// cut decides between, not the tail no ranking would reach.
func realsetFitTop() int {
	n, err := strconv.Atoi(os.Getenv("BATON_REALSET_TOPICS_TOP"))
	if err != nil || n < 1 {
		return 12
	}
	return n
}

// realsetVerbatim reports a label (or one of its phrasings) of two words
// or more written as such in the text.
func realsetVerbatim(l realsetItem, text string) bool {
	for _, ph := range l.phrasings() {
		ph = strings.ToLower(ph)
		if strings.Contains(ph, " ") && strings.Contains(text, ph) {
			return true
		}
	}
	return false
}

// TestRealSetTopicsPhrases asks whether a session's chosen single words
// should give way to the phrases holding them: for each produced topic of
// one word that a candidate phrase holds, it compares the best-scored such
// phrase with the word against the labels, by half of the dev split
// (held-out batches left out, the test split never read), in buckets of
// the phrase's features (the word its head or not; a steward's message
// holds it; two messages or more do; its score over the word's). Run with
// BATON_REALSET_TOPICS_PHRASES=FILE; it writes the table there.
//
// At ca33d99: of 155 such words on half A and 126 on B, the phrase alone
// matched a label 10 and 11 times, the word alone 34 and 25 (a chosen word
// matches the labelled phrase it heads, and the labellers' phrase is
// seldom the session's best-scored one); no bucket gains on both halves
// (a phrase two messages hold: A 7 vs 11, B 4 vs 8; a steward's: A 5 vs
// 9, B 5 vs 9; scoring at least two thirds of the word: A 2 vs 2, B 0 vs
// 2). Giving the word's place to its best phrase scoring half of it, two
// messages or a steward's holding it, moved dev 0.62 / 0.50 → 0.61 /
// 0.49 (found A 230 → 233, B 218 → 208). Making more pairs candidates
// (a three-letter noun, a verb's or fault's form after a determiner or
// preposition opening one, "error"/"failure" closing one) took the
// verbatim labels with no candidate from 135 to 124 and moved found A 230
// → 231, B 218 → 217: the pairs score too little to be chosen. The
// labels missed are ranked out, not missing from the pool.
func TestRealSetTopicsPhrases(t *testing.T) {
	out := os.Getenv("BATON_REALSET_TOPICS_PHRASES")
	if out == "" {
		t.Skip("BATON_REALSET_TOPICS_PHRASES=FILE compares chosen words with the phrases holding them on the dev split")
	}
	imp := newRealsetImporter(t)
	type key struct{ bucket, half string }
	type tally struct{ pairs, phraseOnly, wordOnly int }
	counts := map[key]tally{}
	releasedDevSessions(t, imp, func(s realsetSession, sess *baton.Session, half string, lab realsetLabels) {
		msgs, err := imp.st.AnalysisMessages(imp.ctx, imp.stewardID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		cands := analysis.TopicCandidatesOf(msgs)
		hit := func(p string) bool {
			for _, l := range append(append([]realsetItem{}, lab.Topics...), lab.OptionalTopics...) {
				for _, ph := range l.phrasings() {
					if realsetTopicMatch(p, ph) {
						return true
					}
				}
			}
			return false
		}
		for _, w := range sess.Summary.KeyTopics {
			if strings.Contains(w, " ") {
				continue
			}
			word, phrase, found := analysis.TopicCandidateInfo{}, analysis.TopicCandidateInfo{}, false
			for _, c := range cands {
				if c.Term == w {
					word = c
				}
				if strings.Contains(c.Term, " ") && slices.Contains(strings.Fields(c.Term), w) && (!found || c.Score > phrase.Score) {
					phrase, found = c, true
				}
			}
			if !found || word.Term == "" {
				continue
			}
			ratio := "score < 1/3 of the word's"
			switch r := phrase.Score / word.Score; {
			case r >= 2.0/3:
				ratio = "score ≥ 2/3 of the word's"
			case r >= 1.0/3:
				ratio = "score 1/3-2/3 of the word's"
			}
			ph, wh := hit(phrase.Term), hit(w)
			for _, b := range []string{"all", fmt.Sprintf("word its head: %v", strings.HasSuffix(phrase.Term, " "+w)),
				fmt.Sprintf("a steward's: %v", phrase.Steward), fmt.Sprintf("2+ messages: %v", phrase.Msgs >= 2), ratio} {
				c := counts[key{b, half}]
				c.pairs++
				if ph && !wh {
					c.phraseOnly++
				}
				if wh && !ph {
					c.wordOnly++
				}
				counts[key{b, half}] = c
			}
		}
	})
	keys := slices.Collect(maps.Keys(counts))
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(strings.Compare(a.bucket, b.bucket), strings.Compare(a.half, b.half))
	})
	var b strings.Builder
	b.WriteString("# dev: chosen single words against the best-scored phrase holding each (held-out batches left out)\n")
	b.WriteString("bucket                              half  words  phrase alone matches  word alone matches\n")
	for _, k := range keys {
		c := counts[k]
		fmt.Fprintf(&b, "%-35s %-4s  %5d  %20d  %18d\n", k.bucket, k.half, c.pairs, c.phraseOnly, c.wordOnly)
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + b.String())
}
