package analysis

import (
	"slices"
	"testing"

	"github.com/baton-dev/baton/internal/baton"
)

// TestTechnologiesOfTheCatalogue: well-known names of each kind are known
// by the way a session shows them in use — a program run or installed by
// its package's name, a configuration or manifest file edited, a library
// imported, a service the steward names as theirs — and a chat
// abbreviation that spells a tool's name ("nvm, keep it") names none.
func TestTechnologiesOfTheCatalogue(t *testing.T) {
	named := newConvo()
	named.steward("nvm, keep the ids. Our staging box lives on Hetzner, and we use BullMQ for the jobs queue.")
	named.assistant("Done.")
	s := &baton.Session{}
	New().Session(s, named.analysed(New()))
	got := s.Technical.Technologies
	for _, want := range []string{"Hetzner", "BullMQ"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
	if slices.Contains(got, "nvm") {
		t.Errorf("technologies %q hold nvm, said for 'never mind'", got)
	}

	c := newConvo()
	c.tool("Bash", obj{"command": "pip install ruff && brew install fzf"}, "ok", "")
	c.tool("Bash", obj{"command": "git lfs track '*.psd' && bazel build //app:server"}, "ok", "")
	c.tool("Edit", obj{"file_path": "/srv/shop/prisma/schema.prisma", "old_string": "model A {}", "new_string": "model A {}\nmodel B {}"}, "ok", "")
	c.tool("Edit", obj{"file_path": "/srv/shop/CMakeLists.txt", "old_string": "project(shop)", "new_string": "project(shop CXX)"}, "ok", "")
	c.tool("Write", obj{"file_path": "/srv/shop/src/chart.ts", "content": "import { Chart } from 'chart.js'\nimport dayjs from 'dayjs'\n"}, "ok", "")
	c.tool("Write", obj{"file_path": "/srv/shop/bot/llm.py", "content": "from langchain_openai import ChatOpenAI\nfrom PIL import Image\n"}, "ok", "")
	c.assistant("Done.")
	s = &baton.Session{}
	New().Session(s, c.analysed(New()))
	got = s.Technical.Technologies
	for _, want := range []string{"Ruff", "fzf", "Git LFS", "Bazel", "Prisma", "CMake",
		"Chart.js", "Day.js", "LangChain", "Pillow"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
}

// TestPackageTechnologyOfToolsAndClients: a tool's package is named for
// its program, a Go client module for its product ("kafka-go",
// "go-sqlite3"), a Python distribution's module joins its words with "_".
func TestPackageTechnologyOfToolsAndClients(t *testing.T) {
	for pkg, want := range map[string]string{
		"ruff": "Ruff", "ruff-lsp": "Ruff", "github.com/segmentio/kafka-go": "Kafka",
		"github.com/example/go-sqlite3": "SQLite", "langchain_openai": "LangChain", "kind-of": "", "make-dir": "",
		"github.com/example/go-utils": "",
	} {
		if got := packageTechnology(pkg); got != want {
			t.Errorf("packageTechnology(%q) = %q, want %q", pkg, got, want)
		}
	}
}

// TestTechnologiesOfNarrowerPublicNames: public projects known in their
// own field are names like any other — a file system for macOS, the IPFS
// naming system, a scholarly index, a hosting service, a rules file of an
// editor, a cache library imported.
func TestTechnologiesOfNarrowerPublicNames(t *testing.T) {
	c := newConvo()
	c.steward("The vault mounts through FUSE-T on my Mac and every folder gets its own IPNS record. " +
		"Pull the citation counts from OpenAlex, validate the filing with Arelle and deploy the site to Zeabur. " +
		"Record the naming convention as a cursor rule, next to the specstory histories.")
	c.tool("Write", obj{"file_path": "/srv/papers/cache.py", "content": "import diskcache\nfrom joblib import Memory\n"}, "ok", "")
	c.assistant("Done.")
	got := technologiesNamed(c)
	for _, want := range []string{"FUSE-T", "IPNS", "OpenAlex", "Arelle", "Zeabur", "Cursor", "SpecStory", "diskcache", "joblib"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
}

// TestTechnologiesOfAnERPAndAGameMaker: an ERP's name in the steward's
// words, its extension language's files (.al) written, and a game
// engine's short name inside Chinese text are known.
func TestTechnologiesOfAnERPAndAGameMaker(t *testing.T) {
	c := newConvo()
	c.steward("Build an extension that moves the customer cards from e-conomic into Business Central.")
	c.tool("Write", obj{"file_path": "/src/Codeunits/Cod50100.CustomerImport.al", "content": "codeunit 50100 \"Customer Import\"\n{\n}\n"}, "ok", "")
	c.steward("这个合成系统要在RMXP里运行。")
	c.assistant("Done.")
	got := technologiesNamed(c)
	for _, want := range []string{"Business Central", "e-conomic", "AL", "RPG Maker XP"} {
		if !slices.Contains(got, want) {
			t.Errorf("technologies %q lack %q", got, want)
		}
	}
}
