package analysis

import "strings"

// The operating system the work runs on counts as a technology only when
// the steward says it is the one they run now ("I am running the latest
// Pop!_OS", "I'm on Fedora 40", "now I am testing them in popos"), not
// where the work ran before ("we were working on them in manjaro"), nor
// any other mention of a system ("CI on macOS": operatingSystems).

// runningOn are the words with which a steward says which system they run,
// in the present tense.
var runningOn = []string{"i am running ", "i'm running ", "i’m running ", "i am on ", "i'm on ", "i’m on ",
	"i am using ", "i'm using ", "i’m using ", "we are on ", "we're on ", "we’re on ", "testing them in ",
	"testing them on ", "testing it in ", "testing it on ", "i run "}

// runningOnSkipped are the words that may stand between runningOn and the
// system's name ("I am running the latest popos").
var runningOnSkipped = set("the", "latest", "a", "an", "my", "fresh", "new")

// systemNames map a system's name as stewards write it, lower case, to the
// operating system it is.
var systemNames = map[string]string{
	"macos": "macOS", "osx": "macOS", "ubuntu": "Ubuntu", "debian": "Debian", "fedora": "Fedora",
	"manjaro": "Manjaro", "popos": "Pop!_OS", "pop!_os": "Pop!_OS", "pop_os": "Pop!_OS", "pop!os": "Pop!_OS",
	"nixos": "NixOS", "windows": "Windows", "wsl": "WSL", "wsl2": "WSL", "linux": "Linux", "archlinux": "Arch Linux",
	"opensuse": "openSUSE", "centos": "CentOS", "rhel": "RHEL", "freebsd": "FreeBSD",
}

// desktopNames map a Linux desktop's name, lower case, as it follows the
// system's ("popos cosmic", "fedora kde"), to the desktop.
var desktopNames = map[string]string{"cosmic": "COSMIC", "gnome": "GNOME", "kde": "KDE", "xfce": "Xfce", "hyprland": "Hyprland"}

// stewardSystems adds the operating system, and the desktop after it, that
// the steward says they run.
func stewardSystems(ss []stewardSentence, te *techEvidence) {
	for _, st := range ss {
		if st.asked {
			continue
		}
		for _, cue := range runningOn {
			at := strings.Index(st.lower, cue)
			if at < 0 || at > 0 && isWordByte(st.lower[at-1]) {
				continue
			}
			words := strings.Fields(st.lower[at+len(cue):])
			for len(words) > 0 && runningOnSkipped[words[0]] {
				words = words[1:]
			}
			if len(words) == 0 {
				continue
			}
			system := systemNames[strings.Trim(words[0], ".,;:!?()\"'`")]
			if system == "" {
				continue
			}
			te.add(system, evidenceNamed, "the steward runs it: “"+excerpt(st.text, 90)+"”")
			if len(words) > 1 && !strings.ContainsAny(words[0], ".,;:!?") {
				te.add(desktopNames[strings.Trim(words[1], ".,;:!?()\"'`")], evidenceNamed, "the steward runs it: “"+excerpt(st.text, 90)+"”")
			}
		}
	}
}
