package views

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

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

// messageURL opens a session's transcript at a message.
func messageURL(sessionID string, seq int64) string {
	return fmt.Sprintf("%s?at=%d#m-%d", sessionURL(sessionID), seq, seq)
}

// conversationMessageURL opens a conversation's transcript at a message;
// conversationID "" is the session's main conversation. A fork numbers its
// messages on from its fork point, so only the conversation tells a
// replay's message 7 from the original's.
func conversationMessageURL(sessionID, conversationID string, seq int64) string {
	if conversationID == "" {
		return messageURL(sessionID, seq)
	}
	return fmt.Sprintf("%s?c=%s&at=%d#m-%d", sessionURL(sessionID), url.QueryEscape(conversationID), seq, seq)
}
