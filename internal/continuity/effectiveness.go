package continuity

import (
	"context"
	"fmt"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Effectiveness measures how the next session of the project used a
// bridge, by EffectivenessRule: each active task and open question is
// resolved when the next session finished it (a completed todo, or a
// sentence saying it is fixed or done that names it), taken up when the
// next session names it at all, and ignored otherwise; an avoid-repeating
// item is repeated when the next session failed with the same error again
// or put the same done task back on its todo list; a decision the bridge
// carried is re-asked when the next session asks a question about it.
// With no task or question handed over, Items is 0 and nothing is scored.
func Effectiveness(b *baton.Bridge, next *baton.Session, msgs []*baton.Message) baton.Effectiveness {
	ev := gather(msgs)
	e := baton.Effectiveness{ToSession: next.ID, TakenUp: []string{}, Resolved: []string{}, Ignored: []string{}, Repeated: []string{},
		ReAsked: []string{}}
	var texts, doneTexts, questions []string
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
		for _, sn := range sentences(strings.ReplaceAll(t, "\n", " ")) {
			if strings.HasSuffix(sn, "?") {
				questions = append(questions, sn)
			}
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
	for _, it := range items {
		// A blocking error is resolved when its command is said to be fixed.
		command, isError := strings.CutPrefix(it, failingPrefix)
		switch {
		case isError && containsIn(strings.ToLower(command), doneTexts):
			e.Resolved = append(e.Resolved, it)
		case mentionedIn(it, doneTexts):
			e.Resolved = append(e.Resolved, it)
		case mentionedIn(it, texts):
			e.TakenUp = append(e.TakenUp, it)
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
	for _, d := range b.Transferred.RecentDecisions {
		if strings.TrimSpace(d.Decision) != "" && mentionedIn(d.Decision, questions) {
			e.ReAsked = appendUnique(e.ReAsked, d.Decision)
		}
	}
	if e.Items > 0 {
		e.Score = (float64(len(e.Resolved)) + 0.5*float64(len(e.TakenUp))) / float64(e.Items)
	}
	e.Score -= 0.1 * float64(len(e.Repeated)+len(e.ReAsked))
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

// measure stores a bridge's effectiveness in the session it led to. A
// bridge that handed over no task or question keeps its evidence but no
// score.
func (s *Service) measure(ctx context.Context, stewardID int64, b *baton.Bridge, next *baton.Session, msgs []*baton.Message) error {
	e := Effectiveness(b, next, msgs)
	e.MeasuredAt = s.now().UTC()
	if revs, err := s.store.BridgeRevisions(ctx, stewardID, b.ID); err == nil {
		for _, r := range revs {
			e.EditedRevision = e.EditedRevision || r.Author != baton.AuthorBaton
		}
	}
	q := b.Quality
	if q.Why == nil {
		q.Why = map[string]string{}
	}
	q.Why["effectiveness"] = effectivenessWhy(e)
	q.Effectiveness = nil
	if e.Items > 0 {
		score := e.Score
		q.Effectiveness = &score
	}
	return s.store.SetBridgeMeasures(ctx, stewardID, b.ID, q, &e)
}

func effectivenessWhy(e baton.Effectiveness) string {
	if e.Items == 0 {
		return "nothing to measure: the bridge handed over no task or question"
	}
	why := fmt.Sprintf("in the next session: %d finished, %d picked up, %d ignored of %d handed over", len(e.Resolved), len(e.TakenUp),
		len(e.Ignored), e.Items)
	if n := len(e.Repeated); n > 0 {
		why += fmt.Sprintf("; %d avoid-repeating %s repeated", n, plural(n, "item", "items"))
	}
	if n := len(e.ReAsked); n > 0 {
		why += fmt.Sprintf("; %d settled %s asked about again", n, plural(n, "decision", "decisions"))
	}
	return why
}
