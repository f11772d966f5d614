package analysis_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRealSetAgreement measures how far two careful humans agree on the
// real set's labels: a second labeller labelled 24 dev sessions from the
// transcript and the rubric alone (testdata/realset/agreement, README.md
// says how), and each labeller's items are scored against the other's
// labels with the same matcher TestRealSet uses. Baton's output on the
// same sessions is scored against both for comparison. The targets only
// mean something where a second human reaches them. It reports; it fails
// only on a malformed label file, never on a figure.
func TestRealSetAgreement(t *testing.T) {
	manifest := readRealsetManifest(t)
	byID := map[string]realsetSession{}
	for _, s := range manifest {
		byID[s.ID] = s
	}
	first := readRealsetLabels(t, "dev")
	second := readAgreementLabels(t)

	imp := newRealsetImporter(t)

	// The four comparisons: produced → expected.
	const (
		secondVsFirst = "2nd vs 1st"
		firstVsSecond = "1st vs 2nd"
		batonVsFirst  = "Baton vs 1st"
		batonVsSecond = "Baton vs 2nd"
	)
	columns := []string{secondVsFirst, firstVsSecond, batonVsFirst, batonVsSecond}
	scores := map[string]realsetFieldScores{}
	for _, c := range columns {
		scores[c] = newRealsetFieldScores()
	}
	var detail strings.Builder
	for _, lab2 := range second {
		s, ok := byID[lab2.ID]
		if !ok || s.Split != "dev" || s.Batch >= realsetHeldOutBatch {
			t.Fatalf("agreement labels name %s: only dev sessions of the batches before %d may be relabelled", lab2.ID, realsetHeldOutBatch)
		}
		lab1, ok := first[lab2.ID]
		if !ok {
			t.Fatalf("agreement labels name %s, which the dev labels do not", lab2.ID)
		}
		sc, lines := agreementScore(lab2, lab1)
		scores[secondVsFirst].merge(sc)
		sc, _ = agreementScore(lab1, lab2)
		scores[firstVsSecond].merge(sc)

		sess := imp.importSession(t, s)
		sc, _ = realsetScoreSession(sess, lab1)
		scores[batonVsFirst].merge(sc)
		sc, _ = realsetScoreSession(sess, lab2)
		scores[batonVsSecond].merge(sc)
		if len(lines) > 0 {
			fmt.Fprintf(&detail, "%s (batch %d, %s, %s, %s)\n%s\n", s.ID, s.Batch, s.Format, s.Kind, s.Language, strings.Join(lines, "\n"))
		}
	}

	var report strings.Builder
	fmt.Fprintf(&report, "# Inter-labeller agreement on %d dev sessions (testdata/realset/agreement): produced vs expected, P / R (hit/made, found/exp)\n", len(second))
	fmt.Fprintf(&report, "# 1st = the dev labels, 2nd = the second labeller's; a human's items are its label texts, its titles its example titles; Baton = extraction\n")
	fmt.Fprintf(&report, "%-13s", "field")
	for _, c := range columns {
		fmt.Fprintf(&report, " %-31s", c)
	}
	report.WriteString(" target P / R\n")
	for _, f := range realsetFields {
		fmt.Fprintf(&report, "%-13s", f)
		for _, c := range columns {
			sc := scores[c][f]
			cell := fmt.Sprintf("%.2f / %.2f (%d/%d, %d/%d)", sc.precision(), sc.recall(), sc.matchedProduced, sc.produced, sc.matchedExpected, sc.expected)
			if f == "title" {
				cell = fmt.Sprintf("%.2f (%d/%d)", sc.precision(), sc.matchedProduced, sc.produced)
			}
			fmt.Fprintf(&report, " %-31s", cell)
		}
		target := realsetTargets[f]
		if f == "title" {
			fmt.Fprintf(&report, " %.2f\n", target[0])
		} else {
			fmt.Fprintf(&report, " %.2f / %.2f\n", target[0], target[1])
		}
	}
	t.Log("\n" + report.String())
	const detailHead = "# second labeller vs the dev labels, per session (missed = a dev label the second labeller has not, extra = the reverse)\n"
	// make eval writes the per-session lines to a file rather than into
	// its figures; run alone with -v, the test shows them.
	if out := os.Getenv("BATON_AGREEMENT_DEV_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(detailHead+detail.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if testing.Verbose() {
		t.Log("\n" + detailHead + detail.String())
	}
	if out := os.Getenv("BATON_AGREEMENT_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(report.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readAgreementLabels reads the second labeller's labels, in file order.
func readAgreementLabels(t *testing.T) []realsetLabels {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(realsetDir(), "agreement", "labels-second.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []realsetLabels
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		t.Fatalf("labels-second.json: %v", err)
	}
	seen := map[string]bool{}
	for _, l := range list {
		if seen[l.ID] {
			t.Fatalf("labels-second.json: %s labelled twice", l.ID)
		}
		seen[l.ID] = true
	}
	return list
}

// agreementScore scores one labeller's labels as if they were produced
// output against another's as expected, with TestRealSet's matchers: the
// produced items are the label texts (one string each, as Baton produces;
// their alt phrasings are not used), the produced titles the example
// titles, each judged by the expected subject groups.
func agreementScore(produced, expected realsetLabels) (realsetFieldScores, []string) {
	sc := newRealsetFieldScores()
	var lines []string
	for _, title := range produced.Title.Examples {
		sc["title"].produced++
		sc["title"].expected++
		if ok, why := realsetTitleAcceptable(title, expected.Title.Subject); ok {
			sc["title"].matchedProduced++
			sc["title"].matchedExpected++
		} else {
			lines = append(lines, fmt.Sprintf("  title %q not acceptable: %s", title, why))
		}
	}
	texts := func(items []realsetItem) []string {
		var out []string
		for _, it := range items {
			out = append(out, it.Text)
		}
		return out
	}
	report := func(field string, missed, extra []string) {
		if len(missed)+len(extra) > 0 {
			lines = append(lines, fmt.Sprintf("  %s: missed %q, extra %q", field, missed, extra))
		}
	}
	m, e := sc["decisions"].add(texts(produced.Decisions), expected.Decisions, nil, realsetPhraseMatch)
	report("decisions", m, e)
	m, e = sc["tasks"].add(texts(produced.Tasks), expected.Tasks, nil, realsetPhraseMatch)
	report("tasks", m, e)
	m, e = sc["technologies"].add(texts(produced.Technologies), expected.Technologies, expected.OptionalTechnologies, realsetTermMatch)
	report("technologies", m, e)
	m, e = sc["topics"].add(texts(produced.Topics), expected.Topics, expected.OptionalTopics, realsetTopicMatch)
	report("topics", m, e)
	return sc, lines
}
