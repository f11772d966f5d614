package analysis

import (
	"slices"
	"strings"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// Tests for the analysis defects found on real sessions, each
// from a fixture of its own.

func TestTodoInsideAPhraseIsNotATask(t *testing.T) {
	c := newConvo()
	c.steward("Create a TODO app in React. The TODO app should add items efficiently.")
	c.assistant("Here is the TODO app: it adds, edits and removes items.\n\nTODO: persist to localStorage")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	// The request is a task; "TODO app" inside it is not a marker.
	if !slices.Equal(p.TasksRemaining, []string{"Create a TODO app in React", "persist to localStorage"}) {
		t.Errorf("remaining tasks %q; want the request and the real TODO marker", p.TasksRemaining)
	}
}

func TestCargoInAVanChatIsNotRust(t *testing.T) {
	c := newConvo()
	c.steward("How much cargo fits in a Ford Transit van?")
	c.assistant("About 10 cubic metres of cargo.")
	c.steward("Then run cargo build for the Rust CLI.")
	msgs := c.analysed(testAnalyzer)
	tech := func(m *baton.Message) []string {
		var out []string
		for _, e := range m.Semantic.Entities {
			if e.Type == EntityTechnology {
				out = append(out, e.Text)
			}
		}
		return out
	}
	if got := tech(msgs[0]); len(got) != 0 {
		t.Errorf("van chat technologies %q", got)
	}
	if got := tech(msgs[2]); !slices.Contains(got, "Cargo") || !slices.Contains(got, "Rust") {
		t.Errorf("\"cargo build\" technologies %q, want Cargo and Rust", got)
	}
}

func TestNoiseWordsAreNotKeyTopics(t *testing.T) {
	c := newConvo()
	c.steward("Ouch, I burnt my hand on the oven in the recent heat, I don't understand the state of it.")
	c.assistant("Cool the burn under running water for twenty minutes; a recent burn should not get ice.")
	c.steward("Ouch, the burn still stings, I understand now.")
	sum := summaryOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	for _, noise := range []string{"recent", "understand", "state", "burnt", "ouch"} {
		if slices.Contains(sum.KeyTopics, noise) {
			t.Errorf("key topics %q hold the noise word %q", sum.KeyTopics, noise)
		}
	}
	if !slices.Contains(sum.KeyTopics, "burn") {
		t.Errorf("key topics %q miss what the chat is about", sum.KeyTopics)
	}
}

func TestSubjectPhrasesAreKeyTopics(t *testing.T) {
	c := newConvo()
	c.steward("Add rate limiting to the public API endpoints")
	c.assistant("I'll add a token bucket limiter.")
	sum := summaryOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	if len(sum.KeyTopics) == 0 || sum.KeyTopics[0] != "rate limiting" {
		t.Errorf("key topics %q, want \"rate limiting\" first", sum.KeyTopics)
	}
}

func TestDecisionsInGermanAndJapanese(t *testing.T) {
	c := newConvo()
	c.steward("Wir haben entschieden, die Datenbanken am Wochenende umzuziehen, weil dann die Last am geringsten ist.")
	c.assistant("Wir verwenden Semikolon als Trennzeichen, weil Excel das erwartet.")
	c.assistant("Redis を使うことにしました。複数のサーバーで共有できるからです。")
	c.steward("I'll start with kind because it runs in Docker.")
	sum := summaryOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	var got []string
	for _, d := range sum.Decisions {
		got = append(got, d.Decision+" | "+d.Rationale)
	}
	want := []string{
		"die Datenbanken am Wochenende umzuziehen | dann die Last am geringsten ist",
		"verwenden Semikolon als Trennzeichen | Excel das erwartet",
		"Redis を使う | ",
		"start with kind | it runs in Docker",
	}
	if !slices.Equal(got, want) {
		t.Errorf("decisions\n got %q\nwant %q", got, want)
	}
}

func TestTasksInGermanAndJapanese(t *testing.T) {
	c := newConvo()
	c.assistant("Als Nächstes müssen wir die Wartungsankündigung an die Kunden schreiben.")
	c.assistant("次に、検索改善の見積もりを作る必要があります。")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	want := []string{"die Wartungsankündigung an die Kunden schreiben", "検索改善の見積もりを作る"}
	if !slices.Equal(p.TasksRemaining, want) {
		t.Errorf("tasks %q, want %q", p.TasksRemaining, want)
	}
}

func TestJapaneseAndGermanSentimentIsNotNeutral(t *testing.T) {
	for _, tc := range []struct {
		text string
		sign float64
	}{
		{"ログイン画面が動かない。エラーばかりで困っています。", -1},
		{"直りました！本当にありがとうございます、助かりました。", 1},
		{"Das ist leider kaputt, der Fehler kommt immer wieder.", -1},
		{"Super, danke! Jetzt funktioniert alles.", 1},
		{"Es funktioniert nicht.", -1},
	} {
		m := &baton.Message{Role: baton.RoleSteward, Content: tc.text}
		testAnalyzer.Message(m)
		if m.Semantic.Sentiment*tc.sign <= 0.2 {
			t.Errorf("%q: sentiment %.3f, want clearly %+.0f", tc.text, m.Semantic.Sentiment, tc.sign)
		}
	}
}

// Message hands foreignSentiment the prose's words and whether it is
// ASCII; given them it scores as it does reading the prose itself, and a
// prose past maxSentimentText is scored from its cut opening alone.
func TestForeignSentimentFromMessageWordsAsRead(t *testing.T) {
	for _, text := range []string{
		"Das Deployment ist leider kaputt, der Fehler kommt wieder.",
		"Danke, jetzt läuft der Build. Nicht schlecht!",
		"ビルドが動かない。エラーで困った。Der Test ist falsch.",
		"The migration runs; nothing here is German or Japanese.",
		"",
	} {
		want, wantOK := foreignSentiment(text, nil, nil, false)
		words := wordsOf(lowerText(text))
		got, ok := foreignSentiment(text, words, appendFoldHashes(nil, words), isASCII(text))
		if got != want || ok != wantOK {
			t.Errorf("%q: with its words %v %v, reading it %v %v", text, got, ok, want, wantOK)
		}
	}
	long := "Danke, es hat geklappt. " + strings.Repeat("x ", maxSentimentText) + "leider kaputt, schlecht, falsch"
	m := &baton.Message{Role: baton.RoleSteward, Content: long}
	testAnalyzer.Message(m)
	if m.Semantic.Sentiment <= 0.2 {
		t.Errorf("past its cut: sentiment %.3f, want the opening's, clearly positive", m.Semantic.Sentiment)
	}
}

func TestResolutionPairsWithItsOwnError(t *testing.T) {
	c := newConvo()
	c.steward("Run the tests and check the health endpoint")
	c.tool("Bash", obj{"command": "go test ./cart/..."}, "", "--- FAIL: TestCartTotal: got 2, want 3")
	c.tool("Bash", obj{"command": "curl localhost:8080/healthz"}, "", "curl: (7) Failed to connect: connection refused")
	c.assistant("The server was not running; I started it and the health check works now.")
	tc := technicalOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)), "")
	if len(tc.Errors) != 2 {
		t.Fatalf("errors %+v", tc.Errors)
	}
	if tc.Errors[0].Resolution != "" {
		t.Errorf("the test failure got the health check's resolution %q", tc.Errors[0].Resolution)
	}
	if !strings.Contains(tc.Errors[1].Resolution, "health check works") {
		t.Errorf("the connection error's resolution is %q", tc.Errors[1].Resolution)
	}
}

// Tasks come from real evidence: an error still open when the
// session ended is a task, one the session went on to work on is not, and
// "next I will …" is a commitment.
func TestOpenErrorsAtTheEndAndCommitmentsAreTasks(t *testing.T) {
	c := newConvo()
	c.steward("Run the migration tests.")
	c.tool("Bash", map[string]string{"command": "go test ./migrations/"}, "", "FAIL: TestMigrateUp: no such table: sessions")
	c.assistant("The migration test fails. Next I will check the migration order.")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	want := []string{"Run the migration tests", "check the migration order", "Resolve: FAIL: TestMigrateUp: no such table: sessions"}
	if !slices.Equal(p.TasksRemaining, want) {
		t.Errorf("remaining tasks %q; want %q", p.TasksRemaining, want)
	}

	// The same error, then a change to a file: worked on, not left open.
	c = newConvo()
	c.steward("Run the migration tests.")
	c.tool("Bash", map[string]string{"command": "go test ./migrations/"}, "", "FAIL: TestMigrateUp: no such table: sessions")
	c.tool("Edit", map[string]string{"file_path": "/src/migrations/0002.sql", "old_string": "a", "new_string": "b"}, "ok", "")
	c.assistant("I reordered the migrations.")
	if p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer))); !slices.Equal(p.TasksRemaining, []string{"Run the migration tests"}) {
		t.Errorf("remaining tasks %q after the error was worked on", p.TasksRemaining)
	}
}
