package analysis

import "testing"

// A Chinese or Japanese sentence too long for a title is read clause by
// clause, where an English one offers every run of eight words: its
// opening clauses, which often set the place the rest speaks of ("在
// Window_Inventory中", in Window_Inventory), are offered as one title
// too, so the place is not lost to the clause after it.
func TestCJKSentenceOffersItsOpeningClauses(t *testing.T) {
	const prompt = "在Window_Inventory中，列表里显示的数量，应该按照物品的类别分组排序，比如武器和防具分开显示，注意只改显示。"
	found := false
	for _, s := range titleSentences(prompt) {
		if s.cjk == "在Window_Inventory中，列表里显示的数量" {
			found = true
		}
	}
	if !found {
		t.Errorf("titleSentences(%q) has no sentence of its two opening clauses", prompt)
	}
	got := titleOf(prompt,
		"我会修改 Window_Inventory 的 refresh 方法，让列表按类别分组显示。",
		"Window_Inventory 里数量的显示也要分组。",
		"已更新 Window_Inventory 的数量显示。")
	if got != "在Window_Inventory中，列表里显示的数量" {
		t.Errorf("title = %q, want the opening clauses that name Window_Inventory", got)
	}
	const long = "在物品栏窗口的列表里显示的每一个物品的数量和名称，都应该按照物品的类别分组排序，注意只改显示。"
	if got := openingClauses(long, cjkClauses(long)); got != "" {
		t.Errorf("openingClauses(%q) = %q, want none: two clauses are too long for a title", long, got)
	}
}
