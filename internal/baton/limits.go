package baton

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of what Baton stores. The store refuses what is over them (a
// document over them would be rejected whole), so importers keep within
// them with CapTitle, CapSourceID and CapContent.
const (
	MaxTitleBytes    = 500     // a session's or conversation's title
	MaxSourceIDBytes = 500     // a message's source id
	MaxContentBytes  = 1 << 20 // 1 MiB of text per message
	MaxBatch         = 1000    // messages one write carries or one read returns
)

// CapTitle keeps a title on one line and within MaxTitleBytes, marking a
// cut with "…".
func CapTitle(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= MaxTitleBytes {
		return s
	}
	return Clip(s, MaxTitleBytes-len("…")) + "…"
}

// CapSourceID keeps an id within MaxSourceIDBytes: a longer one is
// replaced by its hash, which is as stable.
func CapSourceID(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= MaxSourceIDBytes {
		return s
	}
	sum := sha256.Sum256([]byte(s))
	return "h:" + hex.EncodeToString(sum[:16])
}

// CapContent shortens a text longer than MaxContentBytes (a huge tool
// output), saying so at its end, and reports how many bytes it dropped.
func CapContent(s string) (string, int) {
	if len(s) <= MaxContentBytes {
		return s, 0
	}
	kept := Clip(s, MaxContentBytes-64)
	dropped := len(s) - len(kept)
	return kept + "\n…[truncated " + strconv.Itoa(dropped) + " bytes]", dropped
}

// Clip cuts s to at most n bytes, on a character boundary.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// ClipMarked is Clip that marks a cut with "…" (after the n bytes).
func ClipMarked(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Clip(s, n) + "…"
}
