package analysis_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// realsetTrainSession is one released dev session as the training sees it:
// its messages, labels and half.
type realsetTrainSession struct {
	id     string
	half   string
	msgs   []*baton.Message
	labels []realsetItem
	rules  []string // the analysis's decisions
	cands  []analysis.DecisionCandidate
	ys     []float64
	batch  int
}

// realsetTrainSessions imports the dev split's released sessions (never
// the test split's, never the held-out batch's) with their decision
// labels, each candidate marked 1 when its text matches a label.
func realsetTrainSessions(t *testing.T) []realsetTrainSession {
	if realsetTrainCache != nil {
		return realsetTrainCache
	}
	imp := newRealsetImporter(t)
	var out []realsetTrainSession
	releasedDevSessions(t, imp, func(s realsetSession, sess *baton.Session, half string, lab realsetLabels) {
		msgs, err := imp.st.SessionMessages(imp.ctx, imp.stewardID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		ts := realsetTrainSession{id: s.ID, half: half, msgs: msgs, labels: lab.Decisions, batch: s.Batch}
		ts.rules = analysis.RuleDecisions(msgs)
		ts.cands = analysis.DecisionCandidates(msgs)
		for _, c := range ts.cands {
			y := 0.0
			for _, l := range lab.Decisions {
				for _, ph := range l.phrasings() {
					if realsetPhraseMatch(c.Decision, ph) && realsetShared(c.Decision, ph) >= 2 {
						y = 1
					}
				}
			}
			ts.ys = append(ts.ys, y)
		}
		out = append(out, ts)
	})
	realsetTrainCache = out
	return out
}

// realsetTrainCache keeps the imported sessions for the second test of a
// run (TestDecisionMisses and TestTrainDecisions read the same).
var realsetTrainCache []realsetTrainSession

// trainDecisionWeights fits a logistic regression by full-batch gradient
// descent from zero weights, in a fixed order, with a little L2 on all but
// the bias: the same sessions give the same weights, rounded to 3 places.
func trainDecisionWeights(sessions []realsetTrainSession, half string) []float64 {
	n := len(analysis.DecisionFeatureNames())
	var xs [][]float64
	var ys []float64
	for _, s := range sessions {
		if half != "" && s.half != half {
			continue
		}
		for k, c := range s.cands {
			xs = append(xs, c.X)
			ys = append(ys, s.ys[k])
		}
	}
	w := realsetFitLogistic(xs, ys, 2000, 0.5, 1e-3)
	if w == nil {
		w = make([]float64, n)
	}
	for k := range w {
		w[k] = math.Round(w[k]*1000) / 1000
	}
	return w
}

// scoreDecisionsWith scores the sessions of a half ("" for all) end to
// end: the analysis's decisions, then up to perSession candidates whose
// score passes threshold, best first, each unlike those kept (nil weights:
// the analysis alone).
func scoreDecisionsWith(sessions []realsetTrainSession, half string, w []float64, threshold float64, perSession int) *realsetScore {
	sc := &realsetScore{}
	for _, s := range sessions {
		if half != "" && s.half != half {
			continue
		}
		sc.add(withScored(s, w, threshold, perSession), s.labels, nil, realsetPhraseMatch)
	}
	return sc
}

func withScored(s realsetTrainSession, w []float64, threshold float64, perSession int) []string {
	out := append([]string(nil), s.rules...)
	if w == nil {
		return out
	}
	type scored struct {
		text string
		p    float64
	}
	var pass []scored
	for _, c := range s.cands {
		z := 0.0
		for k := range w {
			z += w[k] * c.X[k]
		}
		if p := 1 / (1 + math.Exp(-z)); p >= threshold {
			pass = append(pass, scored{c.Decision, p})
		}
	}
	sort.SliceStable(pass, func(a, b int) bool { return pass[a].p > pass[b].p })
	added := 0
	for _, c := range pass {
		if added == perSession || len(out) >= 10 {
			break
		}
		dup := false
		for _, o := range out {
			dup = dup || realsetPhraseMatch(o, c.text)
		}
		if !dup {
			out = append(out, c.text)
			added++
		}
	}
	return out
}

// pickDecisionThreshold is the lowest threshold and the cap per session
// (the most recall) whose precision on the training sessions stays at
// decisionTrainPrecision.
func pickDecisionThreshold(sessions []realsetTrainSession, half string, w []float64) (float64, int) {
	best, bestCap, bestFound := 1.0, 0, -1
	for _, perSession := range []int{1, 2, 10} {
		for th := 0.95; th >= 0.2; th -= 0.05 {
			th = math.Round(th*100) / 100
			sc := scoreDecisionsWith(sessions, half, w, th, perSession)
			if sc.precision() >= decisionTrainPrecision && sc.matchedExpected > bestFound {
				best, bestCap, bestFound = th, perSession, sc.matchedExpected
			}
		}
	}
	return best, bestCap
}

// decisionTrainPrecision is the precision the threshold keeps on the
// sessions it is chosen on: above the 0.85 target, as a half it was not
// chosen on comes out lower.
const decisionTrainPrecision = 0.88

func fmtScore(sc *realsetScore) string {
	return fmt.Sprintf("%.2f / %.2f (%d/%d, %d/%d)", sc.precision(), sc.recall(), sc.matchedProduced, sc.produced, sc.matchedExpected, sc.expected)
}

// TestTrainDecisions trains the scored extractor (export_decisions_test.go)
// on the dev split's released sessions: run with BATON_TRAIN_DECISIONS=1.
// It trains on half A and measures on half B and the other way round,
// printing the analysis alone beside the analysis with the model's picks,
// then trains on both halves and prints the weights (the same sessions give
// the same table byte for byte: gradient descent from zero in a fixed
// order, rounded). Never the test split, never the held-out batch.
func TestTrainDecisions(t *testing.T) {
	if os.Getenv("BATON_TRAIN_DECISIONS") == "" {
		t.Skip("set BATON_TRAIN_DECISIONS=1 to train the scored decision extractor")
	}
	sessions := realsetTrainSessions(t)
	var report strings.Builder
	pos, all := 0, 0
	for _, s := range sessions {
		for _, y := range s.ys {
			pos += int(y)
			all++
		}
	}
	fmt.Fprintf(&report, "%d sessions, %d candidates, %d match a label\n", len(sessions), all, pos)
	for _, h := range [][2]string{{"A", "B"}, {"B", "A"}} {
		w := trainDecisionWeights(sessions, h[0])
		th, perSession := pickDecisionThreshold(sessions, h[0], w)
		fmt.Fprintf(&report, "train %s (threshold %.2f, at most %d a session): %s rules %s → with model %s; %s rules %s → with model %s\n", h[0], th, perSession,
			h[0], fmtScore(scoreDecisionsWith(sessions, h[0], nil, 0, 0)), fmtScore(scoreDecisionsWith(sessions, h[0], w, th, perSession)),
			h[1], fmtScore(scoreDecisionsWith(sessions, h[1], nil, 0, 0)), fmtScore(scoreDecisionsWith(sessions, h[1], w, th, perSession)))
	}
	w := trainDecisionWeights(sessions, "")
	th, perSession := pickDecisionThreshold(sessions, "", w)
	fmt.Fprintf(&report, "train all (threshold %.2f, at most %d a session): rules %s → with model %s\n", th, perSession,
		fmtScore(scoreDecisionsWith(sessions, "", nil, 0, 0)), fmtScore(scoreDecisionsWith(sessions, "", w, th, perSession)))
	for _, h := range []string{"A", "B"} {
		for _, th := range []float64{0.3, 0.4, 0.5, 0.6} {
			fmt.Fprintf(&report, "  all-trained, half %s, threshold %.2f: at most 1 a session %s; any %s\n", h, th,
				fmtScore(scoreDecisionsWith(sessions, h, w, th, 1)), fmtScore(scoreDecisionsWith(sessions, h, w, th, 10)))
		}
	}
	t.Log("\n" + report.String())

	var src bytes.Buffer
	fmt.Fprintf(&src, "// weights trained on the dev split's released sessions (%d)\n", len(sessions))
	src.WriteString("var decisionWeights = []float64{\n")
	for k, name := range analysis.DecisionFeatureNames() {
		fmt.Fprintf(&src, "%.3f, // %s\n", w[k], name)
	}
	src.WriteString("}\n\n")
	fmt.Fprintf(&src, "var decisionThreshold, decisionsScoredPerSession = %.2f, %d\n", th, perSession)
	// The weights are printed, not written: the analysis does not run the
	// model (export_decisions_test.go says why).
	t.Log("\n" + src.String())
}

// TestDecisionMisses measures why the rules miss the dev labels they miss
// (BATON_DECISIONS_MISSES=file writes the split and each missed label
// with the evidence): (c) a decision was produced that shares words with
// the label but the matcher refuses it (too long, too short, other words);
// (b) a candidate of the scored extractor states it, and neither the rules
// nor the model took it; (b2) a sentence of a message outside the
// candidates' turns states it; (a) no single sentence states it — the
// label sums up a choice made over several turns, or in other words.
func TestDecisionMisses(t *testing.T) {
	out := os.Getenv("BATON_DECISIONS_MISSES")
	if out == "" {
		t.Skip("set BATON_DECISIONS_MISSES=file to measure why decisions are missed")
	}
	sessions := realsetTrainSessions(t)
	counts := map[string]map[string]int{"A": {}, "B": {}}
	var detail strings.Builder
	for _, s := range sessions {
		produced := s.rules
		var sentences []string
		for _, m := range s.msgs {
			if m.Role != baton.RoleSteward && m.Role != baton.RoleAssistant {
				continue
			}
			for _, line := range strings.Split(m.Content, "\n") {
				for _, part := range strings.SplitAfter(line, ". ") {
					if strings.TrimSpace(part) != "" {
						sentences = append(sentences, strings.TrimSpace(part))
					}
				}
			}
		}
		matches := func(text string, l realsetItem) bool {
			for _, ph := range l.phrasings() {
				if realsetPhraseMatch(text, ph) && realsetShared(text, ph) >= 2 {
					return true
				}
			}
			return false
		}
		for _, l := range s.labels {
			class, evidence := "", ""
			for _, p := range produced {
				if matches(p, l) {
					class = "found"
				}
			}
			if class == "" {
				for _, p := range produced {
					if realsetShared(p, l.Text) >= 2 {
						class, evidence = "c near", p
						break
					}
				}
			}
			if class == "" {
				for _, c := range s.cands {
					if matches(c.Decision, l) {
						class, evidence = "b candidate", c.Decision
						// Whose turn states it: the steward's, or the
						// assistant's (answered, or set against another course).
						if c.X[1] == 1 {
							counts[s.half]["b by steward"]++
						}
						break
					}
				}
			}
			if class == "" {
				for _, se := range sentences {
					if matches(se, l) {
						class, evidence = "b2 other turn", se
						break
					}
				}
			}
			if class == "" {
				class = "a never"
			}
			counts[s.half][class]++
			counts[s.half]["labels"]++
			if class != "found" {
				fmt.Fprintf(&detail, "%s [%s] %s: %q\n    %q\n", s.id, s.half, class, l.Text, excerptOf(evidence, 240))
			}
		}
	}
	var report strings.Builder
	for _, h := range []string{"A", "B"} {
		c := counts[h]
		fmt.Fprintf(&report, "half %s: %d labels: found %d; (c) produced near but refused %d; (b) a candidate states it %d (%d in the steward's turns); (b2) a sentence outside the candidates' turns %d; (a) no sentence states it %d\n",
			h, c["labels"], c["found"], c["c near"], c["b candidate"], c["b by steward"], c["b2 other turn"], c["a never"])
	}
	t.Log("\n" + report.String())
	if err := os.WriteFile(out, []byte(report.String()+"\n"+detail.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// realsetShared counts the content words two phrases share.
func realsetShared(a, b string) int {
	wa, wb := realsetWords(a), realsetWords(b)
	n := 0
	for w := range wa {
		if wb[w] {
			n++
		}
	}
	return n
}
