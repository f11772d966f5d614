package analysis

import (
	"regexp"
	"strings"
)

// maxWorkItems caps the items read from one work list.
const maxWorkItems = 12

// workCommitment closes a message that sets out to work through what it
// listed: "Let me fix all of these.", "I'll address them one by one.",
// "Let me read the relevant files and fix these." Group 1 is the verb.
var workCommitment = regexp.MustCompile(`(?i)\b(?:let me|let's|i'll|i will|i'm going to)\s+(?:[\w,']+\s+){0,8}?(\w+)\s+(?:all\s+(?:of\s+)?|each\s+of\s+|both\s+(?:of\s+)?)?(?:these|them|those)\b`)

// listItem is a top-level numbered or bulleted item: "1. …", "2) …", "- …".
var listItem = regexp.MustCompile(`^(?:\d{1,2}[.)]|[-*+])\s+(.+)$`)

// leadLabel is an item's bold lead that only says where or what kind
// ("**Line 66** — …", "**`operations.rs:990`** — …", "**Nit:** …").
var leadLabel = regexp.MustCompile(`^\*\*[^*]{1,60}\*\*\s*(?:[—–:-]+\s*)`)

// workList reads the items of a list the assistant set out to work
// through: a message whose last paragraph commits to doing what the list
// above it holds ("Three things need fixing: 1. … 2. … Let me fix all of
// these."), each item as a task. A list the message only reports, or one
// followed by anything but that commitment, holds no tasks of its own.
func workList(prose string) []string {
	if out := plannedList(prose); len(out) > 0 {
		return out
	}
	body := strings.TrimSpace(prose)
	cut := strings.LastIndex(body, "\n\n")
	if cut < 0 {
		return nil
	}
	closing := body[cut:]
	m := workCommitment.FindStringSubmatch(closing)
	if m == nil || !imperativeVerbs[strings.ToLower(m[1])] || offered(closing) {
		return nil
	}
	var out []string
	for line := range strings.SplitSeq(body[:cut], "\n") {
		if line != strings.TrimLeft(line, " \t") {
			continue // a nested item details its parent
		}
		item := listItem.FindStringSubmatch(strings.TrimSpace(line))
		if item == nil {
			continue
		}
		if t := workItemText(item[1]); t != "" {
			out = appendUniqueFold(out, t, maxWorkItems)
		}
	}
	if len(out) < 2 {
		return nil // one item is a remark, not a list worked through
	}
	return out
}

// workItemText is the task an item of a work list names: past a bold
// lead that only locates it, its first sentence, cut at its first clause
// when long.
func workItemText(item string) string {
	item = leadLabel.ReplaceAllString(strings.TrimSpace(item), "")
	s := cleanRequest(firstSentence(item))
	words := strings.Fields(s)
	if len(words) > maxRequestWords {
		words = trimFunctionWords(cutAtClause(words))
		if len(words) > maxRequestWords {
			words = trimFunctionWords(words[:maxRequestWords])
		}
	}
	t := strings.TrimRight(strings.Join(words, " "), ".,;:!? ")
	if len(words) < 3 || isCommandText(t) {
		return ""
	}
	return t
}

// offerCue marks a closing that offers work on the steward's word ("If
// you'd like …, let me know and I can add those next"): what it offers is
// not the list above it, which reports what was done.
var offerCue = regexp.MustCompile(`(?i)\blet me know\b|\bif you(?:'d| would)? (?:like|want|prefer)\b|\bshould i\b|\bwant me to\b`)

// offered reports a closing paragraph that offers rather than commits.
func offered(closing string) bool { return offerCue.MatchString(closing) }

// planLeadIn is a line that sets out what the assistant is about to do
// and ends introducing a list: "I need to:", "Based on your feedback,
// I'll make these changes:", "Let me do the following:".
var planLeadIn = regexp.MustCompile(`(?i)\b(?:i need to|i'll|i will|i'm going to|let me|we need to)\b[^.!?]*:$`)

// plannedList reads the items of a numbered list the assistant introduces
// as what it is about to do ("I need to:\n1. Remove the mismatched tabs
// …\n2. …"): its restatement of the work asked, item by item.
func plannedList(prose string) []string {
	lines := strings.Split(strings.TrimSpace(truncate(prose, maxScanText)), "\n")
	for i, line := range lines {
		// The lead-in ends with a colon: looking first spares the other
		// lines the pattern's scan.
		if t := strings.TrimSpace(line); !strings.HasSuffix(t, ":") || !planLeadIn.MatchString(t) || offered(t) {
			// "Let me know if you'd like me to:" offers the list below
			// on the steward's word; it is not what the assistant does.
			continue
		}
		var out []string
		for _, l := range lines[i+1:] {
			if strings.TrimSpace(l) == "" && len(out) == 0 {
				continue
			}
			if l != strings.TrimLeft(l, " \t") {
				continue // a nested item details its parent
			}
			item := plannedItem.FindStringSubmatch(strings.TrimSpace(l))
			if item == nil {
				break
			}
			// An item that opens with a verb names work ("Remove the
			// label"); one that narrates ("First, I'll check …") or
			// describes ("It includes tests for …") does not.
			if t := workItemText(item[1]); t != "" && imperativeWord(strings.Fields(t)[0]) {
				out = appendUniqueFold(out, t, maxWorkItems)
			}
		}
		if len(out) >= 2 {
			return out
		}
	}
	return nil
}

// plannedItem is a top-level numbered item: "1. …", "2) …".
var plannedItem = regexp.MustCompile(`^\d{1,2}[.)]\s+(.+)$`)
