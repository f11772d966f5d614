package analysis

import (
	"slices"
	"testing"
)

// TestNestedItemsDetailTheirItem: an item indented under a list item that
// asks for work says how that work is done, and is no task of its own;
// under an item that only names a part ("Backend:"), the nested items
// are the work.
func TestNestedItemsDetailTheirItem(t *testing.T) {
	got := requestTasks("Please do the following:\n\n" +
		"1. Create a migrations folder for the schema\n" +
		"2. Update cmd/server/main.go:\n" +
		"   - Remove the old inline schema string\n" +
		"   - Call the migrator before serving\n" +
		"3. Add a test for the empty database")
	want := []string{"Create a migrations folder for the schema", "Update cmd/server/main.go", "Add a test for the empty database"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	got = requestTasks("Can you:\n" +
		"- Backend:\n" +
		"  - add a rate limit to the login route\n" +
		"  - log the failed attempts")
	want = []string{"add a rate limit to the login route", "log the failed attempts"}
	if !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
}
