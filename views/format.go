package views

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/baton-dev/baton/internal/baton"
	"github.com/baton-dev/baton/views/charts"
)

// now is the clock relative times are measured against; tests pin it.
var now = time.Now

// formatDuration says how long something took, to the two largest units:
// "45s", "12m", "1h 12m", "3d 4h", "8030y 14d" (a year is 365 days).
func formatDuration(seconds int64) string {
	if seconds <= 0 {
		return "—"
	}
	y, d, h, m, s := seconds/(365*86400), seconds%(365*86400)/86400, seconds%86400/3600, seconds%3600/60, seconds%60
	switch {
	case y > 0:
		return joinUnits(y, "y", d, "d")
	case d > 0:
		return joinUnits(d, "d", h, "h")
	case h > 0:
		return joinUnits(h, "h", m, "m")
	case m > 0:
		return joinUnits(m, "m", s, "s")
	default:
		return fmt.Sprintf("%ds", s)
	}
}

func joinUnits(a int64, au string, b int64, bu string) string {
	if b == 0 {
		return fmt.Sprintf("%d%s", a, au)
	}
	return fmt.Sprintf("%d%s %d%s", a, au, b, bu)
}

// sessionDuration is a session's length: its recorded duration, or the
// time between its start and end.
func sessionDuration(s *baton.Session) string {
	if s.DurationSeconds > 0 {
		return formatDuration(s.DurationSeconds)
	}
	if s.EndedAt != nil {
		return formatDuration(baton.DurationSeconds(s.StartedAt, *s.EndedAt))
	}
	return "—"
}

// absTime is a moment as people read it, in UTC: "1 Apr 2026, 09:05 UTC".
func absTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("2 Jan 2006, 15:04 MST")
}

// shortTime is the time of day of a message, with seconds: "09:05:12".
func shortTime(t time.Time) string {
	return t.UTC().Format("15:04:05")
}

// isoTime is the machine-readable form for <time datetime>.
func isoTime(t time.Time) string {
	return t.UTC().Format(time.RFC3339)
}

// relTime says how long ago t was: "just now", "5 minutes ago",
// "yesterday", "3 days ago"; older moments get their date.
func relTime(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	n := now()
	d := n.Sub(t)
	// Whole days count by the calendar (UTC), so two times of the same day
	// always read alike: "yesterday", never "23 hours ago" beside it.
	days := calendarDays(t, n)
	switch {
	case d < 0:
		return absTime(t)
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plural(int(d/time.Minute), "minute") + " ago"
	case days == 0:
		return plural(int(d/time.Hour), "hour") + " ago"
	case days == 1:
		return "yesterday"
	case days < 30:
		return plural(days, "day") + " ago"
	case t.Year() == n.Year():
		return t.UTC().Format("2 Jan")
	default:
		return t.UTC().Format("2 Jan 2006")
	}
}

// calendarDays is how many UTC calendar days lie between t and later.
func calendarDays(t, later time.Time) int {
	y1, m1, d1 := t.UTC().Date()
	y2, m2, d2 := later.UTC().Date()
	a := time.Date(y1, m1, d1, 0, 0, 0, 0, time.UTC)
	b := time.Date(y2, m2, d2, 0, 0, 0, 0, time.UTC)
	return int(b.Sub(a).Hours() / 24)
}

// plural is "1 message", "2 messages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// count is a number with thousands separators: 1234567 → "1,234,567".
func count[T int | int64](n T) string {
	s := strconv.FormatInt(int64(n), 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// countOf is "1 session", "1,204 sessions".
func countOf[T int | int64](n T, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return count(n) + " " + noun + "s"
}

// truncate shortens s to at most n characters, at a word boundary when
// one is near, and marks the cut with "…".
func truncate(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := 0
	for i := range s {
		if n == 0 {
			cut = i
			break
		}
		n--
	}
	out := s[:cut]
	if sp := strings.LastIndexByte(out, ' '); sp > len(out)*2/3 {
		out = out[:sp]
	}
	return strings.TrimRight(out, " ,.;:") + "…"
}

// firstLine is the first non-blank line of s, truncated to n characters.
func firstLine(s string, n int) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) != "" {
			return truncate(line, n)
		}
	}
	return ""
}

// score shows a 0–1 score with two decimals, or a dash when there is none.
func score(q *float64) string {
	if q == nil {
		return "—"
	}
	return strconv.FormatFloat(*q, 'f', 2, 64)
}

// signed shows a sentiment from -1 to 1 with its sign: "+0.42", "-0.10".
func signed(v float64) string {
	return fmt.Sprintf("%+.2f", v)
}

// typeLabel is how a session type reads: "code_session" → "Code session".
func typeLabel(t baton.SessionType) string {
	return humanize(string(t))
}

// humanize turns an identifier into words: "cherry_pick" → "Cherry pick"
// (as the charts say them).
func humanize(s string) string { return charts.Humanize(s) }

// roleLabel is how a message's author reads in the transcript.
func roleLabel(m MessageView) string {
	if m.Speaker != "" {
		return m.Speaker
	}
	switch m.Role {
	case baton.RoleSteward:
		return "Steward"
	case baton.RoleAssistant:
		return "Assistant"
	case baton.RoleSystem:
		return "System"
	case baton.RoleToolCall:
		return "Tool call"
	case baton.RoleToolResult:
		return "Tool result"
	}
	return humanize(string(m.Role))
}

// isToolResult reports whether a message is tool output, which the
// transcript folds so long output never floods the page.
func isToolResult(m MessageView) bool {
	return m.Role == baton.RoleToolResult
}

// msgClass is the class list of a transcript item.
func msgClass(m MessageView) string {
	c := "msg msg-" + string(m.Role)
	if m.IsError {
		c += " msg-error"
	}
	return c
}

// usageLine is a message's token usage, or "" when it has none.
func usageLine(u baton.Usage) string {
	if u.Total() == 0 {
		return ""
	}
	parts := []string{}
	if u.InputTokens > 0 {
		parts = append(parts, count(u.InputTokens)+" in")
	}
	if u.OutputTokens > 0 {
		parts = append(parts, count(u.OutputTokens)+" out")
	}
	if c := u.CacheReadTokens + u.CacheCreationTokens; c > 0 {
		parts = append(parts, count(c)+" cached")
	}
	return strings.Join(parts, " · ") + " tokens"
}

// stewardName is the signed-in steward's name, or "" when signed out.
func stewardName(p Page) string {
	if p.Steward == nil {
		return ""
	}
	return p.Steward.Name()
}

// pageTitle is the document title: "Sessions · Baton".
func pageTitle(p Page) string {
	if p.Title == "" {
		return "Baton"
	}
	return p.Title + " · Baton"
}

// sessionTitle is a session's title, or a stand-in for an untitled one.
func sessionTitle(s *baton.Session) string {
	if strings.TrimSpace(s.Title) == "" {
		return "Untitled session"
	}
	return s.Title
}

// sessionURL is the page of a session.
func sessionURL(id string) string {
	return "/sessions/" + url.PathEscape(id)
}

// hitURL opens a session's transcript at a matching message.
func hitURL(h baton.SearchHit) string {
	return fmt.Sprintf("%s?at=%d#m-%d", sessionURL(h.SessionID), h.Seq, h.Seq)
}

// conversationURL shows one conversation of a session.
func conversationURL(sessionID, conversationID string) string {
	return sessionURL(sessionID) + "?c=" + url.QueryEscape(conversationID)
}

// messageCount is how many messages the transcript of the page holds.
func messageCount(p SessionPage) int64 {
	if p.TotalMessages > 0 {
		return p.TotalMessages
	}
	return int64(p.Session.MessageCount)
}

// textPart is a run of text, marked when it matches a search term.
type textPart struct {
	Text string
	Mark bool
}

// highlight splits text into runs, marking every case-insensitive
// occurrence of the words of q. Words are split as the search index splits
// them (letters and digits), so what is marked is what matched. The parts
// are rendered as text, so nothing in text or q can become markup.
func highlight(text, q string) []textPart {
	terms := strings.FieldsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(terms) == 0 || text == "" {
		return []textPart{{Text: text}}
	}
	var parts []textPart
	plain := 0
	for i := 0; i < len(text); {
		n := 0
		for _, t := range terms {
			if m := prefixFold(text[i:], t); m > n {
				n = m
			}
		}
		if n == 0 {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
			continue
		}
		if plain < i {
			parts = append(parts, textPart{Text: text[plain:i]})
		}
		parts = append(parts, textPart{Text: text[i : i+n], Mark: true})
		i += n
		plain = i
	}
	if plain < len(text) {
		parts = append(parts, textPart{Text: text[plain:]})
	}
	return parts
}

// prefixFold returns the length in bytes of the prefix of s that equals
// term under Unicode case folding, or 0 when s does not start with term.
func prefixFold(s, term string) int {
	i := 0
	for _, tr := range term {
		if i >= len(s) {
			return 0
		}
		sr, size := utf8.DecodeRuneInString(s[i:])
		if sr != tr && unicode.ToLower(sr) != unicode.ToLower(tr) {
			return 0
		}
		i += size
	}
	return i
}

// queryWith is the query with key set to value (removed when value is "").
func queryWith(q url.Values, key, value string) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	if value == "" {
		out.Del(key)
	} else {
		out.Set(key, value)
	}
	return out
}

// filterKeys are the session list's filters (sort is an order, not a filter).
var filterKeys = []string{"q", "type", "source", "from", "to", "review", "min_quality", "tag", "topic", "emotion", "breakthroughs"}

// activeFilters counts the filters set besides the search (q): the ones
// folded behind the "Filters" line. reading.js counts the same way.
func activeFilters(q url.Values) int {
	n := 0
	for _, k := range filterKeys {
		if k != "q" && strings.TrimSpace(q.Get(k)) != "" {
			n++
		}
	}
	return n
}

// activeFiltersText is the count on the folded filters' line: " (2 active)", or "" for none.
func activeFiltersText(n int) string {
	if n == 0 {
		return ""
	}
	return " (" + strconv.Itoa(n) + " active)"
}

// hasFilters reports whether any filter is set.
func hasFilters(q url.Values) bool {
	for _, k := range filterKeys {
		for _, v := range q[k] {
			if strings.TrimSpace(v) != "" {
				return true
			}
		}
	}
	return false
}

// sortColumn describes a sortable column's header link and state.
type sortColumn struct {
	Href string
	// AriaSort is "ascending", "descending" or "none".
	AriaSort string
}

// sortArrow is the visual arrow of a sorted column; screen readers get aria-sort.
func sortArrow(aria string) string {
	switch aria {
	case "ascending":
		return "▲"
	case "descending":
		return "▼"
	}
	return ""
}

// pagerHref is the no-JavaScript link to the next page: the page itself,
// not its rows partial.
func pagerHref(next string) string {
	u, err := url.Parse(next)
	if err != nil {
		return next
	}
	q := u.Query()
	q.Del("rows")
	u.RawQuery = q.Encode()
	return u.String()
}

// ptrString is the value of an optional string.
func ptrString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// tokenStatus is whether a personal access token still works.
func tokenStatus(t *baton.AccessToken) string {
	if t.RevokedAt != nil {
		return "revoked"
	}
	return "active"
}

// importBadge is the badge class of an import result status.
func importBadge(status string) string {
	switch status {
	case baton.ImportStored:
		return "badge badge-stored"
	case baton.ImportUpdated:
		return "badge badge-updated"
	case baton.ImportDuplicate:
		return "badge badge-duplicate"
	case baton.ImportRejected:
		return "badge badge-rejected"
	}
	return "badge"
}

// percent is a 0–1 value as a percentage: 0.734 → "73%".
func percent(v float64) string {
	return fmt.Sprintf("%.0f%%", v*100)
}

// withCurrent is the options of a select plus the current value, so a
// filter from a shared URL still shows as chosen.
func withCurrent(options []string, current string) []string {
	if current == "" {
		return options
	}
	for _, o := range options {
		if o == current {
			return options
		}
	}
	return append(append([]string(nil), options...), current)
}

// sortCaption says in words how the session table is sorted.

// hitTitle is the title of a search hit's session.
func hitTitle(h baton.SearchHit) string {
	if h.SessionTitle == "" {
		return "Untitled session"
	}
	return h.SessionTitle
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// chunkPageURL turns the transcript partial's next URL
// (/sessions/ID/messages?c=C&after=N) into the page that shows the
// transcript from the same message (/sessions/ID?c=C&at=N+1), for readers
// without JavaScript.
func chunkPageURL(next string) string {
	u, err := url.Parse(next)
	if err != nil || !strings.HasSuffix(u.Path, "/messages") {
		return next
	}
	q := u.Query()
	after, err := strconv.ParseInt(q.Get("after"), 10, 64)
	if err != nil {
		return next
	}
	q.Del("after")
	q.Del("before")
	q.Set("at", itoa(after+1))
	u.Path = strings.TrimSuffix(u.Path, "/messages")
	u.RawPath = ""
	u.RawQuery = q.Encode()
	return u.String()
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// joinOrDash lists words with commas, or a dash when there are none.
func joinOrDash(items []string) string {
	if len(items) == 0 {
		return "—"
	}
	return strings.Join(items, ", ")
}

// sentimentWord names a -1..1 sentiment.
func sentimentWord(v float64) string {
	switch {
	case v >= 0.5:
		return "very positive"
	case v >= 0.05:
		return "positive"
	case v <= -0.5:
		return "very negative"
	case v <= -0.05:
		return "negative"
	}
	return "neutral"
}

// messageURL opens a session's transcript at a message.
func messageURL(sessionID string, seq int64) string {
	return fmt.Sprintf("%s?at=%d#m-%d", sessionURL(sessionID), seq, seq)
}

// Emptiness of the session page's panels: an empty panel says so in one line.

func summaryEmpty(s baton.Summary) bool {
	return s.AutoGenerated == "" && len(s.KeyTopics) == 0 && len(s.MainOutcomes) == 0 && len(s.Decisions) == 0
}

func progressEmpty(p baton.Progress) bool {
	return len(p.TasksDiscussed) == 0 && len(p.TasksCompleted) == 0 && len(p.TasksRemaining) == 0 && len(p.Blockers) == 0
}

func technicalEmpty(t baton.TechnicalContext) bool {
	return len(t.Repositories) == 0 && len(t.Technologies) == 0 && len(t.CodeChanges) == 0 &&
		len(t.Errors) == 0 && t.WorkingDirectory == "" && t.ToolVersion == ""
}

func continuityEmpty(c baton.Continuity) bool {
	return ptrString(c.PreviousSession) == "" && ptrString(c.NextSession) == "" && c.HandoffNotes == "" && len(c.OpenThreads) == 0
}

func assistantEmpty(a baton.Assistant) bool {
	return a.InstanceID == "" && a.ModelVersion == "" && len(a.Capabilities) == 0
}

func arcEmpty(a baton.EmotionalArc) bool {
	return len(a.StartingMood) == 0 && len(a.EndingMood) == 0 && len(a.PeakMoments) == 0 && a.OverallSentiment == 0
}

func relationshipEmpty(r baton.Relationship) bool {
	return r.TrustLevel == 0 && r.CollaborationStyle == "" && len(r.CommunicationPatterns) == 0 && len(r.GrowthIndicators) == 0
}

// rootConversations are the threads without a parent in the list: the
// original, and any whose parent is not among them.
func rootConversations(convs []*baton.Conversation) []*baton.Conversation {
	ids := make(map[string]bool, len(convs))
	for _, c := range convs {
		ids[c.ID] = true
	}
	var roots []*baton.Conversation
	for _, c := range convs {
		if c.ParentConversationID == nil || !ids[*c.ParentConversationID] || *c.ParentConversationID == c.ID {
			roots = append(roots, c)
		}
	}
	return roots
}

// childConversations are the threads made from parentID, in list order.
func childConversations(convs []*baton.Conversation, parentID string) []*baton.Conversation {
	var kids []*baton.Conversation
	for _, c := range convs {
		if c.ParentConversationID != nil && *c.ParentConversationID == parentID && c.ID != parentID {
			kids = append(kids, c)
		}
	}
	return kids
}

// conversationTitle is a thread's title, or its kind when it has none.
func conversationTitle(c *baton.Conversation) string {
	if strings.TrimSpace(c.Title) != "" {
		return c.Title
	}
	if c.Kind == baton.ConversationOriginal || c.Kind == "" {
		return "Main conversation"
	}
	return humanize(c.Kind)
}

// firstSeq is the sequence number of a chunk's first message, 0 when empty.
func firstSeq(c TranscriptChunk) int64 {
	if len(c.Messages) == 0 || c.Messages[0].Message == nil {
		return 0
	}
	return c.Messages[0].Seq
}

func duplicatesWord(n int) string {
	if n == 1 {
		return "duplicate"
	}
	return "duplicates"
}

// errorHeading names an HTTP status for people.
func errorHeading(status int) string {
	switch status {
	case 400:
		return "Something in the request needs fixing"
	case 401:
		return "Please sign in"
	case 403:
		return "Not allowed"
	case 404:
		return "Not found"
	case 409:
		return "That conflicts with what is already there"
	case 413:
		return "Too large"
	case 429:
		return "Too many requests — wait a moment and try again"
	}
	if status >= 500 {
		return "Something went wrong on our side"
	}
	return "Something went wrong"
}
