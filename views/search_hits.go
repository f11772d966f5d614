package views

import (
	"strings"

	"github.com/baton-dev/baton/internal/baton"
)

// hitsShownPerSession is how many hits of one session show before the
// rest fold behind "N more hits in this session".
const hitsShownPerSession = 3

// HitGroup is the hits of one session, in the order search ranked them.
type HitGroup struct{ Hits []baton.SearchHit }

// Shown are the hits shown at once; More are the folded rest.
func (g HitGroup) Shown() []baton.SearchHit { return g.Hits[:min(len(g.Hits), hitsShownPerSession)] }
func (g HitGroup) More() []baton.SearchHit  { return g.Hits[min(len(g.Hits), hitsShownPerSession):] }

// groupHits groups hits by session, sessions in the order of their best hit.
func groupHits(hits []baton.SearchHit) []HitGroup {
	var out []HitGroup
	at := map[string]int{}
	for _, h := range hits {
		i, ok := at[h.SessionID]
		if !ok {
			i = len(out)
			at[h.SessionID] = i
			out = append(out, HitGroup{})
		}
		out[i].Hits = append(out[i].Hits, h)
	}
	return out
}

// snippetEscapes are the JSON escapes a tool call's input carries into its
// text (`\n`, `\"`): a snippet shows what they stand for.
var snippetEscapes = strings.NewReplacer(`\r\n`, " ", `\n`, " ", `\r`, " ", `\t`, " ", `\"`, `"`, `\\`, `\`)

// cleanSnippet is a search snippet as a person reads it: escapes undone and
// runs of white space as one space.
func cleanSnippet(s string) string {
	return strings.Join(strings.Fields(snippetEscapes.Replace(s)), " ")
}
