package analysis

import "testing"

// A Chinese prompt writes a name against its characters, without a
// space ("在Window_Inventory中", in Window_Inventory): the name is read
// as a word of its own, in the clause's score and in the session's
// weights, as it is when spaces set it apart.
func TestCJKClauseReadsNameGluedToHan(t *testing.T) {
	weights := map[string]float64{"window": 2, "inventory": 3}
	if got := cjkScore("在Window_Inventory中", weights); got != 5 {
		t.Errorf("cjkScore of a glued name = %v, want 5", got)
	}
	if got, want := cjkScore("在Window_Inventory中", weights), cjkScore("在 Window_Inventory 中", weights); got != want {
		t.Errorf("glued %v, spaced %v: want the same", got, want)
	}
	c := newConvo()
	c.steward("修改Window_Inventory中的排序，Window_Inventory里显示数量")
	c.assistant("已修改排序。")
	if w := termWeights(buildViews(testAnalyzer, c.analysed(testAnalyzer))); w["inventory"] == 0 {
		t.Errorf("termWeights has no weight for a name glued to Han: %v", w)
	}
}

// Two Han characters between Latin names ("tests里的模块") are one pair
// of characters, left out when they hold a particle as a pair of a longer
// run is; a name written singular and plural counts once.
func TestCJKClauseShortRunsAndPlurals(t *testing.T) {
	weights := map[string]float64{"tests": 2, "test": 2, "里的": 5, "模块": 1}
	if got := cjkScore("看看test里的md和tests里的模块", weights); got != 3 {
		t.Errorf("cjkScore = %v, want 3 (test once, 模块, no 里的)", got)
	}
}
