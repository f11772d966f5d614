package continuity

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestQuestionsOf: what a message asks, as real sessions' bridges showed
// it wrongly — a list's lines run into a question, options taken for
// questions, a tool's record, code, a terminal's drawing, courtesy, the
// assistant wondering aloud, Markdown's marks.
func TestQuestionsOf(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"a list line does not run into the question",
			"- **Use the session id** - `sessions/<id>` instead of `<commit>`\nWhat behaviour would you expect here?",
			[]string{"What behaviour would you expect here?"}},
		{"the options listed under a question are one question",
			"There are two ways.\n\nShould we:\n- Keep the old branch and warn the user?\n- Migrate the checkpoints?\n- Something else?",
			[]string{"Should we keep the old branch and warn the user, migrate the checkpoints, or something else?"}},
		{"questions under a lead-in that does not ask say what it tells",
			"The logs will show why it fails:\n- Is the queue cleared?\n- Does the status change?",
			nil},
		{"a tool's record and a terminal's drawing ask nothing",
			"Read file: app.py Read file: main.py Should we go on?\n· Working… (esc to interrupt) ╭──── is it done?",
			nil},
		{"a question mark inside code",
			"The comment `// AI? fix this` marks it.",
			nil},
		{"courtesy asks nothing in particular",
			"Done. Is there anything else you'd like me to help with?\n\nDoes this answer your question?",
			nil},
		{"the assistant wondering aloud",
			"Maybe the PYTHONPATH is wrong? Critic: What if the issue is deeper? This hides a bug - what if someone passes a real path?",
			nil},
		{"a bold line heads the text that answers it",
			"**Why does Cursor ignore .env?**\nBecause it holds secrets.\n\nShall I add it to the ignore file?",
			[]string{"Shall I add it to the ignore file?"}},
		{"a Chinese question after a report",
			"已修复部署脚本的上传错误。需要我继续实现进度输出吗？",
			[]string{"需要我继续实现进度输出吗？"}},
		{"a labelled field of a listing asks nobody",
			"### The guide\n\n- **Overview**: What problem does the tool solve?\n- **Setup:** How do I install it?\n- **Question:** Should the guide cover Windows?\n\nShall I write the overview first?",
			[]string{"Question: Should the guide cover Windows?", "Shall I write the overview first?"}},
		{"Markdown's marks go",
			"Do you want to reorder items *within* a list, or run `make lint` first?",
			[]string{"Do you want to reorder items within a list, or run make lint first?"}},
	}
	for _, c := range cases {
		if got := questionsOf(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%s: questionsOf = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestUndecidedAnsweredIsNoQuestion: what the assistant says is unclear
// ("it's unclear whether they mean a PR or a push") is open only while
// the steward has not spoken after it.
func TestUndecidedAnsweredIsNoQuestion(t *testing.T) {
	msgs := []*baton.Message{
		{Seq: 1, Role: baton.RoleSteward, Content: "Yes"},
		{Seq: 2, Role: baton.RoleAssistant, Content: "It's unclear whether they mean to open a PR or push to the branch."},
		{Seq: 3, Role: baton.RoleSteward, Content: "Open a PR."},
		{Seq: 4, Role: baton.RoleAssistant, Content: "Opened the pull request."},
	}
	if qs := gather(msgs).questions; len(qs) != 0 {
		t.Errorf("questions = %+v, want none: the steward answered", qs)
	}
	open := gather(msgs[:2]).questions
	if len(open) != 1 {
		t.Errorf("questions = %+v, want the undecided one while no answer came", open)
	}
}

// TestTasksWithoutMarkup: a bridge task read from an unchecked item or a
// stated next step keeps its words without Markdown's marks.
func TestTasksWithoutMarkup(t *testing.T) {
	msgs := []*baton.Message{
		{Seq: 1, Role: baton.RoleSteward, Content: "Audit the package exports."},
		{Seq: 2, Role: baton.RoleAssistant, Content: "- [ ] **Type declarations**: no `.d.ts` files for the entrypoints\nNext I will add a `README` for the **validators** module."},
	}
	ev := gather(msgs)
	want := []string{"Type declarations: no .d.ts files for the entrypoints", "Add a README for the validators module"}
	if !slices.Equal(ev.nextSteps, want) {
		t.Errorf("next steps = %q, want %q", ev.nextSteps, want)
	}
}

// TestQuestionPassedOverWithinOneMessage: a chat export writes several
// turns of the assistant as one message. A question it asked there and
// then went on past, calling tools, was not waited for; a question after
// its last call is the one the steward is left with.
func TestQuestionPassedOverWithinOneMessage(t *testing.T) {
	passedOver := "The entry point now exists, so the import error should be gone.\n\n" +
		"Shall we run the formatter and the linter next?\n\n" +
		"Read file: setup.cfg\n\n" +
		"```ini\n[flake8]\nmax-line-length = 100\n```\n\n" +
		"The linter reported two long lines; I wrapped both."
	msgs := []*baton.Message{
		{Seq: 1, Role: baton.RoleSteward, Content: "The CLI fails with an import error."},
		{Seq: 2, Role: baton.RoleAssistant, Content: passedOver},
	}
	if qs := gather(msgs).questions; len(qs) != 0 {
		t.Errorf("questions = %+v, want none: the assistant went on without an answer", qs)
	}

	msgs[1].Content = passedOver + "\n\n⏺ Bash(make lint)\n\nThe lint is clean. Do you want the wrapped lines in a commit of their own?"
	qs := gather(msgs).questions
	if len(qs) != 1 || qs[0].Question != "Do you want the wrapped lines in a commit of their own?" {
		t.Errorf("questions = %+v, want only the one asked after the last call", qs)
	}

	// A console writes the assistant's words after ⏺ as well: they are no call.
	msgs[1].Content = "⏺ Bash(make serve)\n\nThe server starts. Which port should it listen on?\n\n⏺ I can also add a health check."
	if qs := gather(msgs).questions; len(qs) != 1 {
		t.Errorf("questions = %+v, want the question the console wrote after ⏺", qs)
	}
}

// TestQuestionsListedUnderAClarifyingLead: the questions listed under a
// lead-in that asks ("Could you clarify:") are asked, a bold one opening
// its item among them; a question that offers the other reading of the
// one before ("Or …?") is one question with it, and one that gives an
// example of it asks nothing more.
func TestQuestionsListedUnderAClarifyingLead(t *testing.T) {
	text := "The request to tidy the config is broad. Could you clarify:\n\n" +
		"1. **Which files do you mean?** I see a YAML file and an INI file in the repository.\n" +
		"2. Should the keys be sorted? Or should the sections be merged instead? For instance, should logging join output?\n\n" +
		"Once I know, I can make the change."
	want := []string{
		"Which files do you mean?",
		"Should the keys be sorted? Or should the sections be merged instead?",
	}
	if got := questionsOf(text); !slices.Equal(got, want) {
		t.Errorf("questionsOf = %q, want %q", got, want)
	}

	// Under a lead-in that asks nothing, the list says what something
	// will tell.
	text = "The logs will show:\n- Did the job start?\n- Which step failed first?"
	if got := questionsOf(text); len(got) != 0 {
		t.Errorf("questionsOf = %q, want none", got)
	}
}

// TestVagueOfferAsksNothing: an offer to do more that names nothing in
// particular closes an answer as "anything else?" does; an offer of a
// named piece of work, or a question of the steward's mind, asks.
func TestVagueOfferAsksNothing(t *testing.T) {
	for _, q := range []string{
		"Would you like me to adjust anything about the README's wording?",
		"Would you like me to continue with any other items from the backlog?",
		"Do you want me to look at any specific part of the parser?",
		"What would you like me to focus on next?",
	} {
		if openQuestion(q) {
			t.Errorf("%q is an open question, want none", q)
		}
	}
	for _, q := range []string{
		"Would you like me to add the retry to the upload step as well?",
		"Should I keep any of the old command-line flags?",
		"Do any of the callers pass a nil context?",
	} {
		if !openQuestion(q) {
			t.Errorf("%q is no open question, want one", q)
		}
	}
}

// TestUndecidedOnlyInItsOwnWords: a sentence that names a section
// called "Open Questions" leaves nothing undecided; one that says in its
// own words that something is an open question does.
func TestUndecidedOnlyInItsOwnWords(t *testing.T) {
	msgs := []*baton.Message{
		{Seq: 1, Role: baton.RoleSteward, Content: "Tidy the docs folder."},
		{Seq: 2, Role: baton.RoleAssistant, Content: "Changed:\n- docs/PLAN.md — trimmed (removed the \"Open Questions\" section)\n- docs/NOTES.md — merged into the README"},
	}
	if qs := gather(msgs).questions; len(qs) != 0 {
		t.Errorf("questions = %+v, want none: the sentence quotes a section's name", qs)
	}
	msgs[1].Content = "Trimmed docs/PLAN.md. It is unclear whether the NOTES file should go into the README."
	if qs := gather(msgs).questions; len(qs) != 1 {
		t.Errorf("questions = %+v, want the one left undecided", qs)
	}
}

// TestCourtesyInOtherLanguages: "anything else?" closes an answer in
// whatever language the session is in, and asks nothing there either.
func TestCourtesyInOtherLanguages(t *testing.T) {
	for _, q := range []string{
		"¿Necesitas algo más para el despliegue?",
		"Нужно что-нибудь ещё поправить в конфиге?",
		"还有什么需要我帮忙修改的吗？",
		"他に何か確認したいことはありますか？",
		"다른 작업이 더 있으신가요?",
	} {
		if openQuestion(q) {
			t.Errorf("%q is an open question, want none", q)
		}
	}
	if q := "¿Quieres que el despliegue use la rama main?"; !openQuestion(q) {
		t.Errorf("%q is no open question, want one", q)
	}
}
