package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

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

// percent is a 0–1 value as a percentage: 0.734 → "73%".
func percent(v float64) string {
	return fmt.Sprintf("%.0f%%", v*100)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

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

func duplicatesWord(n int) string {
	if n == 1 {
		return "duplicate"
	}
	return "duplicates"
}
