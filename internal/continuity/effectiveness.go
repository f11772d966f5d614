package continuity

import (
	"context"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Effectiveness measures how the next session used a bridge (the rule is
// EffectivenessRule): each active task and open question is resolved when
// the next session completed it (a completed todo or a sentence saying it
// is fixed or done that names it), taken up when the next session names it
// at all, and ignored otherwise; an avoid-repeating item is repeated when
// the next session failed with the same error again or put the same done
// task back on its todo list.
func Effectiveness(b *baton.Bridge, next *baton.Session, msgs []*baton.Message) baton.Effectiveness {
	ev := gather(msgs)
	e := baton.Effectiveness{ToSession: next.ID, TakenUp: []string{}, Resolved: []string{}, Ignored: []string{}, Repeated: []string{}}
	var texts []string
	var doneTexts []string
	for _, m := range msgs {
		if m.Role != baton.RoleSteward && m.Role != baton.RoleAssistant {
			continue
		}
		t := strings.ToLower(stripCode(m.Content))
		texts = append(texts, t)
		// Message by message: a path like ./... would cut a sentence apart.
		if hasAny(t, []string{"fixed", "done", "resolved", "passes", "passing", "works now", "completed", "merged"}) {
			doneTexts = append(doneTexts, t)
		}
	}
	for _, td := range ev.todos {
		if td.Status == "completed" {
			doneTexts = append(doneTexts, strings.ToLower(td.Content))
		} else {
			texts = append(texts, strings.ToLower(td.Content))
		}
	}
	items := []string{}
	for _, t := range b.Transferred.ActiveTasks {
		items = append(items, t.Task)
	}
	for _, q := range b.Transferred.OpenQuestions {
		items = append(items, q.Question)
	}
	used := 0
	for _, it := range items {
		// A blocking error is resolved when its command is said to be fixed.
		command, isError := strings.CutPrefix(it, failingPrefix)
		switch {
		case isError && containsIn(strings.ToLower(command), doneTexts):
			e.Resolved = append(e.Resolved, it)
			used++
		case mentionedIn(it, doneTexts):
			e.Resolved = append(e.Resolved, it)
			used++
		case mentionedIn(it, texts):
			e.TakenUp = append(e.TakenUp, it)
			used++
		default:
			e.Ignored = append(e.Ignored, it)
		}
	}
	e.Items = len(items)
	for _, av := range b.Instructions.AvoidRepeating {
		lower := strings.ToLower(av)
		switch {
		case strings.HasPrefix(lower, "already fixed: "):
			for _, u := range append(append([]toolError(nil), ev.unresolved...), ev.resolved...) {
				if sameError(u.Text, av) {
					e.Repeated = appendUnique(e.Repeated, av)
				}
			}
		case strings.HasPrefix(lower, "already done: "):
			for _, td := range ev.todos {
				if td.Status != "completed" && sameItem(td.Content, av[len("already done: "):]) {
					e.Repeated = appendUnique(e.Repeated, av)
				}
			}
		}
	}
	if e.Items > 0 {
		e.Score = float64(used) / float64(e.Items)
	}
	e.Score -= 0.1 * float64(len(e.Repeated))
	e.Score = round2(max(0, min(1, e.Score)))
	return e
}

// mentionedIn reports whether most of an item's content words (at least
// two, or its only one) occur together in one of the texts.
func mentionedIn(item string, texts []string) bool {
	words := contentWords(item)
	if len(words) == 0 {
		return false
	}
	need := max(1, min(2, len(words)), (len(words)+1)/2)
	for _, t := range texts {
		n := 0
		for _, w := range words {
			if strings.Contains(t, w) {
				n++
			}
		}
		if n >= need {
			return true
		}
	}
	return false
}

func containsIn(s string, texts []string) bool {
	for _, t := range texts {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

func sameError(text, avoid string) bool {
	t := strings.ToLower(oneLine(text))
	return t != "" && strings.Contains(strings.ToLower(avoid), t)
}

// measure stores a bridge's effectiveness in the session it led to.
func (s *Service) measure(ctx context.Context, stewardID int64, b *baton.Bridge, next *baton.Session, msgs []*baton.Message) error {
	e := Effectiveness(b, next, msgs)
	e.MeasuredAt = s.now().UTC()
	if revs, err := s.store.BridgeRevisions(ctx, stewardID, b.ID); err == nil {
		for _, r := range revs {
			e.EditedRevision = e.EditedRevision || r.Author != baton.AuthorBaton
		}
	}
	q := b.Quality
	score := e.Score
	q.Effectiveness = &score
	if q.Why == nil {
		q.Why = map[string]string{}
	}
	q.Why["effectiveness"] = effectivenessWhy(e)
	return s.store.SetBridgeMeasures(ctx, stewardID, b.ID, q, &e)
}

func effectivenessWhy(e baton.Effectiveness) string {
	return itoa(len(e.Resolved)) + " resolved and " + itoa(len(e.TakenUp)) + " taken up of " + itoa(e.Items) +
		" tasks and questions; " + itoa(len(e.Repeated)) + " repeated despite avoid-repeating"
}

func itoa(n int) string { return strconv.Itoa(n) }
