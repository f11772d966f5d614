package views

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/internal/redact"
	"github.com/baton-dev/baton/internal/replay"
)

// ComparisonsPage lists the steward's comparisons and those shared with them.
type ComparisonsPage struct {
	Page
	Mine, Shared []*baton.Comparison
	// Matrices are the steward's replay matrices, newest first.
	Matrices []*baton.ReplayMatrix
}

// ComparisonSide is one message of an aligned row: its number, who spoke,
// and its text with the word diff marked when the row is an aligned pair.
type ComparisonSide struct {
	Seq       int64
	Role      string
	Text      string
	Words     []replay.WordDiff // the side's runs: equal and delete (A) or insert (B)
	ToolNames []string
	IsError   bool
	// Unfinished explains why the message is marked unfinished (UnfinishedTitle), or is "".
	Unfinished string
	// Fold shows the cell as Preview with "show all" (Chars characters).
	Fold    bool
	Preview string
	Chars   int
}

// ComparisonRow is one row of the two columns after the fork point.
type ComparisonRow struct {
	Key        string // the reasoning pair's key ("r3") when the row is an aligned pair
	A, B       *ComparisonSide
	Similarity float64
	Diverged   bool
	Comments   []*baton.ComparisonComment
}

// ComparisonPage is one comparison.
type ComparisonPage struct {
	Page
	Comparison       *baton.Comparison
	Diff             *replay.Diff
	ScoresA, ScoresB []replay.Score
	Rows             []ComparisonRow
	PageNo, Pages    int
	Comments         []*baton.ComparisonComment // on the whole comparison
	CanComment       bool
	IsOwner          bool
	Teams            []*baton.Team // the owner's teams, for the share form
	SharedWith       []*baton.TeamShare
	VerdictRules     []string
	// ShareURL is a read-only link just made: shown once. ShareTerms says
	// what it hides and when it expires (", with secrets hidden, …").
	ShareURL, ShareTerms string
	// PublicToken is set on the link's own page: paging stays under /c/{token}.
	PublicToken string
	// Base, when set, is the page's own address (a run of a replay matrix
	// read through the matrix), and MatrixURL the matrix it belongs to.
	Base, MatrixURL string
	// TokensA/B are each run's usage and estimated cost after the fork
	// point; DurationA/B the time from its first to its last message there.
	TokensA, TokensB     baton.SessionTokens
	DurationA, DurationB time.Duration
	// Ratings are the scores stewards gave on the page; nil where the page
	// has none (a read-only link, a matrix's run).
	Ratings *ComparisonRatings
	// A refused comment: the pair it was on ("all": the whole comparison),
	// what was typed, and why it was refused.
	CommentPair, CommentBody, CommentError string
	// Share is the sharing forms as a refused post left them.
	Share ShareForms
}

// URL is where the comparison's page N is.
func (p ComparisonPage) URL(page int) string {
	base := "/comparisons/" + p.Comparison.ID
	switch {
	case p.Base != "":
		base = p.Base
	case p.PublicToken != "":
		base = "/c/" + p.PublicToken
	}
	if page <= 1 {
		return base
	}
	return base + "?page=" + strconv.Itoa(page)
}

// ConversationNode is one conversation in the tree picture of a session.
type ConversationNode struct {
	Conv     *baton.Conversation
	Depth    int
	Row      int
	X1, X2   int // where its own messages start and end, in pixels
	ParentY  int
	Y        int
	Current  bool
	URL      string
	Label    string
	HasOwnUp bool
}

// conversationNodes lays out a session's conversations for the tree
// picture: one row each, in depth-first order; a branch starts at its
// fork point's x and runs for its own messages.
func conversationNodes(p SessionPage) ([]ConversationNode, int, int) {
	const left, width, rowH = 10, 200, 30
	var maxEnd int64 = 1
	for _, c := range p.Conversations {
		if end := c.ForkPointSeq + int64(c.MessageCount); end > maxEnd {
			maxEnd = end
		}
	}
	x := func(seq int64) int { return left + int(seq*int64(width)/maxEnd) }
	var out []ConversationNode
	rowOf := map[string]int{}
	var walk func(convs []*baton.Conversation, depth, parentRow int)
	walk = func(convs []*baton.Conversation, depth, parentRow int) {
		for _, c := range convs {
			row := len(out)
			rowOf[c.ID] = row
			n := ConversationNode{Conv: c, Depth: depth, Row: row, X1: x(c.ForkPointSeq), X2: x(c.ForkPointSeq + int64(c.MessageCount)),
				Y: 16 + row*rowH, ParentY: 16 + parentRow*rowH, URL: conversationURL(p.Session.ID, c.ID),
				Current: p.Conversation != nil && p.Conversation.ID == c.ID,
				Label:   fmt.Sprintf("%s · %s", conversationTitle(c), countOf(c.MessageCount, "message"))}
			if n.X2 < n.X1+6 {
				n.X2 = n.X1 + 6
			}
			if parentRow < 0 {
				n.ParentY = n.Y
			}
			out = append(out, n)
			if depth < 32 {
				walk(childConversations(p.Conversations, c.ID), depth+1, row)
			}
		}
	}
	walk(rootConversations(p.Conversations), 0, -1)
	return out, left + width + 10, 10 + len(out)*rowH
}

// cmpFloat shows a similarity or score with two decimals.
// comparedFrom is the session page a Compare form is sent from, so a
// refused form comes back to it.
func comparedFrom(p SessionPage) string {
	from := "/sessions/" + p.Session.ID
	if p.Conversation != nil {
		from += "?c=" + url.QueryEscape(p.Conversation.ID)
	}
	return from
}

func cmpFloat(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

func scoreText(s replay.Score) string {
	if s.Value == nil {
		return "—"
	}
	return cmpFloat(*s.Value)
}

// maxActionRows bounds the action table of a comparison page.
const maxActionRows = 120

func verdictClass(v string) string { return "badge verdict verdict-" + v }

func actionStatusLabel(s string) string {
	switch s {
	case replay.ActionSame:
		return "same"
	case replay.ActionArgsDiff:
		return "different arguments"
	case replay.ActionOnlyA:
		return "only in A"
	case replay.ActionOnlyB:
		return "only in B"
	}
	return s
}

func wordClass(op string) string {
	switch op {
	case "insert":
		return "w-ins"
	case "delete":
		return "w-del"
	}
	return ""
}

func joinModels(m []string) string {
	if len(m) == 0 {
		return "—"
	}
	return strings.Join(m, ", ")
}

// ComparisonLinkPage previews a read-only link to a comparison before it
// is made (Created false), or shows the new link once (Created true).
type ComparisonLinkPage struct {
	Page
	Comparison *baton.Comparison
	Redact     bool
	Expires    string
	// Found is what redaction will hide, by kind.
	Found []redact.Found
}

// redactionLimits says what redaction can and cannot judge, so an empty
// list is not read as "the link is clean".
func redactionLimits() string {
	return strconv.Itoa(redact.Patterns()) + " patterns checked (keys and tokens of known services, private keys, passwords assigned or in URLs, authorization headers, Baton's own link tokens, home folders). " +
		"Free-text secrets such as “my password is …” are caught only when phrased so; read the runs before you share them."
}

// LinkTerms is what a link hides and when it expires, as the pages say it.
func LinkTerms(p ComparisonLinkPage) string { return linkTerms(p) }

func linkTerms(p ComparisonLinkPage) string {
	out := ""
	if p.Redact {
		out += ", with secrets hidden"
	}
	if p.Expires != "" && p.Expires != "never" {
		out += ", until it expires in " + strings.TrimSuffix(p.Expires, "d") + " days"
	}
	return out
}
