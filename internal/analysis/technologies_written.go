package analysis

import (
	"path"
	"regexp"
	"strings"
)

// diffFileMention is a word that may name a file: a name and an extension
// ("cleanup.sh", "src/pplx.py", "requirements.txt").
var diffFileMention = regexp.MustCompile(`[\w./\\-]*\w\.[A-Za-z][A-Za-z0-9]{0,9}\b`)

// diffFileBefore is the file a diff fence opening at line i edits when
// the export dropped the edit's own tool line (SpecStory's Cursor chats
// often keep only "I'll update the cleanup.sh script:" and the diff): the
// last file the paragraph just before the fence names, when it names one
// of a known language or configuration. A fence, or output, just before
// it names none.
func diffFileBefore(lines []string, i int) string {
	j := i - 1
	for j >= 0 && strings.TrimSpace(lines[j]) == "" {
		j--
	}
	for ; j >= 0; j-- {
		l := strings.TrimSpace(lines[j])
		if l == "" || strings.HasPrefix(l, "```") {
			return ""
		}
		found := diffFileMention.FindAllString(l, -1)
		for k := len(found) - 1; k >= 0; k-- {
			f := strings.TrimRight(found[k], ".")
			if knownFile(f) {
				return f
			}
		}
	}
	return ""
}

// knownFile reports a file name of a known language or configuration.
func knownFile(f string) bool {
	return languageOfPath(f) != "" || configTechnologies[strings.ToLower(path.Base(f))] != ""
}

// diffAdded lists the lines a diff adds, without their "+".
func diffAdded(lines []string) []string {
	var out []string
	for _, d := range lines {
		if strings.HasPrefix(d, "+") && !strings.HasPrefix(d, "+++") {
			out = append(out, strings.TrimPrefix(d[1:], " "))
		}
	}
	return out
}

// declaredDependencies lists the packages text written to the manifest
// base declares: the lines of a pip requirements file, the quoted items
// of pyproject.toml's "dependencies = [...]", the entries of a
// package.json that give a version (but its own "version"), the modules
// a go.mod requires, the crates of a Cargo.toml's dependency tables, the
// inputs a Nix flake takes. A script's inline metadata is not read: what
// it imports is what it uses.
func declaredDependencies(text, base string) []string {
	base = strings.ToLower(base)
	var out []string
	inList := false
	table := "" // Cargo.toml: the table the line is in
	for l := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case base == "go.mod":
			if rest, ok := strings.CutPrefix(t, "require "); ok {
				if rest == "(" {
					inList = true
					continue
				}
				t = rest
			} else if t == ")" {
				inList = false
				continue
			} else if !inList {
				continue
			}
			if f := strings.Fields(t); len(f) >= 2 && strings.Contains(f[0], "/") && !strings.Contains(t, "// indirect") {
				out = append(out, f[0])
			}
		case base == "cargo.toml":
			if strings.HasPrefix(t, "[") {
				table = strings.Trim(t, "[] ")
				continue
			}
			if !strings.HasSuffix(table, "dependencies") {
				continue
			}
			if name, _, ok := strings.Cut(t, "="); ok && !strings.HasPrefix(t, "#") {
				out = append(out, strings.Trim(strings.TrimSpace(name), `"`))
			}
		case base == "flake.nix":
			if m := flakeInput.FindStringSubmatch(t); m != nil && m[1] != "nixpkgs" {
				out = append(out, m[1])
			}
		case strings.HasPrefix(base, "requirements") && strings.HasSuffix(base, ".txt"):
			if t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "-") {
				out = append(out, dependencyName(t))
			}
		case base == "package.json":
			if m := packageJSONDependency.FindStringSubmatch(t); m != nil && m[1] != "version" {
				out = append(out, m[1])
			}
		case base == "pyproject.toml":
			if _, rest, ok := strings.Cut(t, "dependencies = ["); ok {
				inList, t = true, rest
			}
			if !inList {
				continue
			}
			for _, q := range quotedItem.FindAllStringSubmatch(t, -1) {
				out = append(out, dependencyName(q[1]))
			}
			if strings.Contains(t, "]") {
				inList = false
			}
		}
	}
	return out
}

// packageJSONDependency is a package.json entry giving a package a
// version range: "react": "^18.2.0".
var packageJSONDependency = regexp.MustCompile(`^"(@?[a-z0-9][\w./-]*)"\s*:\s*"[\^~>=<]*\d`)

// flakeInput is a Nix flake's input given by its URL: "flake-parts.url =
// \"github:hercules-ci/flake-parts\";" or "inputs.flake-utils.url = …".
var flakeInput = regexp.MustCompile(`^(?:inputs\.)?([A-Za-z][\w-]*)\.url\s*=`)

// quotedItem is a double-quoted item of a list.
var quotedItem = regexp.MustCompile(`"([^"]+)"`)

// dependencyName is a requirement's package name, without its version,
// extras or markers ("beautifulsoup4>=4.12" is beautifulsoup4).
func dependencyName(req string) string {
	if i := strings.IndexAny(req, "<>=!~[; "); i > 0 {
		req = req[:i]
	}
	return strings.TrimSpace(req)
}
