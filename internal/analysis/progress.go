package analysis

import (
	"regexp"
	"slices"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// Caps on what progress lists.
const (
	maxTasks    = 100
	maxBlockers = 10
	taskLength  = 160
)

// taskBook keeps each task once, in order of first mention, with its
// latest status.
type taskBook struct {
	order     []string
	text      map[string]string // key → the task as first written
	status    map[string]string // key → pending, in_progress or completed
	requested map[string]bool   // keys of the steward's requests
	cleaned   map[string]string // cleanTask of each task read: a todo list is written again at each update
	// trace, when not nil, records where each task came from and what
	// the gates left out: the real set's harness reads it
	// (BATON_REALSET_TASKS_OUT); the analysis never does.
	trace *taskTrace
}

// taskTrace is what the real set's harness learns of one session's
// tasks: the rule each task was first read by, and the requests a gate
// dropped or merged into another task.
type taskTrace struct {
	from    string            // the rule being read now
	origin  map[string]string // task key → the rule that first wrote it
	dropped [][2]string       // {gate, text}
}

// formNames name the request forms in a trace.
var formNames = map[requestForm]string{formListed: "listed", formImperative: "imperative", formOpener: "opener",
	formQuestion: "question", formAside: "aside"}

// drop records a task a gate left out.
func (b *taskBook) drop(gate, text string) {
	if b.trace != nil {
		b.trace.dropped = append(b.trace.dropped, [2]string{gate, text})
	}
}

// from names the rule whose tasks are read next.
func (b *taskBook) from(rule string) {
	if b.trace != nil {
		b.trace.from = rule
	}
}

func newTaskBook() *taskBook {
	return &taskBook{text: map[string]string{}, status: map[string]string{}, requested: map[string]bool{}, cleaned: map[string]string{}}
}

// todo records an item of a todo list. One restating a request the
// steward made is that request (one task, whose status it carries).
func (b *taskBook) todo(task, status string) {
	if stewardsStep(task) {
		b.drop("the steward's step", task)
		return
	}
	key := strings.ToLower(b.clean(task))
	if _, ok := b.text[key]; !ok {
		words := wordsOf(key)
		for _, k := range b.order {
			if b.requested[k] && restates(words, wordsOf(k)) {
				b.status[k] = status
				b.drop("todo restates a request", task)
				return
			}
		}
	}
	b.set(task, status)
}

// stewardsStep reports an item of the assistant's list that is the
// steward's to do, not the session's work: one whose subject is the user
// ("User picks the areas to build next", "The user reviews the draft")
// or that hands the work over for the user's word ("Open the plan for
// confirmation", "Wait for approval before deploying"). The assistant
// lists it to show where it will stop; no one asked for it.
func stewardsStep(task string) bool {
	w := wordsOf(lowerText(task))
	if len(w) > 0 && w[0] == "the" {
		w = w[1:]
	}
	if len(w) >= 2 && w[0] == "user" && thirdPersonVerb(w[1]) {
		return true
	}
	for i, x := range w {
		if x != "confirmation" && x != "approval" {
			continue
		}
		// "for confirmation", "for the user's approval", "wait for your approval"
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if w[j] == "for" {
				return true
			}
			if !userWords[w[j]] {
				break
			}
		}
	}
	return false
}

// userWords may stand between "for" and what the user gives: "for the
// user's approval", "for your confirmation".
var userWords = set("the", "user", "user's", "users", "your", "their", "explicit", "final")

// thirdPersonVerb reports a verb of work with the -s of its third person:
// "picks", "reviews", "approves", "tests".
func thirdPersonVerb(w string) bool {
	stem, ok := strings.CutSuffix(w, "s")
	if !ok || len(stem) < 3 {
		return false
	}
	for _, v := range []string{stem, strings.TrimSuffix(stem, "e")} { // "picks", "fixes"
		if imperativeVerbs[v] || codeWorkVerbs[v] || stewardVerbs[v] {
			return true
		}
	}
	return false
}

// stewardVerbs are what a user does with the assistant's work that no
// verb of work says: "User confirms the plan", "User decides".
var stewardVerbs = set("confirm", "approve", "decide", "select", "accept", "reject", "provide", "validate")

// restates reports two tasks whose salient words are mostly the same both
// ways: a todo item that says again what the steward asked, not a step of
// it that shares a word or two ("add a regression test for the retry" under
// "fix the flaky retry test").
func restates(a, b []string) bool {
	sa, sb := salientSet(a), salientSet(b)
	if len(sa) == 0 || len(sb) == 0 {
		return false
	}
	hit := 0
	for w := range sa {
		if sb[w] {
			hit++
		}
	}
	return hit*3 >= max(len(sa), len(sb))*2
}

func salientSet(words []string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words {
		if salient(w) {
			out[w] = true
		}
	}
	return out
}

// set records a task's status; the latest status wins.
func (b *taskBook) set(task, status string) {
	task = b.clean(task)
	if task == "" {
		return
	}
	key := strings.ToLower(task)
	if _, ok := b.text[key]; !ok {
		if len(b.order) >= maxTasks {
			return
		}
		b.order = append(b.order, key)
		b.text[key] = task
		if b.trace != nil {
			b.trace.origin[key] = b.trace.from
		}
	}
	b.status[key] = status
}

// mention records a task named in passing: it does not reopen a task
// already known.
func (b *taskBook) mention(task string) {
	key := strings.ToLower(b.clean(task))
	if _, ok := b.text[key]; ok {
		return
	}
	b.set(task, "pending")
}

// worked records an item of a list the assistant set out to work
// through, completed when it later says something is done.
func (b *taskBook) worked(task string, done bool) {
	if stewardsStep(task) {
		b.drop("the steward's step", task)
		return
	}
	if done {
		b.set(task, "completed")
		return
	}
	b.mention(task)
}

// request records a task the steward asked for; a task recorded before
// the steward's message (the first known of them) saying the same keeps
// its own wording and status. The requests of one message are not
// compared with each other: the steward listed them as distinct (a plan's
// title and its step that creates the file the title names).
func (b *taskBook) request(task, status string, known int) {
	words := wordsOf(strings.ToLower(task))
	for _, key := range b.order[:min(known, len(b.order))] {
		if sameTask(words, wordsOf(key)) && sameCJK(task, key) && !otherFiles(task, key) {
			b.drop("same as a known task", task)
			return
		}
	}
	b.set(task, status)
	if key := strings.ToLower(b.clean(task)); b.text[key] != "" {
		b.requested[key] = true
	}
}

// otherFiles reports two tasks that name files or paths and no file or
// path of one is the other's: "apply the linter to ./tests/sample_app"
// and then "apply the linter to ./tests/plan.md" ask for the same work on
// other things, two tasks.
func otherFiles(a, b string) bool {
	fa, fb := namedFiles(a), namedFiles(b)
	if len(fa) == 0 || len(fb) == 0 {
		return false
	}
	for _, f := range fa {
		if slices.Contains(fb, f) {
			return false
		}
	}
	return true
}

// namedFiles are the words of a task that name a file or a path
// (onlyFileNames), lower-cased, without the marks around them.
func namedFiles(task string) []string {
	var out []string
	for _, w := range strings.Fields(task) {
		w = strings.TrimSuffix(strings.Trim(w, "`'\"()[],;:!?"), ".")
		if len(w) > 2 && onlyFileNames([]string{w}) {
			out = append(out, strings.ToLower(strings.TrimPrefix(w, "./")))
		}
	}
	return out
}

// sameTask reports two tasks that share most of their salient words.
func sameTask(a, b []string) bool {
	sa, sb := map[string]bool{}, map[string]bool{}
	for _, w := range a {
		if salient(w) {
			sa[w] = true
		}
	}
	for _, w := range b {
		if salient(w) {
			sb[w] = true
		}
	}
	if len(sa) == 0 || len(sb) == 0 {
		return false
	}
	if len(sa) > len(sb) {
		sa, sb = sb, sa
	}
	if len(sa) == 1 && len(sb) > 2 {
		return false // one shared word does not make "commit this" a longer task
	}
	hit := 0
	for w := range sa {
		if sb[w] {
			hit++
		}
	}
	return hit*3 >= len(sa)*2
}

// sameCJK reports two tasks whose Chinese, Japanese or Korean words, if
// any, are mostly the same: sameTask reads only the words written in
// Latin letters, and "使用 /openapi_depts" is not "/openapi-agent
// 有哪些平台的開放資料列表" for sharing "openapi". The words are compared
// by their pairs of characters, as the text has no spaces.
func sameCJK(a, b string) bool {
	if isASCII(a) && isASCII(b) {
		return true
	}
	pa, pb := cjkPairs(a), cjkPairs(b)
	if len(pa) == 0 || len(pb) == 0 {
		return len(pa) == len(pb)
	}
	if len(pa) > len(pb) {
		pa, pb = pb, pa
	}
	hit := 0
	for p := range pa {
		if pb[p] {
			hit++
		}
	}
	return hit*3 >= len(pa)*2
}

// cjkPairs are the pairs of neighbouring CJK characters (kana, Han,
// Hangul) of s, a lone character as itself.
func cjkPairs(s string) map[string]bool {
	out := map[string]bool{}
	var prev rune
	for _, r := range s {
		if r < 0x3040 || r > 0x9fff && (r < 0xac00 || r > 0xd7af) {
			if prev != 0 && len(out) == 0 {
				out[string(prev)] = true
			}
			prev = 0
			continue
		}
		if prev != 0 {
			out[string([]rune{prev, r})] = true
		}
		prev = r
	}
	if prev != 0 && len(out) == 0 {
		out[string(prev)] = true
	}
	return out
}

// doneLater reports, for each message i, whether the assistant, after
// it, says something is done, fixed or works. One pass from the end: asked
// message by message, a long conversation in which the assistant never
// says so was read to its end for every steward message (quadratic: a
// 20,000-message import spent minutes here). Messages from unread on are
// not read.
//
// The steward's word outweighs the assistant's: a report of work done
// that the steward's next message answers with the problem still there
// ("Pushed, still broken.", "the error remains") did not do it; and
// after the steward's last message says so, with nothing from the
// steward after it, only a report that a check now passes ("the tests
// pass") does, not one of another step taken ("I've added a job that
// lists the deployed files").
func doneLater(vs []view, unread int) []bool {
	later := make([]bool, len(vs))
	lastSteward, endsFailing := -1, false
	for i := len(vs) - 1; i >= 0; i-- {
		if vs[i].steward() && vs[i].text {
			lastSteward, endsFailing = i, stillFailing(vs[i].lower())
			break
		}
	}
	done := false
	nextFails := false // the steward's next message with text says the problem is still there
	for i := len(vs) - 1; i >= 0; i-- {
		later[i] = done
		w := &vs[i]
		if !w.text {
			continue
		}
		if !done && i < unread {
			switch {
			case w.steward():
				done = confirmsDone(w.lower())
			case w.assistant() && reportsDone(w) && !nextFails:
				done = !(i > lastSteward && endsFailing) || reportsCheckPassing(wordsOf(w.lower()))
			}
		}
		if w.steward() && !done {
			// Once a report counts, no earlier one is read: nor is
			// whether the steward's word voids it.
			nextFails = stillFailing(w.lower())
		}
	}
	return later
}

// stillFailingPattern is a steward's report, after "still", that the
// problem outlasted the fix: "still nothing", "still broken", "still
// have error".
var stillFailingPattern = regexp.MustCompile(`\bstill\s+(?:nothing|broken|fail(?:s|ing|ed)?|errors?|erroring|not\s+work\w*|doesn'?t\s+work|does\s+not\s+work|the\s+same|same\s+(?:error|issue|problem|result)|(?:have|has|having|get|getting|see|seeing)\s+(?:the\s+|an?\s+|this\s+|that\s+)?(?:same\s+)?(?:error|issue|problem|bug|crash|404|500))\b`)

// stillFailingPhrases say the same without "still": "the error
// remains", "that didn't work", "no luck".
var stillFailingPhrases = []string{"error remains", "issue remains", "problem remains", "error persists", "issue persists",
	"problem persists", "is still there", "didn't work", "didnt work", "did not work", "doesn't work", "doesnt work",
	"does not work", "didn't help", "did not help", "didn't fix", "didn't change anything", "no luck",
	"no difference", "not fixed", "not working"}

// stillFailing reports a steward's lower-cased message that says the
// problem is still there.
func stillFailing(lower string) bool {
	if strings.Contains(lower, "still ") && stillFailingPattern.MatchString(lower) {
		return true
	}
	for _, p := range stillFailingPhrases {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// passingWords say a check now passes.
var passingWords = set("pass", "passes", "passed", "passing", "green", "succeeded", "succeeds", "works", "working", "verified")

// reportsCheckPassing reports whether words say, unnegated, that a check
// passes or the thing works ("all 30 tests pass", "the page loads and
// works"), not only that a step was taken.
func reportsCheckPassing(words []string) bool {
	for i, w := range words {
		if passingWords[w] && !negatedAt(words, i) {
			return true
		}
	}
	return false
}

// confirmsDone reports whether a steward's lower-cased message says the
// work works or thanks for it ("Fixed. Thanks!", "Perfect, all green
// now.", "30/30. Thank you, that's a weight off.", "Lovely, thanks."): a
// short message with no question, one of whose sentences confirms and
// none of which tells of a failure. A confirmation that goes on to a
// problem ("works, but the flash is back"), asks for more in the same
// breath ("fixed, now add the test") or wishes ("it would be great if
// …") is none.
func confirmsDone(lower string) bool {
	if len(lower) > 400 || strings.ContainsRune(lower, '?') {
		return false
	}
	said := sentences(lower)
	confirmed, words := false, 0
	for _, s := range said {
		w := wordsOf(s)
		words += len(w)
		switch {
		case slices.ContainsFunc(w, func(x string) bool { return failureWords[x] }):
			return false
		case sentenceConfirms(w):
			confirmed = true
		}
	}
	return confirmed && words <= 30
}

// sentenceConfirms reports whether a sentence's words confirm the work:
// a word that it works or thanks for it, within 12 words, with no
// qualification after the confirmation (what follows "thanks for" is
// what was thanked for: "thanks for keeping it honest while still …").
func sentenceConfirms(words []string) bool {
	if len(words) > 12 {
		return false
	}
	confirmed := false
	for i, w := range words {
		switch {
		case w == "for" && confirmed && (thankWords[words[i-1]] || words[i-1] == "you"):
			return true
		case problemWords[w], wishWords[w], moreWork[w] && i+1 < len(words):
			// "now" ends "all green now", and opens "now add the test".
			return false
		case doneWords[w], thankWords[w], i+1 < len(words) && (doneWords[w+" "+words[i+1]] || w == "thank" && words[i+1] == "you"):
			confirmed = true
		}
	}
	return confirmed
}

// doneWords say that work works and thankWords thank for it; failureWords
// tell that something does not work, anywhere in the message;
// problemWords, in the confirming sentence, qualify it, wishWords make
// it a wish, and moreWork asks for more before what comes.
var (
	doneWords = set("fixed", "works", "worked", "working", "solved", "resolved", "perfect", "lgtm", "all green",
		"is green", "are green", "green on", "did it", "looks good", "merged", "deployed", "confirmed", "lovely",
		"fantastic", "excellent", "brilliant", "awesome")
	thankWords   = set("thanks", "thx", "cheers")
	failureWords = set("fail", "fails", "failing", "failed", "broken", "error", "errors", "crash", "crashes",
		"crashed", "doesn't", "didn't", "isn't", "don't", "can't", "won't", "wrong")
	problemWords = set("but", "still", "not", "however", "except", "also", "again")
	wishWords    = set("would", "could", "should", "if", "please")
	moreWork     = set("now", "next", "then")
)

// reportsDone reports whether the assistant's message w says work was
// done: a fix, an outcome, a completion, an edit shown in its text.
func reportsDone(w *view) bool {
	return w.fixes || outcomeIn(eachWord(w.lower())) || reportsCompletion(wordsOf(w.lower())) ||
		editedInText(w) || reportsCompletionCJK(w.prose)
}

// endsMidStep reports whether the session ends with the assistant still
// at work on the closing turn's request (closing is closingTurn's index):
// its last message reports nothing done and its last sentence announces
// the next step ("Let me fix this:", "I'm exporting the open set now so I
// can check each one.", "让我先查看一下相关文件"), with nothing after it.
func endsMidStep(vs []view, closing int) bool {
	if closing <= 0 {
		return false
	}
	last := len(vs) - 1
	for last >= closing && !(vs[last].assistant() && vs[last].text) {
		last--
	}
	if last < closing || reportsDone(&vs[last]) || editsFrom(vs, last) {
		return false
	}
	said := sentences(vs[last].prose)
	if len(said) == 0 {
		return false
	}
	return closesOnStep(lowerText(said[len(said)-1]))
}

// closesOnStep reports whether a lower-cased sentence announces a step,
// at its start or in its last clause: "… returned no body, so I'm falling
// back to the logs endpoint".
func closesOnStep(lower string) bool {
	for _, sep := range []string{", so ", "; ", ", and "} {
		if i := strings.LastIndex(lower, sep); i >= 0 {
			return announcesStep(lower[i+len(sep):]) || announcesStep(lower)
		}
	}
	return announcesStep(lower)
}

// editsFrom reports whether a message from i on edits or writes a file:
// the step announced was taken.
func editsFrom(vs []view, i int) bool {
	for ; i < len(vs); i++ {
		for j := range vs[i].calls {
			if op := vs[i].calls[j].op(); op == "edit" || op == "write" {
				return true
			}
		}
	}
	return false
}

// announcesStep reports whether a lower-cased sentence announces what the
// assistant does next, in the first person: "let me …", "now i'll …",
// "i'm falling back to …", or narration in another language. "Let me know
// …" and "let's discuss …" hand the turn back.
func announcesStep(lower string) bool {
	lower = strings.ReplaceAll(lower, "’", "'")
	lower = strings.TrimPrefix(strings.TrimPrefix(lower, "so "), "ok, ")
	if strings.HasPrefix(lower, "let me know") || strings.HasPrefix(lower, "let's discuss") {
		return false
	}
	for _, o := range narrationOpenings {
		if strings.HasPrefix(lower, o) {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(lower, "i'm "); ok {
		first, _, _ := strings.Cut(rest, " ")
		return strings.HasSuffix(first, "ing")
	}
	return narratesInOtherLanguage(lower)
}

// doneCJK are what an answer in Chinese, Japanese or Korean says when it
// reports work done: "已完成", "已修改" (has been done, changed), "我已经…了"
// (I have …), "以下是具体的修改" (here are the changes, before the edits),
// "しました" (did), "完了", "했습니다" (did), "완료" (done), "되었습니다" (has
// become); notDoneCJK say the work was not done: "未完成", "没有", "できません
// でした" (could not), "못했" (could not), "않았" (did not).
var (
	doneCJK = []string{"已完成", "完成了", "已修改", "已添加", "已新增", "已更新", "已删除", "已刪除", "已创建", "已建立", "已修复", "已修正",
		"已实现", "已提交", "已推送", "已列出", "我已经", "我已經", "修改如下", "以下是具体的修改", "以下是修改", "しました", "完了", "했습니다",
		"완료", "되었습니다"}
	notDoneCJK = []string{"未完成", "没有", "沒有", "ませんでした", "못했", "않았"}
)

// reportsCompletionCJK reports an answer in Chinese, Japanese or Korean
// that says work was done (doneCJK) and nowhere that it was not
// (notDoneCJK); prose in Latin letters is read by reportsCompletion.
func reportsCompletionCJK(prose string) bool {
	if isASCII(prose) {
		return false
	}
	said := false
	for _, d := range doneCJK {
		if strings.Contains(prose, d) {
			said = true
			break
		}
	}
	if !said {
		return false
	}
	for _, n := range notDoneCJK {
		if strings.Contains(prose, n) {
			return false
		}
	}
	return true
}

// asksForWork reports a request that opens with a verb of work
// ("commit all the checkpoints", "check the console").
func asksForWork(task string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(task), " ")
	return imperativeVerbs[strings.ToLower(first)]
}

// asksForAnswer reports a request whose work is the answer itself: it
// opens with a verb that asks to be told ("explain …", "compare …",
// "summarise …", "tell me …"), or with what is to be told, the words
// that asked for it read past ("which of the queues is fairer").
func asksForAnswer(task string) bool {
	first, rest, _ := strings.Cut(strings.TrimSpace(strings.ToLower(task)), " ")
	return answerVerbs[first] || whWords[first] || (first == "tell" || first == "show" || first == "walk") && strings.HasPrefix(rest, "me ")
}

// answerVerbs ask for an answer, not a change.
var answerVerbs = set("explain", "compare", "describe", "summarize", "summarise", "suggest", "propose", "outline",
	"recommend", "advise", "clarify", "brainstorm", "discuss")

// answeredLater reports, for each message i, whether the assistant says
// something after it (prose, not only tool calls). One pass from the end.
func answeredLater(vs []view) []bool {
	later := make([]bool, len(vs))
	said := false
	for i := len(vs) - 1; i >= 0; i-- {
		later[i] = said
		said = said || vs[i].assistant() && vs[i].text
	}
	return later
}

// overtaken reports, for each message i, whether something arrived after
// it and the conversation went on: a later message of another role than
// i's that is not the assistant's (a tool result, a notification, a
// steward message), followed by assistant prose. One pass from the end:
// asked message by message, a conversation without tool results was read
// to its end for every steward message saying "until" (quadratic).
func overtaken(vs []view) []bool {
	out := make([]bool, len(vs))
	lastSaid := -1 // the last assistant message with prose
	for i := len(vs) - 1; i >= 0; i-- {
		if vs[i].assistant() && vs[i].text {
			lastSaid = i
			break
		}
	}
	// next[r] is the first index after i of a message of role r (the
	// roles other than the assistant's), or -1.
	next := map[baton.Role]int{}
	for i := len(vs) - 1; i >= 0; i-- {
		for r, j := range next {
			if r != vs[i].m.Role && j < lastSaid {
				out[i] = true
				break
			}
		}
		if !vs[i].assistant() {
			next[vs[i].m.Role] = i
		}
	}
	return out
}

// superseded reports whether a status said in message i ("still waiting
// on the other two") was overtaken (overtaken's rule).
func superseded(vs []view, over []bool, i int) bool {
	return hasAnyPhrase(vs[i].lower(), "waiting on", "waiting for", "still waiting", "until") && over[i]
}

// clean is cleanTask(task), each task cleaned once.
func (b *taskBook) clean(task string) string {
	c, ok := b.cleaned[task]
	if !ok {
		c = cleanTask(task)
		b.cleaned[task] = c
	}
	return c
}

func cleanTask(s string) string {
	s = strings.TrimSpace(plainText(stripMarkup(s)))
	if isCommandText(s) {
		return "" // a raw command is not a task
	}
	s = strings.TrimRight(s, ".;:!,")
	s = strings.Trim(s, "*_` ")
	if len(s) < 3 {
		return ""
	}
	return excerpt(s, taskLength)
}

// progressOf computes a session's progress.
//
// Tasks come from the todo tool's calls (todoTools, also as an export
// writes them in the assistant's text) — each todo's latest status wins — and
// from steward and assistant prose: "- [ ] task" (pending), "- [x] task"
// (completed; in a list whose boxes are all checked, a report of work done,
// no task unless known before), "TODO: task", and "next we need to …", "we still need to
// …", "next step is to …", "next I will …" (pending unless known), in the
// assistant's prose only in its closing turn (closingTurn); and
// from errors still open when the session ended: a failed tool result that
// nothing resolved (errorsOf's rule) and no file was changed after, with
// fewer than resolutionWindow messages after it, so the session ended
// before it could be resolved. Errors resolved or worked on later, or left
// behind long before the end, are not tasks. A task is discussed once mentioned, completed when its latest
// status is completed, and remaining otherwise. Blockers are sentences saying "blocked by",
// "blocked on", "blocker", "waiting on", or "can't … until".
func progressOf(vs []view) baton.Progress { return progressTraced(vs, nil) }

// progressTraced is progressOf, recording in trace (when not nil) where
// each task came from.
func progressTraced(vs []view, trace *taskTrace) baton.Progress {
	book := newTaskBook()
	book.trace = trace
	var blockers []string
	askedBefore := false // a steward message with prose came before
	closing := closingTurn(vs)
	unread := len(vs) // where doneLater stops reading reports of work done
	answered := answeredLater(vs)
	if endsMidStep(vs, closing) {
		// The assistant was still at work when the session ended: the
		// last request was neither done nor answered, whatever the
		// assistant reported on the way there ("The release job
		// completed …, so I'm pulling that step's log").
		unread = closing
		answered[closing-1] = false
	}
	done := doneLater(vs, unread)
	over := overtaken(vs)
	for i := range vs {
		v := &vs[i]
		book.from("todo tool")
		for j := range v.calls {
			for _, t := range callTodos(&v.calls[j]) {
				book.todo(t.Content, t.Status)
			}
		}
		if v.assistant() {
			book.from("todo text")
			for _, t := range textTodos(v.m.Content) {
				book.todo(t.Content, t.Status)
			}
		}
		if !v.text {
			continue
		}
		if v.steward() && continuationSummary(v.m.Content) {
			// The agent's summary of the conversation so far, carried in
			// the steward's turn when a session resumes: its lines restate
			// work asked and done before, none is a new request.
			askedBefore = true
			continue
		}
		if v.steward() && messageEvent(v.m) != "shell_command" {
			status := "pending"
			if done[i] {
				status = "completed"
			}
			reqs := stewardRequests(vs, i, askedBefore)
			book.from("request")
			reqs = slices.DeleteFunc(reqs, func(r request) bool {
				if answerManner(r.text) {
					book.drop("manner of the answer", r.text)
					return true
				}
				return false
			})
			if len(reqs) == 0 && strings.TrimSpace(v.prose) != "" {
				// A message whose own sentences ask in no form read here
				// (a remark that implies the work, a request in pasted
				// words): the answer that opens by taking it on ("I'll
				// convert the fd commands to find") names the work, as
				// it may title the session.
				if r, ok := restatement(vs, i, false); ok {
					if t := requestText(strings.Join(r.words, " "), true); t != "" {
						reqs = []request{{text: t, form: formListed}}
						book.from("restatement")
					}
				}
			}
			known := len(book.order)
			for k, r := range reqs {
				if askedBefore {
					if why := remarkKind(r, k); why != "" {
						book.drop("remark ("+why+")", r.text)
						continue
					}
				}
				if feedback(r, askedBefore) {
					book.drop("feedback", r.text)
					continue
				}
				if book.trace != nil && book.trace.from != "restatement" {
					book.trace.from = "request " + formNames[r.form]
					if !askedBefore {
						book.trace.from += " (opening)"
					}
				}
				if answered[i] && (r.how || r.form == formQuestion && !asksForWork(r.text) || asksForAnswer(r.text)) {
					// A question the assistant answered is settled; one
					// that asks for work ("could you commit …?") is not.
					// Nor is a request for an answer ("Compare a.py and
					// b.py and explain the differences"): the answer is
					// the work.
					book.request(r.text, "completed", known)
					continue
				}
				book.request(r.text, status, known)
			}
			// A command that asks for nothing ("/clear") opens no
			// conversation: the message after it is still the opening one.
			askedBefore = askedBefore || len(reqs) > 0 || messageEvent(v.m) != "slash_command"
		}
		if v.assistant() {
			book.from("work list")
			for _, t := range workList(v.prose) {
				book.worked(t, done[i])
			}
		}
		if v.steward() || i >= closing {
			book.from("text cue")
			reports := doneReportLines(v.prose)
			n := 0
			for line := range strings.SplitSeq(v.prose, "\n") {
				textTasks(book, line, reports[n])
				n++
			}
		}
		if len(blockers) < maxBlockers && hasBlockerCue(v.lower()) && !superseded(vs, over, i) {
			for _, s := range sentences(v.prose) {
				if isBlocker(lowerText(s)) {
					blockers = appendUniqueFold(blockers, excerpt(plainText(stripMarkup(s)), taskLength), maxBlockers)
				}
			}
		}
	}
	book.from("open error")
	for _, e := range openErrorsAtEnd(vs) {
		book.mention("Resolve: " + e)
	}
	p := baton.Progress{TasksDiscussed: []string{}, TasksCompleted: []string{}, TasksRemaining: []string{}}
	for _, key := range book.order {
		t := book.text[key]
		p.TasksDiscussed = append(p.TasksDiscussed, t)
		if book.status[key] == "completed" {
			p.TasksCompleted = append(p.TasksCompleted, t)
		} else {
			p.TasksRemaining = append(p.TasksRemaining, t)
		}
	}
	if len(blockers) > 0 {
		p.Blockers = blockers
	}
	return p
}

// stewardRequests reads the requests of the steward's message i: what
// its sentences ask for (requests), or the command it ran (commandTask);
// failing those, in the opening message, fixing the problem it states,
// and in any message that is only pasted output, fixing the error it
// shows (pasted mid-session, it is the next thing to fix). askedBefore
// says a steward message with prose came before.
func stewardRequests(vs []view, i int, askedBefore bool) []request {
	v := &vs[i]
	// The steward's own words, as the title reads them: not the files an
	// editor attached nor the output wrapped in a tag (<logs>…</logs>),
	// whose lines ask for nothing ("Review them and commit at your
	// leisure" in a tool's log).
	own := titleProse(v)
	reqs := requests(own)
	if t := commandTask(vs, i); t != "" {
		reqs = append([]request{{text: t, form: formListed}}, reqs...)
	}
	reqs = dropPreparatoryReads(reqs)
	if !slices.ContainsFunc(reqs, namesAFix) {
		if t := pointedFix(own, v.m.Content); t != "" {
			reqs = append([]request{{text: t, form: formListed}}, reqs...)
		}
	}
	if len(reqs) == 1 && asksForCause(reqs[0]) {
		// "why do I keep getting this?" or "what could be causing this
		// error?" over a pasted error: the work is fixing the error it
		// shows, and the question says no more than that.
		if t := pastedErrorTask(v.m.Content); t != "" {
			reqs = []request{{text: t, form: formListed}}
		}
	}
	if len(reqs) == 0 && !askedBefore {
		// The opening message states a problem ("the release
		// failed with …"): fixing it is the task. One that
		// introduces what it pastes ("I got this feedback:")
		// states none.
		if t := wantedSentence(own); t != "" {
			reqs = []request{{text: t, form: formListed}}
		} else if t := unlistedVerbRequest(own); t != "" {
			reqs = []request{{text: t, form: formListed}}
		} else if line := problemLine(own); diagnosticTask(line) != "" {
			reqs = []request{{text: diagnosticTask(line), form: formListed}}
		} else if !strings.HasSuffix(strings.TrimSpace(line), ":") {
			// A question too short to name anything ("Why fail?" under a
			// pasted log) asks about the output above it: the error it
			// shows, read below, is the work.
			if s := firstSentence(withoutThanks(line)); !setsTheScene(s) && !bareQuestion(line) {
				if t := requestText(s, true); t != "" {
					reqs = []request{{text: t, form: formListed}}
				}
			}
		}
	}
	if len(reqs) == 0 {
		// Output pasted with no words of the steward's own: the error
		// it shows is the work.
		if t := pastedErrorTask(v.prose); t != "" {
			reqs = []request{{text: t, form: formListed}}
		}
	}
	return reqs
}

// bareQuestion reports a line that is a question of fewer than four
// words: "Why fail?", "What's wrong?".
func bareQuestion(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasSuffix(s, "?") && len(strings.Fields(s)) < 4
}

// asksForCause reports a question that asks what causes a problem:
// "why does …", "what could be causing this error", "为什么…".
func asksForCause(r request) bool {
	if r.form != formQuestion && r.form != formAside {
		return false
	}
	lower := strings.ToLower(r.text)
	return strings.HasPrefix(lower, "why ") || strings.HasPrefix(lower, "为什么") ||
		strings.HasPrefix(lower, "what could be causing") || strings.HasPrefix(lower, "what is causing") ||
		strings.HasPrefix(lower, "what's causing") || strings.HasPrefix(lower, "what causes")
}

// setsTheScene reports an opening sentence that only says where the work
// is and what is there ("in this folder are two plugins we have been
// building", "in this repo the exporter can write CSV and JSON"): it
// states no problem, so fixing it is no task; the problem, if any, comes
// in the sentences after.
func setsTheScene(s string) bool {
	lower := strings.ToLower(strings.TrimSpace(s))
	if !strings.HasPrefix(lower, "in this ") || strings.Contains(lower, "n't") || strings.Contains(lower, "n’t") {
		return false
	}
	for _, w := range wordsOf(lower) {
		if sceneProblemWords[w] {
			return false
		}
	}
	return true
}

// sceneProblemWords are the words by which a sentence states a problem.
var sceneProblemWords = set("not", "no", "never", "cannot", "error", "errors", "fail", "fails", "failed", "failing",
	"bug", "bugs", "broken", "wrong", "issue", "issues", "problem", "problems", "crash", "crashes", "missing")

// continuationSummary reports a message that is Claude Code's summary of
// a conversation that ran out of context, written by the agent into the
// steward's turn when the session goes on ("This session is being
// continued from a previous conversation …"). Claude Code's own files
// mark it (isCompactSummary: a system message); an export that keeps only
// speakers and text does not.
func continuationSummary(content string) bool {
	return strings.HasPrefix(strings.TrimSpace(content), "This session is being continued from a previous conversation")
}

// openErrorsAtEnd lists, once each, the texts of the failed tool results
// that were still unresolved when the session ended.
func openErrorsAtEnd(vs []view) []string {
	var out []string
	lastChange := -1 // the last message that edited or wrote a file
	for i := range vs {
		for _, c := range vs[i].calls {
			if op := c.op(); op == "edit" || op == "write" {
				lastChange = i
			}
		}
	}
	for i := max(0, len(vs)-resolutionWindow, lastChange+1); i < len(vs); i++ {
		if !vs[i].failed || rejected(vs[i].m.Content) || movedOn(vs, i) {
			continue
		}
		if _, at, _ := resolve(vs, i); at >= 0 {
			continue
		}
		text := firstLine(errorText(vs[i].m.Content))
		if isCommandText(text) || strings.Contains(text, "<") {
			text = ""
		}
		if text == "" && vs[i].call != nil && toolName.MatchString(vs[i].call.Name) {
			text = vs[i].call.Name + " failed"
		}
		if text != "" && !slices.Contains(out, text) {
			out = append(out, text)
		}
	}
	return out
}

// toolName is a tool's name as agents spell it ("Bash", "mcp__github__get_pr"):
// a call whose name is not (markup the model garbled into a name) names
// nothing a reader could resolve.
var toolName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.:-]*$`)

// IsToolName reports whether name is spelled as agents name their tools
// (toolName): a call by any other name is markup the model garbled.
func IsToolName(name string) bool { return toolName.MatchString(name) }

// rejected reports a tool result saying the steward turned the call down:
// a choice, not an error to resolve.
func rejected(content string) bool { return baton.RejectedBySteward(content) }

// movedOn reports whether a later call of the same tool succeeded after
// the failure at i: the session got past it (a command not found, then
// installed and run; a missing file, then created).
func movedOn(vs []view, i int) bool {
	if vs[i].call == nil {
		return false
	}
	for j := i + 1; j < len(vs); j++ {
		if c := vs[j].call; c != nil && !vs[j].failed && c.Name == vs[i].call.Name {
			return true
		}
		for _, c := range vs[j].calls {
			if op := c.op(); op == "edit" || op == "write" {
				return true
			}
		}
	}
	return false
}

// firstProseLine is the first line of prose that is words, not output.
func firstProseLine(prose string) string {
	output := false // within a block of pasted output, until a blank line
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			output = false
		case looksLikeOutput(t):
			output = true
		case !output && !strings.HasPrefix(t, "#"):
			return t
		}
	}
	return ""
}

// problemLine is the line of an opening message that states its
// problem: its first line of prose (firstProseLine), past any that only
// give news of earlier work ("The load test is done: the engine held
// up"), which is no problem; the first line when every line is news.
func problemLine(prose string) string {
	first := firstProseLine(prose)
	line, rest := first, prose
	for line != "" && newsOfDoneWork(firstSentence(line)) {
		rest = rest[strings.Index(rest, line)+len(line):]
		line = firstProseLine(rest)
	}
	if line == "" {
		return first
	}
	return line
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// nextCues open a sentence naming work still to do.
var nextCues = []string{
	"next we need to ", "next, we need to ", "next we should ", "next, we should ", "we still need to ",
	"still need to ", "next step is to ", "the next step is to ", "next up: ", "next up is ", "then we need to ",
	"we also need to ", "remaining work: ", "next i will ", "next, i will ", "next i'll ", "next, i'll ",
	// German
	"als nächstes müssen wir ", "als nächstes sollten wir ", "wir müssen noch ", "noch offen: ", "noch zu tun: ",
}

// nextCueParts are words each of nextCues holds: a line without any of
// them holds no cue, and five scans of it replace the cues' twenty-two
// (the cues' scans were 3% of a Codex rollout's first sync).
var nextCueParts = []string{"next", "need to ", "remaining work: ", "nächstes ", "noch "}

// mayHoldNextCue is false when lower, a lower-cased line, holds none of
// nextCues.
func mayHoldNextCue(lower string) bool {
	for _, p := range nextCueParts {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}

// nextCuesJA: "次に、Xする必要があります" (next we need to X).
var nextCueJA = regexp.MustCompile(`(?:次に|あとは|まだ)、?(.+?)(?:必要があります|必要がある|必要です)`)

// textTasks reads the tasks of one line of prose. report says the line
// stands in a checklist whose boxes are all checked (doneReportLines).
func textTasks(book *taskBook, line string, report bool) {
	t := strings.TrimSpace(line)
	switch box, item := checkboxItem(t); box {
	case ' ', '-', '~', '/':
		// Open, or in progress ("- [-] Write the docs", as VS Code's
		// todo list marks the item it works on).
		book.mention(item)
		return
	case 'x', 'X':
		if _, known := book.text[strings.ToLower(book.clean(item))]; report && !known {
			book.drop("done-work report", item)
			return
		}
		book.set(item, "completed")
		return
	}
	if i := todoMarker(t); i >= 0 {
		rest := strings.TrimLeft(t[i+4:], ":) -")
		if strings.HasPrefix(t[i+4:], "(") { // TODO(name): task
			if j := strings.IndexByte(t[i:], ')'); j >= 0 {
				rest = strings.TrimLeft(t[i+j+1:], ": -")
			}
		}
		book.mention(firstSentence(rest))
		return
	}
	// nextCueJA only where it can match: it is slow to say no to a long line.
	if strings.Contains(t, "必要") {
		if m := nextCueJA.FindStringSubmatch(t); m != nil {
			book.mention(strings.TrimSpace(m[1]))
			return
		}
	}
	lower := strings.ToLower(t)
	if !mayHoldNextCue(lower) {
		return
	}
	for _, cue := range nextCues {
		if i := strings.Index(lower, cue); i >= 0 {
			book.mention(firstSentence(t[i+len(cue):]))
			return
		}
	}
}

// checkboxItem is the mark in the box of a task list item ("- [x] Add
// the test" gives 'x' and "Add the test") and its text, or 0 for a line
// that is none.
func checkboxItem(t string) (byte, string) {
	if len(t) <= 4 || t[0] != '-' && t[0] != '*' && t[0] != '+' || t[1] != ' ' {
		return 0, ""
	}
	rest := strings.TrimSpace(t[2:])
	if len(rest) <= 3 || rest[0] != '[' || rest[2] != ']' {
		return 0, ""
	}
	return rest[1], rest[3:]
}

// doneReportLines marks, by line number, the lines of prose that stand in
// a checklist whose boxes are all checked: a list that reports work done
// ("Completed:\n- [x] Added the export\n- [x] Updated the docs", a pull
// request's checklist the steward pastes), where each item says what
// happened rather than what is to do. A list with an open box beside its
// checked ones is a todo list part-way through; its checked items are its
// tasks, done. The list runs over its items and the blank lines between
// them. Nil when the prose has no checked box.
func doneReportLines(prose string) map[int]bool {
	if !strings.Contains(prose, "[x]") && !strings.Contains(prose, "[X]") {
		return nil
	}
	out := map[int]bool{}
	var list []int // the current list's item lines
	open := false  // the current list has a box not checked
	end := func() {
		if !open {
			for _, n := range list {
				out[n] = true
			}
		}
		list, open = list[:0], false
	}
	n := 0
	for line := range strings.SplitSeq(prose, "\n") {
		t := strings.TrimSpace(line)
		switch box, _ := checkboxItem(t); {
		case box != 0:
			list = append(list, n)
			open = open || box != 'x' && box != 'X'
		case t != "":
			end()
		}
		n++
	}
	end()
	return out
}

// discussionOpeners open a yes/no or "why" question: in the middle of a
// session one that weighs what was said ("is that from astral", "why is
// the more complex one needed", "did you check the README"), not a
// request for work.
var discussionOpeners = set("is", "are", "was", "were", "does", "do", "did", "isn't", "aren't", "doesn't", "don't",
	"didn't", "can't", "couldn't", "wouldn't", "shouldn't", "won't", "why", "has", "have", "hasn't", "haven't",
	"should", "could", "would", "will", "am", "shall", "may", "might", "can")

// discourseMarkers open a sentence without changing what it asks ("but,
// should we …", "so is that …").
var discourseMarkers = set("but", "and", "or", "so", "ok", "okay", "also", "well", "hmm", "then", "now", "still")

// discussionQuestion reports a task read from such a question, also past
// discourse markers ("but should we tidy first", "so is that needed").
func discussionQuestion(task string) bool {
	w := wordsOf(lowerText(task))
	for len(w) > 1 && discourseMarkers[w[0]] {
		w = w[1:]
	}
	if doesTheSame(w) {
		return false // "do the same for groq.ts": work, not a question
	}
	return len(w) > 0 && discussionOpeners[w[0]]
}

// remarkKind names why a request is a remark, or "": a request, the k-th of its message, that a steward
// makes while the work goes on rather than asking for new work: a yes/no
// or "why" question (discussionQuestion), a question that puts forward
// another way ("why not …?", "wouldn't it …?": suggestsInstead), a question that names nothing
// ("what do you think?", "what's the simplest thing that would work?"),
// a question about what the assistant did (asksAboutDone), and past the message's first request, any that does not open with a verb
// or stand in a list ("I want to treat that as a failing test case" after
// "let's switch to uv", "isn't there a place for mocks?" after "let's
// explore the root cause"), or that asks to make sure of something
// (assurance). The reason names the gate in the trace.
func remarkKind(r request, k int) string {
	switch {
	case discussionQuestion(r.text):
		return "discussion question"
	case (r.form == formQuestion || r.form == formAside) && suggestsInstead(r.text):
		return "suggestion"
	case (r.form == formQuestion || r.form == formAside) && namesNothing(r.text):
		return "names nothing"
	case asksAboutDone(r):
		return "asks about the work done"
	case k > 0 && assurance(r.text):
		return "assurance after a request"
	case k > 0 && r.form != formListed && r.form != formImperative:
		return "no verb after a request"
	}
	return ""
}

// suggestsInstead reports a question that puts forward another way for
// the steward to weigh with the assistant ("in the CLI, why not use
// Path.home() as the default?", "maybe I'm missing something, but
// wouldn't it help to revert the last commit?"): a counter-proposal in
// the middle of the work, which the work that follows takes up or not,
// and not work of its own.
func suggestsInstead(task string) bool {
	w := wordsOf(lowerText(task))
	for i, x := range w {
		if x == "why" && i+1 < len(w) && w[i+1] == "not" {
			return true
		}
		if (x == "wouldn't" || x == "wouldnt") && i+1 < len(w) && invertedSubjects[w[i+1]] {
			return true
		}
	}
	return false
}

// assurance reports a request that asks to make sure of something ("make
// sure the commit message names both changes"): after the message's first
// request, a condition on that work, not work of its own.
func assurance(task string) bool {
	l := strings.ToLower(task)
	return strings.HasPrefix(l, "make sure ") || strings.HasPrefix(l, "ensure ")
}

// vagueWords name no work of their own in a question: "what do you think",
// "what should we do next", "what's the simplest thing that would work".
var vagueWords = set("think", "thinks", "do", "doing", "done", "next", "now", "say", "said", "mean", "means", "suggest",
	"thing", "things", "work", "works", "working", "going", "happen", "happening", "happened", "want", "need", "like",
	"minimal", "simplest", "best", "better", "right", "wrong", "problem", "idea", "ideas", "opinion", "you", "we", "i",
	"is", "are", "was", "were", "be", "would", "should", "could", "can", "will", "does", "did", "s", "re", "'s", "'re",
	"that", "this", "it", "there", "here", "a", "an", "the", "of", "to", "about", "with", "on", "in", "for", "what",
	"how", "why", "which", "where", "who", "when", "your", "our", "my", "harder", "hard", "more", "so", "far", "else",
	"through", "over")

// namesNothing reports a question whose words are all vague.
func namesNothing(task string) bool {
	if cjkText(task) {
		return false
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(task), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		if !vagueWords[w] {
			return false
		}
	}
	return true
}

// withoutThanks is s without the sentences that open it by thanking
// ("Thanks for joining. Agenda: …"): a courtesy states no problem.
func withoutThanks(s string) string {
	for {
		first := firstSentence(s)
		if first == s || !thanksSentence(strings.Fields(first)) {
			return s
		}
		s = strings.TrimSpace(s[len(first)+1:])
	}
}

// firstSentence cuts s at its first sentence end.
func firstSentence(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' && i > 0 && s[i-1] == '.' && i+1 < len(s) {
			continue // an ellipsis ("use `raise ... from err`") goes on
		}
		if (s[i] == '.' || s[i] == '!' || s[i] == '?') && (i+1 == len(s) || s[i+1] == ' ') {
			return s[:i]
		}
	}
	return s
}

func hasBlockerCue(lower string) bool {
	return strings.Contains(lower, "block") || strings.Contains(lower, "waiting on") || strings.Contains(lower, "until")
}

func isBlocker(lower string) bool {
	if hasAnyPhrase(lower, "no blocker", "no blockers", "not blocked", "unblocked", "nothing blocking", "not a blocker") {
		return false
	}
	if containsPhrase(lower, "blocked by") || containsPhrase(lower, "blocked on") || containsPhrase(lower, "blocker") ||
		containsPhrase(lower, "blockers") || containsPhrase(lower, "waiting on") {
		return true
	}
	if i := strings.Index(lower, " until "); i >= 0 {
		before := lower[:i]
		return containsPhrase(before, "can't") || containsPhrase(before, "cannot") || containsPhrase(before, "can not") ||
			containsPhrase(before, "won't be able")
	}
	return false
}

// appendUniqueFold appends s unless it is there already, ignoring case.
func appendUniqueFold(list []string, s string, limit int) []string {
	if s == "" || len(list) >= limit {
		return list
	}
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return list
		}
	}
	return append(list, s)
}

// todoMarker returns where a TODO marker starts in a line, or -1. A marker
// is "TODO:" or "TODO(name)" anywhere, or "TODO" opening the line (after a
// comment or list marker) and followed by a space; "TODO" inside a phrase
// ("create a TODO app", "the TODO list") is a word, not a task.
func todoMarker(t string) int {
	for from := 0; from < len(t); {
		j := strings.Index(t[from:], "TODO")
		if j < 0 {
			return -1
		}
		i := from + j
		from = i + 4
		if i > 0 && isASCIIWordByte(t[i-1]) {
			continue
		}
		rest := t[i+4:]
		if strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "(") {
			return i
		}
		lead := strings.TrimSpace(strings.TrimLeft(t[:i], "/#*-;> \t"))
		if lead == "" && strings.HasPrefix(rest, " ") {
			return i
		}
	}
	return -1
}

// closingTurn is where the assistant's closing turn starts: after the
// steward's last message with prose that the assistant answered in prose
// (0 when there is none). What the assistant leaves open there ("next
// step is to …", an unchecked box) is work the session left for later;
// said in an earlier turn, the steward's next message took it up or moved
// on, and what the steward asked is the task.
func closingTurn(vs []view) int {
	said := false
	for i := len(vs) - 1; i >= 0; i-- {
		switch {
		case vs[i].assistant() && vs[i].text:
			said = true
		case said && vs[i].steward() && vs[i].text:
			return i + 1
		}
	}
	return 0
}

// fixPointingBack is a request to fix what the message has just said or
// shown, pointing back at it rather than naming it: "…, fix this.",
// "Fix it, verify, and then explain", "How can I resolve this?". Its
// words name nothing (onlyPointsBack leaves it out); the problem it
// points at is the work. The verb opens its clause, as a request's does:
// "what should be done to resolve it" and "how does it solve it" ask
// for no fix.
var fixPointingBack = regexp.MustCompile(`(?i)(?:^|[.!?,;:]\s*|\n\s*)((?:(?:please|pls|so|and|then|now|ok|okay|can you|could you|would you|how (?:can|do|should|would) (?:i|we))\s+)*(?:fix|resolve|solve) (?:it|this|that|these|them)(?:\s+(?:please|for me|too|as well))?\s*(?:[.,;!?]|$))`)

// fixPointingBackWords are words one of which every match of
// fixPointingBack holds ("resolve this" holds "solve this").
var fixPointingBackWords = newFoldWords("fix it", "fix this", "fix that", "fix these", "fix them",
	"solve it", "solve this", "solve that", "solve these", "solve them")

// pointedFix is the task of a message that asks to fix, pointing back,
// the problem it states or pastes (fixPointingBack): fixing the error the
// pasted output shows (pastedErrorTask), else the statement just before
// the request — the clause before it in its sentence ("the changelog has
// duplicate items, fix this") or the sentence before it when that states
// a problem ("The export drops the last row. Please fix it."); "" when
// the message asks no such thing or names no problem.
func pointedFix(own, content string) string {
	loc := submatchIndexIf(fixPointingBack, own, fixPointingBackWords)
	if loc == nil {
		return ""
	}
	if t := pastedErrorTask(content); t != "" {
		return t
	}
	before := strings.TrimSpace(own[:loc[2]]) // up to the request
	line := before[strings.LastIndexByte(before, '\n')+1:]
	if line == "" {
		return ""
	}
	sents := requestSentences(line)
	if len(sents) == 0 {
		return ""
	}
	last := strings.TrimRight(sents[len(sents)-1], " ,;:-—")
	if strings.ContainsAny(line[len(line)-1:], ".!?") && !problemWordIn(last) {
		// A sentence of its own before the request ("The layout looks
		// good. Please fix this.") is its problem only when it states one;
		// a clause before it in its sentence is what it points at.
		return ""
	}
	return problemStatement(last)
}

// problemStatement is "fix " and a statement of what is wrong, without
// the files an editor attached before it, or "" for one too short to
// name anything ("still broken") or that asks for work itself.
func problemStatement(s string) string {
	s = strings.TrimSpace(strings.TrimRight(s, ".!?"))
	for strings.HasPrefix(s, "@") {
		_, rest, ok := strings.Cut(s, " ")
		if !ok {
			return ""
		}
		s = strings.TrimSpace(rest)
	}
	words := strings.Fields(s)
	if len(words) < 4 || startsWithVerb(s) || openerAt(strings.ToLower(s)) >= 0 {
		return ""
	}
	return excerpt("fix "+s, taskLength)
}

// problemWordIn reports a sentence that states a problem in one of
// sceneProblemWords or a negated verb ("doesn't", "won't").
func problemWordIn(s string) bool {
	for _, w := range wordsOf(lowerText(s)) {
		if sceneProblemWords[w] || strings.HasSuffix(w, "n't") {
			return true
		}
	}
	return false
}

// namesAFix reports a request that asks, in its own words, to fix
// something.
func namesAFix(r request) bool {
	first, _, _ := strings.Cut(strings.ToLower(r.text), " ")
	return first == "fix" || first == "resolve" || first == "solve"
}
