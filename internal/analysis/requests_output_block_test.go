package analysis

import (
	"slices"
	"testing"
)

// TestRequestTasksLeaveOutLinesInsideOutput: within a block of pasted
// output, a line indented under the output, one with output right after
// it, and a log line that opens with its time are what the program
// printed; the steward's own line after the block still asks.
func TestRequestTasksLeaveOutLinesInsideOutput(t *testing.T) {
	prose := "the install prints this:\n\n" +
		"warning: the cache directory is not writable\n" +
		"  Consider moving the cache to your home directory.\n" +
		"Switch to the user install with the --user flag\n" +
		"error: could not write the lock file\n" +
		"2026-03-02T08:15:00Z Please rerun the installer as an administrator\n\n" +
		"make the installer fall back to a temporary cache"
	got := requestTasks(prose)
	if want := []string{"make the installer fall back to a temporary cache"}; !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
}

// TestRequestTasksLeaveOutBugReportSections: a pasted bug report's steps
// to reproduce and expected behaviour say what the reporter did and saw,
// not work asked for; the request after them does.
func TestRequestTasksLeaveOutBugReportSections(t *testing.T) {
	prose := "Please look into this report:\n\n" +
		"The thumbnail view freezes with big albums.\n\n" +
		"**Steps to reproduce:**\n- Open an album of 5000 photos\n- Switch to the grid\n\n" +
		"Expected behaviour:\n- Scroll the grid smoothly\n\n" +
		"Also add a loading indicator to the grid."
	for _, task := range requestTasks(prose) {
		if task == "Open an album of 5000 photos" || task == "Switch to the grid" || task == "Scroll the grid smoothly" {
			t.Errorf("a line of the report's sections became a task: %q", task)
		}
	}
	if got := requestTasks(prose); !slices.Contains(got, "add a loading indicator to the grid") {
		t.Errorf("the request after the report is lost: %q", got)
	}
}

// TestStatementOfWhatFailedIsNoRequest: "Build failed on the runner" says
// what happened, with "build" a noun; "build the docs" asks.
func TestStatementOfWhatFailedIsNoRequest(t *testing.T) {
	for _, s := range []string{"Build failed on the staging runner", "Update doesn't apply on Windows", "Test is flaky since Monday"} {
		if task, _ := requestOf(s, false); task != "" {
			t.Errorf("%q read as a request: %q", s, task)
		}
	}
	if task, _ := requestOf("build the docs for the release", false); task == "" {
		t.Error("an imperative lost its request")
	}
}

// TestPlanStepUnderAFileHeadingIsItsItem: a plan's step heading that only
// names a file says where the step works; its first item that asks is the
// step.
func TestPlanStepUnderAFileHeadingIsItsItem(t *testing.T) {
	prose := "Implement the following plan:\n\n# Plan: Cache the thumbnails\n\n## Changes\n\n" +
		"### 1. `gallery/thumbs.py`\n- Add an LRU cache around the thumbnail loader\n\n" +
		"### 2. `gallery/tests/test_thumbs.py`\n- Add a test that a second load hits the cache\n"
	got := planSteps(prose)
	for _, task := range got {
		if task == "gallery/thumbs.py" || task == "gallery/tests/test_thumbs.py" {
			t.Errorf("a bare file name became a step: %q", got)
		}
	}
	if !slices.Contains(got, "Add an LRU cache around the thumbnail loader") {
		t.Errorf("the step's item is missing: %q", got)
	}
}

// TestRequestTasksLeaveOutAQuotedLine: a line wrapped in quotation marks
// beside the steward's own words is someone else's (a colleague's mail);
// the steward's question about it is the request. A line that quotes
// names inside its own words still asks.
func TestRequestTasksLeaveOutAQuotedLine(t *testing.T) {
	prose := "The release manager wrote:\n\n" +
		"\"Please tag the build before Friday. Also update the release notes.\"\n\n" +
		"Can you check whether the nightly job tags builds already?"
	if got, want := requestTasks(prose), []string{"check whether the nightly job tags builds already"}; !slices.Equal(got, want) {
		t.Errorf("tasks %q, want %q", got, want)
	}
	prose = "> the importer skips empty rows\n\nrename \"rows\" to \"records\" in the importer"
	if got := requestTasks(prose); len(got) != 1 {
		t.Errorf("a line quoting names inside its own words lost its request: %q", got)
	}
}

// A question too short to name anything ("Why fail?") under pasted
// output asks about it: the shell's error line the output shows is the
// work, not the question's words.
func TestBareQuestionUnderShellError(t *testing.T) {
	c := newConvo().turns("[BUILD] Packing assets...\n[BUILD] Results:\n\nName   Size (kB)   Failed\n----   ---------   ------\n./tools/pack.sh: line 42: printf: 1.5 MB: invalid number\n\nWhy fail?",
		"Let me look at the packing script.")
	p := progressOf(buildViews(testAnalyzer, c.analysed(testAnalyzer)))
	want := []string{"fix ./tools/pack.sh: line 42: printf: 1.5 MB: invalid number"}
	if !slices.Equal(p.TasksDiscussed, want) {
		t.Errorf("tasks %q, want %q", p.TasksDiscussed, want)
	}
}
