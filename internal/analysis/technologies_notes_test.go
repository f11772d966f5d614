package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesFromBracketedNotes: a Markdown export that keeps each
// call as a bracketed note shows what ran and what was written: the
// command in the fence under a shell tool's note, the file a file tool's
// note names, the program and files of a note of what was done. A shell
// fence under no note is a suggestion, and "[Request interrupted by
// user]" or a log's "[INFO]" is no note of a call.
func TestTechnologiesFromBracketedNotes(t *testing.T) {
	c := newConvo()
	c.steward("make me a wallpaper app")
	c.assistant("Let me check the toolchain.\n\n**[Bash: Check Rust toolchain]**\n```bash\ncargo --version\n```\n\n" +
		"**[Write: /home/me/app/src/main.rs]**\n\n**[Write: /home/me/app/systemd/app.timer]**\n\n**[Tool: WebFetch]**\n\n" +
		"To run it daily:\n```bash\ncrontab -e\n```\n\n[INFO] starting\n")
	c.steward("the tray icon is missing")
	c.assistant("**[Ran dbus-send to introspect StatusNotifierWatcher]**\n\nThe app cannot own its name.\n\n" +
		"**[Added get_path() D-Bus method to service.go]**\n\n**[Attempted flatpak-builder on the manifest]**\n\n[Request interrupted by user]")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	want := map[string]string{
		"Cargo":   "ran `cargo --version`",
		"Rust":    "wrote main.rs",
		"systemd": "wrote app.timer",
		"D-Bus":   "ran `dbus-send to introspect StatusNotifierWatcher`",
		"Go":      "edited service.go",
		"Flatpak": "ran `flatpak-builder on the manifest`",
	}
	wantEvidence(t, s, want)
	if slices.Contains(s.Technical.Technologies, "cron") {
		t.Errorf("technologies %q hold a suggested command", s.Technical.Technologies)
	}
}

// TestTechnologiesNamedBesideSummarisedCalls: an export that keeps only
// the tools' names ("_[tools: Bash]_") drops the calls' files, so the
// files the answer names are the ones its calls worked on; an answer
// without such notes naming a file is no evidence. The sentence that
// announces a shell note names the program its dropped command ran; a
// program only listed before one is not.
func TestTechnologiesNamedBesideSummarisedCalls(t *testing.T) {
	c := newConvo()
	c.steward("where did we leave off?")
	c.assistant("Let me look.\n\n_[tools: Bash]_\n\nThe audit in `pipeline/audit_paper.py` passes 53/53. Let me confirm the current git state.\n\n" +
		"_[tools: Bash]_\n\nThe allow list holds `npm`, `cargo`. Let me check the settings.\n\n_[tools: Bash, Read]_\n\nAll clean.")
	c.steward("and the other project?")
	c.assistant("It keeps its logic in `src/lib.rs`, as far as I remember.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	if ev := s.Technical.TechnologyEvidence["Python"]; ev != "named audit_paper.py beside the calls it made" {
		t.Errorf("Python's evidence %q (technologies %q)", ev, s.Technical.Technologies)
	}
	if slices.Contains(s.Technical.Technologies, "Rust") {
		t.Errorf("technologies %q hold a file an answer without calls named", s.Technical.Technologies)
	}
	if ev := s.Technical.TechnologyEvidence["Git"]; ev != "ran a command announced as “Let me confirm the current git state.”" {
		t.Errorf("Git's evidence %q (technologies %q)", ev, s.Technical.Technologies)
	}
	for _, not := range []string{"npm", "Cargo"} {
		if slices.Contains(s.Technical.Technologies, not) {
			t.Errorf("technologies %q hold %s, only listed", s.Technical.Technologies, not)
		}
	}
}

// TestTechnologiesFromContinuationSummary: Claude Code's summary of the
// conversation before, in the steward's turn of an export, lists the
// files that conversation worked on: their languages are the session's.
// The desktop it names as the work's is the steward's too.
func TestTechnologiesFromContinuationSummary(t *testing.T) {
	c := newConvo()
	c.steward("This session is being continued from a previous conversation that ran out of context.\n\n" +
		"1. Primary Request: a pie menu for the COSMIC desktop, drawn on a Wayland layer-shell surface.\n" +
		"3. Files and Code Sections:\n   - `/home/me/pie/src/pie_menu.rs`\n      - the canvas drawing\n")
	c.assistant("Let me read the current state of the menu.")
	s := &baton.Session{}
	New().Session(s, c.analysed(New()))
	got := s.Technical.TechnologyEvidence
	if ev := got["Rust"]; ev != "named pie_menu.rs in the summary of the conversation before" {
		t.Errorf("Rust's evidence %q (technologies %q)", ev, s.Technical.Technologies)
	}
	for _, name := range []string{"COSMIC", "Wayland"} {
		if !slices.Contains(s.Technical.Technologies, name) {
			t.Errorf("technologies %q lack %s", s.Technical.Technologies, name)
		}
	}
}
