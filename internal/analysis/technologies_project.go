package analysis

import (
	"path"
	"strings"
)

// projectLanguages adds the languages of the project's files that the
// conversation names when no tool call shows them: a file the steward
// names ("why does lmstudio_server.py hang") is theirs, and an answer
// that names two files of a language and writes code in it
// ("In `ConfigManager.ts` …", then a typescript fence) works on the
// project's code in that language. An answer that lists another stack
// names no files of it.
func projectLanguages(vs []view, te *techEvidence) {
	named := map[string][]string{} // language technology → files the answers name
	var langs []string             // named's keys, in order of first naming
	for i := range vs {
		v := &vs[i]
		if !v.text {
			continue
		}
		var mine []string // the code files the steward names in prose
		var ss []string   // the steward's sentences, split for the first document named
		for _, e := range v.sem.Entities {
			if e.Type != EntityFile || libraryName(e.Text) || notProjectFile(e.Text) {
				continue
			}
			if v.steward() && languageOfPath(e.Text) == "markdown" && te.kind["Markdown"] < evidenceUsed {
				if ss == nil {
					ss = sentences(v.prose)
				}
				// A document attached with "@" is given to read.
				if s := sentenceNaming(ss, e.Text); s != "" && !attachedIn(s, e.Text) && asksToWrite(s) {
					te.add("Markdown", evidenceNamed, "the steward asked to write "+path.Base(e.Text)+": “"+excerpt(s, 80)+"”")
				}
				continue
			}
			t := languageTechnology[languageOfPath(e.Text)]
			if t == "" {
				continue
			}
			if v.steward() {
				if !pageLanguages[t] && strings.Contains(v.prose, e.Text) {
					mine = append(mine, e.Text)
				}
			} else if v.assistant() {
				if named[t] == nil {
					langs = append(langs, t)
				}
				named[t] = appendUniqueFold(named[t], path.Base(e.Text), 2)
			}
		}
		// A message naming more is a listing or a tool's output (a
		// build's dist/ folder), not the steward's own files.
		if len(mine) <= maxStewardFiles {
			for _, f := range mine {
				te.add(languageTechnology[languageOfPath(f)], evidenceNamed, "the steward named "+path.Base(f))
			}
		}
	}
	for _, t := range langs {
		// A language the session already read or used gains nothing,
		// and its answers are not scanned again.
		if files := named[t]; len(files) >= 2 && te.kind[t] < evidenceRead && answersWriteIn(vs, t) {
			te.add(t, evidenceRead, "named "+files[0]+" and "+files[1]+" and wrote its code in an answer")
		}
	}
}

// maxStewardFiles is the most code files a steward's message names as
// theirs: more is a listing.
const maxStewardFiles = 3

// pageLanguages are the languages of a web page's files, named in any talk
// about a site ("popup.html") without the session writing them.
var pageLanguages = set("HTML", "CSS")

// libraryName reports whether a file name is how a JavaScript library is
// written ("Commander.js", "Chart.js"): capitalised, with no folder.
func libraryName(f string) bool {
	stem, ok := strings.CutSuffix(f, ".js")
	return ok && stem != "" && !strings.ContainsAny(stem, "/\\") && stem[0] >= 'A' && stem[0] <= 'Z'
}

// answersWriteIn reports whether an answer of vs holds a fence of code in
// language technology t ("```typescript").
func answersWriteIn(vs []view, t string) bool {
	for i := range vs {
		v := &vs[i]
		if !v.assistant() || !v.text {
			continue
		}
		rest := truncate(v.m.Content, maxScanText)
		for {
			at := strings.Index(rest, "```")
			if at < 0 {
				break
			}
			line := strings.TrimLeft(rest[strings.LastIndexByte(rest[:at], '\n')+1:at], " \t")
			rest = rest[at+3:]
			if line != "" {
				continue // not at a line's start: inline code
			}
			info, _, _ := strings.Cut(rest, "\n")
			if lang, _ := fenceInfo(strings.ToLower(strings.TrimSpace(info))); lang != "" && languageTechnology[lang] == t {
				return true
			}
		}
	}
	return false
}

// notProjectFile reports whether a file's path is an installed package's
// (a traceback's site-packages/…) or a build's output (dist/…): its
// language is another project's, or the build's.
func notProjectFile(f string) bool {
	f = "/" + strings.ReplaceAll(f, "\\", "/")
	for _, dir := range []string{"/site-packages/", "/dist-packages/", "/node_modules/", "/dist/", "/build/", "/vendor/"} {
		if strings.Contains(f, dir) {
			return true
		}
	}
	return false
}

// sentenceNaming returns the first of ss that holds name, or "".
func sentenceNaming(ss []string, name string) string {
	for _, s := range ss {
		if strings.Contains(s, name) {
			return s
		}
	}
	return ""
}

// writeVerbs are the verbs of a request to write or change a document
// ("restore it in AGENTS.md", "in a new document review.md, write …").
var writeVerbs = set("write", "update", "edit", "add", "restore", "create", "reorder", "rewrite", "change",
	"document", "append", "revise", "draft", "fix", "expand", "shorten", "reword", "move", "remove", "delete")

// asksToWrite reports whether sentence s asks for a document to be
// written or changed: it holds a verb of writeVerbs and asks nothing.
func asksToWrite(s string) bool {
	if strings.HasSuffix(strings.TrimSpace(s), "?") {
		return false
	}
	for w := range strings.FieldsSeq(strings.ToLower(s)) {
		if writeVerbs[strings.Trim(w, ".,;:!\"'`()")] {
			return true
		}
	}
	return false
}

// attachedIn reports whether name is written in s as part of a word that
// opens with "@" ("@docs/guide.md"), as a file attached to the prompt is.
func attachedIn(s, name string) bool {
	at := strings.Index(s, name)
	if at < 0 {
		return false
	}
	word := s[strings.LastIndexAny(s[:at], " \t\n(")+1:]
	return strings.HasPrefix(word, "@")
}
