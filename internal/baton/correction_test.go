package baton

import (
	"strings"
	"testing"
)

// Every entry point checks an edit with Normalize: a bad value is refused
// naming its field, and a good one is put on one line, without repeats.
func TestSessionEditNormalize(t *testing.T) {
	str := func(s string) *string { return &s }
	long := strings.Repeat("x", MaxCorrectedTitle+1)
	many := make([]string, MaxCorrectedItems+1)
	for i := range many {
		many[i] = "t" + strings.Repeat("i", i)
	}
	for _, tc := range []struct {
		name  string
		edit  SessionEdit
		field string
	}{
		{"nothing", SessionEdit{}, "fields"},
		{"empty title", SessionEdit{Title: str("  \n ")}, "title"},
		{"long title", SessionEdit{Title: str(long)}, "title"},
		{"NUL title", SessionEdit{Title: str("a\x00b")}, "title"},
		{"bad UTF-8", SessionEdit{Title: str("a\xffb")}, "title"},
		{"empty decision", SessionEdit{Decisions: &[]Decision{{Decision: "ok"}, {Decision: " "}}}, "decisions[1].decision"},
		{"NUL rationale", SessionEdit{Decisions: &[]Decision{{Decision: "ok", Rationale: "\x00"}}}, "decisions[0].rationale"},
		{"empty task", SessionEdit{Tasks: &[]Task{{Task: ""}}}, "tasks[0].task"},
		{"long topic", SessionEdit{Topics: &[]string{strings.Repeat("é", MaxCorrectedItem+1)}}, "topics[0]"},
		{"NUL technology", SessionEdit{Technologies: &[]string{"Go", "S\x00QL"}}, "technologies[1]"},
		{"too many", SessionEdit{Topics: &many}, "topics"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.edit.Normalize()
			if ErrorCode(err) != EINVALID || ErrorField(err) != tc.field {
				t.Errorf("got %v, want invalid %s", err, tc.field)
			}
		})
	}

	e := SessionEdit{
		Title:        str("  Spawn\tsub-agents \n for review "),
		Topics:       &[]string{"Streaming import", "streaming  import", "FTS5"},
		Tasks:        &[]Task{{Task: "Ship it", Done: true}, {Task: "ship it"}},
		Technologies: &[]string{},
	}
	if err := e.Normalize(); err != nil {
		t.Fatal(err)
	}
	if *e.Title != "Spawn sub-agents for review" || len(*e.Topics) != 2 || (*e.Topics)[1] != "FTS5" || len(*e.Tasks) != 1 || !(*e.Tasks)[0].Done {
		t.Errorf("normalized %q %v %v", *e.Title, *e.Topics, *e.Tasks)
	}
	if got := e.Fields(); len(got) != 4 || got[3] != FieldTechnologies {
		t.Errorf("fields %v: an empty list is a value", got)
	}
}

// Tasks read from a session's progress say which were done, and written
// back they make the discussed, completed and remaining lists agree.
func TestTasksRoundTrip(t *testing.T) {
	p := Progress{TasksDiscussed: []string{"a", "b"}, TasksCompleted: []string{"a"}, TasksRemaining: []string{"b", "c"}, Blockers: []string{"x"}}
	tasks := TasksOf(p)
	if len(tasks) != 3 || !tasks[0].Done || tasks[1].Done || tasks[2].Task != "c" {
		t.Fatalf("tasks %+v", tasks)
	}
	s := &Session{Progress: p}
	v := FieldValues{Tasks: tasks}
	v.ApplyTo(s, FieldTasks)
	if strings.Join(s.Progress.TasksDiscussed, ",") != "a,b,c" || strings.Join(s.Progress.TasksCompleted, ",") != "a" ||
		strings.Join(s.Progress.TasksRemaining, ",") != "b,c" || len(s.Progress.Blockers) != 1 {
		t.Errorf("progress %+v", s.Progress)
	}
}
