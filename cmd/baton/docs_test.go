package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The usage text, the README and the code cannot drift apart: every
// command run() handles is in the usage text and the README, every
// command the usage text lists is handled, every package folder under
// internal/ and web/ has a row in the layout table, every BATON_ variable the code
// reads is in the README (and, when the binary reads it, in the usage
// text), and every BATON_ variable they name is one the code knows.
// `make lint` runs this test.
func TestUsageReadmeAndEnvironmentAgree(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	commands := runCommands(t)
	for _, cmd := range commands {
		if !regexp.MustCompile(`(?m)^  ` + cmd + `\b`).MatchString(usage) {
			t.Errorf("command %q is handled by run but missing from the usage text", cmd)
		}
		if !strings.Contains(string(readme), "baton "+cmd) {
			t.Errorf("command %q is handled by run but the README never shows `baton %s`", cmd, cmd)
		}
	}
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z]+) `).FindAllStringSubmatch(usage, -1) {
		if !slices.Contains(commands, m[1]) {
			t.Errorf("the usage text lists %q, which run does not handle", m[1])
		}
	}

	for _, parent := range []string{"internal", "web"} {
		dirs, err := os.ReadDir(filepath.Join("../..", parent))
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dirs {
			if d.IsDir() && !strings.HasSuffix(d.Name(), "test") {
				if row := "| `" + parent + "/" + d.Name() + "/` |"; !strings.Contains(string(readme), row) {
					t.Errorf("the README's layout table has no row %s", row)
				}
			}
		}
	}

	reads, known := environmentReads(t, "../..")
	for name, files := range reads {
		// NAME_FILE is documented as NAME (`_FILE`).
		name = strings.TrimSuffix(name, "_FILE")
		if !regexp.MustCompile(`\b` + name + `\b`).Match(readme) {
			t.Errorf("%s is read (%s) but the README does not document it", name, strings.Join(files, ", "))
		}
		binary := slices.ContainsFunc(files, func(f string) bool { return strings.HasPrefix(f, "cmd/baton/") })
		if binary && !regexp.MustCompile(`\b`+name+`\b`).MatchString(usage) {
			t.Errorf("%s is read by the binary (%s) but the usage text does not name it", name, strings.Join(files, ", "))
		}
	}
	for what, text := range map[string]string{"README": string(readme), "usage text": usage} {
		for _, name := range regexp.MustCompile(`BATON_[A-Z0-9_]*[A-Z0-9]`).FindAllString(text, -1) {
			if !known(name) {
				t.Errorf("the %s names %s, which no code reads", what, name)
			}
		}
	}
}

// runCommands are the commands run's switch handles, but its help aliases.
func runCommands(t *testing.T) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		fn, ok := n.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "run" {
			return true
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if cc, ok := n.(*ast.CaseClause); ok {
				for _, e := range cc.List {
					if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, _ := strconv.Unquote(lit.Value); s != "help" && !strings.HasPrefix(s, "-") {
							out = append(out, s)
						}
					}
				}
			}
			return true
		})
		return false
	})
	if len(out) < 10 {
		t.Fatalf("found only %d commands in run: %v", len(out), out)
	}
	return out
}

// envReaders are the functions that read an environment variable by name:
// os.Getenv and os.LookupEnv, and cmd/baton's environment.get, .secret
// and the getenv it wraps.
var envReaders = map[string]bool{"Getenv": true, "LookupEnv": true, "getenv": true, "get": true, "secret": true}

// environmentReads walks the module's Go files. reads maps each BATON_
// variable a non-test file reads by a literal name to the files reading
// it; known reports whether a name is one the code (tests included)
// spells out, or a name built from such a prefix ("BATON_GITHUB" +
// "_CLIENT_ID"), or the _FILE variant of one.
func environmentReads(t *testing.T, root string) (reads map[string][]string, known func(string) bool) {
	reads = map[string][]string{}
	literals := map[string]bool{}
	name := regexp.MustCompile(`BATON_[A-Z0-9_]*[A-Z0-9]`)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() != ".." && d.Name() != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		test := strings.HasSuffix(path, "_test.go")
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					for _, m := range name.FindAllString(n.Value, -1) {
						literals[m] = true
					}
				}
			case *ast.CallExpr:
				if test || len(n.Args) == 0 {
					return true
				}
				var fn string
				switch f := n.Fun.(type) {
				case *ast.Ident:
					fn = f.Name
				case *ast.SelectorExpr:
					fn = f.Sel.Name
				}
				lit, ok := n.Args[0].(*ast.BasicLit)
				if !envReaders[fn] || !ok || lit.Kind != token.STRING {
					return true
				}
				if v, _ := strconv.Unquote(lit.Value); strings.HasPrefix(v, "BATON_") && !slices.Contains(reads[v], rel) {
					reads[v] = append(reads[v], rel)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(reads) < 10 {
		t.Fatalf("found only %d variables read: %v", len(reads), reads)
	}
	known = func(n string) bool {
		if literals[n] {
			return true
		}
		for l := range literals {
			if strings.HasPrefix(n, l+"_") {
				return true
			}
		}
		return false
	}
	return reads, known
}
