package analysis

import "testing"

// TestDecisionRecommendationAcceptedInOtherLanguages: a recommendation
// the assistant makes in Chinese, Korean, Russian, Polish or Spanish, and
// the steward accepts in that language, is a decision; a reply that puts
// a "but" or a "no" beside the acceptance, or one that opens a longer word
// ("дай" is not "да"), accepts nothing.
func TestDecisionRecommendationAcceptedInOtherLanguages(t *testing.T) {
	for _, tc := range []struct {
		name, offer, reply, want string
	}{
		{"zh", "两种方式都可以。建议使用 SQLite 作为本地缓存，因为它不需要单独的服务。", "好的，开始吧", "SQLite 作为本地缓存"},
		{"zh label", "仓库名推荐：**photo-sorter-cli**", "可以", "photo-sorter-cli"},
		{"ko", "두 가지 방법이 있습니다. 로컬 캐시로 SQLite를 추천합니다.", "네, 진행해 주세요", "로컬 캐시로 SQLite"},
		{"ru", "Есть два варианта. Рекомендую использовать SQLite для локального кэша, потому что он не требует сервера.", "да, давай", "SQLite для локального кэша"},
		{"pl", "Są dwie drogi. Polecam SQLite jako lokalny cache.", "tak, działaj", "SQLite jako lokalny cache"},
		{"es", "Hay dos opciones. Te recomiendo usar SQLite como caché local, porque no necesita un servidor.", "vale, adelante", "SQLite como caché local"},
		{"zh but", "建议使用 SQLite 作为本地缓存。", "好的，但是先用文件吧", ""},
		{"ru no", "Рекомендую использовать SQLite для локального кэша.", "нет, лучше Redis", ""},
		{"ru other word", "Рекомендую использовать SQLite для локального кэша.", "дай подумать", ""},
		{"zh two courses", "建议使用 SQLite 或 Redis。", "好的", ""},
		{"zh advised against", "这个方案维护成本高。不推荐作为首选。", "好的", ""},
	} {
		got := decisionTexts("we need a local cache", tc.offer, tc.reply)
		if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || got[0] != tc.want) {
			t.Errorf("%s: decisions %q, want %q", tc.name, got, tc.want)
		}
	}
}
