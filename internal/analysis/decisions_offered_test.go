package analysis

import (
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestDecisionOfferedPick: alternatives offered as bullets under "which
// would you prefer?", as "Option One / Two" heads or under a question in
// another language, and picked as "yes, 2", "the 2nd one", "option two",
// "第二个", "2번으로 해줘", "opcja 2", "вариант 2" or by one option's
// words: the option picked, in its own words, the others its
// alternatives.
func TestDecisionOfferedPick(t *testing.T) {
	bullets := "There are two ways:\n\n- **Rebase onto main** — keeps history linear\n- **Merge main in** — safer for shared branches\n\nWhich would you prefer?"
	numbered := "1. Cache the results in Redis\n2. Recompute them on every request\n\nWhich do you want?"
	chinese := "两种做法：\n1. 使用 Redis 缓存结果\n2. 每次请求重新计算\n\n你想选哪个？"
	merge := baton.Decision{Decision: "Merge main in", Alternatives: []string{"Rebase onto main"}}
	recompute := baton.Decision{Decision: "Recompute them on every request", Alternatives: []string{"Cache the results in Redis"}}
	for _, c := range []struct {
		offer, reply string
		want         baton.Decision
	}{
		{bullets, "the second one", merge},
		{bullets, "merge please", merge},
		{bullets, "yes, 2 because the branch is shared", baton.Decision{Decision: "Merge main in", Rationale: "the branch is shared", Alternatives: []string{"Rebase onto main"}}},
		{"**Option One:** cache the results in Redis\n\n**Option Two:** recompute them on every request\n\nWhich do you want?", "option two",
			baton.Decision{Decision: "recompute them on every request", Alternatives: []string{"cache the results in Redis"}}},
		{numbered, "yes, 2", recompute},
		{numbered, "the 2nd one", recompute},
		{numbered, "第二个", recompute},
		{numbered, "2번으로 해줘", recompute},
		{numbered, "opcja 2", recompute},
		{numbered, "вариант 2", recompute},
		{numbered, "a segunda", recompute},
		{chinese, "选2", baton.Decision{Decision: "每次请求重新计算", Alternatives: []string{"使用 Redis 缓存结果"}}},
	} {
		conv := newConvo()
		conv.steward("speed up the report endpoint")
		conv.assistant(c.offer)
		conv.steward(c.reply)
		if got := decisionsFrom(conv); len(got) != 1 || got[0].Decision != c.want.Decision || got[0].Rationale != c.want.Rationale ||
			len(got[0].Alternatives) != len(c.want.Alternatives) || got[0].Alternatives[0] != c.want.Alternatives[0] {
			t.Errorf("%q after %q:\n got %+v\nwant %+v", c.reply, c.offer, got, c.want)
		}
	}
}

// TestDecisionOfferedNoPick: a report's bullets under "what do you
// think?", a reply that takes both or none, asks back or turns the
// options down, and a list of questions pick nothing.
func TestDecisionOfferedNoPick(t *testing.T) {
	bullets := "There are two ways:\n\n- **Rebase onto main** — keeps history linear\n- **Merge main in** — safer for shared branches\n\nWhich would you prefer?"
	for _, c := range []struct{ offer, reply string }{
		{"I changed two things:\n\n- Added a retry to the fetch\n- Fixed the cache key\n\nWhat do you think?", "fix the cache key too"},
		{bullets, "both"},
		{bullets, "no, the second one is worse"},
		{bullets, "what does the second one do to open pull requests?"},
		{bullets, "let me think about it"},
		{"Before I start:\n\n- Which database should it use?\n- Should old rows be kept?\n\nWhich matters more?", "the first one"},
	} {
		conv := newConvo()
		conv.steward("update the branch")
		conv.assistant(c.offer)
		conv.steward(c.reply)
		if got := decisionsFrom(conv); len(got) != 0 {
			t.Errorf("%q after %q: got %+v, want none", c.reply, c.offer, got)
		}
	}
}
