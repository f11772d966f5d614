package analysis

import (
	"regexp"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// An option the steward takes up by repeating it: the assistant asks
// "Would you like me to: 1. Remove the untested code? 2. Write failing
// tests first?", the talk turns elsewhere for a message or two, and the
// steward then writes "Remove the untested code. Then …". The option
// whose words the steward's message repeats, nearly all of them, is the
// decision, the others its alternatives. Options put as questions count
// here: the repetition is the answer.

// maxEchoOffers is how many of the latest assistant offers stay open to
// a repeating reply.
const maxEchoOffers = 2

// offersCourses is an offer put to the steward before a list of courses,
// beside those asksToChoose finds: "Would you like me to:", "I can:".
var offersCourses = regexp.MustCompile(`(?i)\b(?:would you like me to|do you want me to|want me to|shall i|should i|i can|options?)\s*:?\s*\n`)

// echoOffer is an assistant offer of courses a later steward message may
// repeat.
type echoOffer struct {
	at      int      // index of the view that offered them
	options []option // the courses offered
	replies int      // steward messages since the offer
}

// noteEchoOffer keeps the courses assistant message i asks the steward to
// choose from, the latest maxEchoOffers of them.
func (sc *decisionScan) noteEchoOffer(i int) {
	prose := sc.vs[i].prose
	if !asksToChoose(prose) && !offersCoursesIn(prose) {
		return
	}
	options := lastList(prose)
	if len(options) < 2 || len(options) > 6 {
		return
	}
	sc.echoes = append(sc.echoes, echoOffer{at: i, options: options})
	if len(sc.echoes) > maxEchoOffers {
		sc.echoes = sc.echoes[len(sc.echoes)-maxEchoOffers:]
	}
}

// echoedOption reads steward message i as repeating one course of an
// open offer, newest offer first; each offer stays open for
// maxOptionReplies steward messages.
func (sc *decisionScan) echoedOption(i int) {
	said := map[string]bool{}
	for _, w := range contentWords(sc.vs[i].prose) {
		said[w] = true
	}
	for k := len(sc.echoes) - 1; k >= 0; k-- {
		if d, ok := echoedCourse(sc.echoes[k].options, said); ok {
			sc.add(d, &sc.vs[i])
			sc.echoes = nil
			return
		}
	}
	kept := sc.echoes[:0]
	for _, e := range sc.echoes {
		if e.replies++; e.replies < maxOptionReplies {
			kept = append(kept, e)
		}
	}
	sc.echoes = kept
}

// echoedCourse is the one option of options whose content words, four or
// more, are nearly all (four in five) among the words said.
func echoedCourse(options []option, said map[string]bool) (baton.Decision, bool) {
	pick := -1
	for k, o := range options {
		words := contentWords(o.text)
		if len(words) < 4 {
			continue
		}
		n := 0
		for _, w := range words {
			if said[w] {
				n++
			}
		}
		if 5*n < 4*len(words) {
			continue
		}
		if pick >= 0 {
			return baton.Decision{}, false // two courses repeated: no pick
		}
		pick = k
	}
	if pick < 0 {
		return baton.Decision{}, false
	}
	d := baton.Decision{Decision: strings.TrimRight(strings.TrimSpace(options[pick].text), "?")}
	for k, o := range options {
		if k != pick && o.text != "" {
			d.Alternatives = append(d.Alternatives, excerpt(strings.TrimRight(strings.TrimSpace(o.text), "?"), decisionLength))
		}
	}
	return d, true
}
