package analysis

import (
	"strings"
	"unicode"
)

// A request may name what it works on only by pointing at it: a bare
// command ("init"), the place of the work ("check the APIs there",
// "work on the issues described there") or the whole work ("this
// repository", "the codebase"). The steward knew which project they were
// in; the title, read later beside other sessions, does not: it names the
// project there, as the folder the session worked in ("Init
// tree-sitter-languages-rs", "Check the APIs in Klayers").

// projectTitle is the session's title (sessionTitle) with its project
// named where it only points at it.
func projectTitle(vs []view, workingDirectory string) string {
	return withProjectNamed(sessionTitle(vs), projectName(vs, workingDirectory))
}

// projectName is the name of the folder a session worked in: its working
// directory's, or else the project folder of the files the session read
// or wrote by absolute path (an exporter's chat has no working
// directory, but its tool lines and links name the files): of the
// folders that hold most of those paths, the outermost that the
// session's text names as a word ("Klayers" of
// /home/k/projects/Klayers/pipeline/plan.md). "" when neither says, or
// the folder's name is a generic one ("src", "repos").
func projectName(vs []view, workingDirectory string) string {
	if workingDirectory != "" {
		return folderName(workingDirectory)
	}
	var dirs [][]string
	for i := range vs {
		v := &vs[i]
		for _, c := range v.calls {
			for _, p := range []string{c.in.FilePath, c.in.Path, c.in.NotebookPath} {
				if d := pathDirs(p); d != nil {
					dirs = append(dirs, d)
				}
			}
		}
		// A path has separators; most prose has none.
		if v.text && len(dirs) < maxProjectPaths && strings.ContainsAny(v.m.Content, "/\\") {
			for _, m := range absolutePaths(truncate(v.m.Content, maxScanText), maxProjectPaths) {
				if d := pathDirs(m); d != nil {
					dirs = append(dirs, d)
				}
			}
		}
		if len(dirs) >= maxProjectPaths {
			break
		}
	}
	shared := sharedFolders(dirs)
	if len(shared) == 0 {
		return ""
	}
	named := map[string]bool{}
	for k, f := range shared {
		if name := folderName(f); name != "" && !(k > 0 && homeFolders[strings.ToLower(shared[k-1])]) {
			named[strings.ToLower(name)] = false
		}
	}
	if len(named) == 0 {
		return ""
	}
	for i := range vs {
		v := &vs[i]
		if !v.text {
			continue
		}
		for _, w := range strings.Fields(withoutPaths(truncate(v.lower(), maxScanText))) {
			if _, ok := named[strings.Trim(w, ".,;:!?\"'`()[]*_#")]; ok {
				named[strings.Trim(w, ".,;:!?\"'`()[]*_#")] = true
			}
		}
	}
	for _, f := range shared {
		if named[strings.ToLower(f)] {
			return f
		}
	}
	return ""
}

// homeFolders hold the steward's own folder, whose name (theirs) names
// no project.
var homeFolders = set("users", "home")

// maxProjectPaths bounds the paths read to find a session's folder.
const maxProjectPaths = 200

// absolutePaths are the first n absolute paths of s of three names or
// more that open a word, a file URL's included: "/Users/ada/src/main.go",
// "file:///home/x/y.py", "C:\repo\x\y.cs" (not the tail of a relative
// path, "node_modules/x/y/z"). They are what the pattern
//
//	(?:^|[\s"'`(\[=:])((?:file://)?(?:/|[A-Za-z]:[\\/])[\w.@+-]+(?:[\\/][\w.@+-]+){2,})
//
// finds (FindAllStringSubmatch, the path of each match), read byte by
// byte: the pattern has no literal to look for first, and was tried at
// every byte of every message with a slash.
func absolutePaths(s string, n int) []string {
	var out []string
	for i := 0; i < len(s) && len(out) < n; i++ {
		start, end := 0, -1
		if i == 0 {
			end = absolutePathEnd(s, 0)
		}
		if end < 0 && pathOpeners[s[i]] {
			start, end = i+1, absolutePathEnd(s, i+1)
		}
		if end >= 0 {
			out = append(out, s[start:end])
			i = end - 1 // the next match starts after this one
		}
	}
	return out
}

// pathOpeners are the bytes after which an absolute path may open a
// word: white space (\s), quotes, brackets, "=" and ":".
var pathOpeners = byteTable("\t\n\f\r \"'`([=:")

// pathNameBytes are the bytes of a path's names: \w, ".", "@", "+", "-".
var pathNameBytes = byteTable("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_.@+-")

// absolutePathEnd is where the absolute path at s[i] ends (with its
// file:// when it has one), or -1 when none starts there.
func absolutePathEnd(s string, i int) int {
	if strings.HasPrefix(s[i:], "file://") {
		if end := rootedPathEnd(s, i+len("file://")); end >= 0 {
			return end
		}
	}
	return rootedPathEnd(s, i)
}

// rootedPathEnd is where the path at s[i] ends when it opens with "/" or
// a drive ("C:\", "c:/") and holds three names or more, else -1.
func rootedPathEnd(s string, i int) int {
	switch {
	case i < len(s) && s[i] == '/':
		i++
	case i+2 < len(s) && 'a' <= s[i]|0x20 && s[i]|0x20 <= 'z' && s[i+1] == ':' && (s[i+2] == '\\' || s[i+2] == '/'):
		i += 3
	default:
		return -1
	}
	nameEnd := func(k int) int {
		for k < len(s) && pathNameBytes[s[k]] {
			k++
		}
		return k
	}
	end := nameEnd(i)
	if end == i {
		return -1
	}
	names := 0
	for end+1 < len(s) && (s[end] == '/' || s[end] == '\\') && pathNameBytes[s[end+1]] {
		end = nameEnd(end + 1)
		names++
	}
	if names < 2 {
		return -1
	}
	return end
}

// pathDirs is the folders of an absolute path, from its root, without
// the file's name: nil for a relative path.
func pathDirs(p string) []string {
	p = strings.ReplaceAll(strings.TrimPrefix(p, "file://"), `\`, "/")
	if len(p) > 2 && p[1] == ':' {
		p = p[2:]
	}
	if !strings.HasPrefix(p, "/") {
		return nil
	}
	parts := strings.Split(strings.Trim(p, "/"), "/")
	if len(parts) < 2 {
		return nil
	}
	return parts[:len(parts)-1]
}

// sharedFolders is the path, from the root, of the deepest folder that
// holds two thirds of the paths or more (three at least).
func sharedFolders(dirs [][]string) []string {
	if len(dirs) < minProjectPaths {
		return nil
	}
	var shared []string
	for depth := 0; ; depth++ {
		count := map[string]int{}
		for _, d := range dirs {
			if len(d) > depth && samePath(d[:depth], shared) {
				count[d[depth]]++
			}
		}
		best, n := "", 0
		for name, c := range count {
			if c > n || c == n && name < best {
				best, n = name, c
			}
		}
		if n*3 < len(dirs)*2 {
			return shared
		}
		shared = append(shared, best)
	}
}

func samePath(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

const minProjectPaths = 3

// folderName is the last name of a folder's path, "" when it names no
// project: a generic folder, a number (a worktree's), a hidden folder.
func folderName(dir string) string {
	dir = strings.TrimRight(strings.ReplaceAll(dir, `\`, "/"), "/")
	name := dir[strings.LastIndexByte(dir, '/')+1:]
	if len(name) < 3 || strings.HasPrefix(name, ".") || genericFolders[strings.ToLower(name)] ||
		!strings.ContainsFunc(name, unicode.IsLetter) {
		return ""
	}
	return name
}

// genericFolders are the names of folders that hold projects, or parts
// of one, rather than name a project.
var genericFolders = set("src", "app", "apps", "lib", "cli", "code", "repo", "repos", "repositories", "projects",
	"project", "workspace", "work", "dev", "developer", "source", "sources", "documents", "desktop", "downloads",
	"home", "users", "tmp", "temp", "github", "git", "main", "packages", "docs", "tests", "test", "scripts", "build")

// withProjectNamed names the project in a title that only points at it:
// a bare command gets it as its object ("Init" → "Init
// tree-sitter-languages-rs"), "there" or "here" becomes "in <project>",
// and the whole work said by a demonstrative ("this repository", "the
// codebase") becomes the project's name. A title of another script, one
// that names the project already, or one it would make too long is kept.
func withProjectNamed(title, project string) string {
	if title == "" || project == "" || cjkText(title) {
		return title
	}
	words := strings.Fields(title)
	for _, w := range words {
		if strings.EqualFold(bareWord(w), project) {
			return title
		}
	}
	if len(words) == 1 {
		// One word ("Init", "Lint") says what was done, not to what.
		return title + " " + project
	}
	for k, w := range words {
		b := bareWord(w)
		tail := w[len(strings.TrimRight(w, ".,;:!?")):]
		switch {
		case (b == "there" || b == "here") && k > 0:
			place := []string{"in", project + tail}
			if herePrepositions[bareWord(words[k-1])] {
				place = place[1:] // "a release in here": in the project, not "in in"
			}
			out := append(append(append([]string(nil), words[:k]...), place...), words[k+1:]...)
			if len(out) > maxTitleWords {
				out = withinTitleWords(out, k+len(place))
			}
			if out == nil {
				return title
			}
			return titleCase(out)
		case wholeWork[b] && k > 0 && workPointers[bareWord(words[k-1])]:
			out := append(append(append([]string(nil), words[:k-1]...), project+tail), words[k+1:]...)
			if k-1 == 0 {
				return titleCase(out)
			}
			return strings.Join(out, " ")
		}
	}
	return title
}

// herePrepositions say where before "here" or "there" ("in here", "from
// there"): the project's name takes the place word's place after them.
var herePrepositions = set("in", "into", "inside", "from", "at", "within")

// withinTitleWords shortens a title that naming the project made too
// long, the project's name ending at words[end-1]: to the clause that
// ends there, or, when the name ends the title, from the request after
// the first "and" (the tail of a list of things read: "TODO.md and work
// on …"). Nil when neither leaves a title of three words or more.
func withinTitleWords(words []string, end int) []string {
	if end < len(words) && end >= 3 {
		return words[:end]
	}
	for k := 1; k+3 <= len(words); k++ {
		if w := bareWord(words[k-1]); w == "and" || w == "then" {
			if len(words)-k <= maxTitleWords {
				return words[k:]
			}
			return nil
		}
	}
	return nil
}

// workPointers point at the whole work ("this repository", "the given
// codebase", "our project").
var workPointers = set("this", "the", "our", "my", "given", "current", "that")
