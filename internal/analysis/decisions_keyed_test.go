package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionKeyedAnswers: the steward answers the assistant's questions
// point by point; each answer, keyed to its question by number or topic,
// is a decision with the topic it settles. Open answers, questions back
// and a quiz's questions settle nothing.
func TestDecisionKeyedAnswers(t *testing.T) {
	asked := "The draft leaves a few things open:\n\n" +
		"1. **Which object store should we use for the uploads?**\n" +
		"2. **Do we need thumbnails for every image?**\n" +
		"3. **How long should we keep deleted files?**\n\n" +
		"Tell me and I'll finish the design."
	answer := func(reply string) *convo {
		c := newConvo()
		c.steward("Sketch the upload service.")
		c.assistant(asked)
		c.steward(reply)
		return c
	}
	checkDecisions(t, answer("1. Object store: MinIO on our own box (no cloud bill at this size).\n"+
		"2. Thumbnails: yes, two sizes, made on upload.\n"+
		"3. Retention: not sure yet"), []baton.Decision{
		{Decision: "Object store: MinIO on our own box", Rationale: "no cloud bill at this size"},
		{Decision: "Thumbnails: yes, two sizes, made on upload"},
	})
	// Keyed by number alone: the question's subject names the topic, and
	// a bare yes takes the subject of a yes-or-no question as the course.
	checkDecisions(t, answer("1. MinIO on our own box\n2. yes\n3. thirty days, then purge them"), []baton.Decision{
		{Decision: "object store for the uploads: MinIO on our own box"},
		{Decision: "thumbnails for every image"},
		{Decision: "keep deleted files: thirty days, then purge them"},
	})
	// One keyed line is a remark, not answers point by point.
	checkDecisions(t, answer("Note: I'll answer tomorrow."), nil)
	checkDecisions(t, answer("1. why MinIO at all?\n2. up to you\n3. no preference"), nil)

	quiz := newConvo()
	quiz.steward("Teach me about caching.")
	quiz.assistant("Check yourself:\n1. What is a cache hit?\n2. Why does eviction matter?")
	quiz.steward("1. A read served from the cache\n2. Memory is bounded, old entries must go")
	checkDecisions(t, quiz, nil)
}

// Numbered questions answered by a bare yes or no, or by a name alone:
// "yes" to "Should we X?" settles X, "no" turns X down, and "Redis" names
// the thing a "which" question asked for, the courses the question named
// left out of the topic. A yes to a question that asks for a thing
// settles nothing.
func TestDecisionKeyedYesNoAndNames(t *testing.T) {
	c := newConvo()
	c.steward("Plan the notification service.")
	c.assistant("Before I start:\n\n1. Should we batch the emails into a daily digest?\n" +
		"2. Do you want push notifications on mobile?\n3. Which queue should we use, Redis or RabbitMQ?")
	c.steward("1. yes\n2. no, not for now\n3. Redis")
	checkDecisions(t, c, []baton.Decision{
		{Decision: "batch the emails into a daily digest"},
		{Decision: "no push notifications on mobile"},
		{Decision: "queue: Redis"},
	})

	c = newConvo()
	c.steward("Plan the notification service.")
	c.assistant("Before I start:\n\n1. Which queue should we use?\n2. Which region should host it?")
	c.steward("1. yes\n2. yes")
	checkDecisions(t, c, nil)
}
