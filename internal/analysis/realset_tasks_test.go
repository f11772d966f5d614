package analysis_test

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/analysis"
	"github.com/baton-dev/baton/internal/baton"
)

// TestRealSetTasks is the tasks' harness: for each dev session (not a
// held-out batch's, never the test split's), it says where every task
// that matched no label came from (the rule that wrote it, and how it
// stands to the labels: near one that was found — a sub-step or a
// second phrasing —, near one that was missed, or near none), and why
// each label was missed (a gate dropped a request that matched it, a
// task near it was refused by the matcher, the words are in the
// steward's or the assistant's prose but no rule read them, or nowhere),
// and writes the class counts, each rule's matched and made tasks, then
// the items (the requests the gates dropped too), to the file named by
// BATON_REALSET_TASKS_OUT:
//
//	BATON_REALSET_TASKS_OUT=/tmp/tasks.txt go test -count=1 -run '^TestRealSetTasks$' ./internal/analysis/
func TestRealSetTasks(t *testing.T) {
	out := os.Getenv("BATON_REALSET_TASKS_OUT")
	if out == "" {
		t.Skip("BATON_REALSET_TASKS_OUT is not set")
	}
	imp := newRealsetImporter(t)
	extraClass, missClass, made, hits := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	dropped := map[string]int{} // the gates' drops: gate and whether the text matches a label
	var detail strings.Builder
	releasedDevSessions(t, imp, func(s realsetSession, sess *baton.Session, half string, lab realsetLabels) {
		msgs, err := imp.st.SessionMessages(imp.ctx, imp.stewardID, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		tr := analysis.TraceTasks(msgs)
		var drops []string // what the gates dropped, and whether it matches a label
		if strings.Join(tr.Tasks, "\n") != strings.Join(sess.Progress.TasksDiscussed, "\n") {
			fmt.Fprintf(&detail, "%s: traced tasks differ from the stored ones\n", s.ID)
		}
		for _, d := range tr.Dropped {
			gate := d[0] + ": matches no label"
			for _, l := range lab.Tasks {
				if realsetItemMatch(d[1], l) {
					gate = d[0] + ": matches a label"
					break
				}
			}
			dropped[gate]++
			drops = append(drops, fmt.Sprintf("  dropped [%s] %q", gate, d[1]))
		}
		lines := drops
		// BATON_REALSET_TASKS_SHOW names sessions (ids, comma-separated)
		// whose matched tasks and steward messages are written too.
		show := strings.Contains(","+os.Getenv("BATON_REALSET_TASKS_SHOW")+",", ","+s.ID+",")
		found := make([]bool, len(lab.Tasks))
		for i, task := range tr.Tasks {
			hit := false
			for j, l := range lab.Tasks {
				if realsetItemMatch(task, l) {
					hit, found[j] = true, true
				}
			}
			made[tr.Origin[i]]++
			if hit {
				hits[tr.Origin[i]]++
				if show {
					lines = append(lines, fmt.Sprintf("  hit [%s] %q", tr.Origin[i], task))
				}
				continue
			}
			rel := "near no label"
			for j, l := range lab.Tasks {
				if realsetNear(task, l) {
					rel = "near a missed label"
					if found[j] || realsetFoundBy(tr.Tasks, l) {
						rel = "near a found label"
					}
					break
				}
			}
			class := tr.Origin[i] + " / " + rel
			extraClass[class]++
			lines = append(lines, fmt.Sprintf("  extra [%s] %q", class, task))
		}
		for j, l := range lab.Tasks {
			if found[j] {
				continue
			}
			class, near := "nowhere", ""
			switch {
			case gateOf(tr.Dropped, l) != "":
				class = "dropped: " + gateOf(tr.Dropped, l)
			case realsetNearAny(tr.Tasks, l):
				class = "near a task (matcher or wording)"
				for _, task := range tr.Tasks {
					if realsetNear(task, l) {
						near = fmt.Sprintf(" (near %q)", task)
						break
					}
				}
			case realsetInProse(tr.Steward, l):
				class = "in the steward's words, no rule read it"
			case realsetInProse(tr.Assistant, l):
				class = "in the assistant's words only"
			}
			missClass[class]++
			lines = append(lines, fmt.Sprintf("  missed [%s] %q%s", class, l.Text, near))
		}
		if show {
			for _, p := range tr.Steward {
				lines = append(lines, fmt.Sprintf("  steward: %q", excerptOf(p, 400)))
			}
		}
		if len(lines) > 0 {
			fmt.Fprintf(&detail, "%s [%s] (batch %d, %s, %s)\n%s\n", s.ID, half, s.Batch, s.Kind, s.Language, strings.Join(lines, "\n"))
		}
	})
	var b strings.Builder
	b.WriteString("# tasks harness, dev split without held-out batches: extra tasks by rule / relation to the labels\n")
	writeCounts(&b, extraClass)
	b.WriteString("\n# tasks by rule: matched a label / made\n")
	for _, k := range sortedKeys(made) {
		fmt.Fprintf(&b, "%4d / %4d  %s\n", hits[k], made[k], k)
	}
	b.WriteString("\n# requests the gates dropped or merged\n")
	writeCounts(&b, dropped)
	b.WriteString("\n# missed labels by cause\n")
	writeCounts(&b, missClass)
	b.WriteString("\n# per session\n" + detail.String())
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] || m[keys[i]] == m[keys[j]] && keys[i] < keys[j] })
	return keys
}

func writeCounts(b *strings.Builder, m map[string]int) {
	total := 0
	for _, n := range m {
		total += n
	}
	for _, k := range sortedKeys(m) {
		fmt.Fprintf(b, "%5d  %s\n", m[k], k)
	}
	fmt.Fprintf(b, "%5d  total\n", total)
}

// realsetItemMatch is the scorer's rule for one produced task and label.
func realsetItemMatch(task string, l realsetItem) bool {
	for _, ph := range l.phrasings() {
		if realsetPhraseMatch(task, ph) {
			return true
		}
	}
	return false
}

// realsetNear reports a task sharing at least two content words with a
// label's phrasing (one when that phrasing has only one or two).
func realsetNear(task string, l realsetItem) bool {
	wt := realsetWords(task)
	for _, ph := range l.phrasings() {
		wl, hit := realsetWords(ph), 0
		for w := range wl {
			if wt[w] {
				hit++
			}
		}
		if hit >= 2 || hit >= 1 && len(wl) <= 2 {
			return true
		}
	}
	return false
}

func realsetFoundBy(tasks []string, l realsetItem) bool {
	for _, t := range tasks {
		if realsetItemMatch(t, l) {
			return true
		}
	}
	return false
}

func realsetNearAny(tasks []string, l realsetItem) bool {
	for _, t := range tasks {
		if realsetNear(t, l) {
			return true
		}
	}
	return false
}

func gateOf(dropped [][2]string, l realsetItem) string {
	for _, d := range dropped {
		if realsetItemMatch(d[1], l) {
			return d[0]
		}
	}
	return ""
}

// realsetInProse reports a label matched by a sentence of the prose.
func realsetInProse(prose []string, l realsetItem) bool {
	for _, p := range prose {
		for _, line := range strings.Split(p, "\n") {
			for _, s := range strings.FieldsFunc(line, func(r rune) bool { return r == '.' || r == '?' || r == '!' || r == '。' }) {
				if len(s) < 400 && realsetItemMatch(s, l) {
					return true
				}
			}
		}
	}
	return false
}

func excerptOf(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
